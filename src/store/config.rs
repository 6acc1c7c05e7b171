//! How a game's rule options ([`Config`]) map to the columns `game`, `variant`, `group_rule`,
//! `rule_set` and `vela` of the `challenges` and `games` tables.

use crate::engine::fanorona::{self, RuleSet};
use crate::engine::fibonacci::{self, GroupRule, Variant};
use crate::engine::{Config, GameKind};

use super::StoreError;

/// The option columns of one row, as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct ConfigColumns {
    pub game: String,
    pub variant: Option<String>,
    pub group_rule: Option<String>,
    pub rule_set: Option<String>,
    pub vela: Option<String>,
}

impl ConfigColumns {
    /// The columns for `config`.
    pub fn from_config(config: &Config) -> ConfigColumns {
        match config {
            Config::Fibonacci(o) => ConfigColumns {
                game: GameKind::Fibonacci.as_str().to_string(),
                variant: Some(
                    match o.variant {
                        Variant::Standard => "standard",
                        Variant::Cards => "cards",
                    }
                    .to_string(),
                ),
                group_rule: Some(
                    match o.group {
                        GroupRule::SameCategory => "same-category",
                        GroupRule::AnyFriendly => "any-friendly",
                    }
                    .to_string(),
                ),
                rule_set: None,
                vela: None,
            },
            Config::Fanorona(o) => ConfigColumns {
                game: GameKind::Fanorona.as_str().to_string(),
                variant: None,
                group_rule: None,
                rule_set: Some(
                    match o.rules {
                        RuleSet::Escale => "escale",
                        RuleSet::Standard => "standard",
                    }
                    .to_string(),
                ),
                vela: o.vela.map(|c| colour_name(c).to_string()),
            },
        }
    }

    /// The config these columns describe.
    pub fn to_config(&self) -> Result<Config, StoreError> {
        let bad = |what: &str, value: &Option<String>| {
            StoreError::BadRow(format!("{what} {value:?} for game {:?}", self.game))
        };
        match self.game.as_str() {
            "fibonacci" => {
                let variant = match self.variant.as_deref() {
                    Some("standard") => Variant::Standard,
                    Some("cards") => Variant::Cards,
                    _ => return Err(bad("variant", &self.variant)),
                };
                let group = match self.group_rule.as_deref() {
                    Some("same-category") => GroupRule::SameCategory,
                    Some("any-friendly") => GroupRule::AnyFriendly,
                    _ => return Err(bad("group rule", &self.group_rule)),
                };
                Ok(Config::Fibonacci(fibonacci::Options { variant, group }))
            }
            "fanorona" => {
                let rules = match self.rule_set.as_deref() {
                    Some("escale") => RuleSet::Escale,
                    Some("standard") => RuleSet::Standard,
                    _ => return Err(bad("rule set", &self.rule_set)),
                };
                let vela = match self.vela.as_deref() {
                    None => None,
                    Some("white") => Some(fanorona::Color::White),
                    Some("black") => Some(fanorona::Color::Black),
                    Some(_) => return Err(bad("vela", &self.vela)),
                };
                Ok(Config::Fanorona(fanorona::Options { rules, vela }))
            }
            other => Err(StoreError::BadRow(format!("unknown game {other:?}"))),
        }
    }
}

fn colour_name(colour: fanorona::Color) -> &'static str {
    match colour {
        fanorona::Color::White => "white",
        fanorona::Color::Black => "black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option the engine offers is stored and read back unchanged.
    #[test]
    fn every_config_round_trips_through_the_columns() {
        let mut configs = Vec::new();
        for variant in [Variant::Standard, Variant::Cards] {
            for group in [GroupRule::SameCategory, GroupRule::AnyFriendly] {
                configs.push(Config::Fibonacci(fibonacci::Options { variant, group }));
            }
        }
        for rules in [RuleSet::Escale, RuleSet::Standard] {
            for vela in [
                None,
                Some(fanorona::Color::White),
                Some(fanorona::Color::Black),
            ] {
                configs.push(Config::Fanorona(fanorona::Options { rules, vela }));
            }
        }
        for config in configs {
            let columns = ConfigColumns::from_config(&config);
            assert_eq!(columns.to_config().ok(), Some(config), "{columns:?}");
        }
    }

    #[test]
    fn unknown_values_are_bad_rows() {
        let columns = ConfigColumns {
            game: "fibonacci".into(),
            variant: Some("blitz".into()),
            group_rule: Some("same-category".into()),
            ..ConfigColumns::default()
        };
        assert!(matches!(columns.to_config(), Err(StoreError::BadRow(_))));
        let columns = ConfigColumns {
            game: "chess".into(),
            ..ConfigColumns::default()
        };
        assert!(matches!(columns.to_config(), Err(StoreError::BadRow(_))));
    }
}
