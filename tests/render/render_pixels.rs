//! The renderer's pictures, checked pixel by pixel at the points the public layout names
//! (issues 4 and 13: dimensions, size limit, a piece's colour where a piece stands, background where
//! none does, highlights where the rules put them).

use fibonacci_bot::engine::fanorona::Point;
use fibonacci_bot::engine::fibonacci::{Cell, Kind};
use fibonacci_bot::engine::{Config, Game, GameKind};
use fibonacci_bot::render::{
    BoardInfo, Palette, RenderError, RenderOptions, fanorona_pixel, fanorona_point_at,
    fibonacci_cell_at, fibonacci_pixel, image_size, render_image, render_png, render_png_with,
};
use image::{Rgb, RgbImage};

/// Pixels this far above a point's middle are clear of its label but inside every piece shape
/// and inside the disc of an empty point.
const ABOVE_LABEL: f32 = 15.0;

fn fibonacci() -> Game {
    Game::new(Config::default_for(GameKind::Fibonacci), 0)
}

fn fanorona() -> Game {
    Game::new(Config::default_for(GameKind::Fanorona), 0)
}

fn info() -> BoardInfo {
    BoardInfo {
        players: ["Alice".to_string(), "Bob".to_string()],
        ..BoardInfo::default()
    }
}

fn play(game: &mut Game, moves: &[&str]) -> BoardInfo {
    let mut info = info();
    for m in moves {
        let played = game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        info.last_turn.push(played);
    }
    info
}

fn pixel(img: &RgbImage, (x, y): (f32, f32)) -> Rgb<u8> {
    *img.get_pixel(x as u32, y as u32)
}

fn above(p: (f32, f32)) -> (f32, f32) {
    (p.0, p.1 - ABOVE_LABEL)
}

#[test]
fn pictures_are_at_least_1000_px_on_the_long_side_and_at_most_100_kb() {
    let mut busy = fibonacci();
    let busy_info = BoardInfo {
        highlight: Some("g8".to_string()),
        ..play(&mut busy, &["g9-f9"])
    };
    let mut fan = fanorona();
    let fan_info = play(&mut fan, &["e2-e3+"]);
    let cases = [
        (fibonacci(), info(), GameKind::Fibonacci),
        (busy, busy_info, GameKind::Fibonacci),
        (fanorona(), info(), GameKind::Fanorona),
        (fan, fan_info, GameKind::Fanorona),
    ];
    for (game, info, kind) in cases {
        for palette in Palette::ALL {
            let png = render_png_with(&game, &info, &RenderOptions { palette })
                .expect("a valid position renders");
            assert!(png.len() <= 100 * 1000, "{kind}: {} bytes", png.len());
            let decoded = image::load_from_memory(&png).expect("a valid PNG");
            let (w, h) = (decoded.width(), decoded.height());
            assert_eq!((w, h), image_size(kind));
            assert!(w.max(h) >= 1000, "{kind}: {w}×{h}");
        }
    }
}

#[test]
fn fibonacci_each_piece_shows_its_colour_at_its_point_and_empty_points_show_the_point_colour() {
    for palette in Palette::ALL {
        let game = fibonacci();
        let img = render_image(&game, &info(), &RenderOptions { palette }).expect("renders");
        let colours = palette.colours();
        let Game::Fibonacci(g) = &game else {
            unreachable!()
        };
        for cell in Cell::all() {
            let at = above(fibonacci_pixel(cell));
            let expected = match g.position().piece_at(cell) {
                Some(p) => colours.sides[p.color.side().index()].fill,
                None => colours.point,
            };
            assert_eq!(pixel(&img, at), expected, "{cell} with {palette:?}");
        }
    }
}

#[test]
fn fibonacci_piece_kinds_differ_in_shape_not_only_in_colour() {
    // The pieces of docs/fibonacci.md: strike pieces (diamonds) are pointed, support pieces
    // (squares) fill their corners, the centre is round. Probe each where one shape has ink and the
    // other not.
    let game = fibonacci();
    let img = render_image(&game, &info(), &RenderOptions::default()).expect("renders");
    let red = Palette::Standard.colours().sides[0].fill;
    let probe = |cell: &str, dx: f32, dy: f32| {
        let (x, y) = fibonacci_pixel(cell.parse::<Cell>().expect("cell"));
        pixel(&img, (x + dx, y + dy)) == red
    };
    // a1 strike (diamond), e8 support (square), a6 centre (disc): the corner region.
    assert!(!probe("a1", 25.0, -25.0), "a diamond has no corner there");
    assert!(probe("e8", 25.0, -25.0), "a square does");
    assert!(!probe("a6", 26.0, -26.0), "a disc does not");
    // The tip of a diamond reaches further than a square's side.
    assert!(probe("a1", 0.0, -35.0));
    assert!(!probe("e8", 0.0, -35.0));
    let Game::Fibonacci(g) = &game else {
        unreachable!()
    };
    let kind = |c: &str| {
        g.position()
            .piece_at(c.parse().expect("cell"))
            .map(|p| p.kind)
    };
    assert_eq!(kind("a1"), Some(Kind::Strike));
    assert_eq!(kind("e8"), Some(Kind::Support));
    assert_eq!(kind("a6"), Some(Kind::Centre));
}

/// Relative luminance (sRGB, WCAG).
fn luminance(c: Rgb<u8>) -> f32 {
    let lin = |v: u8| {
        let v = v as f32 / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0[0]) + 0.7152 * lin(c.0[1]) + 0.0722 * lin(c.0[2])
}

