//! The one wording module: what the engine and the service hand over as typed facts (a refused
//! move, a refused command, a game's options, a side) put into sentences in the reader's
//! language, from the Fluent files (`assets/locales/`, through [`crate::i18n`]). The Discord
//! layer, the board pictures and the command line all word things through here.
//!
//! Each game words its own refusals in its file here (`words/fibonacci.rs`), with its messages
//! in its own Fluent file (`assets/locales/<lang>/games/<game>.ftl`); the dispatch below is
//! generated from the list of games. The service's refusals are worded in [`refusal`], each use
//! case's own in its file (`vacation.rs`, `premove.rs`, `puzzle.rs`, `lesson.rs`,
//! `tournament.rs`).

use chrono::{DateTime, Utc};

use crate::app::UserId;
use crate::engine::{Config, GameKind, MoveError, Side};
use crate::i18n::{FluentValue, Lang};

pub mod lesson;
pub mod premove;
pub mod puzzle;
mod refusal;
pub mod tournament;
pub mod vacation;

pub use refusal::{no_thread, refusal, state_word};

/// How a front end writes a person and a moment inside a sentence. Discord writes a mention
/// (`<@id>`) and a timestamp (`<t:…:f>`), which each reader's client shows in its own way (a
/// name, their time zone); a web page would write a name and a date.
pub trait Markup {
    /// The user `id`.
    fn user(&self, id: UserId) -> String;
    /// A moment: its date and time.
    fn moment(&self, at: DateTime<Utc>) -> String;
}

macro_rules! game_words {
    ($($(#[$attr:meta])* $kind:ident => $module:ident),+ $(,)?) => {
        $($(#[$attr])* pub mod $module;)+

        /// Why the rules refused a move, in `lang`: the part of a refused move's answer after
        /// "`…` cannot be played:".
        pub fn move_reason(lang: Lang, error: &MoveError) -> String {
            match error {
                $($(#[$attr])* MoveError::$kind(e) => $module::move_reason(lang, e)),+
            }
        }
    };
}

crate::with_games!(game_words);

/// The game and its options in `lang`: "Fibonacci (variante des cartes)". Message
/// `config-<game>` of the game's Fluent file takes each of the game's options by name, `none`
/// for one that is off.
pub fn describe(lang: Lang, config: &Config) -> String {
    let kind = config.kind();
    let pairs = config.pairs();
    let args: Vec<(&str, FluentValue<'_>)> = kind
        .options()
        .iter()
        .map(|spec| {
            let value = pairs
                .iter()
                .find(|(key, _)| *key == spec.key)
                .map_or("none", |(_, value)| value);
            (spec.key, FluentValue::from(value))
        })
        .collect();
    crate::i18n::text(lang, &format!("config-{}", kind.as_str()), &args)
}

pub use crate::i18n::side_word;

/// Side `side` of game `kind` in `lang`: "Red", "Blancs".
pub fn side_name(lang: Lang, kind: GameKind, side: Side) -> String {
    side_word(lang, kind.side_names()[side.index()])
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// People and moments written plainly, to tell in a test what a front end's markup gives.
    pub(crate) struct Plain;

    impl Markup for Plain {
        fn user(&self, id: UserId) -> String {
            format!("user {id}")
        }

        fn moment(&self, at: DateTime<Utc>) -> String {
            format!("at {}", at.timestamp())
        }
    }

    /// Every refusal's English reason is the command line's (`rules play` prints it, a
    /// contract): exactly `english`, in order. It and the French one keep the engine's facts
    /// (every coordinate the engine's short fact quotes).
    pub(crate) fn assert_worded<E: std::fmt::Display + std::fmt::Debug>(
        errors: &[E],
        reason: fn(Lang, &E) -> String,
        english: &[&str],
    ) {
        let worded: Vec<String> = errors.iter().map(|e| reason(Lang::En, e)).collect();
        if std::env::var_os("PRINT_REASONS").is_some() {
            for w in &worded {
                println!("{w:?},");
            }
        }
        assert_eq!(worded, english);
        for (e, english) in errors.iter().zip(english) {
            assert_keeps_the_facts(english, &e.to_string());
            assert_french_keeps_the_facts(&reason(Lang::Fr, e), english);
        }
    }

    /// `worded` quotes every coordinate the engine's `fact` quotes.
    fn assert_keeps_the_facts(worded: &str, fact: &str) {
        for word in coordinates(fact) {
            assert!(worded.contains(word), "{worded} lacks {word} of {fact}");
        }
    }

    fn coordinates(text: &str) -> impl Iterator<Item = &str> {
        text.split([' ', ',', ':', '(', ')', ';'])
            .filter_map(|word| {
                let word = word.trim_matches(|c| c == '"' || c == '\'');
                let coordinate = word.len() >= 2
                    && word.len() <= 7
                    && word.starts_with(|c: char| c.is_ascii_lowercase())
                    && word[1..].starts_with(|c: char| c.is_ascii_digit());
                coordinate.then_some(word)
            })
    }

    /// A French reason is French, never a message id, and quotes every coordinate the English
    /// one quotes.
    pub(crate) fn assert_french_keeps_the_facts(french: &str, english: &str) {
        assert_ne!(french, english, "{english} is not translated");
        assert!(!french.contains("reason-"), "{french}");
        for word in coordinates(english) {
            assert!(french.contains(word), "{french} lacks {word}");
        }
    }

    #[test]
    fn every_configuration_is_described_in_every_language() {
        for config in Config::all() {
            assert!(
                describe(Lang::En, &config).starts_with(config.kind().title()),
                "{config}"
            );
            for lang in Lang::ALL {
                let text = describe(lang, &config);
                assert!(!text.is_empty() && !text.contains("config-"), "{text}");
            }
        }
        let cards: Config = "fibonacci variant=cards".parse().expect("options");
        assert_eq!(describe(Lang::En, &cards), "Fibonacci (cards variant)");
        assert_eq!(
            describe(Lang::Fr, &cards),
            "Fibonacci (variante des cartes)"
        );
        let vela: Config = "fanorona rules=standard vela=black"
            .parse()
            .expect("options");
        assert_eq!(
            describe(Lang::En, &vela),
            "Fanorona (standard rules: captures are compulsory, vela round)"
        );
        let escale: Config = "fanorona".parse().expect("options");
        assert_eq!(describe(Lang::En, &escale), "Fanorona (escale rules)");
    }
}
