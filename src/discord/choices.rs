//! Slash command choices made from the engine's codecs: the words a menu shows are the words the
//! CLI takes and the store keeps, with no enum of their own here.

use std::borrow::Cow;

use crate::engine::{Codec, GameKind};

/// A slash command option whose choices are every value of the codec `T`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<T>(pub T);

fn choice(name: &'static str) -> poise::CommandParameterChoice {
    poise::CommandParameterChoice {
        name: Cow::Borrowed(name),
        localizations: Cow::Borrowed(&[]),
        __non_exhaustive: (),
    }
}

impl<T: Codec + Send + Sync> poise::ChoiceParameter for Choice<T> {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        T::ALL.iter().map(|v| choice(v.as_str())).collect()
    }

    fn from_index(index: usize) -> Option<Self> {
        T::ALL.get(index).copied().map(Choice)
    }

    fn from_name(name: &str) -> Option<Self> {
        T::from_word(name).map(Choice)
    }

    fn name(&self) -> &'static str {
        self.0.as_str()
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

/// The `colour:` option of `/challenge`: a side of any game, by its name, or `random`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourArg(pub &'static str);

/// The word for "either side, drawn at random".
pub const RANDOM: &str = "random";

impl ColourArg {
    /// Every side name of every game (first movers first within each game), then `random`.
    fn all() -> Vec<&'static str> {
        let mut all: Vec<&'static str> = Vec::new();
        for kind in GameKind::ALL {
            for name in kind.side_names() {
                if !all.contains(&name) {
                    all.push(name);
                }
            }
        }
        all.push(RANDOM);
        all
    }
}

impl poise::ChoiceParameter for ColourArg {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        ColourArg::all().into_iter().map(choice).collect()
    }

    fn from_index(index: usize) -> Option<Self> {
        ColourArg::all().get(index).copied().map(ColourArg)
    }

    fn from_name(name: &str) -> Option<Self> {
        ColourArg::all()
            .into_iter()
            .find(|n| n.eq_ignore_ascii_case(name))
            .map(ColourArg)
    }

    fn name(&self) -> &'static str {
        self.0
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

#[cfg(test)]
mod tests {
    use poise::ChoiceParameter;

    use super::*;
    use crate::engine::fibonacci::Variant;

    #[test]
    fn choices_are_the_codecs_words_in_order() {
        let names: Vec<String> = Choice::<GameKind>::list()
            .iter()
            .map(|c| c.name.to_string())
            .collect();
        assert_eq!(names[..2], ["fibonacci", "fanorona"]);
        assert_eq!(
            Choice::<Variant>::from_index(1),
            Some(Choice(Variant::Cards))
        );
        let colours: Vec<String> = ColourArg::list()
            .iter()
            .map(|c| c.name.to_string())
            .collect();
        assert_eq!(colours[..4], ["red", "green", "white", "black"]);
        assert_eq!(colours.last().map(String::as_str), Some("random"));
    }
}