#[test]
fn red_and_green_differ_in_lightness_for_colour_blind_players() {
    // Issue 4: red and green told apart with red-green colour blindness. Lightness survives
    // every kind of colour blindness; require a contrast ratio of at least 3.
    for palette in Palette::ALL {
        let [a, b] = palette.colours().sides.map(|s| luminance(s.fill));
        let ratio = (a.max(b) + 0.05) / (a.min(b) + 0.05);
        assert!(ratio >= 3.0, "{palette:?}: contrast {ratio}");
    }
}

#[test]
fn fanorona_each_piece_shows_its_colour_and_empty_points_the_point_colour() {
    let mut game = fanorona();
    let info = play(&mut game, &["e2-e3+"]);
    let img = render_image(&game, &info, &RenderOptions::default()).expect("renders");
    let colours = Palette::Standard.colours();
    let Game::Fanorona(g) = &game else {
        unreachable!()
    };
    let mut empty = 0;
    for p in Point::all() {
        let at = above(fanorona_pixel(p));
        match g.position().piece_at(p) {
            Some(c) => assert_eq!(
                pixel(&img, at),
                colours.fanorona[c.side().index()].fill,
                "{p}"
            ),
            None => {
                empty += 1;
                // e2 was left, e4 and e5 captured: marked around the point, not on its disc.
                assert_eq!(pixel(&img, at), colours.point, "{p}");
            }
        }
    }
    assert_eq!(empty, 3, "e2, e4, e5 empty after e2-e3+ captured e4 and e5");
}

#[test]
fn fanorona_captured_points_carry_a_cross() {
    let mut game = fanorona();
    let info = play(&mut game, &["e2-e3+"]);
    let img = render_image(&game, &info, &RenderOptions::default()).expect("renders");
    let capture = Palette::Standard.colours().capture;
    for name in ["e4", "e5"] {
        let (x, y) = fanorona_pixel(name.parse().expect("point"));
        // On the cross's arm, outside the point's label disc.
        assert_eq!(pixel(&img, (x + 21.0, y + 21.0)), capture, "{name}");
    }
    // No cross where nothing was captured.
    let (x, y) = fanorona_pixel("d4".parse().expect("point"));
    assert_ne!(pixel(&img, (x + 21.0, y + 21.0)), capture);
}

#[test]
fn fibonacci_last_unit_move_is_an_arrow_between_its_points() {
    let mut game = fibonacci();
    let info = play(&mut game, &["g9-f9"]);
    let img = render_image(&game, &info, &RenderOptions::default()).expect("renders");
    let blue = Palette::Standard.colours().last_turn;
    let a = fibonacci_pixel("g9".parse().expect("cell"));
    let b = fibonacci_pixel("f9".parse().expect("cell"));
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    assert_eq!(pixel(&img, mid), blue);
    // Without the last turn, no arrow.
    let plain = render_image(&game, &self::info(), &RenderOptions::default()).expect("renders");
    assert_ne!(pixel(&plain, mid), blue);
}

#[test]
fn fibonacci_highlight_tints_exactly_the_engines_legal_destinations() {
    let game = fibonacci();
    let Game::Fibonacci(g) = &game else {
        unreachable!()
    };
    let colours = Palette::Standard.colours();
    for from in ["g8", "a1", "e2", "f6"] {
        let cell: Cell = from.parse().expect("cell");
        let info = BoardInfo {
            highlight: Some(from.to_uppercase()),
            ..info()
        };
        let img = render_image(&game, &info, &RenderOptions::default()).expect("renders");
        let legal: Vec<Cell> = g
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == cell)
            .map(|m| m.to)
            .collect();
        for c in Cell::all() {
            if g.position().piece_at(c).is_some() {
                continue;
            }
            let tinted = pixel(&img, above(fibonacci_pixel(c))) == colours.legal_tint;
            assert_eq!(tinted, legal.contains(&c), "{from} → {c}");
        }
    }
}

#[test]
fn a_highlight_that_is_not_a_point_is_refused() {
    for (game, bad) in [(fibonacci(), "a7"), (fibonacci(), "zz"), (fanorona(), "j1")] {
        let info = BoardInfo {
            highlight: Some(bad.to_string()),
            ..info()
        };
        match render_png(&game, &info) {
            Err(RenderError::BadHighlight(text)) => assert_eq!(text, bad),
            other => panic!("{bad}: {other:?}"),
        }
    }
}

#[test]
fn layout_round_trips_between_points_and_pixels() {
    for cell in Cell::all() {
        let (x, y) = fibonacci_pixel(cell);
        assert_eq!(fibonacci_cell_at(x, y), Some(cell));
        assert_eq!(fibonacci_cell_at(x + 20.0, y - 20.0), Some(cell));
    }
    for p in Point::all() {
        let (x, y) = fanorona_pixel(p);
        assert_eq!(fanorona_point_at(x, y), Some(p));
        assert_eq!(fanorona_point_at(x - 30.0, y + 30.0), Some(p));
    }
    assert_eq!(fibonacci_cell_at(5.0, 5.0), None);
    assert_eq!(fanorona_point_at(5.0, 5.0), None);
}

/// Emoji in a Discord name are left out of the picture, not drawn as stand-ins: a name made of
/// emoji alone shows the colour alone, exactly as an unnamed player does.
#[test]
fn emoji_in_names_are_left_out() {
    let game = fibonacci();
    let options = RenderOptions::default();
    let named = |a: &str, b: &str| BoardInfo {
        players: [a.to_string(), b.to_string()],
        ..BoardInfo::default()
    };
    let draw = |info: &BoardInfo| render_image(&game, info, &options).expect("render");
    assert!(draw(&named("🐉🎲\u{FE0F}", "Bob")) == draw(&named("", "Bob")));
    assert!(draw(&named("🔥 Alice 🔥", "Bob")) == draw(&named("Alice", "Bob")));
    assert!(draw(&named("Alice", "Bob")) != draw(&named("", "Bob")));
}
