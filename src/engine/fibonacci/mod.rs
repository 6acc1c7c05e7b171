//! Fibonacci (Thomas Naylor, 1990): `docs/fibonacci.md`.
//!
//! CONTRACT (kept by every layer above): the public names and signatures in this file are used by
//! `engine::game`, the renderer, the service and the CLI. The bodies are the engine's to write;
//! more public items may be added, none of these removed or renamed without updating the callers.
//!
//! Layout: `board` (points, names, bit layout), `position` (the position string, move generation,
//! win conditions), `cards` (the decks of the cards variant), `notation` (reading `from-to`),
//! `game` ([`Game`], which adds turns, allowances and the game's end on top of a [`Position`]),
//! and here the small types they share, the refusals and the rules contract.

use std::fmt;

use crate::engine::{
    Codec, GameOptions, OptionError, OptionSpec, PlayedMove, RefusedMove, Rules, Side, Status,
    WinReason,
    option_value, unknown_key,
};

mod board;
pub mod cards;
mod game;
mod notation;
mod position;

pub use board::{Cell, CellError, dilate, flood};
pub use game::{Game, Played, ReplayError, SWAP};
pub use notation::ParseMoveError;
pub use position::{MAX_ALLOWANCE, Position, PositionError, START};

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

/// What counts as a group (docs/fibonacci.md, Unit moves; an interpretation kept as an option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GroupRule {
    /// Pieces of the same colour and category (the French and German rules).
    #[default]
    SameCategory,
    /// Any friendly pieces (the English summary).
    AnyFriendly,
}

/// The swap (or pie) rule: after Red's first turn, Green may take over Red's side instead of
/// playing its own turn (docs/fibonacci.md, The swap rule). Off by default, as in the sources.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Swap {
    #[default]
    Off,
    On,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub variant: Variant,
    pub group: GroupRule,
    pub swap: Swap,
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

/// A refused move, as a short fact ("f4 is not the mover's piece"): a reading error
/// ([`MoveError::Notation`]) or the rules refusing a move that was read. What a player reads is
/// worded in `words/fibonacci.rs`, from the game's Fluent file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error(transparent)]
    Notation(#[from] ParseMoveError),
    #[error("the game is over")]
    GameOver,
    #[error("no unit moves left this turn")]
    NoMovesLeft,
    #[error("no piece on {0}")]
    NoPiece(Cell),
    #[error("{0} is not the mover's piece")]
    NotYourPiece(Cell),
    #[error("{0} is a centre, and centres cannot move")]
    CentreCannotMove(Cell),
    #[error("{0} moves to itself")]
    SamePoint(Cell),
    #[error("{to} is not next to {from}, which is not in a group")]
    NotNextToPiece { from: Cell, to: Cell },
    #[error("{to} is occupied, and {from} is not in a group")]
    Occupied { from: Cell, to: Cell },
    #[error("{to} is not next to the group of {from}")]
    NotNextToGroup { from: Cell, to: Cell },
    #[error("{from} and {to} hold the same kind of piece")]
    NoChange { from: Cell, to: Cell },
    /// `swap` where the swap rule does not offer it.
    #[error("{0}")]
    Swap(SwapRefusal),
}

/// Why `swap` cannot be played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SwapRefusal {
    #[error("this game is played without the swap rule")]
    NotInThisGame,
    #[error("only Green may swap, instead of its first turn")]
    NotNow,
    #[error("the players have already swapped")]
    AlreadySwapped,
}

crate::codec!(Variant {
    Standard => "standard",
    Cards => "cards",
});

crate::codec!(GroupRule {
    SameCategory => "same-category",
    AnyFriendly => "any-friendly",
});

