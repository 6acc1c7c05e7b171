//! Fanorona: `RULES.md` section 2, with the escale and standard rule sets and the vela round.
//!
//! CONTRACT (kept by every layer above): the public names and signatures in this file are used by
//! `engine::game`, the renderer, the service and the CLI. The bodies are the engine's to write;
//! more public items may be added, none of these removed or renamed without updating the callers.

use std::fmt;
use std::str::FromStr;

use crate::engine::{Side, Status};

/// A point of the 9×5 board: column a–i (0–8), row 1–5 (0–4); index = row * 9 + column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    pub const COUNT: usize = 45;

    /// The point at column 0..9 and row 0..5, if on the board.
    pub fn new(col: u8, row: u8) -> Option<Point> {
        (col < 9 && row < 5).then_some(Point(row * 9 + col))
    }

    pub fn from_index(index: usize) -> Option<Point> {
        (index < Point::COUNT).then_some(Point(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, a=0 … i=8.
    pub fn col(self) -> u8 {
        self.0 % 9
    }

    /// Row, 1=0 … 5=4.
    pub fn row(self) -> u8 {
        self.0 / 9
    }

    /// Strong points (column + row even) have diagonal lines.
    pub fn is_strong(self) -> bool {
        (self.col() + self.row()).is_multiple_of(2)
    }

    /// All 45 points, a1 first, i5 last.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..Point::COUNT as u8).map(Point)
    }

    /// The points joined to this one by a line.
    pub fn neighbors(self) -> impl Iterator<Item = Point> {
        let _ = self;
        std::iter::empty()
    }
}

/// A coordinate that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointError {
    #[error("placeholder")]
    Placeholder,
}

impl FromStr for Point {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        todo!("{s}")
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub rules: RuleSet,
    /// `Some(winner)` for a vela second round: the colour that won the first round
    /// (the loser, `winner`'s opponent, moves first). RULES.md 2.3.
    pub vela: Option<Color>,
}

/// Approach (`+`) or withdrawal (`-`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureKind {
    Approach,
    Withdrawal,
}

/// One step, with the capture it makes if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: Point,
    pub to: Point,
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

/// The pieces and the side to move: exactly what the position string of RULES.md 2.4 holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    _private: (),
}

impl Position {
    pub fn piece_at(&self, point: Point) -> Option<Color> {
        todo!("{point}")
    }
    pub fn side_to_move(&self) -> Color {
        todo!()
    }
}

/// A position string that could not be read: says what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("placeholder")]
    Placeholder,
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        todo!("{s}")
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = f;
        todo!()
    }
}

/// A refused move, worded for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("placeholder")]
    Placeholder,
}

/// What an accepted step, chain or stop did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The steps played (empty for a stop), each with the points it captured.
    pub steps: Vec<(Step, Vec<Point>)>,
    /// True when the turn passed to the opponent (or the game ended).
    pub turn_ended: bool,
}

impl Played {
    /// Canonical notation: steps joined by commas (`d2-d3+,d3-c4-`), or `end` for a stop.
    pub fn notation(&self) -> String {
        if self.steps.is_empty() {
            return "end".to_string();
        }
        self.steps
            .iter()
            .map(|(s, _)| s.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// A game: options, position, turn number and the chain in progress if any.
#[derive(Clone, Debug)]
pub struct Game {
    _private: (),
}

impl Game {
    pub fn new(options: Options) -> Game {
        todo!("{options:?}")
    }

    pub fn from_position(options: Options, position: &str) -> Result<Game, PositionError> {
        todo!("{options:?} {position}")
    }

    pub fn options(&self) -> Options {
        todo!()
    }

    pub fn position(&self) -> &Position {
        todo!()
    }

    /// Turn number from 1 (each player's turn counts one).
    pub fn turn(&self) -> u32 {
        todo!()
    }

    pub fn status(&self) -> Status {
        todo!()
    }

    pub fn chain_in_progress(&self) -> bool {
        todo!()
    }

    /// Every legal whole turn as RULES.md section 3 prints them (each chain prefix its own turn,
    /// capture suffix always present), unsorted. While a chain is in progress, the possible
    /// continuations.
    pub fn legal_turns(&self) -> Vec<String> {
        todo!()
    }

    /// Parses and plays a step or a whole chain (`d2-d3+,d3-c4-`); on error the game is unchanged.
    pub fn play_str(&mut self, notation: &str) -> Result<Played, MoveError> {
        todo!("{notation}")
    }

    /// Stops the chain in progress.
    pub fn end_turn(&mut self) -> Result<Played, MoveError> {
        todo!()
    }
}
