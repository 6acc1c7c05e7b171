//! Fibonacci (Thomas Naylor, 1990): `RULES.md` section 1.
//!
//! CONTRACT (kept by every layer above): the public names and signatures in this file are used by
//! `engine::game`, the renderer, the service and the CLI. The bodies are the engine's to write;
//! more public items may be added, none of these removed or renamed without updating the callers.

use std::fmt;
use std::str::FromStr;

use crate::engine::{Side, Status};

/// A point of the 91-point board (index 0..91, row by row from a1 to k11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// Number of points on the board.
    pub const COUNT: usize = 91;

    /// The point at row index `row` (a=0 … k=10) and number `number` (1…11), if on the board.
    pub fn new(row: u8, number: u8) -> Option<Cell> {
        todo!("{row} {number}")
    }

    /// The point with this index (0..91).
    pub fn from_index(index: usize) -> Option<Cell> {
        todo!("{index}")
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Row index, a=0 … k=10.
    pub fn row(self) -> u8 {
        todo!()
    }

    /// Number within the row, 1…11.
    pub fn number(self) -> u8 {
        todo!()
    }

    /// All 91 points, a1 first, k11 last.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..Cell::COUNT as u8).map(Cell)
    }

    /// The neighbours of this point that are on the board (2 to 6 of them).
    pub fn neighbors(self) -> impl Iterator<Item = Cell> {
        let _ = self;
        std::iter::empty()
    }
}

/// A coordinate that could not be read (`a1x`, `z9`, `f12`, `a7`, empty, …).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    #[error("placeholder")]
    Placeholder,
}

impl FromStr for Cell {
    type Err = CellError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        todo!("{s}")
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = f;
        todo!()
    }
}

/// Red moves first and starts at the bottom (row a); Green at the top (row k).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Red,
    Green,
}

impl Color {
    /// The game-agnostic side: Red is `First`.
    pub fn side(self) -> Side {
        match self {
            Color::Red => Side::First,
            Color::Green => Side::Second,
        }
    }
}

/// The three kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Centre,
    Strike,
    Support,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

/// The variant: allowance by the 1-2-3-4-5-6 opening (standard) or by cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    #[default]
    Standard,
    Cards,
}

/// What counts as a group (RULES.md 1.4.2, an interpretation kept as an option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GroupRule {
    /// Pieces of the same colour and category (the French and German rules).
    #[default]
    SameCategory,
    /// Any friendly pieces (the English summary).
    AnyFriendly,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub variant: Variant,
    pub group: GroupRule,
}

/// A unit move `from-to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitMove {
    pub from: Cell,
    pub to: Cell,
}

impl fmt::Display for UnitMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// The board, the side to move, the moves left in the turn and the turn number: exactly what
/// the position string of RULES.md 1.7 holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    // internal representation is the engine's choice
    _private: (),
}

impl Position {
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        todo!("{cell}")
    }
    pub fn side_to_move(&self) -> Color {
        todo!()
    }
    pub fn moves_left(&self) -> u8 {
        todo!()
    }
    pub fn turn(&self) -> u32 {
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

/// A refused move, worded for the player ("f4 is not your piece", "centres cannot move", …).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("placeholder")]
    Placeholder,
}

/// What an accepted unit move (or an early end of turn) did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The unit move, or `None` for an early end of turn.
    pub unit: Option<UnitMove>,
    /// The piece that moved, and the piece it exchanged with (which went to `from`), if any.
    pub moved: Option<Piece>,
    pub exchanged: Option<Piece>,
    /// Turns skipped automatically after this move because their allowance was 0
    /// (recorded in the move log), as (turn number, colour).
    pub skipped: Vec<(u32, Color)>,
    /// True when this move ended the turn (allowance used up, `end`, or the game ended).
    pub turn_ended: bool,
}

impl Played {
    /// Canonical notation: `g9-f9`, or `end`.
    pub fn notation(&self) -> String {
        match self.unit {
            Some(m) => m.to_string(),
            None => "end".to_string(),
        }
    }
}

/// A game: options, position, and the cards variant's decks (drawn from the seed).
#[derive(Clone, Debug)]
pub struct Game {
    _private: (),
}

impl Game {
    /// The start position of RULES.md 1.2 with Red to move, turn 1.
    pub fn new(options: Options, seed: u64) -> Game {
        todo!("{options:?} {seed}")
    }

    /// A game from a position string; in the cards variant the moves-left field is the current
    /// turn's allowance and later cards come from `seed`.
    pub fn from_position(
        options: Options,
        seed: u64,
        position: &str,
    ) -> Result<Game, PositionError> {
        todo!("{options:?} {seed} {position}")
    }

    pub fn options(&self) -> Options {
        todo!()
    }

    pub fn position(&self) -> &Position {
        todo!()
    }

    pub fn status(&self) -> Status {
        todo!()
    }

    /// The card revealed for the current turn (cards variant), else `None`.
    pub fn card(&self) -> Option<u8> {
        todo!()
    }

    /// Every legal unit move of the side to move (empty when the game is over).
    pub fn legal_moves(&self) -> Vec<UnitMove> {
        todo!()
    }

    /// The legal destinations of the piece on `from` (for highlighting).
    pub fn legal_destinations(&self, from: Cell) -> Vec<Cell> {
        todo!("{from}")
    }

    /// Plays a unit move; on error the game is unchanged.
    pub fn play(&mut self, m: UnitMove) -> Result<Played, MoveError> {
        todo!("{m}")
    }

    /// Parses (`g9-f9`, `G9F9`, …) and plays a unit move.
    pub fn play_str(&mut self, notation: &str) -> Result<Played, MoveError> {
        todo!("{notation}")
    }

    /// Ends the current turn early (allowed after any number of unit moves, including none).
    pub fn end_turn(&mut self) -> Result<Played, MoveError> {
        todo!()
    }
}
