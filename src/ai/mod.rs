//! The AI opponent: whole-turn search for both games, pure like [`crate::engine`] (no async, no
//! I/O, no threads) and deterministic for a given seed.
//!
//! - [`fibonacci_turn`]: a beam search over the unit moves of the turn (up to six, with
//!   exchanges and an early `end`), each candidate turn then checked against the opponent's best
//!   answer found by the same beam search (a two-turn minimax); at hard and expert, each of the
//!   opponent's best answers is then valued by our best turn after it (a three-turn minimax).
//! - [`fanorona_turn`]: alpha-beta over whole turns (capture chains, approach or withdrawal, the
//!   vela restrictions), iterative deepening on a hand-made evaluation, and at hard and expert
//!   exact values from retrograde endgame tables once four pieces or fewer are left
//!   ([`fanorona::endgame`]).
//! - [`review`]: a finished game's turns that lost the most by the same searches' judgement
//!   ([`judge`]), worked through one search at a time.
//!
//! Both spend a node budget fixed by the [`Level`], so the same seed gives the same turn on any
//! machine; a wall-clock cap ([`Limits::cap`]) is only a safety net against a pathological
//! position on a slow machine, and the budgets are sized to stay well inside it.
//!
//! ```
//! use fibonacci_bot::ai::{self, Level};
//! use fibonacci_bot::engine::fanorona;
//!
//! let game = fanorona::Game::new(fanorona::Options::default());
//! let turn = ai::fanorona_turn(&game, Level::Easy, 7).expect("the start position has moves");
//! let mut check = game.clone();
//! ai::fanorona::play_turn(&mut check, &turn).expect("the AI plays legal turns");
//! assert_eq!(check.turn(), 2);
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

pub mod baseline;
pub mod review;
mod rng;
pub mod strength;
pub mod texel;

pub use fanorona::{
    evaluate_fanorona, fanorona_turn, fanorona_turn_with, play_turn as play_fanorona_turn,
};
pub use fibonacci::{evaluate_fibonacci, fibonacci_turn, fibonacci_turn_with};
pub use review::Effort;
pub use rng::Rng;

/// The value of a won position on the scale of every game's evaluation (a lost one is its
/// negative): far beyond any sum of material or position, so a win is never traded for either.
pub const WIN: i32 = 1_000_000;

/// How strongly the AI plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    #[default]
    Medium,
    Hard,
    /// For correspondence games: up to ten seconds a turn (issue 36).
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The lower-case name used by commands, the CLI and the store.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The time a turn may take at this level on one core (issue 12): the wall-clock safety cap.
    pub fn time_budget(self) -> Duration {
        match self {
            Level::Easy => Duration::from_millis(100),
            Level::Medium => Duration::from_millis(500),
            Level::Hard => Duration::from_millis(2000),
            Level::Expert => Duration::from_millis(10_000),
        }
    }

    /// Where the level's search stops by the clock: 95% of [`Level::time_budget`]. The clock is
    /// read every few thousand nodes, and the turn's writing follows the search, so a search
    /// stopped at the budget itself ended up to 70 ms past it on a loaded machine (issue 36's
    /// bench: hard 2071 ms, expert 10047 ms).
    pub fn search_cap(self) -> Duration {
        self.time_budget() * 19 / 20
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A level name that is not one of `easy`, `medium`, `hard`, `expert`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: choose easy, medium, hard or expert")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            "expert" => Ok(Level::Expert),
            _ => Err(UnknownLevel(s.chars().take(40).collect())),
        }
    }
}

impl crate::engine::Codec for Level {
    const ALL: &'static [Level] = &Level::ALL;

    fn as_str(self) -> &'static str {
        Level::as_str(self)
    }
}

/// What the AI does for one game: each game's file here implements it for the game's engine
/// type, and [`turn`] and [`evaluate`] dispatch to it from the list of games.
pub trait Player {
    /// The AI's whole turn, in the notation `rules play` accepts, one move per item.
    fn ai_turn(&self, level: Level, seed: u64) -> Result<Vec<String>, AiError>;
    /// A quick judgement for the side to move: positive when it stands better.
    fn ai_evaluate(&self) -> i32;
    /// The whole turn the search prefers at `effort`, without the levels' random bonus, written
    /// as [`Player::ai_turn`] writes turns, with its value for the side to move: the judgement a
    /// [`review`] stands on (scale: [`review::UNIT`], [`WIN`]).
    fn ai_judge(&self, effort: Effort, seed: u64) -> Result<Judgement, AiError>;
    /// A whole turn played from this position, given as the canonical notations of its moves
    /// (`Played::notation`, `end` included), written as [`Player::ai_turn`] writes turns: so that
    /// a turn a player typed compares with the AI's. The default keeps the moves as they are,
    /// which is right wherever a turn is a list of moves ended by itself or by `end`.
    fn ai_write_turn(&self, moves: &[String]) -> Vec<String> {
        moves.to_vec()
    }
}

