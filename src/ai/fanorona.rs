//! Fanorona: alpha-beta over whole turns.
//!
//! A Fanorona turn is one step or one capture chain, so whole turns are few (tens, rarely a few
//! hundred) and a turn-level alpha-beta searches several turns deep inside the budgets. The
//! evaluation is material first (the game is won by capturing everything), with small terms for
//! strong points and, when ahead, for closing in on the remaining enemy pieces so that a won
//! ending is actually converted.
//!
//! The turns come from the engine's own generator ([`for_each_turn`]), and every chosen turn is
//! replayed through [`Game::play_str`] before it is returned.
//!
//! Layout: this file holds the levels' settings and the entry points; `search` the alpha-beta
//! over whole turns (with killer and history ordering for hard, expert and the full review);
//! [`eval`] the static evaluation and its weights; [`tune`] their Texel tuning (the `selfplay`
//! and `tune` commands); [`endgame`] the exact tables of the positions
//! with few pieces, which hard, expert and the reviews search into. (An experimental search with a
//! transposition table, faster to a given depth but not stronger at hard's budget in the strength
//! bench, was played by no level and was removed; see the notes on issues 36 and 57.)
//!
//! [`for_each_turn`]: crate::engine::fanorona::for_each_turn

pub mod endgame;
pub mod eval;
mod search;
pub mod tune;

use super::{AiError, Effort, Judgement, Level, Limits};
use crate::engine::Status;
use crate::engine::fanorona::{Game, Step};
use search::{Searcher, best_turn};
pub use search::SearchStats;

/// Score of a won position (minus the plies it takes, so quicker wins score higher).
const WIN: i32 = super::WIN;

/// How a Fanorona turn is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FanoronaSearch {
    pub limits: Limits,
    /// Deepest iteration of the iterative deepening, in whole turns.
    pub max_depth: u32,
    /// Capture-only turns searched beyond the horizon (0 = none).
    pub quiescence: u32,
    /// Each root turn gets a random bonus in `0..noise` (one piece is 100): variety between
    /// games, and the weakness of the easy level.
    pub noise: i32,
    /// The node budget when few pieces are left (at most 12 on the board, both sides), when
    /// larger than `limits.nodes`: the endgame is where games are decided.
    pub endgame_nodes: u64,
    /// The most pieces of the exact endgame tables the search plays with ([`endgame`]), 0 for
    /// none.
    pub endgames: u32,
    /// Killer and history move ordering in the levels' search: among turns that capture
    /// equally much, the turns that last cut the search off at the same ply, then the
    /// origin-destination pairs that cut it off most, are searched first.
    pub ordering: bool,
    /// The weights of the static evaluation ([`eval`]).
    pub weights: &'static eval::Weights,
}

impl FanoronaSearch {
    /// The settings of a level. The node budgets stay under the level's time budget with a wide
    /// margin on the machine the benchmark ran on (see the note on issue 12 for the numbers).
    pub fn for_level(level: Level) -> FanoronaSearch {
        let cap = Some(level.search_cap());
        match level {
            Level::Easy => FanoronaSearch {
                limits: Limits { nodes: 3_000, cap },
                max_depth: 2,
                quiescence: 0,
                noise: 120,
                endgame_nodes: 0,
                endgames: 0,
                ordering: false,
                weights: &eval::HAND,
            },
            Level::Medium => FanoronaSearch {
                limits: Limits {
                    nodes: 150_000,
                    cap,
                },
                max_depth: 6,
                quiescence: 2,
                noise: 8,
                endgame_nodes: 0,
                endgames: 0,
                ordering: false,
                weights: &eval::HAND,
            },
            // The search of issue 12 (kept as the bench's `baseline`) with the endgame tables,
            // twice its budget with 12 pieces or fewer and a deeper last iteration (endings
            // were played in a fifth of a second and lost).
            Level::Hard => FanoronaSearch {
                limits: Limits {
                    nodes: 1_000_000,
                    cap,
                },
                max_depth: 20,
                quiescence: 4,
                noise: 3,
                endgame_nodes: 2_000_000,
                endgames: endgame::PLAYED_PIECES,
                ordering: true,
                weights: &eval::HAND,
            },
            // Hard's search with four times its budget, a deeper last iteration (so that an
            // ending with few turns is searched to the end of the budget), eight times its
            // budget with 12 pieces or fewer, and a larger random bonus for variety.
            Level::Expert => FanoronaSearch {
                limits: Limits {
                    nodes: 4_000_000,
                    cap,
                },
                max_depth: 24,
                quiescence: 6,
                noise: 6,
                endgame_nodes: 8_000_000,
                endgames: endgame::PLAYED_PIECES,
                ordering: true,
                weights: &eval::HAND,
            },
        }
    }

