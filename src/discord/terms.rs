//! The terms a `/challenge` asks for: the game, its rule options and the challenger's colour,
//! or why they do not fit together, in the challenger's language.

use super::choices::RANDOM;
use super::present::side_name;
use crate::app::ColourChoice;
use crate::engine::{Config, GameKind, Side};
use crate::i18n::Lang;
use crate::tr;

/// The `/challenge` options that choose a game's rules (a game's other options keep their
/// defaults on Discord).
pub const RULE_OPTIONS: [&str; 2] = ["variant", "rules"];

/// "`a`, `b` or `c`".
/// `` `key:value` `` as the player sees the command option in their language.
fn option_word(lang: Lang, key: &str, value: &str) -> String {
    format!(
        "`{}:{}`",
        tr!(lang, &format!("cmd-challenge-{key}")),
        tr!(lang, &crate::i18n::word_id("choice", value))
    )
}

/// The rules and colours a `/challenge` asks for, or why they do not fit together. `options`
/// holds each of [`RULE_OPTIONS`] as given (name, value).
pub fn challenge_terms(
    lang: Lang,
    game: Option<GameKind>,
    options: &[(&str, Option<&str>)],
    colour: Option<&str>,
) -> Result<(Config, ColourChoice), String> {
    let kind = game.unwrap_or(GameKind::ALL[0]);
    let mut config = Config::default_for(kind);
    for &(key, value) in options {
        let Some(value) = value else { continue };
        if config.set(key, value).is_err() {
            // The option belongs to another game: say which, and what this game takes.
            let owner = GameKind::ALL
                .iter()
                .find(|k| k.options().iter().any(|o| o.key == key))
                .map_or(key, |k| k.title());
            let choices: Vec<String> = kind
                .options()
                .iter()
                .filter(|o| RULE_OPTIONS.contains(&o.key))
                .flat_map(|o| {
                    (o.values)()
                        .into_iter()
                        .map(move |v| option_word(lang, o.key, v))
                })
                .collect();
            return Err(tr!(
                lang,
                "challenge-option-elsewhere",
                key = tr!(lang, &format!("cmd-challenge-{key}")),
                owner = owner,
                game = kind.title(),
                choices = crate::i18n::list(lang, "list-or", &choices)
            ));
        }
    }
    let colour = match colour.unwrap_or(RANDOM) {
        RANDOM => ColourChoice::Random,
        name => match kind.side_named(name) {
            Some(Side::First) => ColourChoice::ChallengerFirst,
            Some(Side::Second) => ColourChoice::ChallengerSecond,
            None => {
                let sides = kind.side_names();
                let mut choices: Vec<String> = sides
                    .iter()
                    .map(|s| option_word(lang, "colour", s))
                    .collect();
                choices.push(option_word(lang, "colour", RANDOM));
                return Err(tr!(
                    lang,
                    "challenge-colours",
                    game = kind.title(),
                    first = side_name(lang, kind, Side::First),
                    second = side_name(lang, kind, Side::Second),
                    choices = crate::i18n::list(lang, "list-or", &choices)
                ));
            }
        },
    };
    Ok((config, colour))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{fanorona, fibonacci};

    fn terms(
        game: Option<GameKind>,
        variant: Option<&str>,
        rules: Option<&str>,
        colour: Option<&str>,
    ) -> Result<(Config, ColourChoice), String> {
        challenge_terms(
            Lang::En,
            game,
            &[("variant", variant), ("rules", rules)],
            colour,
        )
    }

    #[test]
    fn challenge_defaults_to_standard_fibonacci_with_random_colours() {
        let (config, colour) = terms(None, None, None, None).unwrap();
        assert_eq!(config, Config::default_for(GameKind::Fibonacci));
        assert_eq!(colour, ColourChoice::Random);
    }

    #[test]
    fn variant_applies_to_fibonacci_and_rules_to_fanorona() {
        let (config, _) = terms(None, Some("cards"), None, None).unwrap();
        assert!(matches!(config, Config::Fibonacci(o) if o.variant == fibonacci::Variant::Cards));
        let (config, _) = terms(Some(GameKind::Fanorona), None, Some("standard"), None).unwrap();
        assert!(matches!(config, Config::Fanorona(o) if o.rules == fanorona::RuleSet::Standard));
        assert_eq!(
            terms(None, None, Some("standard"), None).unwrap_err(),
            "`rules` applies to Fanorona; for Fibonacci choose `variant:standard` or \
             `variant:cards`."
        );
        assert_eq!(
            terms(Some(GameKind::Fanorona), Some("cards"), None, None).unwrap_err(),
            "`variant` applies to Fibonacci; for Fanorona choose `rules:escale` or \
             `rules:standard`."
        );
    }

    #[test]
    fn the_swap_rule_applies_to_fibonacci_only() {
        let swap = [("swap", Some("on"))];
        let (config, _) = challenge_terms(Lang::En, None, &swap, None).unwrap();
        assert!(matches!(config, Config::Fibonacci(o) if o.swap == fibonacci::Swap::On));
        assert_eq!(
            challenge_terms(Lang::En, Some(GameKind::Fanorona), &swap, None).unwrap_err(),
            "`swap` applies to Fibonacci; for Fanorona choose `rules:escale` or \
             `rules:standard`."
        );
        let (config, _) = challenge_terms(Lang::Fr, None, &swap, None).unwrap();
        assert!(config.to_string().contains("swap=on"), "{config}");
    }

    #[test]
    fn colours_must_belong_to_the_game() {
        let first = |g, c| terms(Some(g), None, None, Some(c)).map(|t| t.1);
        assert_eq!(
            first(GameKind::Fibonacci, "red"),
            Ok(ColourChoice::ChallengerFirst)
        );
        assert_eq!(
            first(GameKind::Fibonacci, "green"),
            Ok(ColourChoice::ChallengerSecond)
        );
        assert_eq!(
            first(GameKind::Fanorona, "white"),
            Ok(ColourChoice::ChallengerFirst)
        );
        assert_eq!(
            first(GameKind::Fanorona, "black"),
            Ok(ColourChoice::ChallengerSecond)
        );
        assert_eq!(
            first(GameKind::Fanorona, "red").unwrap_err(),
            "Fanorona is played by White and Black: choose `colour:white`, `colour:black` or \
             `colour:random`."
        );
        assert!(first(GameKind::Fibonacci, "black").is_err());
    }
}
