//! The rules engine: pure game logic, no I/O, no async, no Discord, no SQL.
//!
//! Each game lives in its own module with small `Copy` types for points, pieces and moves, and
//! implements [`Rules`]; [`Game`] is the one interface the rest of the program uses for all of
//! them. A new game is its own folder here plus one line in [`with_games!`](crate::with_games).
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
mod rules;

/// The list of games: calls `$callback! { Kind => module, … }`, where `module` names the game's
/// folder under `src/engine/` (and its file under `src/render/`). Every per-game `match` in the
/// program is generated from this list.
#[macro_export]
macro_rules! with_games {
    ($callback:ident) => {
        $callback! {
            Fibonacci => fibonacci,
            Fanorona => fanorona,
        }
    };
}

pub use game::{
    Config, ConfigError, Game, GameKind, MoveError, Played, PositionError, Side, Status,
    UnknownGame, WinReason,
};
pub use rules::{
    Codec, GameOptions, OptionError, OptionSpec, PlayedMove, RefusedMove, Rules, UnknownWord,
    option_value, unknown_key,
};
