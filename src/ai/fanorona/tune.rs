//! Texel tuning of the Fanorona evaluation ([`crate::ai::texel`]): positions from self-play
//! games, each labelled with its game's result, and the weights ([`super::eval::Weights`]) that
//! best predict those results.
//!
//! A position's value is in hundredths of a piece, for the side to move; material stays 100 a
//! piece (the sample's fixed part) and the other weights are fitted. Only quiet positions are used,
//! those where the side to move has no capture: elsewhere the static value says little, and
//! the search never stands on it.
//!
//! The data come from `fibonacci-bot selfplay` and the fit from `fibonacci-bot tune` (README,
//! "The rules command line").

use super::eval::{FEATURES, PIECE, features};
use super::{FanoronaSearch, fanorona_turn_with, play_turn};
use crate::ai::baseline;
use crate::ai::texel::{self, Outcome};
use crate::engine::Status;
use crate::engine::fanorona::{Color, Game, Options, Position, reach};

/// How self-play games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    pub options: Options,
    /// Both sides' search.
    pub search: FanoronaSearch,
    /// Turns played at random at the start of each game, so that games differ.
    pub random_turns: u32,
    /// Turns after which a game counts as drawn.
    pub cap: u32,
}

/// One self-play game with seed `seed`: the position before each turn, and the result.
pub fn self_play(play: &SelfPlay, seed: u64) -> (Vec<Position>, Outcome) {
    let mut game = Game::new(play.options);
    let seen = texel::play_out(
        &mut game,
        play.cap,
        play.random_turns,
        seed,
        |g| g.status() == Status::Ongoing,
        |g| *g.position(),
        |g, random, seed| {
            let turn = if random {
                baseline::fanorona_random(g, seed)
            } else {
                // The search refuses only a finished game, which is not played.
                fanorona_turn_with(g, &play.search, seed).expect("an ongoing game has a turn")
            };
            play_turn(g, &turn).expect("the AI's turns are legal");
        },
    );
    let result = match game.status() {
        Status::Won(side, _) if side == Color::White.side() => Outcome::FirstWins,
        Status::Won(..) => Outcome::SecondWins,
        _ => Outcome::Draw,
    };
    (seen, result)
}

/// A labelled Fanorona position: material (fixed at [`PIECE`] a piece) and features for the side
/// to move, and its score.
pub type Sample = texel::Sample<FEATURES>;

/// The sample of a data line `position<TAB>result`, `Ok(None)` for a position that is not quiet
/// (the side to move has a capture), or why the line is wrong.
pub fn parse_sample(line: &str) -> Result<Option<Sample>, String> {
    let (position, result) = line
        .split_once('\t')
        .ok_or("expected a position, a tab and a result (1-0, 0-1 or 1/2-1/2)")?;
    let result = Outcome::parse(result)?;
    let game = Game::from_position(Options::default(), position.trim())
        .map_err(|e| format!("bad position: {e}"))?;
    let position = game.position();
    let (own, enemy) = position.own_enemy();
    if reach(own, enemy).0 != 0 {
        return Ok(None);
    }
    let (material, features) = features(position);
    Ok(Some(Sample {
        fixed: material * PIECE,
        features,
        score: result.score_for(position.side_to_move() == Color::White),
    }))
}

/// Fits the weights to `samples` from `start` in `iterations` gradient steps, and rounds them.
pub fn fit(samples: &[Sample], start: &[i32; FEATURES], iterations: u32) -> texel::Fit<FEATURES> {
    texel::fit(samples, start, iterations, 0.5)
}

#[cfg(test)]
mod tests {
    use super::super::eval::{HAND, MOBILITY, THREATS};
    use super::*;
    use crate::ai::Level;

    #[test]
    fn a_feature_that_predicts_the_result_gets_weight_and_the_error_falls() {
        // Results decided by threats (the side with more wins), never by the other features.
        let samples: Vec<Sample> = (0..400)
            .map(|i| {
                let mut f = [0; FEATURES];
                f[THREATS] = i % 5 - 2;
                f[MOBILITY] = (i * 7) % 11 - 5;
                Sample {
                    fixed: 0,
                    features: f,
                    score: match f[THREATS] {
                        t if t > 0 => 1.0,
                        0 => 0.5,
                        _ => 0.0,
                    },
                }
            })
            .collect();
        let fit = fit(&samples, &HAND.0, 300);
        // Every value is 0 with the hand weights here, so the scale k is left at its largest
        // (1), where a few hundredths of a piece per threat already decide.
        let (threats, mobility) = (fit.weights[THREATS], fit.weights[MOBILITY]);
        assert!(threats >= 3, "{fit:?}");
        assert!(mobility.abs() * 3 <= threats, "{fit:?}");
        assert!(fit.after < fit.before / 2.0, "{fit:?}");
    }

    #[test]
    fn self_play_lines_parse_back_to_samples_of_quiet_positions() {
        let play = SelfPlay {
            options: Options::default(),
            search: FanoronaSearch::for_level(Level::Easy),
            random_turns: 2,
            cap: 60,
        };
        let (positions, result) = self_play(&play, 3);
        assert!(!positions.is_empty());
        let mut quiet = 0;
        for p in &positions {
            let line = format!("{p}\t{}", result.as_str());
            if let Some(s) = parse_sample(&line).expect("a line self-play writes parses") {
                quiet += 1;
                assert_eq!(s.score, result.score_for(p.side_to_move() == Color::White));
            }
        }
        assert!(quiet > 0, "some positions are quiet");
        assert!(parse_sample("nonsense").is_err());
        assert!(parse_sample(&format!("{}\t2-0", positions[0])).is_err());
    }
}
