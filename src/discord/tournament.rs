//! Tournaments on Discord: `/tournament create|join|leave|cancel|start|standings|withdraw`, the
//! announcement's Join / Leave buttons, and the scheduler's part ([`look`]): each paired game
//! gets its thread under the event's channel, a round over is followed by the next one's
//! pairings, and the end by the final standings.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::access;
use super::buttons::Button;
use super::choices::Choice;
use super::present::{self, describe, mention};
use super::reply::{Answer, Message, Offer, OfferPosted, Target, respond};
use super::terms::challenge_terms;
use super::tournament_posts::{
    cross_table_picture, round_message, standings_picture, standings_text,
};
use super::{BotError, Context, Data, answer, answer_reporting, invoker, lang};
use crate::app::{
    AppError, NewTournament, Refusal, TournamentRefusal, TournamentState, TournamentView,
    TurnClock, UserId,
};
use crate::engine::{Codec, GameKind, fanorona, fibonacci};
use crate::i18n::Lang;
use crate::tournament::Format;
use crate::tr;

/// Organise round-robin and Swiss tournaments.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("create", "join", "leave", "cancel", "start", "standings", "withdraw"),
    subcommand_required
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), BotError> {
    Ok(())
}

/// The event's announcement: what it is, who has joined, and the Join / Leave buttons while it
/// is open.
fn announcement(lang: Lang, t: &TournamentView) -> Message {
    let players: Vec<String> = t.players.iter().map(|p| mention(p.user)).collect();
    let format = match (t.format, t.rounds) {
        (Format::Swiss, Some(rounds)) => tr!(lang, "tournament-format-swiss", rounds = rounds),
        _ => tr!(
            lang,
            "tournament-format-round-robin",
            double = if t.double { "yes" } else { "no" }
        ),
    };
    let state = t.state.as_str();
    let text = tr!(
        lang,
        "tournament-announcement",
        name = t.name.as_str(),
        format = format,
        game = describe(lang, &t.config),
        clock = present::clock_words(lang, t.clock),
        rated = if t.rated { "yes" } else { "no" },
        vacation = if t.vacation { "yes" } else { "no" },
        count = t.players.len(),
        players = if players.is_empty() {
            "—".to_string()
        } else {
            players.join(", ")
        },
        state = state
    );
    let message = Message::text(text);
    if t.state == TournamentState::Open {
        message.components(vec![serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new(Button::JoinTournament(t.id).custom_id())
                .label(tr!(lang, "button-join"))
                .style(serenity::ButtonStyle::Success),
            serenity::CreateButton::new(Button::LeaveTournament(t.id).custom_id())
                .label(tr!(lang, "button-leave"))
                .style(serenity::ButtonStyle::Secondary),
        ])])
    } else {
        message
    }
}

/// Rewrites the announcement after a typed change (a click rewrites it itself). Runs in the
/// background; a message that is gone is only logged.
fn refresh_announcement(http: &Arc<serenity::Http>, lang: Lang, t: &TournamentView) {
    let Some(message) = t.message else { return };
    let m = announcement(lang, t);
    let edit = serenity::EditMessage::new()
        .content(m.content)
        .components(m.components)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    let (http, channel) = (http.clone(), t.channel);
    tokio::spawn(async move {
        let channel = serenity::ChannelId::new(channel.max(1));
        if let Err(e) = channel
            .edit_message(&http, serenity::MessageId::new(message.max(1)), edit)
            .await
        {
            tracing::warn!(error = %e, "could not update a tournament's announcement");
        }
    });
}

/// The event this channel (or game thread) means, or a refusal.
async fn here(data: &Data, channel: u64) -> Result<TournamentView, AppError> {
    data.service
        .tournament_of(channel)
        .await?
        .ok_or_else(|| Refusal::Tournament(TournamentRefusal::NoTournament).into())
}

