//! Rendering never panics on a valid position (issue 4): random playouts of both games, with
//! random names, banners, highlights and palettes, all render to a picture of the right size.

use fibonacci_bot::engine::fanorona::Point;
use fibonacci_bot::engine::fibonacci::{self, Cell};
use fibonacci_bot::engine::{Config, Game, GameKind, Played, Status};
use fibonacci_bot::render::{
    BoardInfo, Palette, RenderOptions, image_size, render_image, render_png_with,
};
use proptest::prelude::*;

/// Plays up to `picks.len()` moves chosen by `picks` (sometimes ending the turn early), keeping
/// the moves of the last turn as the Discord layer does.
fn playout(game: &mut Game, picks: &[usize]) -> Vec<Played> {
    let mut last_turn = Vec::new();
    let mut turn_over = false;
    for &pick in picks {
        if game.status() != Status::Ongoing {
            break;
        }
        let ended_early = if pick % 11 == 0 {
            game.end_turn().ok()
        } else {
            None
        };
        let played = match ended_early {
            Some(p) => p,
            None => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = &moves[pick % moves.len()];
                game.play(m)
                    .unwrap_or_else(|e| panic!("a legal move {m} was refused: {e}"))
            }
        };
        if turn_over {
            last_turn.clear();
        }
        turn_over = played.turn_ended();
        last_turn.push(played);
    }
    last_turn
}

fn check(
    game: &Game,
    info: &BoardInfo,
    palette: Palette,
    encode: bool,
) -> Result<(), TestCaseError> {
    let options = RenderOptions { palette };
    if encode {
        let png = render_png_with(game, info, &options)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(png.len() <= 300 * 1024, "{} bytes", png.len());
    } else {
        let img =
            render_image(game, info, &options).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(img.dimensions(), image_size(game.kind()));
    }
    Ok(())
}

fn names() -> impl Strategy<Value = [String; 2]> {
    [any::<String>(), "\\PC{0,40}"]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn fibonacci_any_playout_renders(
        seed in any::<u64>(),
        cards in any::<bool>(),
        picks in proptest::collection::vec(any::<usize>(), 0..120),
        highlight in 0usize..91,
        players in names(),
        banner in proptest::option::of("\\PC{0,80}"),
        colour_blind in any::<bool>(),
    ) {
        let options = fibonacci::Options {
            variant: if cards { fibonacci::Variant::Cards } else { fibonacci::Variant::Standard },
            ..fibonacci::Options::default()
        };
        let mut game = Game::new(Config::Fibonacci(options), seed);
        let last_turn = playout(&mut game, &picks);
        let cell = Cell::from_index(highlight).map(|c| c.to_string());
        let info = BoardInfo { players, last_turn, highlight: cell, note: banner.clone(), banner, lang: Default::default() };
        let palette = if colour_blind { Palette::ColourBlind } else { Palette::Standard };
        check(&game, &info, palette, picks.len() % 4 == 0)?;
    }

    #[test]
    fn fanorona_any_playout_renders(
        standard in any::<bool>(),
        picks in proptest::collection::vec(any::<usize>(), 0..80),
        highlight in 0usize..45,
        players in names(),
        banner in proptest::option::of("\\PC{0,80}"),
    ) {
        let config = if standard {
            let mut config = Config::default_for(GameKind::Fanorona);
            config.set("rules", "standard").expect("a Fanorona rule set");
            config
        } else {
            Config::default_for(GameKind::Fanorona)
        };
        let mut game = Game::new(config, 0);
        let last_turn = playout(&mut game, &picks);
        let point = Point::from_index(highlight).map(|p| p.to_string());
        let info = BoardInfo { players, last_turn, highlight: point, note: banner.clone(), banner, lang: Default::default() };
        check(&game, &info, Palette::Standard, picks.len() % 4 == 0)?;
    }
}
