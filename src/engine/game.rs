//! The game-agnostic face of the engine.
//!
//! Everything outside `engine` (the renderer aside, which draws each board in its own way) talks to
//! a game through [`Game`]: start it, play moves written in the notation of `RULES.md`, ask whose
//! turn it is and whether it is over. Moves cross this boundary as text because that is what
//! players type and what the move log stores; each game parses them into its own small types.

use std::fmt;
use std::str::FromStr;

use super::{fanorona, fibonacci};

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Fibonacci,
    Fanorona,
}

impl GameKind {
    /// The lower-case name used in commands, the CLI and the database.
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Fibonacci => "fibonacci",
            GameKind::Fanorona => "fanorona",
        }
    }

    /// Display names of the two sides, first mover first.
    pub fn side_names(self) -> [&'static str; 2] {
        match self {
            GameKind::Fibonacci => ["red", "green"],
            GameKind::Fanorona => ["white", "black"],
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An unknown game name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?}: choose fibonacci or fanorona")]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "fibonacci" => Ok(GameKind::Fibonacci),
            "fanorona" => Ok(GameKind::Fanorona),
            _ => Err(UnknownGame(s.chars().take(40).collect())),
        }
    }
}

/// The two sides of a game, independent of the game: `First` moves first
/// (Red in Fibonacci, White in Fanorona).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for `First`, 1 for `Second`.
    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

/// The rule options chosen when a game is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Config {
    Fibonacci(fibonacci::Options),
    Fanorona(fanorona::Options),
}

impl Config {
    pub fn kind(&self) -> GameKind {
        match self {
            Config::Fibonacci(_) => GameKind::Fibonacci,
            Config::Fanorona(_) => GameKind::Fanorona,
        }
    }

    /// The default options of a game.
    pub fn default_for(kind: GameKind) -> Config {
        match kind {
            GameKind::Fibonacci => Config::Fibonacci(fibonacci::Options::default()),
            GameKind::Fanorona => Config::Fanorona(fanorona::Options::default()),
        }
    }
}

/// How a game ended, as far as the rules engine can tell (resignation, agreement and time are
/// decided outside the engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    Won(Side, WinReason),
    Draw,
}

/// Why the engine declared a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// Fibonacci: the loser's centre is surrounded by six enemy strike pieces.
    Surrounded,
    /// Fibonacci cards variant: six connected strike pieces, three next to the enemy centre.
    CardsFormation,
    /// Fanorona: every enemy piece captured.
    AllCaptured,
    /// Fanorona: the loser had no legal move on their turn.
    NoLegalMove,
}

