//! The refusals of a Fanorona move, each worded for the player: what was wrong and what to write
//! instead.

use super::board::{Point, PointError};
use super::{CaptureKind, Color, Step, join_points};

/// A refused move, worded for the player: what was wrong and what to write instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a step or chain in the notation of RULES.md 2.4 (the text, shortened).
    #[error("{}", syntax(.0))]
    Syntax(String),
    /// A coordinate that is not on the board.
    #[error(transparent)]
    Point(#[from] PointError),
    /// More steps than any turn can have.
    #[error("a chain of {0} steps is longer than any possible turn")]
    TooLong(usize),
    /// The game has ended.
    #[error("the game is over: no more moves can be played")]
    GameOver,
    /// The starting point is empty.
    #[error("there is no piece on {0}: choose one of your own pieces")]
    NoPiece(Point),
    /// The starting point holds the opponent's piece.
    #[error("the piece on {point} is {owner}'s: it is {mover}'s turn")]
    NotYourPiece {
        point: Point,
        owner: Color,
        mover: Color,
    },
    /// The two points are not joined by a line.
    #[error(
        "{from} and {to} are not neighbours on a line: a piece steps to the next point along a line"
    )]
    NotALine { from: Point, to: Point },
    /// The destination holds a piece.
    #[error("{0} is not empty: a piece can only step to an empty point")]
    Occupied(Point),
    /// The step captures both ways and no suffix says which.
    #[error("{}", ambiguous(.step, .approach, .withdrawal))]
    Ambiguous {
        step: Step,
        approach: Vec<Point>,
        withdrawal: Vec<Point>,
    },
    /// The suffix names a capture this step does not make.
    #[error("{}", no_such_capture(.step))]
    NoSuchCapture { step: Step },
    /// Standard rules: a quiet step while a capture exists.
    #[error("a capture is compulsory under the standard rules: for example {example}")]
    MustCapture { example: String },
    /// Vela round: the first-round winner tried to capture while it has more than 5 pieces.
    #[error(
        "in this vela round {winner}, winner of the first round, captures nothing while it has more \
         than 5 pieces: write {step} without + or -"
    )]
    VelaNoCapture { winner: Color, step: Step },
    /// A chain is in progress and another piece was moved.
    #[error("a capture chain is in progress: move the piece on {at} again, or end the turn")]
    ChainInProgress { at: Point },
    /// A chain step in the direction of the step before it.
    #[error(
        "{step} goes in the same direction as the step before it: a chain must change direction"
    )]
    SameDirection { step: Step },
    /// A chain step onto a point the piece already stood on this turn.
    #[error("the piece already stood on {0} during this turn: a chain cannot return to it")]
    Revisit(Point),
    /// A chain step that captures nothing.
    #[error("{step} captures nothing: a chain goes on only with captures (or end the turn)")]
    ChainNeedsCapture { step: Step },
    /// Steps written after one that ended the turn.
    #[error("{}", turn_over(.after, .reason))]
    TurnOver { after: Step, reason: TurnOverReason },
    /// `end` with no chain in progress.
    #[error("there is no capture chain to end: play a step")]
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

fn syntax(text: &str) -> String {
    let what = if text.is_empty() {
        "a step is missing".to_string()
    } else {
        format!("cannot read \"{text}\"")
    };
    format!(
        "{what}: write a step as from-to (d2-d3), add + for approach or - for withdrawal when a \
         step could capture both ways, and join the steps of a chain with commas (d2-d3+,d3-c4-)"
    )
}

fn ambiguous(step: &Step, approach: &[Point], withdrawal: &[Point]) -> String {
    let plain = step.plain();
    format!(
        "{plain} captures both ways: write {plain}+ (approach, takes {}) or {plain}- (withdrawal, \
         takes {})",
        join_points(approach),
        join_points(withdrawal)
    )
}

fn no_such_capture(step: &Step) -> String {
    let plain = step.plain();
    match step.capture {
        Some(CaptureKind::Approach) => {
            format!("{plain} takes nothing by approach: drop the + or write {plain}-")
        }
        _ => format!("{plain} takes nothing by withdrawal: drop the - or write {plain}+"),
    }
}

fn turn_over(after: &Step, reason: &TurnOverReason) -> String {
    match reason {
        TurnOverReason::Quiet => {
            format!(
                "{after} captures nothing, so the turn ends there: only a capture can be followed by another step"
            )
        }
        TurnOverReason::VelaSingle => format!(
            "the turn ends after {after}: in this vela round you capture one piece per turn and \
             cannot chain while your opponent has more than 5 pieces"
        ),
        TurnOverReason::NoContinuation => {
            format!("no capture can follow {after}, so the turn ends there")
        }
        TurnOverReason::GameOver => format!("{after} wins the game: nothing can follow it"),
    }
}