    /// Hard as it played before the endgame tables (issue 36): the strength bench's `baseline`
    /// player, the yardstick of a new hard.
    pub fn baseline_hard() -> FanoronaSearch {
        FanoronaSearch {
            limits: Limits {
                nodes: 1_000_000,
                cap: Some(Level::Hard.time_budget()),
            },
            max_depth: 12,
            quiescence: 4,
            noise: 3,
            endgame_nodes: 0,
            endgames: 0,
            ordering: false,
            weights: &eval::HAND,
        }
    }

    /// The settings of a review's searches ([`crate::ai::review`]): no random bonus, since a
    /// review wants the search's own judgement; no wall-clock cap, so that a review depends on
    /// its seed alone.
    ///
    /// [`Effort::Full`] searches beyond medium, with under a third of hard's budget: a review
    /// searches about twice per turn. Reviews of five 60-turn games between easy AIs took a
    /// median of 8.0 s and at most 9.6 s of CPU, at most 0.17 s a step, in the release build on
    /// a shared two-core machine (`benches/review.rs`); 400 000 nodes took 12.7 s and 15.1 s,
    /// too near the 30 s target for a slower machine.
    /// [`Effort::Quick`] is a tiny budget for tests.
    pub fn for_review(effort: Effort) -> FanoronaSearch {
        match effort {
            Effort::Full => FanoronaSearch {
                limits: Limits {
                    nodes: 300_000,
                    cap: None,
                },
                max_depth: 8,
                quiescence: 3,
                noise: 0,
                endgame_nodes: 0,
                endgames: endgame::PLAYED_PIECES,
                ordering: true,
                weights: &eval::HAND,
            },
            Effort::Quick => FanoronaSearch {
                limits: Limits {
                    nodes: 1_500,
                    cap: None,
                },
                max_depth: 2,
                quiescence: 1,
                noise: 0,
                endgame_nodes: 0,
                endgames: 0,
                ordering: false,
                weights: &eval::HAND,
            },
        }
    }
}

/// The AI's whole turn at `level`, as the strings [`Game::play_str`] (and `rules play`) accept, in
/// order: the step or chain, then `end` when a single capturing step stops short of a possible
/// chain.
pub fn fanorona_turn(game: &Game, level: Level, seed: u64) -> Result<Vec<String>, AiError> {
    fanorona_turn_with(game, &FanoronaSearch::for_level(level), seed)
}

/// [`fanorona_turn`] with explicit settings.
pub fn fanorona_turn_with(
    game: &Game,
    search: &FanoronaSearch,
    seed: u64,
) -> Result<Vec<String>, AiError> {
    choose(game, search, seed, false, best_turn).map(|j| j.turn)
}

/// What the levels' search does for one turn: the deepest iteration it completes and the
/// nodes it spends (none for a forced turn). For the strength bench.
pub fn search_stats_with(game: &Game, search: &FanoronaSearch, seed: u64) -> Option<SearchStats> {
    search::searched(game.options(), game.position(), search, seed, false).map(|r| r.2)
}

/// The turn [`fanorona_turn_with`] plays with the value the search gave it, in hundredths of a
/// piece for the side to move (a position with one turn only is searched too, for its value).
pub fn judge_with(game: &Game, search: &FanoronaSearch, seed: u64) -> Result<Judgement, AiError> {
    choose(game, search, seed, true, best_turn)
}

/// A search from the root: the steps of its turn and their value.
type Find = fn(
    crate::engine::fanorona::Options,
    &crate::engine::fanorona::Position,
    &FanoronaSearch,
    u64,
    bool,
) -> Option<(Vec<Step>, i32)>;

