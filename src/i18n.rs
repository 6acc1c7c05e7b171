//! The bot's words in English and French, from the Fluent files under `assets/locales/`.
//!
//! Every text a player reads is a Fluent message: `tr!(lang, "message-id", name = value, …)`.
//! The files are compiled into the binary (nothing to install beside it). English is the
//! fallback: a language Discord names but the bot does not speak gets English quietly; a locale
//! that is no language at all, or a message missing from a language, gets English and one
//! warning in the log. A player never sees a message id.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

pub use fluent_bundle::FluentValue;

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Fr,
}

/// The locales Discord sends (`locale`, `guild_locale`), and the bare `en` and `fr-FR` some
/// clients use: a locale outside this list is logged once (and answered in English).
pub const KNOWN_LOCALES: [&str; 34] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko", "en", "fr-FR",
];

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The folder of its Fluent files, and the locale Discord knows it by.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Fr => "fr",
        }
    }

    /// The language for a Discord locale (`"fr"`, `"en-GB"`, …). Languages the bot does not
    /// speak get English; a locale Discord would never send is logged once and gets English.
    pub fn from_locale(locale: Option<&str>) -> Lang {
        let Some(locale) = locale.map(str::trim).filter(|l| !l.is_empty()) else {
            return Lang::En;
        };
        let primary = locale
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match primary.as_str() {
            "fr" => Lang::Fr,
            "en" => Lang::En,
            _ => {
                if !KNOWN_LOCALES.contains(&locale) {
                    warn_once(format!("locale {locale:?}"), || {
                        tracing::warn!(
                            locale = %locale.chars().take(40).collect::<String>(),
                            "unknown locale: answering in English"
                        );
                    });
                }
                Lang::En
            }
        }
    }

    fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::Fr => 1,
        }
    }
}

/// The Fluent files every game shares, in the order they are loaded (each game's own file,
/// [`GAME_FILES`], comes after them).
pub const SHARED_FILES: [(&str, [&str; 2]); 14] = [
    (
        "panel.ftl",
        [
            include_str!("../assets/locales/en-US/panel.ftl"),
            include_str!("../assets/locales/fr/panel.ftl"),
        ],
    ),
    (
        "puzzle.ftl",
        [
            include_str!("../assets/locales/en-US/puzzle.ftl"),
            include_str!("../assets/locales/fr/puzzle.ftl"),
        ],
    ),
    (
        "learn.ftl",
        [
            include_str!("../assets/locales/en-US/learn.ftl"),
            include_str!("../assets/locales/fr/learn.ftl"),
        ],
    ),
    (
        "premove.ftl",
        [
            include_str!("../assets/locales/en-US/premove.ftl"),
            include_str!("../assets/locales/fr/premove.ftl"),
        ],
    ),
    (
        "vacation.ftl",
        [
            include_str!("../assets/locales/en-US/vacation.ftl"),
            include_str!("../assets/locales/fr/vacation.ftl"),
        ],
    ),
    (
        "tournament.ftl",
        [
            include_str!("../assets/locales/en-US/tournament.ftl"),
            include_str!("../assets/locales/fr/tournament.ftl"),
        ],
    ),
    (
        "commands.ftl",
        [
            include_str!("../assets/locales/en-US/commands.ftl"),
            include_str!("../assets/locales/fr/commands.ftl"),
        ],
    ),
    (
        "refusals.ftl",
        [
            include_str!("../assets/locales/en-US/refusals.ftl"),
            include_str!("../assets/locales/fr/refusals.ftl"),
        ],
    ),
    (
        "reasons.ftl",
        [
            include_str!("../assets/locales/en-US/reasons.ftl"),
            include_str!("../assets/locales/fr/reasons.ftl"),
        ],
    ),
    (
        "info.ftl",
        [
            include_str!("../assets/locales/en-US/info.ftl"),
            include_str!("../assets/locales/fr/info.ftl"),
        ],
    ),
    (
        "ratings.ftl",
        [
            include_str!("../assets/locales/en-US/ratings.ftl"),
            include_str!("../assets/locales/fr/ratings.ftl"),
        ],
    ),
    (
        "game.ftl",
        [
            include_str!("../assets/locales/en-US/game.ftl"),
            include_str!("../assets/locales/fr/game.ftl"),
        ],
    ),
    (
        "board.ftl",
        [
            include_str!("../assets/locales/en-US/board.ftl"),
            include_str!("../assets/locales/fr/board.ftl"),
        ],
    ),
    (
        "bot.ftl",
        [
            include_str!("../assets/locales/en-US/bot.ftl"),
            include_str!("../assets/locales/fr/bot.ftl"),
        ],
    ),
];

