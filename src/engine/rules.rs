//! The interface every game implements ([`Rules`]), and the one vocabulary of its options
//! ([`Codec`], [`GameOptions`]).
//!
//! Like shakmaty's `Position` trait, this is what a game is to the rest of the program: start
//! it, read a position string, play moves written in its notation (docs/<game>.md), ask whose turn
//! it is and whether it is over, name its sides and options. [`Game`](super::Game) dispatches to
//! the implementations without a `match` per game in any other layer.

use std::fmt;

use super::{Side, Status, WinReason};

/// A small closed set of values written as lower-case words: the one codec that the command line,
/// the slash command choices, the store and the history text all use.
pub trait Codec: Copy + Eq + fmt::Debug + 'static {
    /// Every value, in the order menus show them.
    const ALL: &'static [Self];

    /// The value's word (`cards`, `same-category`, `escale`).
    fn as_str(self) -> &'static str;

    /// The value written as `word` (ASCII case ignored).
    fn from_word(word: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.as_str().eq_ignore_ascii_case(word.trim()))
    }

    /// Every word, in the order of [`Codec::ALL`].
    fn words() -> Vec<&'static str> {
        Self::ALL.iter().map(|v| v.as_str()).collect()
    }
}

/// Implements [`Codec`], `Display` and `FromStr` for a field-less enum, one word per variant.
#[macro_export]
macro_rules! codec {
    ($type:ty { $($variant:ident => $word:literal),+ $(,)? }) => {
        impl $crate::engine::Codec for $type {
            const ALL: &'static [Self] = &[$(<$type>::$variant),+];
            fn as_str(self) -> &'static str {
                match self {
                    $(<$type>::$variant => $word),+
                }
            }
        }

        impl ::std::fmt::Display for $type {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($crate::engine::Codec::as_str(*self))
            }
        }

        impl ::std::str::FromStr for $type {
            type Err = $crate::engine::UnknownWord;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                <$type as $crate::engine::Codec>::from_word(s).ok_or_else(|| {
                    $crate::engine::UnknownWord::new(s, <$type as $crate::engine::Codec>::words())
                })
            }
        }
    };
}

/// A word that names no value of a [`Codec`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown value {given:?}: choose {}", .expected.join(", "))]
pub struct UnknownWord {
    /// What was given, cut to 40 characters.
    pub given: String,
    pub expected: Vec<&'static str>,
}

impl UnknownWord {
    pub fn new(given: &str, expected: Vec<&'static str>) -> UnknownWord {
        UnknownWord {
            given: given.chars().take(40).collect(),
            expected,
        }
    }
}

/// An option that a game does not have, or a value it does not take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    #[error("{game} has no option {key:?}: its options are {}", .options.join(", "))]
    UnknownKey {
        game: &'static str,
        key: String,
        options: Vec<&'static str>,
    },
    #[error("{game} option {key}: {error}")]
    BadValue {
        game: &'static str,
        key: &'static str,
        error: UnknownWord,
    },
}

/// One option of a game: its name and its possible values.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The option's name (`variant`), as in `--variant` and the `variant:` slash option.
    pub key: &'static str,
    /// Every value it takes, the default first.
    pub values: fn() -> Vec<&'static str>,
}

/// The rule options of one game, chosen when it is created.
pub trait GameOptions: Copy + Default + Eq + fmt::Debug {
    /// The options this game takes.
    const SPECS: &'static [OptionSpec];

    /// The options that are set, as (name, value) in the order of [`GameOptions::SPECS`]; an
    /// option that is off (Fanorona's `vela` in a first round) is left out.
    fn pairs(&self) -> Vec<(&'static str, &'static str)>;

    /// Sets option `key` to `value`.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// The options in a few English words for players: "cards variant", "standard rules: captures
    /// are compulsory, vela round". Empty for the defaults where they need no mention.
    fn describe(&self) -> String;

    /// The ratings this game keeps, by key (`fibonacci`, `fibonacci-cards`): games that players
    /// would not want mixed in one rating get one each. The first is the game's main rating.
    const RATINGS: &'static [&'static str];

    /// The key of the rating, among [`GameOptions::RATINGS`], that a game with these options
    /// counts for.
    fn rating(&self) -> &'static str {
        Self::RATINGS[0]
    }

    /// The options of a rematch of a game played with these: the same, unless a game's options
    /// hold something that belongs to one match only (a Fanorona vela round).
    fn rematch(&self) -> Self {
        *self
    }

    /// The options of the second round that a game played with these may be followed by, once
    /// `winner` has won it (Fanorona's vela round), or why there is none.
    fn second_round(&self, winner: Side) -> Result<Self, NoSecondRound> {
        let _ = winner;
        Err(NoSecondRound::NotThisGame)
    }
}

