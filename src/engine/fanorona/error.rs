//! The refusals of a Fanorona move, as short facts: what was wrong, with the points involved.
//! What a player reads (and what to write instead) is worded in `words/fanorona.rs`, from the
//! game's Fluent file.

use super::board::{Point, PointError};
use super::{CaptureKind, Color, Step, join_points};

/// A refused move. Reading errors (the text is not a move) come first; the others are the
/// rules refusing a move that was read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a step or chain in the notation of docs/fanorona.md (the text, shortened).
    #[error("cannot read {0:?} as a step or a chain")]
    Syntax(String),
    /// A coordinate that is not on the board.
    #[error(transparent)]
    Point(#[from] PointError),
    /// More steps than any turn can have.
    #[error("a chain of {0} steps is longer than any possible turn")]
    TooLong(usize),
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The starting point is empty.
    #[error("no piece on {0}")]
    NoPiece(Point),
    /// The starting point holds the opponent's piece.
    #[error("the piece on {point} is {owner}'s, and it is {mover}'s turn")]
    NotYourPiece {
        point: Point,
        owner: Color,
        mover: Color,
    },
    /// The two points are not joined by a line.
    #[error("{from} and {to} are not neighbours on a line")]
    NotALine { from: Point, to: Point },
    /// The destination holds a piece.
    #[error("{0} is not empty")]
    Occupied(Point),
    /// The step captures both ways and no suffix says which.
    #[error(
        "{} captures both ways: approach takes {}, withdrawal takes {}",
        .step.plain(),
        join_points(.approach),
        join_points(.withdrawal)
    )]
    Ambiguous {
        step: Step,
        approach: Vec<Point>,
        withdrawal: Vec<Point>,
    },
    /// The suffix names a capture this step does not make.
    #[error("{} takes nothing by {}", .step.plain(), capture_word(.step))]
    NoSuchCapture { step: Step },
    /// Standard rules: a quiet step while a capture exists.
    #[error("a capture is compulsory, for example {example}")]
    MustCapture { example: String },
    /// Vela round: the first-round winner tried to capture while it has more than 5 pieces.
    #[error("vela round: {winner} captures nothing while it has more than 5 pieces ({step})")]
    VelaNoCapture { winner: Color, step: Step },
    /// A chain is in progress and another piece was moved.
    #[error("a capture chain is in progress at {at}")]
    ChainInProgress { at: Point },
    /// A chain step in the direction of the step before it.
    #[error("{step} goes in the same direction as the step before it")]
    SameDirection { step: Step },
    /// A chain step onto a point the piece already stood on this turn.
    #[error("the piece already stood on {0} this turn")]
    Revisit(Point),
    /// A chain step that captures nothing.
    #[error("{step} captures nothing, and a chain goes on only with captures")]
    ChainNeedsCapture { step: Step },
    /// Steps written after one that ended the turn.
    #[error("the turn ended after {after} ({})", .reason.as_str())]
    TurnOver { after: Step, reason: TurnOverReason },
    /// `end` with no chain in progress.
    #[error("no capture chain to end")]
    NothingToEnd,
}

/// Why the steps after `after` in a chain could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnOverReason {
    /// The step captured nothing.
    Quiet,
    /// Vela round: the first-round loser cannot chain yet.
    VelaSingle,
    /// No capturing continuation existed.
    NoContinuation,
    /// The step won the game.
    GameOver,
}

fn capture_word(step: &Step) -> &'static str {
    match step.capture {
        Some(CaptureKind::Approach) => "approach",
        _ => "withdrawal",
    }
}

impl TurnOverReason {
    /// The reason as a short fact.
    pub fn as_str(&self) -> &'static str {
        match self {
            TurnOverReason::Quiet => "it captured nothing",
            TurnOverReason::VelaSingle => "vela round: one capture per turn",
            TurnOverReason::NoContinuation => "no capture could follow",
            TurnOverReason::GameOver => "it won the game",
        }
    }
}
