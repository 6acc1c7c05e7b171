//! Every eye tells the Fibonacci board apart (issue 58, point 1): the colours are measured in
//! drawn pictures, not read from the palette's constants, then seen as a player with
//! protanopia, deuteranopia or tritanopia would see them (Machado, Oliveira and Fernandes 2009,
//! full severity, applied to linear RGB), and in greyscale.
//!
//! - Each side's piece fill is at least ΔE 25 (CIE 1976, CIELAB) from the other side's fill,
//!   from the board and from an empty point.
//! - The two fills differ by at least 25 in lightness (L*), so they stay apart in greyscale.
//! - The marks of the legal destinations and those of the last turn stay ΔE 25 apart.

use std::collections::HashMap;

use fibonacci_bot::engine::fibonacci::{Cell, Color};
use fibonacci_bot::engine::{Config, Game, GameKind};
use fibonacci_bot::render::{
    BoardInfo, Palette, RenderOptions, fibonacci_cell_at, fibonacci_pixel, render_image,
};
use image::{Rgb, RgbImage};

/// The least colour difference the issue asks for.
const MIN_DELTA_E: f64 = 25.0;
/// The least lightness between the two sides' fills.
const MIN_GREY_DELTA_L: f64 = 25.0;
/// Pixels this far above a point's middle are clear of its label and inside every piece.
const ABOVE_LABEL: f32 = 15.0;
/// A colour is one of a mark's own when it paints at least this share of the pixels the mark
/// changes (the rest are anti-aliased edges and the legend's words).
const MARK_SHARE: f64 = 0.12;

/// How a colour-vision deficiency maps linear RGB (Machado et al. 2009, severity 1.0).
#[derive(Clone, Copy, Debug)]
enum Vision {
    Protanopia,
    Deuteranopia,
    Tritanopia,
}

impl Vision {
    const ALL: [Vision; 3] = [Vision::Protanopia, Vision::Deuteranopia, Vision::Tritanopia];

