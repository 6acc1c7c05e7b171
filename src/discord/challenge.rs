//! Challenges: `/challenge`, `/accept`, `/decline`, `/cancel` and the Accept / Decline buttons.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::buttons::challenge_row;
use super::present::{describe_config, game_message, mention, side_name, turn_ping};
use super::reply::{Answer, Message, Offer, OfferPosted, Target, refusal, remove_buttons, respond};
use super::{BotError, Context, Data, answer, answer_reporting, invoker, names_from_interaction};
use crate::app::{
    AppError, ChallengeState, ChallengeView, ColourChoice, GameView, MessageId, NewChallenge,
    Service, UserId,
};
use crate::engine::{Config, GameKind, Side, fanorona, fibonacci};

/// The game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum GameChoice {
    #[name = "fibonacci"]
    Fibonacci,
    #[name = "fanorona"]
    Fanorona,
}

impl GameChoice {
    pub fn kind(self) -> GameKind {
        match self {
            GameChoice::Fibonacci => GameKind::Fibonacci,
            GameChoice::Fanorona => GameKind::Fanorona,
        }
    }
}

/// Fibonacci's variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum VariantChoice {
    #[name = "standard"]
    Standard,
    #[name = "cards"]
    Cards,
}

/// Fanorona's rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum RulesChoice {
    #[name = "escale"]
    Escale,
    #[name = "standard"]
    Standard,
}

/// The challenger's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ColourArg {
    #[name = "red"]
    Red,
    #[name = "green"]
    Green,
    #[name = "white"]
    White,
    #[name = "black"]
    Black,
    #[name = "random"]
    Random,
}

/// The rules and colours a `/challenge` asks for, or why they do not fit together.
pub fn challenge_terms(
    game: Option<GameChoice>,
    variant: Option<VariantChoice>,
    rules: Option<RulesChoice>,
    colour: Option<ColourArg>,
) -> Result<(Config, ColourChoice), String> {
    let kind = game.map_or(GameKind::Fibonacci, GameChoice::kind);
    let config = match kind {
        GameKind::Fibonacci => {
            if rules.is_some() {
                return Err("`rules` applies to Fanorona; for Fibonacci choose \
                            `variant:standard` or `variant:cards`."
                    .into());
            }
            let mut options = fibonacci::Options::default();
            if variant == Some(VariantChoice::Cards) {
                options.variant = fibonacci::Variant::Cards;
            }
            Config::Fibonacci(options)
        }
        GameKind::Fanorona => {
            if variant.is_some() {
                return Err("`variant` applies to Fibonacci; for Fanorona choose \
                            `rules:escale` or `rules:standard`."
                    .into());
            }
            let mut options = fanorona::Options::default();
            if rules == Some(RulesChoice::Standard) {
                options.rules = fanorona::RuleSet::Standard;
            }
            Config::Fanorona(options)
        }
    };
    let colour = match (kind, colour.unwrap_or(ColourArg::Random)) {
        (_, ColourArg::Random) => ColourChoice::Random,
        (GameKind::Fibonacci, ColourArg::Red) | (GameKind::Fanorona, ColourArg::White) => {
            ColourChoice::ChallengerFirst
        }
        (GameKind::Fibonacci, ColourArg::Green) | (GameKind::Fanorona, ColourArg::Black) => {
            ColourChoice::ChallengerSecond
        }
        (GameKind::Fibonacci, _) => {
            return Err(
                "Fibonacci is played by Red and Green: choose `colour:red`, \
                        `colour:green` or `colour:random`."
                    .into(),
            );
        }
        (GameKind::Fanorona, _) => {
            return Err(
                "Fanorona is played by White and Black: choose `colour:white`, \
                        `colour:black` or `colour:random`."
                    .into(),
            );
        }
    };
    Ok((config, colour))
}

fn colour_sentence(c: &ChallengeView) -> String {
    let kind = c.config.kind();
    match c.colour {
        ColourChoice::ChallengerFirst => format!(
            "{} plays {} and moves first.",
            mention(c.challenger),
            side_name(kind, Side::First)
        ),
        ColourChoice::ChallengerSecond => format!(
            "{} plays {}; you move first.",
            mention(c.challenger),
            side_name(kind, Side::Second)
        ),
        ColourChoice::Random => "Colours are drawn at random when you accept.".to_string(),
    }
}

