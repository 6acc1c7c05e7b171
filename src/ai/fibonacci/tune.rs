//! Texel tuning of the Fibonacci evaluation ([`crate::ai::texel`]): positions from self-play
//! games of the standard variant, each labelled with its game's result, and the weights
//! ([`eval::TUNED`]) that best predict those results.
//!
//! A sample is the position at the start of a turn, valued for the side that has just moved
//! (the evaluation's own question in the search: how good is the turn I end here, with the
//! opponent to move). Its features are both sides' attacks, each weighted by whether it
//! belongs to the side that moves next, and that side's allowance: what the hand-set values
//! ignore, and what decides a race to surround a centre.

use super::eval::{self, FEATURES, Side};
use super::{FibonacciSearch, fibonacci_turn_with};
use crate::ai::baseline;
use crate::ai::texel::{self, Outcome};
use crate::engine::Status;
use crate::engine::fibonacci::{Color, Game, Options, Position, Variant};

/// A labelled Fibonacci position: its features for the side that has just moved, and that
/// side's score.
pub type Sample = texel::Sample<FEATURES>;

/// How self-play games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// Both sides' search.
    pub search: FibonacciSearch,
    /// Turns played at random at the start of each game, so that games differ.
    pub random_turns: u32,
    /// Turns after which a game counts as drawn.
    pub cap: u32,
}

/// One self-play game of standard Fibonacci with seed `seed`: the position before each turn,
/// and the result.
pub fn self_play(play: &SelfPlay, seed: u64) -> (Vec<Position>, Outcome) {
    let mut game = Game::new(Options::default(), seed);
    let seen = texel::play_out(
        &mut game,
        play.cap,
        play.random_turns,
        seed,
        |g| g.status() == Status::Ongoing,
        |g| *g.position(),
        |g, random, seed| {
            let turn = if random {
                baseline::fibonacci_random(g, seed)
            } else {
                // The search refuses only a finished game, which is not played.
                fibonacci_turn_with(g, &play.search, seed).expect("an ongoing game has a turn")
            };
            for m in &turn {
                g.play_str(m).expect("the AI's turns are legal");
            }
        },
    );
    let result = match game.status() {
        Status::Won(side, _) if side == Color::Red.side() => Outcome::FirstWins,
        Status::Won(..) => Outcome::SecondWins,
        _ => Outcome::Draw,
    };
    (seen, result)
}

/// The sample of a data line `position<TAB>result`, `Ok(None)` for the first position (no side
/// has moved yet), or why the line is wrong.
pub fn parse_sample(line: &str) -> Result<Option<Sample>, String> {
    let (position, result) = line
        .split_once('\t')
        .ok_or("expected a position, a tab and a result (1-0, 0-1 or 1/2-1/2)")?;
    let result = Outcome::parse(result)?;
    let game = Game::from_position(Options::default(), 0, position.trim())
        .map_err(|e| format!("bad position: {e}"))?;
    if game.status() != Status::Ongoing {
        return Err("the position is over: self-play writes positions before a turn".into());
    }
    let position = game.position();
    if position.turn() <= 1 {
        return Ok(None);
    }
    let mover = position.side_to_move().other();
    let mine = Side::of(position, mover, Variant::Standard);
    let theirs = Side::of(position, mover.other(), Variant::Standard);
    Ok(Some(Sample {
        fixed: 0,
        features: eval::features(position, mover, mine, theirs),
        score: result.score_for(mover == Color::Red),
    }))
}

/// Fits the weights to `samples` from `start` in `iterations` gradient steps, and rounds them.
pub fn fit(samples: &[Sample], start: &[i32; FEATURES], iterations: u32) -> texel::Fit<FEATURES> {
    texel::fit(samples, start, iterations, 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    #[test]
    fn self_play_lines_parse_back_to_samples_for_the_side_that_moved() {
        let play = SelfPlay {
            search: FibonacciSearch::for_level(Level::Easy),
            random_turns: 2,
            cap: 40,
        };
        let (positions, result) = self_play(&play, 5);
        assert!(positions.len() > 2);
        let mut samples = 0;
        for p in &positions {
            let line = format!("{p}\t{}", result.as_str());
            let parsed = parse_sample(&line).expect("a line self-play writes parses");
            if p.turn() == 1 {
                assert_eq!(parsed, None);
                continue;
            }
            let s = parsed.expect("a sample");
            samples += 1;
            assert_eq!(s.score, result.score_for(p.side_to_move() == Color::Green));
            // The hand-set weights value it as the hand-set evaluation does.
            let hand: i32 = s.features.iter().zip(&eval::HAND).map(|(f, w)| f * w).sum();
            let mover = p.side_to_move().other();
            assert_eq!(hand, eval::value_for(eval::Weights::Hand, p, mover, Variant::Standard));
        }
        assert!(samples > 0);
        assert!(parse_sample("nonsense").is_err());
        assert!(parse_sample(&format!("{}\t2-0", positions[0])).is_err());
    }
}
