//! Texel tuning of the Fanorona evaluation: positions from self-play games, each labelled with
//! its game's result, and the weights ([`Weights`]) that best predict those results.
//!
//! A position's value `v` (hundredths of a piece, side to move) predicts its result as
//! `1 / (1 + e^(-k v))`; the tuner first fits `k` to the starting weights, then moves every
//! weight (material stays 100) down the gradient of the mean squared error between prediction
//! and result (1 a win, ½ a draw, 0 a loss for the side to move). Only quiet positions are used,
//! those where the side to move has no capture: elsewhere the static value says little, and
//! the search never stands on it.
//!
//! The data come from `fibonacci-bot selfplay` and the fit from `fibonacci-bot tune` (README,
//! "The rules command line").

use super::eval::{FEATURES, PIECE, Weights, features};
use super::{FanoronaSearch, fanorona_turn_with, play_turn};
use crate::ai::baseline;
use crate::engine::Status;
use crate::engine::fanorona::{Color, Game, Options, Position, reach};

/// How one self-play game ended, for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    /// By the rules, or at the turn cap.
    Draw,
}

impl GameResult {
    /// As written in a data line.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    fn parse(s: &str) -> Option<GameResult> {
        match s {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// The score of the side `color` (1, ½ or 0).
    fn score_for(self, color: Color) -> f64 {
        match (self, color) {
            (GameResult::Draw, _) => 0.5,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 1.0,
            _ => 0.0,
        }
    }
}

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
pub fn self_play(play: &SelfPlay, seed: u64) -> (Vec<Position>, GameResult) {
    let mut game = Game::new(play.options);
    let mut seen = Vec::new();
    for t in 0..play.cap {
        if game.status() != Status::Ongoing {
            break;
        }
        seen.push(*game.position());
        let turn_seed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(t));
        let turn = if t < play.random_turns {
            baseline::fanorona_random(&game, turn_seed)
        } else {
            // The search refuses only a finished game, checked above.
            fanorona_turn_with(&game, &play.search, turn_seed).expect("an ongoing game has a turn")
        };
        play_turn(&mut game, &turn).expect("the AI's turns are legal");
    }
    let result = match game.status() {
        Status::Won(side, _) if side == Color::White.side() => GameResult::WhiteWins,
        Status::Won(..) => GameResult::BlackWins,
        _ => GameResult::Draw,
    };
    (seen, result)
}

/// One labelled position: material and features for the side to move, and its score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub material: i32,
    pub features: [i32; FEATURES],
    pub score: f64,
}

impl Sample {
    /// The sample of a data line `position<TAB>result`, `Ok(None)` for a position that is not
    /// quiet (the side to move has a capture), or why the line is wrong.
    pub fn parse(line: &str) -> Result<Option<Sample>, String> {
        let (position, result) = line
            .split_once('\t')
            .ok_or("expected a position, a tab and a result (1-0, 0-1 or 1/2-1/2)")?;
        let result = GameResult::parse(result.trim())
            .ok_or_else(|| format!("unknown result {:?}: 1-0, 0-1 or 1/2-1/2", result.trim()))?;
        let game = Game::from_position(Options::default(), position.trim())
            .map_err(|e| format!("bad position: {e}"))?;
        let position = game.position();
        let (own, enemy) = position.own_enemy();
        if reach(own, enemy).0 != 0 {
            return Ok(None);
        }
        let (material, features) = features(position);
        Ok(Some(Sample {
            material,
            features,
            score: result.score_for(position.side_to_move()),
        }))
    }

    fn value(&self, w: &[f64; FEATURES]) -> f64 {
        f64::from(self.material * PIECE)
            + self
                .features
                .iter()
                .zip(w)
                .map(|(f, w)| f64::from(*f) * w)
                .sum::<f64>()
    }
}

/// What a fit found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    pub weights: Weights,
    /// The scale of the prediction.
    pub k: f64,
    /// The mean squared error of the starting weights and of the fitted ones (rounded).
    pub before: f64,
    pub after: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of the predictions with weights `w` and scale `k`.
pub fn error(samples: &[Sample], w: &[f64; FEATURES], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (s.score - sigmoid(k * s.value(w))).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

fn as_f64(w: &Weights) -> [f64; FEATURES] {
    w.0.map(f64::from)
}

/// The scale `k` that fits `w` best (a golden-section search: the error is unimodal in `k`).
fn fit_k(samples: &[Sample], w: &[f64; FEATURES]) -> f64 {
    let (mut lo, mut hi) = (1e-6_f64, 1.0_f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Fits the weights to `samples` from `start`, in `iterations` steps of Adam (a gradient step
/// scaled per weight), and rounds them.
pub fn fit(samples: &[Sample], start: &Weights, iterations: u32) -> Fit {
    let mut w = as_f64(start);
    let k = fit_k(samples, &w);
    let before = error(samples, &w, k);
    let (rate, b1, b2) = (0.5, 0.9, 0.999);
    let (mut m, mut v) = ([0.0; FEATURES], [0.0; FEATURES]);
    let n = samples.len().max(1) as f64;
    for t in 1..=iterations {
        let mut grad = [0.0; FEATURES];
        for s in samples {
            let p = sigmoid(k * s.value(&w));
            let common = -2.0 * (s.score - p) * p * (1.0 - p) * k / n;
            for (g, f) in grad.iter_mut().zip(s.features) {
                *g += common * f64::from(f);
            }
        }
        for i in 0..FEATURES {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let m_hat = m[i] / (1.0 - b1.powi(t as i32));
            let v_hat = v[i] / (1.0 - b2.powi(t as i32));
            w[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
    }
    let weights = Weights(w.map(|x| x.round() as i32));
    let after = error(samples, &as_f64(&weights), k);
    Fit {
        weights,
        k,
        before,
        after,
    }
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
                    material: 0,
                    features: f,
                    score: match f[THREATS] {
                        t if t > 0 => 1.0,
                        0 => 0.5,
                        _ => 0.0,
                    },
                }
            })
            .collect();
        let fit = fit(&samples, &HAND, 300);
        // Every value is 0 with the hand weights here, so the scale k is left at its largest
        // (1), where a few hundredths of a piece per threat already decide.
        let (threats, mobility) = (fit.weights.0[THREATS], fit.weights.0[MOBILITY]);
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
            if let Some(s) = Sample::parse(&line).expect("a line self-play writes parses") {
                quiet += 1;
                assert_eq!(s.score, result.score_for(p.side_to_move()));
            }
        }
        assert!(quiet > 0, "some positions are quiet");
        assert!(Sample::parse("nonsense").is_err());
        assert!(Sample::parse(&format!("{}\t2-0", positions[0])).is_err());
    }
}