crate::codec!(Swap {
    Off => "off",
    On => "on",
});

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "variant",
            values: Variant::words,
        },
        OptionSpec {
            key: "group",
            values: GroupRule::words,
        },
        OptionSpec {
            key: "swap",
            values: Swap::words,
        },
    ];

    /// `swap` is named only when on, so that the games stored before it existed keep their text.
    fn pairs(&self) -> Vec<(&'static str, &'static str)> {
        let mut pairs = vec![
            ("variant", self.variant.as_str()),
            ("group", self.group.as_str()),
        ];
        if self.swap == Swap::On {
            pairs.push(("swap", self.swap.as_str()));
        }
        pairs
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "variant" => self.variant = option_value(Game::NAME, "variant", value)?,
            "group" => self.group = option_value(Game::NAME, "group", value)?,
            "swap" => self.swap = option_value(Game::NAME, "swap", value)?,
            _ => return Err(unknown_key::<Options>(Game::NAME, key)),
        }
        Ok(())
    }

    fn describe(&self) -> String {
        let variant = match self.variant {
            Variant::Standard => "standard",
            Variant::Cards => "cards variant",
        };
        let group = match self.group {
            GroupRule::SameCategory => "",
            GroupRule::AnyFriendly => ", any-friendly groups",
        };
        let swap = match self.swap {
            Swap::Off => "",
            Swap::On => ", swap rule",
        };
        format!("{variant}{group}{swap}")
    }

    /// The cards variant is rated apart: chance changes the game.
    const RATINGS: &'static [&'static str] = &["fibonacci", "fibonacci-cards"];

    fn rating(&self) -> &'static str {
        match self.variant {
            Variant::Standard => "fibonacci",
            Variant::Cards => "fibonacci-cards",
        }
    }
}

impl PlayedMove for Played {
    fn notation(&self) -> String {
        Played::notation(self)
    }

    fn turn_ended(&self) -> bool {
        self.turn_ended
    }

    fn skipped_turns(&self) -> Vec<(u32, Side)> {
        self.skipped
            .iter()
            .map(|&(turn, colour)| (turn, colour.side()))
            .collect()
    }
    fn swapped_sides(&self) -> bool {
        self.swapped
    }
}

impl RefusedMove for MoveError {}

impl Rules for Game {
    const NAME: &'static str = "fibonacci";
    const TITLE: &'static str = "Fibonacci";
    const SIDES: [&'static str; 2] = ["red", "green"];
    const WIN_REASONS: &'static [WinReason] = &[WinReason::Surrounded, WinReason::CardsFormation];

    type Options = Options;
    type Played = Played;
    type MoveError = MoveError;
    type PositionError = PositionError;

    fn start(options: Options, seed: u64) -> Game {
        Game::new(options, seed)
    }

    fn load(options: Options, seed: u64, position: &str) -> Result<Game, PositionError> {
        Game::from_position(options, seed, position)
    }

    fn rule_options(&self) -> Options {
        self.options()
    }

    fn position_string(&self) -> String {
        self.position().to_string()
    }

    fn side_to_move(&self) -> Side {
        self.position().side_to_move().side()
    }

    fn game_status(&self) -> Status {
        self.status()
    }

    fn turn_number(&self) -> u32 {
        self.position().turn()
    }

    fn moves_left(&self) -> Option<u8> {
        Some(self.position().moves_left())
    }

    fn card(&self) -> Option<u8> {
        Game::card(self)
    }

    fn may_swap(&self) -> bool {
        self.can_swap()
    }

    fn sides_swapped(&self) -> bool {
        self.swapped()
    }

    /// The unit moves, then `swap` where the swap rule offers it.
    fn legal_notations(&self) -> Vec<String> {
        let mut legal: Vec<String> = self.legal_moves().iter().map(|m| m.to_string()).collect();
        if self.can_swap() {
            legal.push(SWAP.to_string());
        }
        legal
    }

    fn play_notation(&mut self, notation: &str) -> Result<Played, MoveError> {
        self.play_str(notation)
    }

    fn stop_turn(&mut self) -> Result<Played, MoveError> {
        self.end_turn()
    }
}
