//! Golden pictures: one per game, each showing most of what the renderer draws (pieces, labels,
//! the last turn, legal destinations, header and footer), compared with the committed PNGs in
//! `tests/data/golden/` with a small tolerance for anti-aliasing differences.
//!
//! After an intended change of the drawing, regenerate them and look at every one:
//!
//! ```text
//! UPDATE_GOLDEN=1 cargo test --test render render_golden
//! ```

use std::path::PathBuf;

use fibonacci_bot::engine::{Config, Game, GameKind};
use fibonacci_bot::render::{BoardInfo, Palette, RenderOptions, render_png_with};
use image::RgbImage;

/// A pixel differs when a channel moves by more than this (anti-aliasing of an edge moves a few
/// counts; a missing or moved shape moves a hundred).
const CHANNEL_TOLERANCE: u8 = 24;
/// At most this share of the pixels may differ.
const MAX_DIFFERING: f64 = 0.002;

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/golden")
        .join(format!("{name}.png"))
}

fn check(name: &str, game: &Game, info: &BoardInfo, palette: Palette) {
    let png = render_png_with(game, info, &RenderOptions { palette }).expect("renders");
    let path = golden_path(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().expect("has a parent")).expect("mkdir");
        std::fs::write(&path, &png).expect("write golden");
        return;
    }
    let actual = image::load_from_memory(&png).expect("decodes").to_rgb8();
    let expected: RgbImage = image::open(&path)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e}; create it with UPDATE_GOLDEN=1 cargo test --test render render_golden",
                path.display()
            )
        })
        .to_rgb8();
    assert_eq!(actual.dimensions(), expected.dimensions(), "{name}");
    let differing = actual
        .pixels()
        .zip(expected.pixels())
        .filter(|(a, e)| {
            a.0.iter()
                .zip(e.0.iter())
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
        })
        .count();
    let share = differing as f64 / (actual.width() * actual.height()) as f64;
    if share > MAX_DIFFERING {
        let out = std::env::temp_dir().join(format!("{name}.actual.png"));
        let _ = std::fs::write(&out, &png);
        panic!(
            "{name}: {differing} pixels ({:.3}%) differ from {}; the new picture is at {}",
            share * 100.0,
            path.display(),
            out.display()
        );
    }
}

/// The game after `moves`, with the moves of the last turn (or of the turn in progress).
fn after(game: &mut Game, moves: &[&str]) -> BoardInfo {
    let mut info = BoardInfo {
        players: ["Alice".to_string(), "Bob".to_string()],
        ..BoardInfo::default()
    };
    let mut turn_over = false;
    for m in moves {
        let played = game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        if turn_over {
            info.last_turn.clear();
        }
        turn_over = played.turn_ended();
        info.last_turn.push(played);
    }
    info
}

#[test]
fn fibonacci_golden_turn_with_exchanges_and_legal_destinations() {
    // Red's turn 11 in progress: f7-f6 exchanges a strike piece with the Green centre
    // (neighbours), d5-d6 is a plain step, e5-f7 exchanges again across the group; then the
    // legal destinations of g7, among them an exchange with the centre on e5.
    let position = ".....C/UUUUUU./......../....S..../....S...../....ScS..../....SS..../\
                    ........./......../uuuuuu./ssssss r 6 11";
    let mut game = Game::from_position(Config::default_for(GameKind::Fibonacci), 0, position)
        .expect("a valid position");
    let mut info = after(&mut game, &["f7-f6", "d5-d6", "e5-f7"]);
    info.highlight = Some("g7".to_string());
    check("fibonacci", &game, &info, Palette::Standard);
}

#[test]
fn fibonacci_golden_start_colour_blind_palette() {
    let game = Game::new(Config::default_for(GameKind::Fibonacci), 0);
    check(
        "fibonacci-start-colour-blind",
        &game,
        &after(&mut game.clone(), &[]),
        Palette::ColourBlind,
    );
}

#[test]
fn fanorona_golden_chain_in_progress_with_captures() {
    // White e2-e3+ (approach, captures e4 e5); Black f4-e5- (withdrawal, captures g3 h2 i1)
    // and may go on capturing: the picture says so.
    let mut game = Game::new(Config::default_for(GameKind::Fanorona), 0);
    let info = after(&mut game, &["e2-e3+", "f4-e5-"]);
    assert!(game.chain_in_progress());
    check("fanorona", &game, &info, Palette::Standard);
}

#[test]
fn game_over_golden_shows_the_banner() {
    // docs/fibonacci.md, End of the game: d5-e6 completes the ring of six Red strike pieces around
    // the Green centre.
    let position = ".....C/UUUUUU./......../....S..../....S...../....ScS..../....SS..../\
                    ........./......../uuuuuu./ssssss r 6 11";
    let mut game = Game::from_position(Config::default_for(GameKind::Fibonacci), 0, position)
        .expect("a valid position");
    let info = after(&mut game, &["d5-e6"]);
    check("fibonacci-red-wins", &game, &info, Palette::Standard);
}