/// The turn a search prefers and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The whole turn, in the notation `rules play` accepts, one move per item.
    pub turn: Vec<String>,
    /// The position's value for the side to move, as far as the search saw (positive when it
    /// stands better; ±[`WIN`] for a game decided).
    pub value: i32,
}

macro_rules! ai_games {
    ($($(#[$attr:meta])* $kind:ident => $module:ident),+ $(,)?) => {
        $($(#[$attr])* pub mod $module;)+

        /// The AI's whole turn in any game, in the notation `rules play` accepts.
        pub fn turn(
            game: &crate::engine::Game,
            level: Level,
            seed: u64,
        ) -> Result<Vec<String>, AiError> {
            match game {
                $($(#[$attr])* crate::engine::Game::$kind(game) => game.ai_turn(level, seed)),+
            }
        }

        /// A quick judgement of any game for the side to move: positive when it stands better.
        pub fn evaluate(game: &crate::engine::Game) -> i32 {
            match game {
                $($(#[$attr])* crate::engine::Game::$kind(game) => game.ai_evaluate()),+
            }
        }

        /// The turn the search prefers in any game and the position's value
        /// ([`Player::ai_judge`]).
        pub fn judge(
            game: &crate::engine::Game,
            effort: Effort,
            seed: u64,
        ) -> Result<Judgement, AiError> {
            match game {
                $($(#[$attr])* crate::engine::Game::$kind(game) => game.ai_judge(effort, seed)),+
            }
        }

        /// A turn played in any game, written as the AI writes turns ([`Player::ai_write_turn`]).
        pub fn write_turn(game: &crate::engine::Game, moves: &[String]) -> Vec<String> {
            match game {
                $($(#[$attr])* crate::engine::Game::$kind(game) => game.ai_write_turn(moves)),+
            }
        }
    };
}

crate::with_games!(ai_games);

impl Player for crate::engine::fibonacci::Game {
    fn ai_turn(&self, level: Level, seed: u64) -> Result<Vec<String>, AiError> {
        fibonacci_turn(self, level, seed)
    }

    fn ai_evaluate(&self) -> i32 {
        evaluate_fibonacci(self)
    }

    fn ai_judge(&self, effort: Effort, seed: u64) -> Result<Judgement, AiError> {
        fibonacci::judge_with(self, &fibonacci::FibonacciSearch::for_review(effort), seed)
    }
}

impl Player for crate::engine::fanorona::Game {
    fn ai_turn(&self, level: Level, seed: u64) -> Result<Vec<String>, AiError> {
        fanorona_turn(self, level, seed)
    }

    fn ai_evaluate(&self) -> i32 {
        evaluate_fanorona(self)
    }

    fn ai_judge(&self, effort: Effort, seed: u64) -> Result<Judgement, AiError> {
        fanorona::judge_with(self, &fanorona::FanoronaSearch::for_review(effort), seed)
    }

    fn ai_write_turn(&self, moves: &[String]) -> Vec<String> {
        fanorona::write_turn(self, moves)
    }
}

/// Why the AI produced no turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AiError {
    /// The game is over: there is no turn to play.
    #[error("the game is over: there is no turn to play")]
    GameOver,
    /// A Fanorona capture chain is half played; the AI plays whole turns only.
    #[error("a capture chain is in progress: the AI plays whole turns from the start of a turn")]
    ChainInProgress,
    /// The turn the search chose was refused by the engine: a bug in the AI, never the user's.
    #[error("the AI chose a turn the rules refuse ({turn}): {reason}")]
    Refused { turn: String, reason: String },
}

/// How much one turn's search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Positions the search may generate and evaluate (the deterministic budget).
    pub nodes: u64,
    /// Wall-clock safety net: the search stops early when it is reached. `None` makes the turn
    /// depend on the seed alone.
    pub cap: Option<Duration>,
}

/// True once `cap` has passed since `start` (never when there is no cap).
fn past(start: std::time::Instant, cap: Option<Duration>) -> bool {
    cap.is_some_and(|c| start.elapsed() >= c)
}
