//! Vacations in words: why a vacation command was refused, from `vacation.ftl`.

use super::Markup;
use crate::app::{VACATION_DAYS_PER_YEAR, VacationRefusal};
use crate::i18n::Lang;
use crate::tr;

/// Why a vacation command was refused, in `lang`.
pub fn refusal(lang: Lang, markup: &dyn Markup, refusal: &VacationRefusal) -> String {
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
            tr!(
                lang,
                "vacation-refused-already",
                until = markup.moment(*until)
            )
        }
        VacationRefusal::NotOn => tr!(lang, "vacation-refused-not-on"),
        VacationRefusal::Holds { player, until } => tr!(
            lang,
            "vacation-refused-holds",
            player = markup.user(*player),
            until = markup.moment(*until)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::tests::Plain;

    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        let until = chrono::DateTime::from_timestamp(1_900_000_000, 0).unwrap();
        let all = [
            VacationRefusal::Days { given: 40 },
            VacationRefusal::Budget { asked: 9, left: 4 },
            VacationRefusal::AlreadyOn { until },
            VacationRefusal::NotOn,
            VacationRefusal::Holds { player: 42, until },
        ];
        for r in &all {
            let (en, fr) = (refusal(Lang::En, &Plain, r), refusal(Lang::Fr, &Plain, r));
            assert!(
                !en.contains("vacation-") && !fr.contains("vacation-"),
                "{en} / {fr}"
            );
            assert_ne!(en, fr);
        }
        assert_eq!(
            refusal(Lang::En, &Plain, &all[0]),
            "A vacation lasts from 1 to 30 days, not 40: try `/vacation days:7`."
        );
        // The person and the moment are the front end's.
        let holds = refusal(Lang::En, &Plain, &all[4]);
        assert!(
            holds.contains("user 42") && holds.contains("at 1900000000"),
            "{holds}"
        );
    }
}