/// The message that carries the Accept / Decline buttons; it notifies the challenged player.
fn challenge_message(c: &ChallengeView) -> Message {
    Message::text(format!(
        "{}, {} challenges you to **{}**. {} Accept or decline with the buttons \
         (or /accept, /decline).",
        mention(c.challenged),
        mention(c.challenger),
        describe_config(&c.config),
        colour_sentence(c)
    ))
    .components(vec![challenge_row(c.id)])
    .notify([c.challenged])
}

/// What a challenge's message says once it has been answered: the buttons are gone and the
/// outcome is in their place.
pub fn closed_challenge_text(c: &ChallengeView) -> String {
    let outcome = match c.state {
        ChallengeState::Open => "still open",
        ChallengeState::Accepted => "accepted",
        ChallengeState::Declined => "declined",
        ChallengeState::Cancelled => "withdrawn",
        ChallengeState::Expired => "expired without an answer",
    };
    format!(
        "{} challenged {} to **{}**: {outcome}.",
        mention(c.challenger),
        mention(c.challenged),
        describe_config(&c.config)
    )
}

/// Remembers which message carries challenge `id`'s buttons. Without it the buttons merely stay
/// after a typed answer (a click on them then answers with the current state), so a failure is
/// only logged. A challenge answered in the moment before its message was recorded has its
/// buttons taken away here.
async fn record_message(
    http: &Arc<serenity::Http>,
    service: &Service,
    id: i64,
    message: MessageId,
) {
    match service.record_challenge_message(id, message).await {
        Ok(Some(c)) if c.state != ChallengeState::Open => {
            // The message may already be the game's first board (a click replaces it): only
            // the buttons go, whatever it says now stays.
            retire(http.clone(), c, false);
        }
        Ok(_) => {}
        Err(e) => {
            tracing::warn!(challenge = id, error = %e, "could not record the challenge's message");
        }
    }
}

/// Takes the buttons off the message of a challenge answered without them (a typed command, or
/// expiry) and says what became of it. Runs in the background: the answer does not wait, and a
/// message that is gone or cannot be edited is only logged.
pub fn retire_buttons(http: Arc<serenity::Http>, c: ChallengeView) {
    retire(http, c, true);
}

fn retire(http: Arc<serenity::Http>, c: ChallengeView, reword: bool) {
    if let Some(message) = c.message {
        let content = reword.then(|| closed_challenge_text(&c));
        remove_buttons(http, c.channel, message, content, "challenge");
    }
}

/// [`retire_buttons`] for the challenge a game came from (the game's view does not carry it).
fn retire_buttons_of_game(http: Arc<serenity::Http>, service: Service, view: &GameView) {
    let id = view.challenge;
    tokio::spawn(async move {
        match service.challenge_by_id(id).await {
            Ok(Some(c)) => retire_buttons(http, c),
            Ok(None) => {}
            Err(e) => tracing::warn!(challenge = id, error = %e, "could not read a challenge"),
        }
    });
}

fn is_thread(kind: serenity::ChannelType) -> bool {
    matches!(
        kind,
        serenity::ChannelType::PublicThread
            | serenity::ChannelType::PrivateThread
            | serenity::ChannelType::NewsThread
    )
}

/// Opens a public thread for a new game next to `interaction`'s channel.
async fn open_thread(
    http: &serenity::Http,
    interaction: &serenity::CommandInteraction,
    title: String,
) -> Result<serenity::ChannelId, AppError> {
    // A thread cannot hold a thread: a challenge from inside one opens a sibling.
    let parent = match &interaction.channel {
        Some(c) if is_thread(c.kind) => c.parent_id.unwrap_or(interaction.channel_id),
        _ => interaction.channel_id,
    };
    let title: String = title.chars().take(100).collect();
    let builder = serenity::CreateThread::new(title)
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match parent.create_thread(http, builder).await {
        Ok(thread) => Ok(thread.id),
        Err(e) => {
            tracing::warn!(error = %e, "could not create a thread");
            Err(AppError::User(
                "I could not open a thread here. Ask an admin to let me create public threads \
                 and send messages in threads, or challenge without `thread:true` in a channel \
                 that has no game."
                    .into(),
            ))
        }
    }
}

