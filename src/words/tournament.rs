//! Tournaments in words: why a tournament command was refused, from `tournament.ftl`.

use super::Markup;
use crate::app::TournamentRefusal;
use crate::i18n::Lang;
use crate::tr;

/// Why a tournament command was refused, in `lang`.
pub fn refusal(lang: Lang, markup: &dyn Markup, refusal: &TournamentRefusal) -> String {
    use TournamentRefusal as R;
    match refusal {
        R::Rounds { given } => tr!(
            lang,
            "tournament-refused-rounds",
            given = given.map_or("none".to_string(), |g| g.to_string())
        ),
        R::OptionNotForFormat { option } => {
            tr!(lang, "tournament-refused-option", option = *option)
        }
        R::Name { max } => tr!(lang, "tournament-refused-name", max = *max),
        R::MaxPlayers { given } => tr!(lang, "tournament-refused-max-players", given = *given),
        R::ChannelBusy { name } => tr!(
            lang,
            "tournament-refused-channel-busy",
            name = name.as_str()
        ),
        R::NoTournament => tr!(lang, "tournament-refused-none"),
        R::Started { name } => tr!(lang, "tournament-refused-started", name = name.as_str()),
        R::Over { name } => tr!(lang, "tournament-refused-over", name = name.as_str()),
        R::AlreadyJoined { name } => {
            tr!(
                lang,
                "tournament-refused-already-joined",
                name = name.as_str()
            )
        }
        R::NotJoined { name } => tr!(lang, "tournament-refused-not-joined", name = name.as_str()),
        R::Full { name, max } => tr!(
            lang,
            "tournament-refused-full",
            name = name.as_str(),
            max = *max
        ),
        R::TooFewPlayers { have, need } => {
            tr!(
                lang,
                "tournament-refused-too-few",
                have = *have,
                need = *need
            )
        }
        R::NotCreator { creator } => tr!(
            lang,
            "tournament-refused-not-creator",
            creator = markup.user(*creator)
        ),
        R::AlreadyWithdrawn { name } => {
            tr!(lang, "tournament-refused-withdrawn", name = name.as_str())
        }
    }
}

/// A cross table's cell: the row player's results against one opponent, in the order played
/// (`1` a win, `½` a draw, `0` a loss, `·` a game in progress), empty without a game.
pub fn cross_cell(results: &[crate::tournament::cross::Half]) -> String {
    results
        .iter()
        .map(|r| match r {
            Some(2) => "1",
            Some(1) => "½",
            Some(_) => "0",
            None => "·",
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::tests::Plain;

    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        let name = || "Autumn cup".to_string();
        let all = [
            TournamentRefusal::Rounds { given: None },
            TournamentRefusal::Rounds { given: Some(99) },
            TournamentRefusal::OptionNotForFormat { option: "double" },
            TournamentRefusal::Name { max: 100 },
            TournamentRefusal::MaxPlayers { given: 2 },
            TournamentRefusal::ChannelBusy { name: name() },
            TournamentRefusal::NoTournament,
            TournamentRefusal::Started { name: name() },
            TournamentRefusal::Over { name: name() },
            TournamentRefusal::AlreadyJoined { name: name() },
            TournamentRefusal::NotJoined { name: name() },
            TournamentRefusal::Full {
                name: name(),
                max: 8,
            },
            TournamentRefusal::TooFewPlayers { have: 2, need: 3 },
            TournamentRefusal::NotCreator { creator: 42 },
            TournamentRefusal::AlreadyWithdrawn { name: name() },
        ];
        for r in &all {
            let en = refusal(Lang::En, &Plain, r);
            let fr = refusal(Lang::Fr, &Plain, r);
            assert!(
                !en.contains("tournament-") && !fr.contains("tournament-"),
                "{en} / {fr}"
            );
            assert_ne!(en, fr);
        }
        assert_eq!(
            refusal(
                Lang::En,
                &Plain,
                &TournamentRefusal::Rounds { given: Some(99) }
            ),
            "`rounds:99` is not possible: a Swiss tournament has from 2 to 15 rounds."
        );
        assert!(refusal(Lang::En, &Plain, &all[12]).contains("at least 3 players"));
    }
}
