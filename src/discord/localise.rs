//! The slash commands' words from the Fluent files (`assets/locales/*/commands.ftl`): the
//! English descriptions, and each other language's names, descriptions and choice labels as
//! Discord `*_localizations`. A command's English message is its registered name, the contract.

use std::borrow::Cow;

use super::{BotError, Data};
use crate::ai::Level;
use crate::i18n::{self, Lang};
use crate::tr;

type LocalisedList = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

/// Adds `lang`'s text of `id` (its value, or an attribute) to a localisation list.
fn add(list: &mut LocalisedList, lang: Lang, text: Option<String>) {
    if let Some(text) = text {
        list.to_mut().push((lang.code().into(), text.into()));
    }
}

/// The words of message `id` for a command or one of its options: the English description, and
/// each other language's name and description.
fn words(
    id: &str,
    description: &mut Option<Cow<'static, str>>,
    names: &mut LocalisedList,
    descriptions: &mut LocalisedList,
) {
    if let Some(d) = i18n::attribute(Lang::En, id, "description") {
        *description = Some(d.into());
    }
    for &lang in &Lang::ALL[1..] {
        add(names, lang, i18n::message(lang, id));
        add(descriptions, lang, i18n::attribute(lang, id, "description"));
    }
}

/// The option whose choices show each level's estimated rating (issue 36).
const RATED_LEVELS: &str = "cmd-challenge-level";

/// The level a choice of option `option_id` names, if that option shows ratings.
fn rated_level(option_id: &str, choice: &str) -> Option<Level> {
    (option_id == RATED_LEVELS)
        .then(|| choice.parse().ok())
        .flatten()
}

/// A level as `/challenge level:` shows it: its word and its estimated rating.
fn level_label(lang: Lang, level: Level) -> String {
    tr!(
        lang,
        "choice-level-rated",
        level = tr!(lang, &i18n::word_id("choice", level.as_str())),
        rating = level.estimated_rating().to_string()
    )
}

/// The Discord locales a language's labels are given for.
fn locales(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::En => &["en-US", "en-GB"],
        Lang::Fr => &["fr"],
    }
}

/// Sets every command's description from English and adds the other languages.
pub fn commands(commands: &mut [poise::Command<Data, BotError>]) {
    for command in commands {
        let id = format!("cmd-{}", command.name);
        command_words(&id, command);
    }
}

/// One command's words under message `id` (`cmd-tournament`), its options' under
/// `<id>-<option>`, and its subcommands' under `<id>-<subcommand>`.
fn command_words(id: &str, command: &mut poise::Command<Data, BotError>) {
    let others = &Lang::ALL[1..];
    words(
        id,
        &mut command.description,
        &mut command.name_localizations,
        &mut command.description_localizations,
    );
    for parameter in &mut command.parameters {
        words(
            &format!("{id}-{}", parameter.name),
            &mut parameter.description,
            &mut parameter.name_localizations,
            &mut parameter.description_localizations,
        );
        let option_id = format!("{id}-{}", parameter.name);
        for choice in parameter.choices.to_mut() {
            let id = i18n::word_id("choice", &choice.name);
            match rated_level(&option_id, &choice.name) {
                // English is the registered name: the rated label goes to both English locales.
                Some(level) => {
                    for lang in Lang::ALL {
                        let label = level_label(lang, level);
                        for code in locales(lang) {
                            choice
                                .localizations
                                .to_mut()
                                .push(((*code).into(), label.clone().into()));
                        }
                    }
                }
                None => {
                    for &lang in others {
                        add(&mut choice.localizations, lang, i18n::message(lang, &id));
                    }
                }
            }
        }
    }
    for sub in &mut command.subcommands {
        let sub_id = format!("{id}-{}", sub.name);
        command_words(&sub_id, sub);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command, option and choice has its English words, and its English name is the
    /// registered one; every other language names them all.
    #[test]
    fn every_command_option_and_choice_has_its_words_in_every_language() {
        fn check(id: &str, command: &poise::Command<Data, BotError>) {
            for lang in Lang::ALL {
                assert!(i18n::message(lang, id).is_some(), "{id} in {lang:?}");
                assert!(
                    i18n::attribute(lang, id, "description").is_some(),
                    "{id}.description in {lang:?}"
                );
            }
            assert_eq!(
                i18n::message(Lang::En, id).as_deref(),
                Some(command.name.as_ref())
            );
            for parameter in &command.parameters {
                let id = format!("{id}-{}", parameter.name);
                assert_eq!(
                    i18n::message(Lang::En, &id).as_deref(),
                    Some(parameter.name.as_ref()),
                    "{id}"
                );
                for lang in Lang::ALL {
                    assert!(
                        i18n::attribute(lang, &id, "description").is_some(),
                        "{id}.description in {lang:?}"
                    );
                }
                for choice in parameter.choices.iter() {
                    let id = i18n::word_id("choice", &choice.name);
                    assert_eq!(
                        i18n::message(Lang::En, &id).as_deref(),
                        Some(choice.name.as_ref())
                    );
                    assert!(i18n::message(Lang::Fr, &id).is_some(), "{id}");
                }
            }
            for sub in &command.subcommands {
                check(&format!("{id}-{}", sub.name), sub);
            }
        }
        for command in super::super::unlocalised_commands() {
            check(&format!("cmd-{}", command.name), &command);
        }
    }

    #[test]
    fn french_names_are_valid_command_names_and_descriptions_fit() {
        let mut commands = super::super::unlocalised_commands();
        commands_(&mut commands);
        let all: Vec<&poise::Command<Data, BotError>> = commands
            .iter()
            .flat_map(|c| std::iter::once(c).chain(c.subcommands.iter()))
            .collect();
        for command in all {
            let names = command.name_localizations.iter().chain(
                command
                    .parameters
                    .iter()
                    .flat_map(|p| p.name_localizations.iter()),
            );
            for (locale, name) in names {
                assert_eq!(locale, "fr");
                let ok = (1..=32).contains(&name.chars().count())
                    && name
                        .chars()
                        .all(|c| c.is_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
                assert!(ok, "{name:?} is not a valid command or option name");
            }
            let descriptions = command.description_localizations.iter().chain(
                command
                    .parameters
                    .iter()
                    .flat_map(|p| p.description_localizations.iter()),
            );
            for (_, d) in descriptions {
                assert!((1..=100).contains(&d.chars().count()), "{d:?}");
            }
        }
    }

    fn commands_(commands: &mut [poise::Command<Data, BotError>]) {
        super::commands(commands)
    }
}