/// Each game's own Fluent file, `assets/locales/<lang>/games/<game>.ftl`: its sides, options,
/// refusals, win reasons and rules summary. Generated from the list of games.
macro_rules! game_files {
    ($($(#[$attr:meta])* $kind:ident => $module:ident),+ $(,)?) => {
        pub const GAME_FILES: &[(&str, [&str; 2])] = &[$(
            $(#[$attr])*
            (
                concat!("games/", stringify!($module), ".ftl"),
                [
                    include_str!(concat!(
                        "../assets/locales/en-US/games/", stringify!($module), ".ftl"
                    )),
                    include_str!(concat!(
                        "../assets/locales/fr/games/", stringify!($module), ".ftl"
                    )),
                ],
            )
        ),+];
    };
}

crate::with_games!(game_files);

/// Every Fluent file of each language, shared ones first: (file name, [English, French]).
pub fn files() -> impl Iterator<Item = (&'static str, [&'static str; 2])> {
    SHARED_FILES.into_iter().chain(GAME_FILES.iter().copied())
}

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static [Bundle; 2] {
    static BUNDLES: OnceLock<[Bundle; 2]> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.map(load))
}

fn load(lang: Lang) -> Bundle {
    let id: unic_langid::LanguageIdentifier = lang
        .code()
        .parse()
        .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Mentions and codes go into Discord as typed: no bidi isolation marks around them.
    bundle.set_use_isolating(false);
    for (file, texts) in files() {
        let resource = match FluentResource::try_new(texts[lang.index()].to_string()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                tracing::warn!(lang = lang.code(), file, ?errors, "errors in a Fluent file");
                resource
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::warn!(lang = lang.code(), file, ?errors, "messages defined twice");
        }
    }
    bundle
}

/// Runs `log` the first time `what` is seen (a bounded set: a flood of new keys stops logging).
fn warn_once(what: String, log: impl FnOnce()) {
    static SEEN: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    let Ok(mut seen) = SEEN.lock() else {
        return;
    };
    let seen = seen.get_or_insert_with(HashSet::new);
    if seen.len() < 1000 && seen.insert(what) {
        log();
    }
}

/// Said when a message is missing in every language (a bug): never the message id.
const MISSING: &str = "Sorry, I could not find the words for this answer. Please tell the \
                       server's admins.";

/// The message id of a command word under `prefix`: `choice-3d`. A Fluent id has no `+`, so
/// the clock `10d+36h` is `choice-10d-36h`.
pub fn word_id(prefix: &str, word: &str) -> String {
    format!("{prefix}-{}", word.replace('+', "-"))
}

/// Message `id` of `lang` without arguments, if that language has it (no fallback).
pub fn message(lang: Lang, id: &str) -> Option<String> {
    let bundle = &bundles()[lang.index()];
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, None, &mut errors)
            .into_owned(),
    )
}

/// Attribute `attribute` of message `id` in `lang`, if that language has it (no fallback).
pub fn attribute(lang: Lang, id: &str, attribute: &str) -> Option<String> {
    let bundle = &bundles()[lang.index()];
    let pattern = bundle.get_message(id)?.get_attribute(attribute)?.value();
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, None, &mut errors)
            .into_owned(),
    )
}

/// Whether `lang` has message `id`.
pub fn has(lang: Lang, id: &str) -> bool {
    bundles()[lang.index()].has_message(id)
}

/// Message `id` in `lang` with its arguments, falling back to English (see the module
/// documentation). Use [`tr!`](crate::tr).
pub fn text(lang: Lang, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    for lang in [lang, Lang::En] {
        let bundle = &bundles()[lang.index()];
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            warn_once(format!("{} {id}", lang.code()), || {
                tracing::warn!(lang = lang.code(), id, "missing message: using English");
            });
            continue;
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        if !errors.is_empty() {
            warn_once(format!("{} {id} args", lang.code()), || {
                tracing::warn!(lang = lang.code(), id, ?errors, "a message's arguments");
            });
        }
        return text.into_owned();
    }
    tracing::error!(id, "a message missing in every language");
    MISSING.to_string()
}

/// A side's name in `lang` ("Red", "Rouge"), from the engine's word for it (`red`, `white`):
/// the pictures name the sides too, so it sits here, under both the renderer and `words`.
pub fn side_word(lang: Lang, side_name: &str) -> String {
    text(lang, &format!("side-{side_name}"), &[])
}

/// Words joined as a list in `lang`: "a, b and c" with `conjunction` `list-and`, "a, b or c"
/// with `list-or`.
pub fn list(lang: Lang, conjunction: &str, words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => text(
            lang,
            conjunction,
            &[
                ("init", FluentValue::from(init.join(", "))),
                ("last", FluentValue::from(last.as_str())),
            ],
        ),
    }
}

/// `tr!(lang, "id")` or `tr!(lang, "id", name = value, …)`: message `id` in `lang`. Values are
/// anything Fluent takes (`&str`, `String`, integers).
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:expr $(,)?) => {
        $crate::i18n::text($lang, $id, &[])
    };
    ($lang:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::text(
            $lang,
            $id,
            &[$((stringify!($name), $crate::i18n::FluentValue::from($value))),+],
        )
    };
}

/// The languages of an interaction: its user's (for private answers) and its server's (for
/// what the channel reads). Outside a server both are the user's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Langs {
    pub user: Lang,
    pub guild: Lang,
}