/// The chosen turn, written as [`fanorona_turn`] returns it, and its value when `value` is
/// asked for (else 0 for a forced turn).
fn choose(
    game: &Game,
    search: &FanoronaSearch,
    seed: u64,
    value: bool,
    find: Find,
) -> Result<Judgement, AiError> {
    if game.status() != Status::Ongoing {
        return Err(AiError::GameOver);
    }
    if game.chain_in_progress() {
        return Err(AiError::ChainInProgress);
    }
    let (steps, value) = find(game.options(), game.position(), search, seed, value)
        .ok_or(AiError::GameOver)?;
    let chain = steps
        .iter()
        .map(Step::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let mut check = game.clone();
    let refused = |reason: String| AiError::Refused {
        turn: chain.clone(),
        reason,
    };
    check.play_str(&chain).map_err(|e| refused(e.to_string()))?;
    let mut turn = vec![chain.clone()];
    if check.chain_in_progress() {
        check.end_turn().map_err(|e| refused(e.to_string()))?;
        turn.push("end".to_string());
    }
    Ok(Judgement { turn, value })
}

/// A whole turn given as the canonical notations of its moves (steps or chains, and `end`),
/// written as [`fanorona_turn`] writes turns: every step in one chain, then `end` when that
/// chain is a single capturing step that could go on (a chain of two steps or more ends the
/// turn by itself). A turn the rules refuse is returned as given.
pub fn write_turn(game: &Game, moves: &[String]) -> Vec<String> {
    let chain = moves
        .iter()
        .filter(|m| !m.trim().eq_ignore_ascii_case("end"))
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(",");
    let mut check = game.clone();
    if chain.is_empty() || check.play_str(&chain).is_err() {
        return moves.to_vec();
    }
    let mut turn = vec![chain];
    if check.chain_in_progress() {
        turn.push("end".to_string());
    }
    turn
}

/// Plays a turn as [`fanorona_turn`] returns it (`end` stops a chain in progress, as in
/// `rules play`); on error the game may hold the steps before the refused one.
pub fn play_turn(
    game: &mut Game,
    turn: &[String],
) -> Result<(), crate::engine::fanorona::MoveError> {
    for m in turn {
        if m.trim().eq_ignore_ascii_case("end") {
            game.end_turn()?;
        } else {
            game.play_str(m)?;
        }
    }
    Ok(())
}

/// A quick judgement of the position for the side to move, in hundredths of a piece: positive
/// when it stands better (one piece up is about +100); ±1 000 000 for a finished game. Cheap
/// enough to call on every draw offer.
pub fn evaluate_fanorona(game: &Game) -> i32 {
    match game.status() {
        Status::Ongoing => {}
        Status::Draw => return 0,
        Status::Won(side, _) => {
            return if side == game.position().side_to_move().side() {
                WIN
            } else {
                -WIN
            };
        }
    }
    let mut s = Searcher::new(
        game.options(),
        Limits {
            nodes: 20_000,
            cap: None,
        },
    );
    s.quiesce(game.position(), 0, 3, -WIN - 1, WIN + 1)
}

#[cfg(test)]
mod search_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fanorona::{Color, Options};

    #[test]
    fn takes_the_whole_chain_when_it_wins_everything() {
        // d1 takes d3, then f2 g2, then e4 e5, then c3: every black piece (engine test CHAIN).
        let game = Game::from_position(
            Options::default(),
            "...W...../.....BB../..BB...../....B..../....B.... w",
        )
        .expect("valid");
        for level in Level::ALL {
            let turn = fanorona_turn(&game, level, 1).expect("a turn");
            let mut g = game.clone();
            play_turn(&mut g, &turn).expect("legal");
            assert_eq!(g.position().count(Color::Black), 0, "{level}: {turn:?}");
        }
    }

    #[test]
    fn finished_game_and_half_played_chain_are_refused() {
        let over = Game::from_position(
            Options::default(),
            "W......../........./........./........./......... b",
        )
        .expect("valid");
        assert_eq!(fanorona_turn(&over, Level::Easy, 0), Err(AiError::GameOver));
        let mut g = Game::from_position(
            Options::default(),
            "...W...../.....BB../..BB...../....B..../....B.... w",
        )
        .expect("valid");
        g.play_str("d1-d2+").expect("first capture of the chain");
        assert!(g.chain_in_progress());
        assert_eq!(
            fanorona_turn(&g, Level::Easy, 0),
            Err(AiError::ChainInProgress)
        );
    }

    #[test]
    fn same_seed_same_turn() {
        let game = Game::new(Options::default());
        let a = fanorona_turn(&game, Level::Medium, 9).expect("turn");
        let b = fanorona_turn(&game, Level::Medium, 9).expect("turn");
        assert_eq!(a, b);
    }

    #[test]
    fn evaluation_counts_material_for_the_side_to_move() {
        let up = Game::from_position(
            Options::default(),
            "WW......./........./........./........./........B w",
        )
        .expect("valid");
        assert!(evaluate_fanorona(&up) > 50);
        let down = Game::from_position(
            Options::default(),
            "WW......./........./........./........./........B b",
        )
        .expect("valid");
        assert!(evaluate_fanorona(&down) < -50);
    }
}
