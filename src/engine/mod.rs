//! The rules engine: pure game logic, no I/O, no async, no Discord, no SQL.
//!
//! Each game lives in its own module with small `Copy` types for points, pieces and moves;
//! [`Game`] is the one interface the rest of the program uses for both.

pub mod fanorona;
pub mod fibonacci;
mod game;

pub use game::{
    Config, Game, GameKind, MoveError, Played, PositionError, Side, Status, UnknownGame, WinReason,
};
