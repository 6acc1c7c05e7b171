//! Vacations in words: the answers of `/vacation` and why it was refused, from `vacation.ftl`.

use chrono::{DateTime, Utc};

use crate::app::{VACATION_DAYS_PER_YEAR, Vacation, VacationRefusal};
use crate::i18n::Lang;
use crate::tr;

/// A Discord timestamp of `at` (`f`: the reader's date and time).
fn date(at: DateTime<Utc>) -> String {
    format!("<t:{}:f>", at.timestamp())
}

/// Why a vacation command was refused, in `lang`.
pub fn refusal(lang: Lang, refusal: &VacationRefusal) -> String {
    match refusal {
        VacationRefusal::Days { given } => tr!(
            lang,
            "vacation-refused-days",
            given = *given,
            max = VACATION_DAYS_PER_YEAR
        ),
        VacationRefusal::Budget { asked, left } => tr!(
            lang,
            "vacation-refused-budget",
            asked = *asked,
            left = *left,
            max = VACATION_DAYS_PER_YEAR
        ),
        VacationRefusal::AlreadyOn { until } => {
            tr!(lang, "vacation-refused-already", until = date(*until))
        }
        VacationRefusal::NotOn => tr!(lang, "vacation-refused-not-on"),
        VacationRefusal::Holds { player, until } => tr!(
            lang,
            "vacation-refused-holds",
            player = format!("<@{player}>"),
            until = date(*until)
        ),
    }
}

/// What `/vacation` says: the vacation in progress (started now when `started`) or none, and
/// the days left this year.
pub fn status(lang: Lang, vacation: &Vacation, started: bool, ended: bool) -> String {
    let head = match (vacation.until, started, ended) {
        (Some(until), true, _) => tr!(
            lang,
            "vacation-started",
            until = date(until),
            games = vacation.games
        ),
        (_, _, true) => tr!(lang, "vacation-ended", games = vacation.games),
        (Some(until), false, _) => tr!(lang, "vacation-on", until = date(until)),
        (None, _, _) => tr!(lang, "vacation-none"),
    };
    let left = tr!(
        lang,
        "vacation-days-left",
        left = vacation.days_left,
        max = VACATION_DAYS_PER_YEAR
    );
    format!("{head} {left}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_and_answer_is_worded_in_both_languages() {
        let until = DateTime::from_timestamp(1_900_000_000, 0).unwrap();
        let all = [
            VacationRefusal::Days { given: 40 },
            VacationRefusal::Budget { asked: 9, left: 4 },
            VacationRefusal::AlreadyOn { until },
            VacationRefusal::NotOn,
            VacationRefusal::Holds { player: 42, until },
        ];
        for r in &all {
            let (en, fr) = (refusal(Lang::En, r), refusal(Lang::Fr, r));
            assert!(
                !en.contains("vacation-") && !fr.contains("vacation-"),
                "{en} / {fr}"
            );
            assert_ne!(en, fr);
        }
        let on = Vacation {
            until: Some(until),
            days_left: 23,
            games: 2,
        };
        for (started, ended) in [(true, false), (false, false), (false, true)] {
            let en = status(Lang::En, &on, started, ended);
            assert!(en.contains("23") && !en.contains("vacation-"), "{en}");
            assert_ne!(en, status(Lang::Fr, &on, started, ended));
        }
        assert_eq!(
            refusal(Lang::En, &all[0]),
            "A vacation lasts from 1 to 30 days, not 40: try `/vacation days:7`."
        );
    }
}
