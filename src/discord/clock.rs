//! The clock on Discord: `/pause`, `/resume`, the buttons of a request to pause, and
//! `/settings` (how a player hears of their turn).

use poise::serenity_prelude as serenity;

use super::buttons::pause_row;
use super::choices::Choice;
use super::present::{game_message, mention, timestamp, turn_ping};
use super::reply::{Answer, Message, Target, respond};
use super::{BotError, Context, Data, answer, invoker, lang, names_from_interaction};
use crate::app::clock::days_text;
use crate::app::{GameView, Notify, PauseStep, UserId};
use crate::i18n::Lang;

/// The answer to a pause asked for or started by `user`.
async fn paused(
    http: &serenity::Http,
    data: &Data,
    lang: Lang,
    user: UserId,
    view: &GameView,
    step: PauseStep,
) -> Answer {
    match step {
        PauseStep::Asked { days } => {
            let opponent = view
                .side_of(user)
                .map_or(user, |side| view.player(side.other()));
            let text = format!(
                "{} asks {} to pause the clock for {}. {}, accept with the button or by typing \
                 /pause; decline with the button.",
                mention(user),
                mention(opponent),
                days_text(days),
                mention(opponent)
            );
            Answer::public(
                Message::text(text)
                    .components(vec![pause_row(lang, view.id)])
                    .notify([opponent]),
            )
        }
        PauseStep::Started { days } => {
            let until = view
                .clock
                .paused_until
                .map_or_else(String::new, |u| format!(" until {}", timestamp(u, 'f')));
            let headline = format!(
                "{} accepted: the clock is paused for {}{until}. It restarts by itself then, or \
                 earlier when either player types /resume.",
                mention(user),
                days_text(days)
            );
            Answer::public(game_message(http, &data.names, lang, &headline, view).await)
        }
    }
}

/// Ask your opponent to stop the clock for a few days, or accept their request.
#[poise::command(slash_command, guild_only)]
pub async fn pause(
    ctx: Context<'_>,
    #[description = "How many days to pause (1 to 14; 7 by default)"]
    #[min = 1]
    #[max = 14]
    days: Option<i64>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    answer(ctx, "pause", async move {
        let (view, step) = data.service.pause(channel, user, days).await?;
        Ok(paused(&http, data, lang, user, &view, step).await)
    })
    .await
}

/// Restart the clock of your paused game before the pause ends.
#[poise::command(slash_command, guild_only)]
pub async fn resume(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    answer(ctx, "resume", async move {
        let view = data.service.resume(channel, user).await?;
        let headline = format!("{} restarted the clock.", mention(user));
        Ok(
            Answer::public(game_message(&http, &data.names, lang, &headline, &view).await)
                .then(turn_ping(lang, &view)),
        )
    })
    .await
}

/// The Accept pause / Decline pause buttons of game `game`.
pub async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    game: i64,
    accept: bool,
) -> Result<(), BotError> {
    names_from_interaction(data, interaction.member.as_ref(), &interaction.user);
    let user: UserId = interaction.user.id.get();
    let channel = interaction.channel_id.get();
    let http = &ctx.http;
    let lang = super::lang::of_component(interaction).guild;
    let work = async {
        let current = data.service.game_in_channel(channel).await?;
        let Some(view) = current.filter(|v| v.id == game) else {
            return Ok(Answer::notice(
                "This request to pause belongs to a game that is no longer in play.",
            ));
        };
        if view.clock.pause_offer.is_none() {
            return Ok(Answer::notice(
                "No request to pause stands any more (it was answered, or the clock is already \
                 paused). /board shows the game.",
            ));
        }
        if accept {
            let (view, step) = data.service.pause(channel, user, None).await?;
            Ok(paused(http, data, lang, user, &view, step).await.updating())
        } else {
            let offered_by_me = view.clock.pause_offer.map(|(side, _)| side) == view.side_of(user);
            data.service.decline_pause(channel, user).await?;
            let text = if offered_by_me {
                format!("{} withdrew their request to pause.", mention(user))
            } else {
                format!(
                    "{} declined the pause: the clock keeps running.",
                    mention(user)
                )
            };
            Ok(Answer::public(Message::text(text)).updating())
        }
    };
    respond(
        http,
        Target::Component(interaction),
        data.budget,
        "pause button",
        work,
    )
    .await?;
    Ok(())
}

/// How the bot reminds you of your turns.
#[poise::command(slash_command, guild_only)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Turn reminders: in the game's channel (default) or by direct message"]
    notify: Option<Choice<Notify>>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, _, _) = invoker(ctx);
    answer(ctx, "settings", async move {
        let now = match notify {
            Some(Choice(notify)) => {
                data.service.set_notify(user, notify).await?;
                notify
            }
            None => data.service.notify_of(user).await?,
        };
        let how = match now {
            Notify::Channel => "in the game's channel",
            Notify::Dm => {
                "by direct message (in the game's channel when your direct messages are closed)"
            }
        };
        let verb = if notify.is_some() {
            "From now on I remind you"
        } else {
            "I remind you"
        };
        Ok(Answer::private(Message::text(format!(
            "{verb} of your turns {how}, 24 hours and 1 hour before each deadline. Change it \
             with `/settings notify:channel` or `/settings notify:dm`."
        ))))
    })
    .await
}