/// Challenge someone to a game.
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you want to play"] opponent: serenity::User,
    #[description = "Which game (fibonacci by default)"] game: Option<GameChoice>,
    #[description = "Fibonacci only: standard (default) or cards"] variant: Option<VariantChoice>,
    #[description = "Fanorona only: escale (default) or standard"] rules: Option<RulesChoice>,
    #[description = "Your colour (random by default)"] colour: Option<ColourArg>,
    #[description = "Play in a new thread (automatic when this channel already has a game)"]
    thread: Option<bool>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, guild) = invoker(ctx);
    let interaction = match ctx {
        poise::Context::Application(a) => a.interaction,
        poise::Context::Prefix(_) => return Ok(()),
    };
    let opponent_name = opponent
        .global_name
        .clone()
        .unwrap_or(opponent.name.clone());
    data.names.learn(opponent.id.get(), &opponent_name);
    let posted = answer_reporting(ctx, "challenge", async move {
        if opponent.bot {
            return Ok(Answer::notice("Bots do not play here: challenge a person."));
        }
        if opponent.id.get() == user {
            return Ok(Answer::notice(
                "You cannot challenge yourself: pick someone else as `opponent`.",
            ));
        }
        let (config, colour) = match challenge_terms(game, variant, rules, colour) {
            Ok(terms) => terms,
            Err(why) => return Ok(Answer::notice(why)),
        };
        let busy = data.service.game_in_channel(channel).await?.is_some()
            || data.service.challenge_in_channel(channel).await?.is_some();
        if thread.unwrap_or(false) || busy {
            let title = format!(
                "{}: {} vs {}",
                describe_config(&config),
                data.names.of(&http, user).await,
                opponent_name
            );
            let thread_id = open_thread(&http, interaction, title).await?;
            let new = NewChallenge {
                challenger: user,
                challenged: opponent.id.get(),
                guild,
                channel: thread_id.get(),
                config,
                colour,
            };
            let c = data.service.challenge(new).await?;
            let m = challenge_message(&c);
            let post = serenity::CreateMessage::new()
                .content(m.content)
                .components(m.components)
                .allowed_mentions(serenity::CreateAllowedMentions::new().users([opponent.id]));
            match thread_id.send_message(&http, post).await {
                Ok(posted) => record_message(&http, &data.service, c.id, posted.id.get()).await,
                Err(e) => tracing::warn!(error = %e, "could not post a challenge in its thread"),
            }
            Ok(Answer::public(Message::text(format!(
                "{} challenges {} to **{}** in <#{}>.",
                mention(user),
                mention(c.challenged),
                describe_config(&c.config),
                thread_id
            ))))
        } else {
            let new = NewChallenge {
                challenger: user,
                challenged: opponent.id.get(),
                guild,
                channel,
                config,
                colour,
            };
            let c = data.service.challenge(new).await?;
            Ok(Answer::public(challenge_message(&c)).offering(Offer::Challenge(c.id)))
        }
    })
    .await?;
    if let Some(OfferPosted {
        offer: Offer::Challenge(id),
        message,
    }) = posted
    {
        let http = &ctx.serenity_context().http;
        record_message(http, &data.service, id, message.get()).await;
    }
    Ok(())
}

/// The answer to an accepted challenge: the first board, and a ping for whoever moves first.
async fn started(http: &serenity::Http, data: &Data, view: &GameView) -> Answer {
    let kind = view.game.kind();
    let headline = format!(
        "Challenge accepted: **{}**, {} {} vs {} {}.",
        describe_config(&view.game.config()),
        side_name(kind, Side::First),
        mention(view.players[0]),
        side_name(kind, Side::Second),
        mention(view.players[1]),
    );
    Answer::public(game_message(http, &data.names, &headline, view).await).then(turn_ping(view))
}

fn state_word(state: ChallengeState) -> &'static str {
    match state {
        ChallengeState::Open => "still open",
        ChallengeState::Accepted => "already accepted",
        ChallengeState::Declined => "already declined",
        ChallengeState::Cancelled => "withdrawn by its author",
        ChallengeState::Expired => "expired",
    }
}

/// The answer to a click on an answered challenge: what became of it, and the game if one is on.
async fn stale_challenge(
    http: &serenity::Http,
    data: &Data,
    c: &ChallengeView,
) -> Result<Answer, AppError> {
    let mut text = format!("This challenge was {}.", state_word(c.state));
    if c.state == ChallengeState::Accepted
        && let Some(view) = data.service.game_in_channel(c.channel).await?
    {
        let m = game_message(http, &data.names, &text, &view).await;
        return Ok(Answer::private(m));
    }
    text.push_str(" Start a new one with /challenge.");
    Ok(Answer::notice(text))
}

