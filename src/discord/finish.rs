//! Ending a game by agreement or resignation: `/resign`, `/draw` and the draw offer's buttons.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::buttons::draw_row;
use super::present::{game_message, game_over, level_word, mention, side_name};
use super::reply::{Answer, Offer, OfferPosted, Retired, Target, remove_buttons, respond};
use super::{
    BotError, Context, Data, answer, answer_reporting, invoker, lang, names_from_interaction,
};
use crate::app::{AppError, GameView, MessageId, Outcome, UserId};
use crate::i18n::Lang;
use crate::tr;

/// The message of the draw offer that `view`'s command ended (accepted, declined by playing on,
/// withdrawn, or the game over), whose buttons no longer apply; its board and text stay.
/// `except` is a message the answer itself replaces (the clicked offer).
pub fn ended_draw_offer(view: &GameView, except: Option<MessageId>) -> Option<Retired> {
    let message = view.ended_draw_offer.filter(|&m| Some(m) != except)?;
    Some(Retired {
        channel: view.channel,
        message,
        content: None,
        what: "draw offer",
    })
}

/// The answer to a game that just ended: the final board, and a new message naming the winner.
async fn ended(
    http: &Arc<serenity::Http>,
    data: &Data,
    lang: Lang,
    headline: &str,
    view: &GameView,
) -> Answer {
    Answer::public(game_message(http, &data.presenter, lang, headline, view).await)
        .then(game_over(lang, view))
}

/// The answer to `/draw` or the Accept draw button (`clicked`: the offer's message, which the
/// answer replaces).
async fn after_draw(
    http: &Arc<serenity::Http>,
    data: &Data,
    lang: Lang,
    user: UserId,
    view: &GameView,
    clicked: Option<MessageId>,
) -> Answer {
    let retired = ended_draw_offer(view, clicked);
    if view.outcome == Some(Outcome::DrawAgreed) {
        let headline = tr!(lang, "finish-accepted-draw", player = mention(user));
        return ended(http, data, lang, &headline, view)
            .await
            .retiring(retired);
    }
    match (view.draw_offer, view.side_of(user)) {
        (Some(offer), Some(side)) if offer == side => {
            let opponent = view.players[side.other().index()];
            let headline = tr!(
                lang,
                "finish-offers-draw",
                player = mention(user),
                side = side_name(lang, view.game.kind(), side),
                opponent = mention(opponent)
            );
            let message = game_message(http, &data.presenter, lang, &headline, view)
                .await
                .components(vec![draw_row(lang, view.id)])
                .notify([opponent]);
            Answer::public(message)
                .offering(Offer::Draw(view.id))
                .retiring(retired)
        }
        // The service reported success without an offer by this player or an agreed draw:
        // show the game as it stands rather than guess.
        _ => Answer::private(
            game_message(
                http,
                &data.presenter,
                lang,
                &tr!(lang, "finish-game-now"),
                view,
            )
            .await,
        ),
    }
}

/// Resign this channel's game.
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    answer(ctx, "resign", async move {
        let view = data.service.resign(channel, user).await?;
        let headline = tr!(lang, "finish-resigned", player = mention(user));
        Ok(ended(&http, data, lang, &headline, &view)
            .await
            .retiring(ended_draw_offer(&view, None)))
    })
    .await
}