/// A move that the engine refused, with a message a player understands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error(transparent)]
    Fibonacci(#[from] fibonacci::MoveError),
    #[error(transparent)]
    Fanorona(#[from] fanorona::MoveError),
}

/// A position string that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error(transparent)]
    Fibonacci(#[from] fibonacci::PositionError),
    #[error(transparent)]
    Fanorona(#[from] fanorona::PositionError),
}

/// What one accepted move did, for the move log, the status line and the renderer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played {
    Fibonacci(fibonacci::Played),
    Fanorona(fanorona::Played),
}

impl Played {
    /// The move in canonical notation, as it goes into the move log (`end` for an early end).
    pub fn notation(&self) -> String {
        match self {
            Played::Fibonacci(p) => p.notation(),
            Played::Fanorona(p) => p.notation(),
        }
    }
}

/// A game in progress: its options, its position and whatever hidden state the rules need
/// (the cards variant's decks, a Fanorona chain in progress).
#[derive(Clone, Debug)]
pub enum Game {
    Fibonacci(fibonacci::Game),
    Fanorona(fanorona::Game),
}

impl Game {
    /// A new game from the start position. `seed` drives the cards variant's shuffles and is
    /// ignored by games that need no chance.
    pub fn new(config: Config, seed: u64) -> Game {
        match config {
            Config::Fibonacci(o) => Game::Fibonacci(fibonacci::Game::new(o, seed)),
            Config::Fanorona(o) => Game::Fanorona(fanorona::Game::new(o)),
        }
    }

    /// A game from a position string (see `RULES.md` 1.7 and 2.4).
    pub fn from_position(config: Config, seed: u64, position: &str) -> Result<Game, PositionError> {
        Ok(match config {
            Config::Fibonacci(o) => {
                Game::Fibonacci(fibonacci::Game::from_position(o, seed, position)?)
            }
            Config::Fanorona(o) => Game::Fanorona(fanorona::Game::from_position(o, position)?),
        })
    }

    pub fn config(&self) -> Config {
        match self {
            Game::Fibonacci(g) => Config::Fibonacci(g.options()),
            Game::Fanorona(g) => Config::Fanorona(g.options()),
        }
    }

    pub fn kind(&self) -> GameKind {
        self.config().kind()
    }

    /// The position string of `RULES.md` (1.7 or 2.4).
    pub fn position_string(&self) -> String {
        match self {
            Game::Fibonacci(g) => g.position().to_string(),
            Game::Fanorona(g) => g.position().to_string(),
        }
    }

    pub fn side_to_move(&self) -> Side {
        match self {
            Game::Fibonacci(g) => g.position().side_to_move().side(),
            Game::Fanorona(g) => g.position().side_to_move().side(),
        }
    }

    pub fn status(&self) -> Status {
        match self {
            Game::Fibonacci(g) => g.status(),
            Game::Fanorona(g) => g.status(),
        }
    }

    /// The turn number, from 1.
    pub fn turn_number(&self) -> u32 {
        match self {
            Game::Fibonacci(g) => g.position().turn(),
            Game::Fanorona(g) => g.turn(),
        }
    }

    /// Unit moves left in the current Fibonacci turn; `None` for Fanorona.
    pub fn moves_left(&self) -> Option<u8> {
        match self {
            Game::Fibonacci(g) => Some(g.position().moves_left()),
            Game::Fanorona(_) => None,
        }
    }

    /// The card drawn for the current turn (Fibonacci cards variant only).
    pub fn card(&self) -> Option<u8> {
        match self {
            Game::Fibonacci(g) => g.card(),
            Game::Fanorona(_) => None,
        }
    }

    /// True while a Fanorona capture chain waits to be continued or stopped.
    pub fn chain_in_progress(&self) -> bool {
        match self {
            Game::Fibonacci(_) => false,
            Game::Fanorona(g) => g.chain_in_progress(),
        }
    }

    /// Every legal move of the side to move in canonical notation, sorted as plain strings
    /// (exactly what `fibonacci-bot rules legal` prints).
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = match self {
            Game::Fibonacci(g) => g.legal_moves().iter().map(|m| m.to_string()).collect(),
            Game::Fanorona(g) => g.legal_turns(),
        };
        moves.sort();
        moves
    }

    /// Plays one move written in the notation of `RULES.md`: a Fibonacci unit move, or a
    /// Fanorona step or whole chain. On error the game is unchanged.
    ///
    /// The word `end` is the same as [`Game::end_turn`], so a move log replays through `play`.
    pub fn play(&mut self, notation: &str) -> Result<Played, MoveError> {
        if notation.trim().eq_ignore_ascii_case("end") {
            return self.end_turn();
        }
        Ok(match self {
            Game::Fibonacci(g) => Played::Fibonacci(g.play_str(notation)?),
            Game::Fanorona(g) => Played::Fanorona(g.play_str(notation)?),
        })
    }

    /// Ends the current Fibonacci turn early, or stops a Fanorona chain in progress.
    /// On error the game is unchanged.
    pub fn end_turn(&mut self) -> Result<Played, MoveError> {
        Ok(match self {
            Game::Fibonacci(g) => Played::Fibonacci(g.end_turn()?),
            Game::Fanorona(g) => Played::Fanorona(g.end_turn()?),
        })
    }
}