impl Langs {
    pub fn new(locale: Option<&str>, guild_locale: Option<&str>) -> Langs {
        let user = Lang::from_locale(locale);
        let guild = match guild_locale {
            Some(g) => Lang::from_locale(Some(g)),
            None => user,
        };
        Langs { user, guild }
    }

    /// Both English.
    pub const EN: Langs = Langs {
        user: Lang::En,
        guild: Lang::En,
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use fluent_syntax::ast;
    use std::collections::{BTreeMap, BTreeSet};

    /// Every message id of a file, with the variables it uses (in its value and attributes).
    fn messages(text: &str) -> BTreeMap<String, BTreeSet<String>> {
        let resource = fluent_syntax::parser::parse(text).unwrap_or_else(|(_, errors)| {
            panic!("a Fluent file does not parse: {errors:?}");
        });
        let mut out = BTreeMap::new();
        for entry in resource.body {
            let (id, value, attributes) = match entry {
                ast::Entry::Message(m) => (m.id.name.to_string(), m.value, m.attributes),
                ast::Entry::Term(t) => (format!("-{}", t.id.name), Some(t.value), t.attributes),
                _ => continue,
            };
            let mut vars = BTreeSet::new();
            let patterns = value
                .iter()
                .chain(attributes.iter().map(|a| &a.value))
                .collect::<Vec<_>>();
            for pattern in patterns {
                pattern_vars(pattern, &mut vars);
            }
            assert!(out.insert(id.clone(), vars).is_none(), "{id} twice");
        }
        out
    }

    fn pattern_vars(pattern: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_vars(expression, vars);
            }
        }
    }

    fn expression_vars(expression: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
        match expression {
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, vars);
                for variant in variants {
                    pattern_vars(&variant.value, vars);
                }
            }
            ast::Expression::Inline(inline) => inline_vars(inline, vars),
        }
    }

    fn inline_vars(inline: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                vars.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for arg in &arguments.positional {
                    inline_vars(arg, vars);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn every_message_is_in_every_language_with_the_same_variables() {
        for (file, texts) in files() {
            let english = messages(texts[0]);
            assert!(!english.is_empty(), "{file} is empty");
            for lang in &Lang::ALL[1..] {
                let other = messages(texts[lang.index()]);
                let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
                let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
                assert!(
                    missing.is_empty(),
                    "{file}: missing in {}: {missing:?}",
                    lang.code()
                );
                assert!(
                    extra.is_empty(),
                    "{file}: only in {}: {extra:?}",
                    lang.code()
                );
                for (id, vars) in &english {
                    assert_eq!(
                        vars,
                        &other[id],
                        "{file}: {id} takes other variables in {}",
                        lang.code()
                    );
                }
            }
        }
    }

    #[test]
    fn the_parity_check_sees_a_missing_message_and_a_changed_variable() {
        let a = messages("one = { $x } a\ntwo = b\n");
        let b = messages("one = { $y } a\n");
        assert!(!b.contains_key("two"));
        assert_ne!(a["one"], b["one"]);
    }

    #[test]
    fn every_file_loads_without_errors_and_formats_without_isolation_marks() {
        for (file, texts) in files() {
            for lang in Lang::ALL {
                assert!(
                    FluentResource::try_new(texts[lang.index()].to_string()).is_ok(),
                    "{file} ({}) has syntax errors",
                    lang.code()
                );
            }
        }
        let text = tr!(Lang::Fr, "refusal-no-game");
        assert!(!text.contains('\u{2068}'), "{text:?}");
    }

    #[test]
    fn locales_map_to_languages_with_english_as_the_fallback() {
        assert_eq!(Lang::from_locale(Some("fr")), Lang::Fr);
        assert_eq!(Lang::from_locale(Some("fr-CA")), Lang::Fr);
        assert_eq!(Lang::from_locale(Some("en-GB")), Lang::En);
        assert_eq!(Lang::from_locale(Some("de")), Lang::En);
        assert_eq!(Lang::from_locale(Some("klingon!!")), Lang::En);
        assert_eq!(Lang::from_locale(None), Lang::En);
        let langs = Langs::new(Some("en-US"), Some("fr"));
        assert_eq!((langs.user, langs.guild), (Lang::En, Lang::Fr));
        assert_eq!(Langs::new(Some("fr"), None).guild, Lang::Fr);
    }

    #[test]
    fn a_missing_message_falls_back_to_english_and_never_shows_its_id() {
        let text = text(Lang::Fr, "no-such-message-anywhere", &[]);
        assert_eq!(text, MISSING);
        assert!(!text.contains("no-such-message"));
    }

    #[test]
    fn french_plurals_count_zero_and_one_as_singular() {
        assert_eq!(
            tr!(Lang::Fr, "board-moves-left", count = 0),
            tr!(Lang::Fr, "board-moves-left", count = 1).replace('1', "0")
        );
        assert_ne!(
            tr!(Lang::En, "board-moves-left", count = 0),
            tr!(Lang::En, "board-moves-left", count = 1).replace('1', "0")
        );
    }
}