/// Create a tournament in this channel: players join with the button or `/tournament join`.
// Poise takes each slash command option as its own argument.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn create(
    ctx: Context<'_>,
    #[description = "The tournament's name"] name: String,
    #[description = "Which game"] game: Choice<GameKind>,
    #[description = "round-robin or swiss"] format: Choice<Format>,
    #[description = "Swiss only: the number of rounds, 2 to 15"] rounds: Option<i64>,
    #[description = "Round-robin only: every pair meets twice"] double: Option<bool>,
    #[description = "Time per turn: 1d, 3d (default), 7d, none; or a bank A+B (B more per turn, up to A)"]
    clock: Option<Choice<TurnClock>>,
    #[description = "Whether the games count for the ratings (yes by default)"] rated: Option<bool>,
    #[description = "Whether a player's vacation stops their clock in these games (yes by default)"]
    vacation: Option<bool>,
    #[description = "The most players who may join"] max_players: Option<i64>,
    #[description = "Fibonacci only: standard (default) or cards"] variant: Option<
        Choice<fibonacci::Variant>,
    >,
    #[description = "Fanorona only: escale (default) or standard"] rules: Option<
        Choice<fanorona::RuleSet>,
    >,
    #[description = "Fibonacci only: the swap rule, Green may take Red's side after Red's first turn (no by default)"]
    swap: Option<bool>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, channel, guild) = invoker(ctx);
    let langs = lang::of(ctx);
    let posted = answer_reporting(ctx, "tournament create", async move {
        let options = [
            ("variant", variant.map(|v| v.0.as_str())),
            ("rules", rules.map(|r| r.0.as_str())),
            ("swap", swap.filter(|&on| on).map(|_| "on")),
        ];
        let config = match challenge_terms(langs.user, Some(game.0), &options, None) {
            Ok((config, _)) => config,
            Err(why) => return Ok(Answer::notice(why)),
        };
        let t = data
            .service
            .create_tournament(NewTournament {
                guild,
                channel,
                creator: user,
                name,
                format: format.0,
                rounds,
                double: double.unwrap_or(false),
                config,
                clock: clock.map_or_else(TurnClock::default, |c| c.0),
                vacation: vacation.unwrap_or(true),
                rated: rated.unwrap_or(true),
                max_players,
            })
            .await?;
        Ok(Answer::public(announcement(langs.guild, &t)).offering(Offer::Tournament(t.id)))
    })
    .await?;
    if let Some(OfferPosted {
        offer: Offer::Tournament(id),
        message,
    }) = posted
        && let Err(e) = data
            .service
            .record_tournament_message(id, message.get())
            .await
    {
        tracing::warn!(tournament = id, error = %e, "could not record the announcement");
    }
    Ok(())
}

/// Join or leave this channel's open tournament (typed), the announcement kept up to date.
async fn sign_up(ctx: Context<'_>, join: bool) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    let what = if join {
        "tournament join"
    } else {
        "tournament leave"
    };
    answer(ctx, what, async move {
        let t = here(data, channel).await?;
        let t = if join {
            data.service.join_tournament(t.id, user).await?
        } else {
            data.service.leave_tournament(t.id, user).await?
        };
        refresh_announcement(&http, lang, &t);
        let id = if join {
            "tournament-joined"
        } else {
            "tournament-left"
        };
        Ok(Answer::public(Message::text(tr!(
            lang,
            id,
            player = mention(user),
            name = t.name.as_str(),
            count = t.players.len()
        ))))
    })
    .await
}

/// Join this channel's tournament.
#[poise::command(slash_command, guild_only)]
pub async fn join(ctx: Context<'_>) -> Result<(), BotError> {
    sign_up(ctx, true).await
}

/// Leave this channel's tournament before it starts.
#[poise::command(slash_command, guild_only)]
pub async fn leave(ctx: Context<'_>) -> Result<(), BotError> {
    sign_up(ctx, false).await
}

/// Cancel this channel's tournament before it starts (its creator, or a server manager).
#[poise::command(slash_command, guild_only)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    let manager = access::manager(ctx);
    answer(ctx, "tournament cancel", async move {
        let t = here(data, channel).await?;
        let t = data.service.cancel_tournament(t.id, user, manager).await?;
        refresh_announcement(&http, lang, &t);
        Ok(Answer::public(Message::text(tr!(
            lang,
            "tournament-cancelled",
            name = t.name.as_str()
        ))))
    })
    .await
}

