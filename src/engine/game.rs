//! The game-agnostic face of the engine.
//!
//! Everything outside `engine` talks to a game through [`Game`]: start it, play moves written in
//! the game's notation (docs/fibonacci.md, docs/fanorona.md), ask whose turn it is and whether it
//! is over. Moves cross this boundary as text because that is what players type and what the move
//! log stores; each game parses them into its own small types.
//!
//! The games are listed once, in [`with_games!`](crate::with_games): the enums here
//! ([`GameKind`], [`Config`], [`Game`], [`Played`], [`MoveError`], [`PositionError`]) and their
//! dispatch to each game's [`Rules`] are generated from that list, the way shakmaty's
//! `VariantPosition` serves its variants.

use std::fmt;
use std::str::FromStr;

use super::rules::{
    Codec, GameOptions, NoSecondRound, OptionError, OptionSpec, PlayedMove, RefusedMove, Rules,
};
use super::side::{Side, Status, WinReason};

/// An unknown game name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {given:?}: choose {names}", names = GameKind::ALL.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(" or "), given = .0)]
pub struct UnknownGame(pub String);

/// A [`Config`] that could not be read from its text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error(transparent)]
    Game(#[from] UnknownGame),
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("{0:?} is not an option: write name=value")]
    NotAPair(String),
}