/// Offer a draw, or accept the draw your opponent offered.
#[poise::command(slash_command)]
pub async fn draw(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    let posted = answer_reporting(ctx, "draw", async move {
        let view = data.service.draw(channel, user).await?;
        if let Some((side, level)) = view.ai
            && view.draw_offer.is_some_and(|offer| offer != side)
        {
            // Against the AI: it answers at once, by its own evaluation.
            let bot = view.player(side);
            if view.ai_accepts_draw() {
                let view = data.service.draw(channel, bot).await?;
                let headline = tr!(
                    lang,
                    "finish-ai-accepted-draw",
                    player = mention(bot),
                    level = level_word(lang, level)
                );
                return Ok(ended(&http, data, lang, &headline, &view).await);
            }
            let view = data.service.decline_draw(channel, bot).await?;
            let headline = tr!(
                lang,
                "finish-ai-declined-draw",
                player = mention(bot),
                level = level_word(lang, level)
            );
            return Ok(Answer::public(
                game_message(&http, &data.presenter, lang, &headline, &view).await,
            ));
        }
        Ok(after_draw(&http, data, lang, user, &view, None).await)
    })
    .await?;
    if let Some(OfferPosted {
        offer: Offer::Draw(game),
        message,
    }) = posted
    {
        // Remembered so that the buttons go once the offer ends some other way; an offer
        // answered before this loses its buttons now.
        match data
            .service
            .record_draw_offer_message(game, message.get())
            .await
        {
            // Where the bot is not a member it cannot edit: the buttons stay, and a click on
            // them says the offer is over.
            Ok(false) if !data.service.interaction_only(channel).await.unwrap_or(true) => {
                let http = ctx.serenity_context().http.clone();
                remove_buttons(http, channel, message.get(), None, "draw offer");
            }
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(game, error = %e, "could not record the draw offer's message");
            }
        }
    }
    Ok(())
}

/// What a click on a draw button of game `game` finds, when it is no longer meaningful.
async fn stale_draw(
    http: &serenity::Http,
    data: &Data,
    lang: Lang,
    channel: u64,
    game: i64,
) -> Result<Option<Answer>, AppError> {
    match data.service.game_in_channel(channel).await? {
        Some(view) if view.id == game => {
            if view.draw_offer.is_some() {
                Ok(None)
            } else {
                let m = game_message(
                    http,
                    &data.presenter,
                    lang,
                    &tr!(lang, "finish-no-draw-offer"),
                    &view,
                )
                .await;
                Ok(Some(Answer::private(m)))
            }
        }
        _ => {
            // The game is over (or another one has started here): show how it ended.
            let finished = match data.service.history(channel).await {
                Ok((view, _)) if view.id == game => Some(view),
                Ok(_) | Err(AppError::Refused(_)) => None,
                Err(e) => return Err(e),
            };
            Ok(Some(match finished {
                Some(view) => Answer::private(
                    game_message(
                        http,
                        &data.presenter,
                        lang,
                        &tr!(lang, "finish-game-is-over"),
                        &view,
                    )
                    .await,
                ),
                None => Answer::notice(tr!(lang, "finish-draw-gone")),
            }))
        }
    }
}

/// The Accept draw / Decline draw buttons.
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
    let lang = langs.guild;
    let work = async {
        if let Some(stale) = stale_draw(http, data, lang, channel, game).await? {
            return Ok(stale);
        }
        if accept {
            let view = data.service.draw(channel, user).await?;
            let clicked = Some(interaction.message.id.get());
            Ok(after_draw(http, data, lang, user, &view, clicked)
                .await
                .updating())
        } else {
            let current = data.service.game_in_channel(channel).await?;
            let offered_by_me = current
                .as_ref()
                .is_some_and(|v| v.draw_offer.is_some() && v.draw_offer == v.side_of(user));
            let (view, headline) = if offered_by_me {
                let view = data.service.withdraw_draw(channel, user).await?;
                (
                    view,
                    tr!(lang, "finish-withdrew-draw", player = mention(user)),
                )
            } else {
                let view = data.service.decline_draw(channel, user).await?;
                (
                    view,
                    tr!(lang, "finish-declined-draw", player = mention(user)),
                )
            };
            let retired = ended_draw_offer(&view, Some(interaction.message.id.get()));
            Ok(
                Answer::public(game_message(http, &data.presenter, lang, &headline, &view).await)
                    .updating()
                    .retiring(retired),
            )
        }
    };
    respond(
        http,
        Target::Component(interaction),
        langs.user,
        data,
        "draw button",
        work,
    )
    .await?;
    Ok(())
}
