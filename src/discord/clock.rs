//! The clock on Discord: `/pause`, `/resume`, the buttons of a request to pause, and
//! `/settings` (how a player hears of their turn).

use poise::serenity_prelude as serenity;

use super::buttons::pause_row;
use super::choices::Choice;
use super::present::{game_message, mention, timestamp, turn_ping};
use super::reply::{Answer, Message, Target, respond};
use super::{BotError, Context, Data, answer, invoker, lang, names_from_interaction};
use crate::app::{AppError, AutoVacation, Colours, GameView, Notify, PauseStep, UserId};
use crate::engine::Codec;
use crate::i18n::Lang;
use crate::tr;

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
            let text = tr!(
                lang,
                "pause-asked",
                player = mention(user),
                opponent = mention(opponent),
                days = tr!(lang, "pause-days", days = days)
            );
            Answer::public(
                Message::text(text)
                    .components(vec![pause_row(lang, view.id)])
                    .notify([opponent]),
            )
        }
        PauseStep::Started { days } => {
            let (player, days) = (mention(user), tr!(lang, "pause-days", days = days));
            let headline = match view.clock.paused_until {
                Some(until) => tr!(
                    lang,
                    "pause-started-until",
                    player = player,
                    days = days,
                    until = timestamp(until, 'f')
                ),
                None => tr!(lang, "pause-started", player = player, days = days),
            };
            Answer::public(game_message(http, &data.presenter, lang, &headline, view).await)
        }
    }
}

/// Ask your opponent to stop the clock for a few days, or accept their request.
#[poise::command(slash_command)]
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
#[poise::command(slash_command)]
pub async fn resume(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    answer(ctx, "resume", async move {
        let view = data.service.resume(channel, user).await?;
        let headline = tr!(lang, "pause-resumed", player = mention(user));
        Ok(
            Answer::public(game_message(&http, &data.presenter, lang, &headline, &view).await)
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
    let langs = super::lang::of_component(&data.presenter.languages, interaction);
    let (lang, user_lang) = (langs.guild, langs.user);
    let work = async {
        let current = data.service.game_in_channel(channel).await?;
        let Some(view) = current.filter(|v| v.id == game) else {
            return Ok(Answer::notice(tr!(user_lang, "pause-gone")));
        };
        if view.clock.pause_offer.is_none() {
            return Ok(Answer::notice(tr!(user_lang, "pause-answered")));
        }
        if accept {
            let (view, step) = data.service.pause(channel, user, None).await?;
            Ok(paused(http, data, lang, user, &view, step).await.updating())
        } else {
            let offered_by_me = view.clock.pause_offer.map(|(side, _)| side) == view.side_of(user);
            data.service.decline_pause(channel, user).await?;
            let text = if offered_by_me {
                tr!(lang, "pause-withdrawn", player = mention(user))
            } else {
                tr!(lang, "pause-declined", player = mention(user))
            };
            Ok(Answer::public(Message::text(text)).updating())
        }
    };
    respond(
        http,
        Target::Component(interaction),
        user_lang,
        data,
        "pause button",
        work,
    )
    .await?;
    Ok(())
}

/// One setting of `/settings`: saved when the command gives it, read otherwise. Returns the
/// setting now, and whether it was just changed (`yes` or `no`, as the words select on it).
async fn save_or_read<T, S, R>(
    given: Option<Choice<T>>,
    save: impl FnOnce(T) -> S,
    read: R,
) -> Result<(T, &'static str), AppError>
where
    T: Copy,
    S: std::future::Future<Output = Result<(), AppError>>,
    R: std::future::Future<Output = Result<T, AppError>>,
{
    match given {
        Some(Choice(value)) => {
            save(value).await?;
            Ok((value, "yes"))
        }
        None => Ok((read.await?, "no")),
    }
}

/// How the bot reminds you of your turns, and the colours of the boards only you see.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Turn reminders: in the game's channel (default) or by direct message"]
    notify: Option<Choice<Notify>>,
    #[rename = "auto-vacation"]
    #[description = "on: a deadline that passes uses one of your vacation days instead of losing"]
    auto_vacation: Option<Choice<AutoVacation>>,
    #[description = "The colours of the boards only you see: standard (default) or colour-blind"]
    colours: Option<Choice<Colours>>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, _, _) = invoker(ctx);
    let lang = lang::of(ctx).user;
    answer(ctx, "settings", async move {
        let service = &data.service;
        let (auto, auto_changed) = save_or_read(
            auto_vacation,
            |auto| service.set_auto_vacation(user, auto),
            service.auto_vacation(user),
        )
        .await?;
        let (how, notify_changed) = save_or_read(
            notify,
            |notify| service.set_notify(user, notify),
            service.notify_of(user),
        )
        .await?;
        let (chosen, colours_changed) = save_or_read(
            colours,
            |colours| service.set_colours(user, colours),
            service.colours_of(user),
        )
        .await?;
        let lines = [
            tr!(
                lang,
                "settings-notify",
                changed = notify_changed,
                how = how.as_str()
            ),
            tr!(
                lang,
                "settings-auto-vacation",
                changed = auto_changed,
                state = auto.as_str()
            ),
            tr!(
                lang,
                "settings-colours",
                changed = colours_changed,
                colours = chosen.as_str()
            ),
        ];
        Ok(Answer::private(Message::text(lines.join("\n"))))
    })
    .await
}