/// Start this channel's tournament (its creator, or a server manager): the first round is paired.
#[poise::command(slash_command, guild_only)]
pub async fn start(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    let manager = access::manager(ctx);
    answer(ctx, "tournament start", async move {
        let t = here(data, channel).await?;
        let t = data.service.start_tournament(t.id, user, manager).await?;
        refresh_announcement(&http, lang, &t);
        let table = data.service.tournament_table(t.id).await?;
        Ok(Answer::public(round_message(lang, &table, 1)))
    })
    .await
}

/// The server's tournaments whose name or number contains what was typed, latest first: the
/// choices of `/tournament standings id:`.
async fn autocomplete_events(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let lang = lang::of(ctx).user;
    let lookup = ctx.data().service.tournaments_of_guild(guild, 200);
    let events = match tokio::time::timeout(std::time::Duration::from_millis(1500), lookup).await {
        Ok(Ok(events)) => events,
        _ => Vec::new(),
    };
    let typed = partial.trim().to_lowercase();
    let choices = events
        .into_iter()
        .filter(|(id, name, _)| {
            typed.is_empty() || name.to_lowercase().contains(&typed) || id.to_string() == typed
        })
        .take(25)
        .map(|(id, name, state)| {
            let label = tr!(
                lang,
                "tournament-choice",
                id = id,
                name = name.as_str(),
                state = state.as_str()
            );
            serenity::AutocompleteChoice::new(label.chars().take(100).collect::<String>(), id)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The standings of this channel's tournament, or of the server's tournament `id`.
#[poise::command(slash_command, guild_only)]
pub async fn standings(
    ctx: Context<'_>,
    #[description = "Which tournament (this channel's by default)"]
    #[autocomplete = "autocomplete_events"]
    id: Option<i64>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (_, channel, guild) = invoker(ctx);
    let lang = lang::of(ctx).user;
    answer(ctx, "tournament standings", async move {
        let t = match id {
            Some(id) => data.service.tournament(guild, id).await?,
            None => here(data, channel).await?,
        };
        let table = data.service.tournament_table(t.id).await?;
        let picture = standings_picture(&http, &data.presenter, lang, &table).await;
        let cross = cross_table_picture(&http, &data.presenter, lang, &table).await;
        Ok(Answer::public(
            Message::text(standings_text(lang, &table))
                .file(picture)
                .file(cross),
        ))
    })
    .await
}

/// Withdraw from this channel's tournament: your games in progress count as lost.
#[poise::command(slash_command, guild_only)]
pub async fn withdraw(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    answer(ctx, "tournament withdraw", async move {
        let t = here(data, channel).await?;
        let (t, ended) = data.service.withdraw_from_tournament(t.id, user).await?;
        // The lost games' boards are in the outbox: sent now rather than at the next look.
        super::notices::send_owed(&data.service, &http, &data.presenter).await;
        Ok(Answer::public(Message::text(tr!(
            lang,
            "tournament-withdrew",
            player = mention(user),
            name = t.name.as_str(),
            count = ended
        ))))
    })
    .await
}

/// The Join / Leave buttons of an announcement: the clicked message is rewritten.
pub async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    id: i64,
    join: bool,
) -> Result<(), BotError> {
    let user: UserId = interaction.user.id.get();
    let langs = lang::of_component(&data.presenter.languages, interaction);
    let work = async {
        let t = if join {
            data.service.join_tournament(id, user).await?
        } else {
            data.service.leave_tournament(id, user).await?
        };
        Ok::<_, AppError>(Answer::public(announcement(langs.guild, &t)).updating())
    };
    let what = if join {
        "tournament join button"
    } else {
        "tournament leave button"
    };
    respond(
        &ctx.http,
        Target::Component(interaction),
        langs.user,
        data,
        what,
        work,
    )
    .await?;
    Ok(())
}
