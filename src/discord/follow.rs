//! After a game: `/rematch`, `/vela` and the Rematch / Vela round buttons under a finished game.
//! Each offers a challenge to the other player, answered with the usual Accept / Decline.

use poise::serenity_prelude as serenity;

use super::challenge::{challenge_message, record_message, started};
use super::reply::{Answer, Offer, OfferPosted, Target, respond};
use super::{BotError, Context, Data, answer_reporting, invoker, names_from_interaction};
use crate::app::{AppError, FollowKind, FollowUp};

/// Posts the offer and remembers where its buttons went.
async fn after_offer(
    http: &std::sync::Arc<serenity::Http>,
    data: &Data,
    posted: Option<OfferPosted>,
) {
    if let Some(OfferPosted {
        offer: Offer::Challenge(id),
        message,
    }) = posted
    {
        record_message(http, data, id, message.get()).await;
    }
}

/// The answer to a follow-up: the offer with its buttons, or (against the AI) the new game.
async fn answered(http: &serenity::Http, data: &Data, done: FollowUp) -> Answer {
    match done {
        FollowUp::Offered(c) => {
            let lang = data.presenter.languages.guild(c.guild);
            Answer::public(challenge_message(lang, &c)).offering(Offer::Challenge(c.id))
        }
        FollowUp::Started(view) => started(http, data, &view, None).await,
    }
}

async fn typed(ctx: Context<'_>, kind: FollowKind, what: &str) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, channel, _) = invoker(ctx);
    let http = ctx.serenity_context().http.clone();
    let posted = answer_reporting(ctx, what, async move {
        let done = data
            .service
            .follow_up_in_channel(channel, user, kind)
            .await?;
        Ok(answered(&http, data, done).await)
    })
    .await?;
    after_offer(&ctx.serenity_context().http, data, posted).await;
    Ok(())
}

/// Offer your opponent a rematch of this channel's last game (colours swapped).
#[poise::command(slash_command)]
pub async fn rematch(ctx: Context<'_>) -> Result<(), BotError> {
    typed(ctx, FollowKind::Rematch, "rematch").await
}

/// After a won Fanorona game here: offer the vela second round (the loser moves first).
#[poise::command(slash_command)]
pub async fn vela(ctx: Context<'_>) -> Result<(), BotError> {
    typed(ctx, FollowKind::Vela, "vela").await
}

/// The Rematch and Vela round buttons under finished game `game`.
pub async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    game: i64,
    kind: FollowKind,
) -> Result<(), BotError> {
    names_from_interaction(data, interaction.member.as_ref(), &interaction.user);
    let user = interaction.user.id.get();
    let langs = super::lang::of_component(&data.presenter.languages, interaction);
    let work = async {
        let done = data.service.follow_up(game, user, kind).await?;
        Ok::<_, AppError>(answered(&ctx.http, data, done).await)
    };
    let posted = respond(
        &ctx.http,
        Target::Component(interaction),
        langs.user,
        data,
        "follow-up button",
        work,
    )
    .await?;
    after_offer(&ctx.http, data, posted).await;
    Ok(())
}
