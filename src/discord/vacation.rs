//! `/vacation`: days off from every deadline (the service's `vacation` module), answered to the
//! player alone.

use super::reply::{Answer, Message};
use super::{BotError, Context, answer, invoker, lang};
use crate::words::vacation::status;

/// Take days off: no deadline of yours runs (30 days a year), or see the days you have left.
#[poise::command(slash_command, guild_only)]
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
