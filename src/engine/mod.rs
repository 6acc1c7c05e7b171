//! The rules engine: pure game logic, no I/O, no async, no Discord, no SQL.
//!
//! Each game lives in its own module with small `Copy` types for points, pieces and moves;
//! [`Game`] is the one interface the rest of the program uses for both.
//!
//! ```
//! use fibonacci_bot::engine::{Config, Game, GameKind, Side, Status};
//!
//! let mut game = Game::new(Config::default_for(GameKind::Fibonacci), 0);
//! // Red's first turn allows one unit move, so it passes the turn to Green.
//! game.play("b6-c6").expect("a legal opening move");
//! assert_eq!(game.side_to_move(), Side::Second);
//! assert_eq!(game.moves_left(), Some(2));
//! assert_eq!(game.status(), Status::Ongoing);
//! assert!(game.play("a1-a2").is_err(), "a1 is Red's piece, and it is Green's turn");
//! ```

pub mod fanorona;
pub mod fibonacci;
mod game;

pub use game::{
    Config, Game, GameKind, MoveError, Played, PositionError, Side, Status, UnknownGame, WinReason,
};
