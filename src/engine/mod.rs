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

mod game;
mod rules;
mod side;
mod turns;

/// The list of games: calls `$callback! { #[attributes] Kind => module, … }`, where `module`
/// names the game's own files in each layer: its folder or file under `src/engine/`, and its
/// file under `src/render/`, `src/ai/` and `src/words/`, and `assets/locales/<lang>/games/`.
/// Every per-game `match` in the program, and each layer's `mod` line for the game, is generated
/// from this list; an entry's attributes (such as a `#[cfg(feature = …)]`) go with it everywhere.
#[macro_export]
macro_rules! with_games {
    ($callback:ident) => {
        $callback! {
            Fibonacci => fibonacci,
            Fanorona => fanorona,
            #[cfg(feature = "third-game")] TicTacToe => tictactoe,
        }
    };
}

/// Each game's folder (or file) of rules.
macro_rules! game_modules {
    ($($(#[$attr:meta])* $kind:ident => $module:ident),+ $(,)?) => {
        $($(#[$attr])* pub mod $module;)+
    };
}

crate::with_games!(game_modules);

pub use game::{
    Config, ConfigError, Game, GameKind, MoveError, Played, PositionError, UnknownGame,
};
pub use rules::{
    Codec, GameOptions, NoSecondRound, OptionError, OptionSpec, PlayedMove, RefusedMove, Rules,
    UnknownWord, option_value, unknown_key,
};
pub use side::{Side, Status, WinReason};
pub use turns::{RefusedAt, Turn, turns};