/// Generates the game-agnostic enums and their dispatch from the list of games.
macro_rules! define_games {
    ($($(#[$attr:meta])* $kind:ident => $module:ident),+ $(,)?) => {
        /// Which game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $($(#[$attr])* $kind),+
        }

        impl GameKind {
            /// Every game, in the order menus show them.
            pub const ALL: &'static [GameKind] = &[$($(#[$attr])* GameKind::$kind),+];

            /// The lower-case name used in commands, the CLI and the database.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($(#[$attr])* GameKind::$kind => <super::$module::Game as Rules>::NAME),+
                }
            }

            /// The name players read ("Fibonacci").
            pub fn title(self) -> &'static str {
                match self {
                    $($(#[$attr])* GameKind::$kind => <super::$module::Game as Rules>::TITLE),+
                }
            }

            /// Names of the two sides, first mover first, lower case ("red", "green").
            pub fn side_names(self) -> [&'static str; 2] {
                match self {
                    $($(#[$attr])* GameKind::$kind => <super::$module::Game as Rules>::SIDES),+
                }
            }

            /// The options this game takes.
            pub fn options(self) -> &'static [OptionSpec] {
                match self {
                    $($(#[$attr])* GameKind::$kind => {
                        <<super::$module::Game as Rules>::Options as GameOptions>::SPECS
                    }),+
                }
            }

            /// The keys of the ratings this game keeps, its main one first.
            pub const fn ratings(self) -> &'static [&'static str] {
                match self {
                    $($(#[$attr])* GameKind::$kind => {
                        <<super::$module::Game as Rules>::Options as GameOptions>::RATINGS
                    }),+
                }
            }

            /// The position of this game in [`GameKind::ALL`].
            pub fn index(self) -> usize {
                self as usize
            }
        }

        /// Every game's win reasons, in the order of the list of games.
        const WIN_REASON_COUNT: usize = {
            let mut n = 0;
            $($(#[$attr])* { n += <super::$module::Game as Rules>::WIN_REASONS.len(); })+
            n
        };
        const WIN_REASONS: [WinReason; WIN_REASON_COUNT] = {
            let mut all = [WinReason::new(""); WIN_REASON_COUNT];
            let mut n = 0;
            $($(#[$attr])* {
                let reasons = <super::$module::Game as Rules>::WIN_REASONS;
                let mut i = 0;
                while i < reasons.len() {
                    all[n] = reasons[i];
                    n += 1;
                    i += 1;
                }
            })+
            all
        };

        impl Codec for WinReason {
            const ALL: &'static [WinReason] = &WIN_REASONS;
            fn as_str(self) -> &'static str {
                self.word()
            }
        }

        /// The rule options chosen when a game is created.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Config {
            $($(#[$attr])* $kind(<super::$module::Game as Rules>::Options)),+
        }

        impl Config {
            pub fn kind(&self) -> GameKind {
                match self {
                    $($(#[$attr])* Config::$kind(_) => GameKind::$kind),+
                }
            }

            /// The default options of a game.
            pub fn default_for(kind: GameKind) -> Config {
                match kind {
                    $($(#[$attr])* GameKind::$kind => Config::$kind(Default::default())),+
                }
            }

            /// The options that are set, as (name, value), in a fixed order.
            pub fn pairs(&self) -> Vec<(&'static str, &'static str)> {
                match self {
                    $($(#[$attr])* Config::$kind(o) => o.pairs()),+
                }
            }

            /// Sets option `key` to `value`.
            pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
                match self {
                    $($(#[$attr])* Config::$kind(o) => o.set(key, value)),+
                }
            }

            /// The options in a few words, empty where the defaults need no mention.
            pub fn describe_options(&self) -> String {
                match self {
                    $($(#[$attr])* Config::$kind(o) => o.describe()),+
                }
            }

            /// The key of the rating a game with these options counts for.
            pub fn rating(&self) -> &'static str {
                match self {
                    $($(#[$attr])* Config::$kind(o) => o.rating()),+
                }
            }

            /// The options of a rematch of a game played with these.
            pub fn rematch(&self) -> Config {
                match self {
                    $($(#[$attr])* Config::$kind(o) => Config::$kind(o.rematch())),+
                }
            }

            /// The options of the second round that may follow a game played with these, won
            /// by `winner`, or why there is none.
            pub fn second_round(&self, winner: Side) -> Result<Config, NoSecondRound> {
                Ok(match self {
                    $($(#[$attr])* Config::$kind(o) => Config::$kind(o.second_round(winner)?)),+
                })
            }
        }

        /// A move that the engine refused, with a message a player understands.
        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        pub enum MoveError {
            $(
                $(#[$attr])* #[error(transparent)]
                $kind(#[from] <super::$module::Game as Rules>::MoveError)
            ),+
        }

        impl MoveError {
            /// True when `end` was refused because there was nothing to end.
            pub fn nothing_to_end(&self) -> bool {
                match self {
                    $($(#[$attr])* MoveError::$kind(e) => e.nothing_to_end()),+
                }
            }
        }

        /// A position string that could not be read.
        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        pub enum PositionError {
            $(
                $(#[$attr])* #[error(transparent)]
                $kind(#[from] <super::$module::Game as Rules>::PositionError)
            ),+
        }

        /// What one accepted move did, for the move log, the status line and the renderer.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Played {
            $($(#[$attr])* $kind(<super::$module::Game as Rules>::Played)),+
        }

        impl Played {
            /// The move in canonical notation, as it goes into the move log (`end` for an early
            /// end).
            pub fn notation(&self) -> String {
                match self {
                    $($(#[$attr])* Played::$kind(p) => p.notation()),+
                }
            }

            /// True when this move ended its player's turn (or the game).
            pub fn turn_ended(&self) -> bool {
                match self {
                    $($(#[$attr])* Played::$kind(p) => p.turn_ended()),+
                }
            }

            /// Turns the rules skipped right after this move, as (turn number, side).
            pub fn skipped_turns(&self) -> Vec<(u32, Side)> {
                match self {
                    $($(#[$attr])* Played::$kind(p) => p.skipped_turns()),+
                }
            }

            /// True for the swap rule's turn: the players exchange sides.
            pub fn swapped_sides(&self) -> bool {
                match self {
                    $($(#[$attr])* Played::$kind(p) => p.swapped_sides()),+
                }
            }
        }

        /// A game in progress: its options, its position and whatever hidden state the rules
        /// need (the cards variant's decks, a Fanorona chain in progress).
        #[derive(Clone, Debug)]
        pub enum Game {
            $($(#[$attr])* $kind(super::$module::Game)),+
        }

        impl Game {
            /// A new game from the start position. `seed` drives the game's chance (the cards
            /// variant's shuffles) and is ignored by games that need none.
            pub fn new(config: Config, seed: u64) -> Game {
                match config {
                    $($(#[$attr])* Config::$kind(o) => Game::$kind(Rules::start(o, seed))),+
                }
            }

            /// A game from a position string (docs/fibonacci.md or docs/fanorona.md, Position
            /// strings).
            pub fn from_position(
                config: Config,
                seed: u64,
                position: &str,
            ) -> Result<Game, PositionError> {
                Ok(match config {
                    $($(#[$attr])* Config::$kind(o) => Game::$kind(Rules::load(o, seed, position)?)),+
                })
            }

            pub fn config(&self) -> Config {
                match self {
                    $($(#[$attr])* Game::$kind(g) => Config::$kind(g.rule_options())),+
                }
            }

            pub fn kind(&self) -> GameKind {
                match self {
                    $($(#[$attr])* Game::$kind(_) => GameKind::$kind),+
                }
            }

            /// The position string (docs/fibonacci.md or docs/fanorona.md, Position strings).
            pub fn position_string(&self) -> String {
                match self {
                    $($(#[$attr])* Game::$kind(g) => Rules::position_string(g)),+
                }
            }

            pub fn side_to_move(&self) -> Side {
                match self {
                    $($(#[$attr])* Game::$kind(g) => Rules::side_to_move(g)),+
                }
            }

            pub fn status(&self) -> Status {
                match self {
                    $($(#[$attr])* Game::$kind(g) => g.game_status()),+
                }
            }

            /// The turn number, from 1.
            pub fn turn_number(&self) -> u32 {
                match self {
                    $($(#[$attr])* Game::$kind(g) => Rules::turn_number(g)),+
                }
            }

            /// Unit moves left in the current turn, for games whose turns have several.
            pub fn moves_left(&self) -> Option<u8> {
                match self {
                    $($(#[$attr])* Game::$kind(g) => Rules::moves_left(g)),+
                }
            }

            /// The card drawn for the current turn (Fibonacci cards variant only).
            pub fn card(&self) -> Option<u8> {
                match self {
                    $($(#[$attr])* Game::$kind(g) => Rules::card(g)),+
                }
            }

            /// True while a capture chain waits to be continued or stopped.
            pub fn chain_in_progress(&self) -> bool {
                match self {
                    $($(#[$attr])* Game::$kind(g) => Rules::chain_in_progress(g)),+
                }
            }

            /// Every legal move of the side to move in canonical notation, sorted as plain
            /// strings (exactly what `fibonacci-bot rules legal` prints).
            pub fn legal_moves(&self) -> Vec<String> {
                let mut moves = match self {
                    $($(#[$attr])* Game::$kind(g) => g.legal_notations()),+
                };
                moves.sort();
                moves
            }

            /// Plays one move written in the game's notation (docs/<game>.md, Notation): a
            /// Fibonacci unit move, or a Fanorona step or whole chain. On error the game is
            /// unchanged.
            ///
            /// The word `end` is the same as [`Game::end_turn`], so a move log replays through
            /// `play`.
            pub fn play(&mut self, notation: &str) -> Result<Played, MoveError> {
                if notation.trim().eq_ignore_ascii_case("end") {
                    return self.end_turn();
                }
                Ok(match self {
                    $($(#[$attr])* Game::$kind(g) => Played::$kind(g.play_notation(notation)?)),+
                })
            }

            /// True when the player to move may swap sides now instead of moving (a swap rule;
            /// `swap` then plays it).
            pub fn may_swap(&self) -> bool {
                match self {
                    $($(#[$attr])* Game::$kind(g) => g.may_swap()),+
                }
            }

            /// True once the players have swapped sides (a swap rule).
            pub fn sides_swapped(&self) -> bool {
                match self {
                    $($(#[$attr])* Game::$kind(g) => g.sides_swapped()),+
                }
            }

            /// Ends the current turn early, or stops a capture chain in progress. On error the
            /// game is unchanged.
            pub fn end_turn(&mut self) -> Result<Played, MoveError> {
                Ok(match self {
                    $($(#[$attr])* Game::$kind(g) => Played::$kind(g.stop_turn()?)),+
                })
            }
        }
    };
}

crate::with_games!(define_games);

impl GameKind {
    /// Names of the two sides, capitalised for sentences ("Red", "Green").
    pub fn side_title(self, side: Side) -> String {
        let name = self.side_names()[side.index()];
        let mut chars = name.chars();
        chars
            .next()
            .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
    }

    /// The side named `name` (`red`, `White`), if this game has it.
    pub fn side_named(self, name: &str) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.side_names()[s.index()].eq_ignore_ascii_case(name.trim()))
    }
}

impl crate::engine::Codec for GameKind {
    const ALL: &'static [GameKind] = GameKind::ALL;
    fn as_str(self) -> &'static str {
        GameKind::as_str(self)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.as_str().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownGame(s.chars().take(40).collect()))
    }
}

/// The options' text, the one codec of a whole configuration: the game, then each option set as
/// `name=value` (`fibonacci variant=cards group=same-category`, `fanorona rules=escale`). The
/// store keeps this text; reading it back gives the same [`Config`].
impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind().as_str())?;
        for (key, value) in self.pairs() {
            write!(f, " {key}={value}")?;
        }
        Ok(())
    }
}

impl FromStr for Config {
    type Err = ConfigError;
    /// Options left out take their defaults.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = s.split_whitespace();
        let kind: GameKind = words.next().unwrap_or_default().parse()?;
        let mut config = Config::default_for(kind);
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| ConfigError::NotAPair(word.chars().take(40).collect()))?;
            config.set(key, value)?;
        }
        Ok(config)
    }
}

impl Config {
    /// The game and its options for players: "Fibonacci (cards variant)".
    pub fn describe(&self) -> String {
        let options = self.describe_options();
        if options.is_empty() {
            self.kind().title().to_string()
        } else {
            format!("{} ({options})", self.kind().title())
        }
    }

    /// Every configuration: each game with each combination of its options' values.
    pub fn all() -> Vec<Config> {
        let mut all = Vec::new();
        for &kind in GameKind::ALL {
            let mut configs = vec![Config::default_for(kind)];
            for spec in kind.options() {
                let mut next = Vec::new();
                for config in &configs {
                    // An option that can be off (vela) keeps the configuration without it.
                    if !config.pairs().iter().any(|(k, _)| *k == spec.key) {
                        next.push(*config);
                    }
                    for value in (spec.values)() {
                        let mut c = *config;
                        if c.set(spec.key, value).is_ok() && !next.contains(&c) {
                            next.push(c);
                        }
                    }
                }
                configs = next;
            }
            all.extend(configs);
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every configuration is written and read back unchanged by the one codec.
    #[test]
    fn every_config_round_trips_through_its_text() {
        let all = Config::all();
        // Fibonacci: 2 variants × 2 group rules × swap rule off or on; Fanorona: 2 rule sets ×
        // (no vela, white, black).
        let first_two = |c: &&Config| matches!(c.kind(), GameKind::Fibonacci | GameKind::Fanorona);
        assert_eq!(all.iter().filter(first_two).count(), 8 + 6);
        for config in all {
            let text = config.to_string();
            assert_eq!(text.parse::<Config>(), Ok(config), "{text}");
        }
        assert_eq!(
            Config::default_for(GameKind::Fibonacci).to_string(),
            "fibonacci variant=standard group=same-category"
        );
        assert_eq!(
            Config::default_for(GameKind::Fanorona).to_string(),
            "fanorona rules=escale"
        );
    }

    #[test]
    fn unknown_games_options_and_values_are_refused() {
        assert!(matches!(
            "chess".parse::<Config>(),
            Err(ConfigError::Game(_))
        ));
        assert!(matches!(
            "fibonacci variant=blitz".parse::<Config>(),
            Err(ConfigError::Option(OptionError::BadValue { .. }))
        ));
        assert!(matches!(
            "fibonacci rules=escale".parse::<Config>(),
            Err(ConfigError::Option(OptionError::UnknownKey { .. }))
        ));
        assert!(matches!(
            "fanorona vela".parse::<Config>(),
            Err(ConfigError::NotAPair(_))
        ));
    }

    #[test]
    fn side_names_come_from_each_game() {
        assert_eq!(GameKind::Fibonacci.side_names(), ["red", "green"]);
        assert_eq!(GameKind::Fanorona.side_title(Side::Second), "Black");
        assert_eq!(GameKind::Fanorona.side_named("White"), Some(Side::First));
        assert_eq!(GameKind::Fibonacci.side_named("white"), None);
        assert_eq!("Fanorona".parse(), Ok(GameKind::Fanorona));
    }

    #[test]
    fn descriptions_name_the_game_and_its_options() {
        assert_eq!(
            Config::default_for(GameKind::Fibonacci).describe(),
            "Fibonacci (standard)"
        );
        let config: Config = "fanorona rules=standard vela=white".parse().unwrap();
        assert_eq!(
            config.describe(),
            "Fanorona (standard rules: captures are compulsory, vela round)"
        );
    }
}
