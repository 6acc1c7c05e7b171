//! `/vacation`: days off from every deadline (the service's `vacation` module), answered to the
//! player alone, and its words (`vacation.ftl`).

use super::present::timestamp;
use super::reply::{Answer, Message};
use super::{BotError, Context, answer, invoker, lang};
use crate::app::{VACATION_DAYS_PER_YEAR, Vacation};
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
    fn every_answer_is_worded_in_both_languages() {
        let until = chrono::DateTime::from_timestamp(1_900_000_000, 0).unwrap();
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
    }
}