    fn matrix(self) -> [[f64; 3]; 3] {
        match self {
            Vision::Protanopia => [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
            Vision::Deuteranopia => [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
            Vision::Tritanopia => [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
        }
    }

    /// `c` as seen with this deficiency, in linear RGB (clamped to the displayable range).
    fn see(self, c: [f64; 3]) -> [f64; 3] {
        let m = self.matrix();
        std::array::from_fn(|i| (m[i][0] * c[0] + m[i][1] * c[1] + m[i][2] * c[2]).clamp(0.0, 1.0))
    }
}

fn linear(c: Rgb<u8>) -> [f64; 3] {
    c.0.map(|v| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    })
}

/// CIELAB (D65) of a linear-RGB colour.
fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

fn delta_e(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (a, b) = (lab(a), lab(b));
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The least ΔE between `a` and `b` under the three deficiencies, and the deficiency.
fn least_delta_e(a: Rgb<u8>, b: Rgb<u8>) -> (f64, Vision) {
    Vision::ALL
        .into_iter()
        .map(|v| (delta_e(v.see(linear(a)), v.see(linear(b))), v))
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .expect("three visions")
}

fn info() -> BoardInfo {
    BoardInfo {
        players: ["Alice".to_string(), "Bob".to_string()],
        ..BoardInfo::default()
    }
}

fn draw(game: &Game, info: &BoardInfo, palette: Palette) -> RgbImage {
    render_image(game, info, &RenderOptions { palette }).expect("renders")
}

fn pixel(img: &RgbImage, (x, y): (f32, f32)) -> Rgb<u8> {
    *img.get_pixel(x as u32, y as u32)
}

fn fibonacci() -> Game {
    Game::new(Config::default_for(GameKind::Fibonacci), 0)
}

/// The three colours a player must tell apart where no mark is: each side's fill, the board,
/// an empty point; sampled in a picture of the opening position.
struct Sampled {
    red: Rgb<u8>,
    green: Rgb<u8>,
    board: Rgb<u8>,
    point: Rgb<u8>,
}

fn sample(palette: Palette) -> Sampled {
    let game = fibonacci();
    let img = draw(&game, &info(), palette);
    let Game::Fibonacci(g) = &game else {
        unreachable!("a Fibonacci game")
    };
    let pos = g.position();
    let above = |cell: Cell| {
        let (x, y) = fibonacci_pixel(cell);
        pixel(&img, (x, y - ABOVE_LABEL))
    };
    let first = |wanted: Option<Color>| {
        Cell::all()
            .find(|&c| pos.piece_at(c).map(|p| p.color) == wanted)
            .expect("the opening has such a point")
    };
    // The board: the middle of a triangle of three neighbouring empty points, which no line and
    // no disc reaches.
    let empty = |row: u8, number: u8| Cell::new(row, number).filter(|&c| pos.piece_at(c).is_none());
    let triangle = Cell::all()
        .find_map(|c| {
            let b = empty(c.row(), c.number() + 1)?;
            let d = empty(c.row() + 1, c.number() + 1)?;
            empty(c.row(), c.number())?;
            Some([c, b, d].map(fibonacci_pixel))
        })
        .expect("three neighbouring empty points");
    let middle = (
        triangle.iter().map(|p| p.0).sum::<f32>() / 3.0,
        triangle.iter().map(|p| p.1).sum::<f32>() / 3.0,
    );
    Sampled {
        red: above(first(Some(Color::Red))),
        green: above(first(Some(Color::Green))),
        board: pixel(&img, middle),
        point: above(first(None)),
    }
}

#[test]
fn every_palette_keeps_the_sides_the_board_and_empty_points_apart_for_every_colour_vision() {
    for palette in Palette::ALL {
        let s = sample(palette);
        assert!(
            s.board != s.point && s.red != s.green,
            "{palette:?}: the samples hit four colours"
        );
        let pairs = [
            ("Red's fill", s.red, "Green's fill", s.green),
            ("Red's fill", s.red, "the board", s.board),
            ("Red's fill", s.red, "an empty point", s.point),
            ("Green's fill", s.green, "the board", s.board),
            ("Green's fill", s.green, "an empty point", s.point),
        ];
        for (what, a, against, b) in pairs {
            let (least, vision) = least_delta_e(a, b);
            assert!(
                least >= MIN_DELTA_E,
                "{palette:?}: {what} {a:?} and {against} {b:?} are only ΔE {least:.1} apart under {vision:?}"
            );
        }
        let grey = |c: Rgb<u8>| lab(linear(c))[0];
        let apart = (grey(s.red) - grey(s.green)).abs();
        assert!(
            apart >= MIN_GREY_DELTA_L,
            "{palette:?}: in greyscale the sides' fills are only {apart:.1} apart in lightness"
        );
    }
}

/// The colours that paint at least [`MARK_SHARE`] of the board's pixels that differ between
/// `marked` and `plain` (the legend, below the board, is left out).
fn mark_colours(marked: &RgbImage, plain: &RgbImage) -> Vec<Rgb<u8>> {
    let mut counts: HashMap<Rgb<u8>, usize> = HashMap::new();
    let mut changed = 0;
    for (x, y, p) in marked.enumerate_pixels() {
        if *p != *plain.get_pixel(x, y) && fibonacci_cell_at(x as f32, y as f32).is_some() {
            *counts.entry(*p).or_default() += 1;
            changed += 1;
        }
    }
    assert!(changed > 0, "the marks change some pixels");
    let mut found: Vec<Rgb<u8>> = counts
        .into_iter()
        .filter(|&(_, n)| n as f64 >= MARK_SHARE * changed as f64)
        .map(|(c, _)| c)
        .collect();
    found.sort_by_key(|c| c.0);
    found
}

/// A legal unit move of the side to move, with an empty destination: `(from, to)`.
fn some_move(game: &Game) -> (Cell, Cell) {
    let Game::Fibonacci(g) = game else {
        unreachable!("a Fibonacci game")
    };
    let pos = g.position();
    Cell::all()
        .filter(|&c| {
            pos.piece_at(c)
                .is_some_and(|p| p.color == pos.side_to_move())
        })
        .find_map(|from| {
            g.legal_destinations(from)
                .into_iter()
                .find(|&to| pos.piece_at(to).is_none())
                .map(|to| (from, to))
        })
        .expect("a legal move to an empty point")
}

#[test]
fn the_legal_marks_and_the_last_turns_marks_stay_apart_for_every_colour_vision() {
    for palette in Palette::ALL {
        // A whole turn of two moves (numbered badges, arrows, rings), then a piece picked.
        let mut game = fibonacci();
        let (from, to) = some_move(&game);
        game.play(&format!("{from}-{to}")).expect("legal");
        let mut last = info();
        for _ in 0..2 {
            let (from, to) = some_move(&game);
            last.last_turn
                .push(game.play(&format!("{from}-{to}")).expect("legal"));
        }
        let plain = draw(&game, &info(), palette);
        let last_turn = mark_colours(&draw(&game, &last, palette), &plain);
        let (picked, _) = some_move(&game);
        let highlighted = BoardInfo {
            highlight: Some(picked.to_string()),
            ..info()
        };
        let legal = mark_colours(&draw(&game, &highlighted, palette), &plain);
        assert!(!legal.is_empty() && !last_turn.is_empty());
        for &a in &legal {
            for &b in &last_turn {
                let (least, vision) = least_delta_e(a, b);
                assert!(
                    least >= MIN_DELTA_E,
                    "{palette:?}: a legal mark {a:?} and a last-turn mark {b:?} are only ΔE {least:.1} apart under {vision:?}"
                );
            }
        }
    }
}