/// A refusal from the service for a button on challenge `id`: stale buttons get the current
/// state, other refusals (say, the wrong person clicking) their message.
async fn refused_click(
    http: &serenity::Http,
    data: &Data,
    id: i64,
    error: AppError,
) -> Result<Answer, AppError> {
    if let AppError::User(_) = error
        && let Some(c) = data.service.challenge_by_id(id).await?
        && c.state != ChallengeState::Open
    {
        return stale_challenge(http, data, &c).await;
    }
    Ok(refusal(error, "challenge button"))
}

/// Accept the challenge addressed to you in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn accept(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    answer(ctx, "accept", async move {
        let view = data.service.accept_in_channel(channel, user).await?;
        retire_buttons_of_game(http.clone(), data.service.clone(), &view);
        Ok(started(&http, data, &view).await)
    })
    .await
}

fn declined_text(c: &ChallengeView) -> String {
    format!(
        "{} declined {}'s challenge to {}.",
        mention(c.challenged),
        mention(c.challenger),
        describe_config(&c.config)
    )
}

/// Decline the challenge addressed to you in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn decline(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    answer(ctx, "decline", async move {
        let c = data.service.decline_in_channel(channel, user).await?;
        retire_buttons(http, c.clone());
        Ok(Answer::public(Message::text(declined_text(&c))))
    })
    .await
}

/// Withdraw your open challenge in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    answer(ctx, "cancel", async move {
        let c = data.service.cancel(channel, user).await?;
        retire_buttons(http, c.clone());
        Ok(Answer::public(Message::text(format!(
            "{} withdrew the challenge to {}.",
            mention(c.challenger),
            mention(c.challenged)
        ))))
    })
    .await
}

/// The Accept / Decline buttons of a challenge.
pub async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    id: i64,
    accept: bool,
) -> Result<(), BotError> {
    names_from_interaction(data, interaction.member.as_ref(), &interaction.user);
    let user: UserId = interaction.user.id.get();
    let http = &ctx.http;
    let what = if accept {
        "accept button"
    } else {
        "decline button"
    };
    let work = async {
        if accept {
            match data.service.accept(id, user).await {
                Ok(view) => Ok(started(http, data, &view).await.updating()),
                Err(e) => refused_click(http, data, id, e).await,
            }
        } else {
            match data.service.decline(id, user).await {
                Ok(c) => Ok(Answer::public(Message::text(declined_text(&c))).updating()),
                Err(e) => refused_click(http, data, id, e).await,
            }
        }
    };
    respond(
        http,
        Target::Component(interaction),
        data.budget,
        what,
        work,
    )
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn challenge_defaults_to_standard_fibonacci_with_random_colours() {
        let (config, colour) = challenge_terms(None, None, None, None).unwrap();
        assert_eq!(config, Config::default_for(GameKind::Fibonacci));
        assert_eq!(colour, ColourChoice::Random);
    }

    #[test]
    fn variant_applies_to_fibonacci_and_rules_to_fanorona() {
        let (config, _) = challenge_terms(None, Some(VariantChoice::Cards), None, None).unwrap();
        assert!(matches!(config, Config::Fibonacci(o) if o.variant == fibonacci::Variant::Cards));
        let (config, _) = challenge_terms(
            Some(GameChoice::Fanorona),
            None,
            Some(RulesChoice::Standard),
            None,
        )
        .unwrap();
        assert!(matches!(config, Config::Fanorona(o) if o.rules == fanorona::RuleSet::Standard));
        assert!(challenge_terms(None, None, Some(RulesChoice::Standard), None).is_err());
        assert!(
            challenge_terms(
                Some(GameChoice::Fanorona),
                Some(VariantChoice::Cards),
                None,
                None
            )
            .is_err()
        );
    }

    #[test]
    fn colours_must_belong_to_the_game() {
        let first = |g, c| challenge_terms(Some(g), None, None, Some(c)).map(|t| t.1);
        assert_eq!(
            first(GameChoice::Fibonacci, ColourArg::Red),
            Ok(ColourChoice::ChallengerFirst)
        );
        assert_eq!(
            first(GameChoice::Fibonacci, ColourArg::Green),
            Ok(ColourChoice::ChallengerSecond)
        );
        assert_eq!(
            first(GameChoice::Fanorona, ColourArg::White),
            Ok(ColourChoice::ChallengerFirst)
        );
        assert_eq!(
            first(GameChoice::Fanorona, ColourArg::Black),
            Ok(ColourChoice::ChallengerSecond)
        );
        assert!(first(GameChoice::Fanorona, ColourArg::Red).is_err());
        assert!(first(GameChoice::Fibonacci, ColourArg::Black).is_err());
    }
}