/// Why a finished game has no second round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoSecondRound {
    /// The game has no second round at all.
    #[error("this game has no second round")]
    NotThisGame,
    /// The game was already a second round.
    #[error("this game was already the second round")]
    AlreadySecondRound,
}

/// Parses `value` for option `key` of `game` with `T`'s codec.
pub fn option_value<T: Codec>(
    game: &'static str,
    key: &'static str,
    value: &str,
) -> Result<T, OptionError> {
    T::from_word(value).ok_or_else(|| OptionError::BadValue {
        game,
        key,
        error: UnknownWord::new(value, T::words()),
    })
}

/// The refusal of an option key that `game` does not have.
pub fn unknown_key<O: GameOptions>(game: &'static str, key: &str) -> OptionError {
    OptionError::UnknownKey {
        game,
        key: key.chars().take(40).collect(),
        options: O::SPECS.iter().map(|s| s.key).collect(),
    }
}

/// What one accepted move did, as far as the layers above the engine need to know.
pub trait PlayedMove: Clone + fmt::Debug + PartialEq + Eq {
    /// The move in canonical notation, as the move log stores it (`end` for an early end).
    fn notation(&self) -> String;
    /// True when the move ended its player's turn (or the game).
    fn turn_ended(&self) -> bool;
    /// Turns the rules skipped right after this move, as (turn number, side).
    fn skipped_turns(&self) -> Vec<(u32, Side)> {
        Vec::new()
    }
    /// True when the move was the swap rule's: the players exchange sides, and the side to move
    /// is then played by the other player.
    fn swapped_sides(&self) -> bool {
        false
    }
}

/// A move the engine refused.
pub trait RefusedMove: std::error::Error + Clone + PartialEq + Eq {
    /// True when the move was `end` and there was nothing to end (a Fanorona turn with no chain
    /// in progress ends by itself).
    fn nothing_to_end(&self) -> bool {
        false
    }
}

/// A game: everything the program outside the engine needs of it.
pub trait Rules: Clone + fmt::Debug + Sized {
    /// The lower-case name used in commands, the CLI and the database.
    const NAME: &'static str;
    /// The name players read ("Fibonacci").
    const TITLE: &'static str;
    /// The sides' names, first mover first, lower case ("red", "green").
    const SIDES: [&'static str; 2];
    /// Every reason this game's rules may give for a win.
    const WIN_REASONS: &'static [WinReason];

    type Options: GameOptions;
    type Played: PlayedMove;
    type MoveError: RefusedMove;
    type PositionError: std::error::Error + Clone + PartialEq + Eq;

    /// A new game from the start position. `seed` drives the game's chance, if it has any.
    fn start(options: Self::Options, seed: u64) -> Self;
    /// A game from a position string (docs/<game>.md, Position strings).
    fn load(options: Self::Options, seed: u64, position: &str)
    -> Result<Self, Self::PositionError>;

    fn rule_options(&self) -> Self::Options;
    /// The position string (docs/<game>.md, Position strings).
    fn position_string(&self) -> String;
    fn side_to_move(&self) -> Side;
    fn game_status(&self) -> Status;
    /// The turn number, from 1.
    fn turn_number(&self) -> u32;
    /// Unit moves left in the current turn, for games whose turns have several.
    fn moves_left(&self) -> Option<u8> {
        None
    }
    /// The card drawn for the current turn, for games played with cards.
    fn card(&self) -> Option<u8> {
        None
    }
    /// True while the player to move may go on with the same turn or stop it (a capture chain).
    fn chain_in_progress(&self) -> bool {
        false
    }
    /// True when the player to move may swap sides now (a swap rule), instead of moving.
    fn may_swap(&self) -> bool {
        false
    }
    /// True once the players have swapped sides (a swap rule): the side that moved first is then
    /// played by the player who accepted it as second mover.
    fn sides_swapped(&self) -> bool {
        false
    }
    /// Every legal move of the side to move, in canonical notation, in any order.
    fn legal_notations(&self) -> Vec<String>;
    /// Plays one move written in the game's notation (docs/<game>.md, Notation). On error the game
    /// is unchanged.
    fn play_notation(&mut self, notation: &str) -> Result<Self::Played, Self::MoveError>;
    /// Ends the turn early, or stops a capture chain. On error the game is unchanged.
    fn stop_turn(&mut self) -> Result<Self::Played, Self::MoveError>;
}
