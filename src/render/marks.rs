//! Marks drawn over either board: arrow ends and the numbers of the steps of a turn.

use super::paint::{Canvas, Pt, Shape};
use super::palette::Colours;
use super::text::{Face, Fonts};

/// Label size of an empty point's coordinate, the same on both boards.
pub const POINT_LABEL: f32 = 26.0;

/// An empty point of radius `radius`: a small disc with its coordinate, tinted when it is a
/// legal destination.
pub fn empty_point(
    c: &mut Canvas,
    fonts: &Fonts,
    colours: &Colours,
    at: Pt,
    text: &str,
    legal: bool,
    radius: f32,
) {
    let disc = Shape::circle(at, radius);
    let fill = if legal {
        colours.legal_tint
    } else {
        colours.point
    };
    c.fill(&disc, 2.0, colours.line);
    c.fill(&disc, 0.0, fill);
    fonts.draw_centred(c, Face::Condensed, POINT_LABEL, text, at, colours.point_ink);
}

/// `a`→`b` cut short by `ga` at the start and `gb` at the end, never reversed: points too
/// close for both cuts keep a short stub in the middle so the direction still shows.
pub fn shorten(a: Pt, b: Pt, ga: f32, gb: f32) -> (Pt, Pt) {
    let d = (b.0 - a.0, b.1 - a.1);
    let l = d.0.hypot(d.1);
    let u = if l > 0.0 {
        (d.0 / l, d.1 / l)
    } else {
        (1.0, 0.0)
    };
    if l <= ga + gb + 16.0 {
        let m = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        return (
            (m.0 - u.0 * 8.0, m.1 - u.1 * 8.0),
            (m.0 + u.0 * 8.0, m.1 + u.1 * 8.0),
        );
    }
    (
        (a.0 + u.0 * ga, a.1 + u.1 * ga),
        (b.0 - u.0 * gb, b.1 - u.1 * gb),
    )
}

/// The order of a move within its turn: a numbered disc `off` pixels beside the middle of
/// `a`→`b`, to the left of the direction of travel so it does not hide the arrow's shaft.
#[allow(clippy::too_many_arguments)]
pub fn step_badge(
    c: &mut Canvas,
    fonts: &Fonts,
    colours: &Colours,
    a: Pt,
    b: Pt,
    off: f32,
    n: usize,
) {
    let d = (b.0 - a.0, b.1 - a.1);
    let l = d.0.hypot(d.1).max(1.0);
    let at = (
        (a.0 + b.0) / 2.0 + d.1 / l * off,
        (a.1 + b.1) / 2.0 - d.0 / l * off,
    );
    number_badge(c, fonts, colours, at, n);
}

/// The size of a move's number in its disc.
pub const BADGE_TEXT: f32 = 19.0;

/// The number `n` of a move in its turn, on a disc at `at`.
pub fn number_badge(c: &mut Canvas, fonts: &Fonts, colours: &Colours, at: Pt, n: usize) {
    numbers_badge(c, fonts, colours, at, 0.0, &n.to_string());
}

/// The numbers of the moves an arrow shows ("2,4"), on a pill whose straight middle is
/// `2 × half_len` long (a disc when 0) at `at`.
pub fn numbers_badge(
    c: &mut Canvas,
    fonts: &Fonts,
    colours: &Colours,
    at: Pt,
    half_len: f32,
    text: &str,
) {
    let r = super::turn_marks::BADGE_R;
    let pill = Shape::rect(at, (half_len + r, r), r);
    c.fill(&pill, 2.0, colours.halo);
    c.fill(&pill, 0.0, colours.last_turn);
    fonts.draw_centred(c, Face::Bold, BADGE_TEXT, text, at, colours.halo);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shorten_cuts_both_ends_and_keeps_direction() {
        let (a, b) = shorten((0.0, 0.0), (100.0, 0.0), 20.0, 30.0);
        assert_eq!((a, b), ((20.0, 0.0), (70.0, 0.0)));
        let (a, b) = shorten((0.0, 0.0), (40.0, 0.0), 20.0, 30.0);
        assert!(a.0 < b.0, "a stub that still points from a to b");
        let (a, b) = shorten((5.0, 5.0), (5.0, 5.0), 20.0, 30.0);
        assert!(a.0.is_finite() && b.0.is_finite());
    }
}
