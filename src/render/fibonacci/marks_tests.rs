//! Tests of the Fibonacci board's last-turn marks in drawn pictures: the worst cases.

use super::*;
use crate::engine::{Config, Game as AnyGame};
use crate::render::{RenderOptions, render_image};

/// Issue 58's two boards and two turns of six moves over and back along one line, with the
/// moves of their last turn.
fn worst_cases() -> Vec<(AnyGame, Vec<Played>)> {
    let config = Config::default_for(GameKind::Fibonacci);
    let crossing = ".....s/....ss./....sC../........./.uu...UU../...uS.UU.../...uu.sUU./.uSS....s/.Sc...../.SS..../...... r 3 13";
    let last = "....../......./...ss.s./.....U.s./.u..sUUU../..S..s...../..uuu...../.uSS...UU/.cuS...C/.SS..../...... r 6 31";
    let cases: [(&str, &[&str]); 4] = [
        (crossing, &["e7-d8", "e8-d7", "d8-c6"]),
        (
            last,
            &["i7-i6", "i6-i5", "f3-g3", "g3-h3", "h3-i4", "i4-i7"],
        ),
        // Six moves over and back along one line: across a point, and between neighbours.
        (
            last,
            &["h5-h7", "h7-h5", "h5-h7", "h7-h5", "h5-h7", "h7-h5"],
        ),
        (
            last,
            &["i7-i6", "i6-i7", "i7-i6", "i6-i7", "i7-i6", "i6-i7"],
        ),
    ];
    cases
        .iter()
        .map(|(position, moves)| {
            let mut game = AnyGame::from_position(config, 0, position).expect("valid");
            let played = moves
                .iter()
                .map(|m| game.play(m).unwrap_or_else(|e| panic!("{m}: {e}")))
                .collect();
            (game, played)
        })
        .collect()
}

fn picture(game: &AnyGame, last_turn: Vec<Played>) -> image::RgbImage {
    let info = BoardInfo {
        last_turn,
        ..BoardInfo::default()
    };
    render_image(game, &info, &RenderOptions::default()).expect("draws")
}

/// How many pixels of `a` differ from `b` where `inside` holds (at each pixel's middle).
fn differing(a: &image::RgbImage, b: &image::RgbImage, inside: impl Fn(f32, f32) -> bool) -> usize {
    a.enumerate_pixels()
        .filter(|(x, y, p)| inside(*x as f32 + 0.5, *y as f32 + 0.5) && *p != b.get_pixel(*x, *y))
        .count()
}

#[test]
fn the_last_turn_covers_no_label_and_not_the_deciding_piece() {
    let fonts = crate::render::text::fonts().expect("fonts");
    for (game, played) in worst_cases() {
        let AnyGame::Fibonacci(fib) = &game else {
            unreachable!()
        };
        let marked = picture(&game, played.clone());
        let bare = picture(&game, Vec::new());
        for (c, h) in label_boxes(fonts, fib) {
            let hidden = differing(&marked, &bare, |x, y| {
                (x - c.0).abs() <= h.0 && (y - c.1).abs() <= h.1
            });
            assert_eq!(hidden, 0, "a label at {c:?} of {}", fib.position());
        }
        for (c, r) in deciding_pieces(fib) {
            let hidden = differing(&marked, &bare, |x, y| (x - c.0).hypot(y - c.1) <= r);
            assert_eq!(hidden, 0, "the deciding piece at {c:?}");
        }
    }
}

#[test]
fn no_mark_of_the_last_turn_covers_another() {
    let fonts = crate::render::text::fonts().expect("fonts");
    for (game, played) in worst_cases() {
        let AnyGame::Fibonacci(fib) = &game else {
            unreachable!()
        };
        let marks = unit_marks(played.iter().filter_map(|p| match p {
            Played::Fibonacci(p) => Some(p),
            _ => None,
        }));
        let laid = turn_marks(fonts, fib, &marks);
        let numbered = laid.badges.iter().map(|b| b.numbers.len()).sum::<usize>();
        assert_eq!(numbered, if marks.len() > 1 { marks.len() } else { 0 });
        for (i, a) in laid.badges.iter().enumerate() {
            for b in &laid.badges[i + 1..] {
                let d = a.distance_to(b);
                assert!(d >= 1.0, "badges {} and {} overlap by {d}", a.text(), b.text());
            }
            for (j, arrow) in laid.arrows.iter().enumerate() {
                if j == i {
                    continue;
                }
                for (p, half) in turn_marks::samples(arrow) {
                    assert!(a.distance(p) >= half, "badge {} on arrow {}", a.text(), j + 1);
                }
            }
        }
        // Two arrows may cross, but never run along each other: where they come within a
        // shaft's width they are not near parallel.
        let direction = |path: &[Pt], k: usize| {
            let (p, q) = (path[k.saturating_sub(1)], path[(k + 1).min(path.len() - 1)]);
            let d = turn_marks::dist(p, q).max(1e-3);
            ((q.0 - p.0) / d, (q.1 - p.1) / d)
        };
        // The points each arrow joins (a move repeated is one arrow): near a point two
        // arrows both touch, they may meet.
        let mut ends: Vec<[Pt; 2]> = Vec::new();
        for m in &marks {
            let pair = [
                layout::fibonacci_pixel(m.from),
                layout::fibonacci_pixel(m.to),
            ];
            if !ends.contains(&pair) {
                ends.push(pair);
            }
        }
        assert_eq!(ends.len(), laid.arrows.len());
        for (i, a) in laid.arrows.iter().enumerate() {
            for (j, b) in laid.arrows.iter().enumerate().skip(i + 1) {
                let shared: Vec<Pt> = ends[i]
                    .into_iter()
                    .filter(|p| ends[j].contains(p))
                    .collect();
                let along = (0..a.path.len())
                    .filter(|&k| shared.iter().all(|&c| turn_marks::dist(a.path[k], c) > 50.0))
                    .filter(|&k| {
                        let u = direction(&a.path, k);
                        (0..b.path.len()).any(|l| {
                            let v = direction(&b.path, l);
                            turn_marks::dist(a.path[k], b.path[l])
                                < 2.0 * turn_marks::SHAFT_HALF
                                && (u.0 * v.0 + u.1 * v.1).abs() > 0.87
                        })
                    })
                    .count();
                assert!(along < 4, "arrows {} and {} run along each other", i + 1, j + 1);
            }
        }
    }
}
