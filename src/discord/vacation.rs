//! `/vacation`: days off from every deadline (the service's `vacation` module), answered to the
//! player alone, and its words (`vacation.ftl`).

use super::present::{mention, timestamp};
use super::reply::{Answer, Message};
use super::{BotError, Context, answer, invoker, lang};
use crate::app::{VACATION_DAYS_PER_YEAR, Vacation, VacationRefusal};
use crate::i18n::Lang;
use crate::tr;

/// Take days off: no deadline of yours runs (30 days a year), or see the days you have left.
#[poise::command(slash_command)]
pub async fn vacation(
    ctx: Context<'_>,
    #[description = "Start a vacation now, of this many days (1 to 30)"]
    #[min = 1]
    #[max = 30]
    days: Option<i64>,
    #[description = "End your vacation now: its whole unused days are given back"] end: Option<
        bool,
    >,
) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, _, _) = invoker(ctx);
    let lang = lang::of(ctx).user;
    answer(ctx, "vacation", async move {
        let text = match (days, end) {
            (Some(days), _) => {
                let started = data.service.start_vacation(user, days).await?;
                status(lang, &started, true, false)
            }
            (None, Some(true)) => {
                let ended = data.service.end_vacation(user).await?;
                status(lang, &ended, false, true)
            }
            (None, _) => status(lang, &data.service.vacation(user).await?, false, false),
        };
        Ok(Answer::private(Message::text(text)))
    })
    .await
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
            tr!(
                lang,
                "vacation-refused-already",
                until = timestamp(*until, 'f')
            )
        }
        VacationRefusal::NotOn => tr!(lang, "vacation-refused-not-on"),
        VacationRefusal::Holds { player, until } => tr!(
            lang,
            "vacation-refused-holds",
            player = mention(*player),
            until = timestamp(*until, 'f')
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
            until = timestamp(until, 'f'),
            games = vacation.games
        ),
        (_, _, true) => tr!(lang, "vacation-ended", games = vacation.games),
        (Some(until), false, _) => tr!(lang, "vacation-on", until = timestamp(until, 'f')),
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
        let until = chrono::DateTime::from_timestamp(1_900_000_000, 0).unwrap();
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
