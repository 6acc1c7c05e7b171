//! Fanorona: `RULES.md` section 2, with the escale and standard rule sets and the vela round.
//!
//! CONTRACT (kept by every layer above): the public names and signatures in this module are used
//! by `engine::game`, the renderer, the service and the CLI. The bodies are the engine's to write;
//! more public items may be added, none of these removed or renamed without updating the callers.
//!
//! Layout: [`board`] (points, lines, precomputed tables), [`position`] (pieces as two bit boards
//! and the position string), `movegen` (steps, captures, whole-turn generation), `notation`
//! (reading what players type) and `game` (turns, chains in progress, refusals).

pub mod board;
mod game;
mod movegen;
mod notation;
pub mod position;

use std::fmt;

use crate::engine::Side;

pub use board::{Dir, Point, PointError};
pub use game::{Game, MoveError, Played, TurnOverReason};
pub use movegen::{count_turns, perft};
pub use position::{Position, PositionError};

/// White moves first and starts on rows 1–2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The game-agnostic side: White is `First`.
    pub fn side(self) -> Side {
        match self {
            Color::White => Side::First,
            Color::Black => Side::Second,
        }
    }

    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// Capture compulsory or not (RULES.md 2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// The source's rule: capturing is optional, but a step that reaches a capturing position
    /// must capture.
    #[default]
    Escale,
    /// Capture compulsory whenever one is available.
    Standard,
}

/// The rules chosen when a game is created.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Escale (capture optional) or standard (capture compulsory).
    pub rules: RuleSet,
    /// `Some(winner)` for a vela second round: the colour that won the first round
    /// (the loser, `winner`'s opponent, moves first). RULES.md 2.3.
    pub vela: Option<Color>,
}

/// Approach (`+`) or withdrawal (`-`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureKind {
    /// The mover steps towards the line it captures (the point beyond its destination).
    Approach = 0,
    /// The mover steps away from the line it captures (the point behind its origin).
    Withdrawal = 1,
}

/// One step, with the capture it makes if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Where the piece starts.
    pub from: Point,
    /// The neighbouring empty point it moves to.
    pub to: Point,
    /// The capture it makes, `None` for a step that captures nothing.
    pub capture: Option<CaptureKind>,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)?;
        match self.capture {
            Some(CaptureKind::Approach) => f.write_str("+"),
            Some(CaptureKind::Withdrawal) => f.write_str("-"),
            None => Ok(()),
        }
    }
}
