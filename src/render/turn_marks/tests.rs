//! Tests of the layout of a turn's marks on a bare lattice.

use super::*;

const LATTICE: Lattice = Lattice {
    spacing: 80.0,
    lane: 69.3,
};

fn step(from: Pt, to: Pt) -> Move {
    Move {
        from,
        to,
        exchange: false,
        gaps: (22.0, 22.0),
    }
}

/// Digits 11 pixels wide, as the renderer's bold face draws them at its badge size.
fn width(text: &str) -> f32 {
    text.len() as f32 * 11.0
}

fn nothing() -> Keep<'static> {
    Keep {
        labels: &[],
        pieces: &[],
    }
}

#[test]
fn an_arrow_goes_straight_unless_something_is_in_its_way() {
    let marks = lay_out(
        &[step((0.0, 0.0), (240.0, 0.0))],
        LATTICE,
        nothing(),
        &width,
    );
    let path = &marks.arrows[0].path;
    assert!((dist(path[0], (0.0, 0.0)) - 22.0).abs() < STEP);
    assert!((dist(*path.last().unwrap(), (240.0, 0.0)) - 22.0).abs() < STEP);
    assert!(path.iter().all(|p| p.1.abs() < 0.01), "{path:?}");
    assert!(marks.badges.is_empty());
    // The labels of the points it passes: it bows beside them, to its left first (up, as
    // y grows downwards).
    let labels = [((80.0, 0.0), (15.0, 12.0)), ((160.0, 0.0), (15.0, 12.0))];
    let keep = Keep {
        labels: &labels,
        pieces: &[],
    };
    let marks = lay_out(&[step((0.0, 0.0), (240.0, 0.0))], LATTICE, keep, &width);
    for (p, half) in samples(&marks.arrows[0]) {
        for (c, h) in labels {
            assert!(box_distance(p, c, h) >= half, "{p:?}");
        }
    }
    assert!(marks.arrows[0].path.iter().all(|p| p.1 <= 0.01));
}

#[test]
fn over_and_back_along_one_line_do_not_run_along_each_other() {
    let (a, b) = ((0.0, 0.0), (80.0, 0.0));
    let marks = lay_out(&[step(a, b), step(b, a)], LATTICE, nothing(), &width);
    let [first, second] = &marks.arrows[..] else {
        panic!("two arrows")
    };
    let shared = samples(second)
        .filter(|&(p, h)| samples(first).any(|(q, g)| dist(p, q) < h + g))
        .count();
    assert!(
        shared * 3 < second.path.len(),
        "{shared} of {}",
        second.path.len()
    );
    assert_eq!(marks.badges.len(), 2);
    assert!(marks.badges[0].distance_to(&marks.badges[1]) >= CLEAR);
}

#[test]
fn a_repeated_move_is_one_arrow_with_its_numbers() {
    let (a, b) = ((0.0, 0.0), (80.0, 0.0));
    let moves = [step(a, b), step(b, a), step(a, b), step(b, a), step(a, b)];
    let marks = lay_out(&moves, LATTICE, nothing(), &width);
    assert_eq!(marks.arrows.len(), 2);
    let texts: Vec<String> = marks.badges.iter().map(Badge::text).collect();
    assert_eq!(texts, ["1,3,5", "2,4"]);
    assert!(marks.badges[0].half_len > marks.badges[1].half_len);
    assert!(marks.badges[0].distance_to(&marks.badges[1]) >= CLEAR);
}

#[test]
fn an_arrow_keeps_off_a_deciding_piece_beside_its_line() {
    let pieces = [((120.0, -40.0), 35.0)];
    let keep = Keep {
        labels: &[],
        pieces: &pieces,
    };
    let marks = lay_out(&[step((0.0, 0.0), (240.0, 0.0))], LATTICE, keep, &width);
    for (p, half) in samples(&marks.arrows[0]) {
        assert!(dist(p, pieces[0].0) >= 35.0 + half, "{p:?}");
    }
}
