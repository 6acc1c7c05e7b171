//! Challenges: `/challenge`, `/accept`, `/decline`, `/cancel` and the Accept / Decline buttons.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::buttons::challenge_row;
use super::choices::{Choice, ColourArg};
use super::present::{
    clock_words, describe, game_message, level_word, mention, side_name, turn_ping,
};
use super::reply::{Answer, Message, Offer, OfferPosted, Retired, Target, post, refusal, respond};
use super::terms::challenge_terms;
use super::thread::{open_thread, thread_parent};
use super::{BotError, Context, Data, answer, answer_reporting, invoker, names_from_interaction};
use super::{access, lang};
use crate::ai::Level;
use crate::app::{
    AppError, ChallengeState, ChallengeView, Challenged, ColourChoice, FollowKind, GameView,
    MessageId, NewChallenge, Opponent, Refusal, TurnClock, UserId, place_allows, who_plays,
};
use crate::engine::{Codec, GameKind, Side, fanorona, fibonacci};
use crate::i18n::Lang;
use crate::tr;
use crate::words;

fn colour_sentence(lang: Lang, c: &ChallengeView) -> String {
    let kind = c.config.kind();
    let challenger = mention(c.challenger);
    match c.colour {
        ColourChoice::ChallengerFirst => tr!(
            lang,
            "challenge-colour-first",
            challenger = challenger,
            side = side_name(lang, kind, Side::First)
        ),
        ColourChoice::ChallengerSecond => tr!(
            lang,
            "challenge-colour-second",
            challenger = challenger,
            side = side_name(lang, kind, Side::Second)
        ),
        ColourChoice::Random => tr!(lang, "challenge-colour-random"),
    }
}

/// Whether a game counts for the ratings, as its announcements say it.
pub(super) fn rated_word(lang: Lang, rated: bool) -> String {
    tr!(
        lang,
        "challenge-rated",
        rated = if rated { "yes" } else { "no" }
    )
}

/// The message that carries the Accept / Decline buttons (in the server's language); it
/// notifies the challenged player.
pub(super) fn challenge_message(lang: Lang, c: &ChallengeView) -> Message {
    let (id, previous) = match c.follows {
        None => ("challenge-offer", 0),
        Some((FollowKind::Rematch, game)) => ("challenge-offer-rematch", game),
        Some((FollowKind::Vela, game)) => ("challenge-offer-vela", game),
    };
    Message::text(tr!(
        lang,
        id,
        challenged = mention(c.challenged),
        challenger = mention(c.challenger),
        previous = previous,
        game = describe(lang, &c.config),
        clock = clock_words(lang, c.clock),
        rated = rated_word(lang, c.rated),
        colours = colour_sentence(lang, c)
    ))
    .components(vec![challenge_row(lang, c.id)])
    .notify([c.challenged])
}

/// What a challenge's message says once it has been answered: the buttons are gone and the
/// outcome is in their place.
pub fn closed_challenge_text(lang: Lang, c: &ChallengeView) -> String {
    let state = match c.state {
        ChallengeState::Open => "open",
        ChallengeState::Accepted => "accepted",
        ChallengeState::Declined => "declined",
        ChallengeState::Cancelled => "cancelled",
        ChallengeState::Expired => "expired",
    };
    tr!(
        lang,
        "challenge-closed",
        challenger = mention(c.challenger),
        challenged = mention(c.challenged),
        game = describe(lang, &c.config),
        state = state
    )
}

/// Remembers which message carries challenge `id`'s buttons. Without it the buttons merely stay
/// after a typed answer (a click on them then answers with the current state), so a failure is
/// only logged. A challenge answered in the moment before its message was recorded has its
/// buttons taken away here.
pub(super) async fn record_message(
    http: &Arc<serenity::Http>,
    data: &Data,
    id: i64,
    message: MessageId,
) {
    match data.service.record_challenge_message(id, message).await {
        Ok(Some(c)) if c.state != ChallengeState::Open => {
            // The message may already be the game's first board (a click replaces it): only
            // the buttons go, whatever it says now stays.
            let c = ChallengeView {
                message: Some(message),
                ..c
            };
            // Where the bot is not a member it cannot edit: the buttons stay, and a click on
            // them says what became of the challenge.
            let member = !data
                .service
                .interaction_only(c.channel)
                .await
                .unwrap_or(true);
            if let Some(retired) = answered_challenge(None, &c).filter(|_| member) {
                retired.carry_out(http);
            }
        }
        Ok(_) => {}
        Err(e) => {
            tracing::warn!(challenge = id, error = %e, "could not record the challenge's message");
        }
    }
}

/// The message of challenge `c`, answered without its buttons (a typed command, or expiry),
/// whose buttons no longer apply. With `lang`, its text then says what became of the challenge
/// (in that language); without, the text stays (it may be the game's first board by now).
pub fn answered_challenge(lang: Option<Lang>, c: &ChallengeView) -> Option<Retired> {
    Some(Retired {
        channel: c.channel,
        message: c.message?,
        content: lang.map(|lang| closed_challenge_text(lang, c)),
        what: "challenge",
    })
}

/// Challenge someone to a game.
// Poise takes each slash command option as its own argument.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you want to play"] opponent: serenity::User,
    #[description = "Which game (fibonacci by default)"] game: Option<Choice<GameKind>>,
    #[description = "Fibonacci only: standard (default) or cards"] variant: Option<
        Choice<fibonacci::Variant>,
    >,
    #[description = "Fanorona only: escale (default) or standard"] rules: Option<
        Choice<fanorona::RuleSet>,
    >,
    #[description = "Fibonacci only: the swap rule, Green may take Red's side after Red's first turn (no by default)"]
    swap: Option<bool>,
    #[description = "Your colour (random by default)"] colour: Option<ColourArg>,
    #[description = "Play in a new thread (automatic when this channel already has a game)"]
    thread: Option<bool>,
    #[description = "Time per turn: 1d, 3d (default), 7d, none; or a bank A+B (B more per turn, up to A)"]
    clock: Option<Choice<TurnClock>>,
    #[description = "When you challenge me: how strongly I play, with its estimated rating (medium by default)"]
    level: Option<Choice<Level>>,
    #[description = "Whether the game counts for the server's ratings (yes by default)"]
    rated: Option<bool>,
) -> Result<(), BotError> {
    let clock = clock.map_or_else(TurnClock::default, |c| c.0);
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, guild) = invoker(ctx);
    let user_lang = lang::of(ctx).user;
    let interaction = match ctx {
        poise::Context::Application(a) => a.interaction,
        poise::Context::Prefix(_) => return Ok(()),
    };
    let opponent_name = opponent
        .global_name
        .clone()
        .unwrap_or(opponent.name.clone());
    data.presenter
        .names
        .learn(opponent.id.get(), &opponent_name);
    let posted = answer_reporting(ctx, "challenge", async move {
        let opponent_is = Opponent {
            user: opponent.id.get(),
            is_bot: opponent.bot,
        };
        let challenged = who_plays(user, opponent_is, data.bot, level.map(|l| l.0), rated)?;
        // A DM, a group DM, or a server that did not add the bot: not every game fits there.
        let place = Target::Command(interaction).place();
        place_allows(place, challenged)?;
        let level = match challenged {
            Challenged::Ai(level) => Some(level),
            Challenged::Person => None,
        };
        let options = [
            ("variant", variant.map(|v| v.0.as_str())),
            ("rules", rules.map(|r| r.0.as_str())),
            // Off is every game's default: only `swap: True` names the option (a Fanorona
            // challenge with it is refused as any Fibonacci option is).
            ("swap", swap.filter(|&on| on).map(|_| "on")),
        ];
        let terms = challenge_terms(user_lang, game.map(|g| g.0), &options, colour.map(|c| c.0));
        let (config, colour) = match terms {
            Ok(terms) => terms,
            Err(why) => return Ok(Answer::notice(why)),
        };
        let mut new = NewChallenge {
            challenger: user,
            challenged: opponent.id.get(),
            guild,
            channel,
            config,
            colour,
            clock,
            rated: rated.unwrap_or(true),
        };
        let busy = data.service.game_in_channel(channel).await?.is_some()
            || data.service.challenge_in_channel(channel).await?.is_some();
        // Threads are a server's; elsewhere a busy channel is refused by the service below.
        if place.threads() && (thread.unwrap_or(false) || busy) {
            // The thread and what is said about it are public: in the server's language.
            let guild_lang = data.presenter.languages.guild(guild);
            let title = tr!(
                guild_lang,
                "challenge-thread-title",
                game = describe(guild_lang, &new.config),
                first = data.presenter.names.of(&http, user).await,
                second = opponent_name
            );
            let lacking = access::missing(interaction.app_permissions, access::THREAD);
            if !lacking.is_empty() {
                return Ok(Answer::notice(access::missing_text(user_lang, lacking)));
            }
            let (parent, kind) = match thread_parent(&http, user_lang, interaction).await {
                Ok(found) => found,
                Err(why) => return Ok(Answer::notice(why)),
            };
            let Some(thread_id) = open_thread(&http, parent, kind, title).await else {
                return Ok(Answer::notice(words::no_thread(user_lang)));
            };
            new.channel = thread_id.get();
            if let Some(level) = level {
                let view = data.service.challenge_ai(new, data.bot, level).await?;
                let lang = data.presenter.languages.guild(view.guild);
                let headline = started_headline(lang, &view);
                let first = game_message(&http, &data.presenter, lang, &headline, &view).await;
                for m in std::iter::once(first).chain(turn_ping(lang, &view)) {
                    if let Err(e) = post(&http, thread_id.get(), &m).await {
                        tracing::warn!(error = %e, "could not post a game in its thread");
                    }
                }
                return Ok(Answer::public(Message::text(tr!(
                    guild_lang,
                    "challenge-ai-in-thread",
                    player = mention(user),
                    level = level_word(guild_lang, level),
                    game = describe(guild_lang, &view.game.config()),
                    thread = format!("<#{thread_id}>")
                ))));
            }
            let c = data.service.challenge(new).await?;
            match post(&http, thread_id.get(), &challenge_message(guild_lang, &c)).await {
                Ok(posted) => record_message(&http, data, c.id, posted.id.get()).await,
                Err(e) => tracing::warn!(error = %e, "could not post a challenge in its thread"),
            }
            Ok(Answer::public(Message::text(tr!(
                guild_lang,
                "challenge-in-thread",
                challenger = mention(user),
                challenged = mention(c.challenged),
                game = describe(guild_lang, &c.config),
                thread = format!("<#{thread_id}>")
            ))))
        } else {
            // Where the bot cannot post, every notice of the game goes by DM.
            if !busy {
                data.service.set_reach(channel, place).await?;
            }
            if let Some(level) = level {
                let view = data.service.challenge_ai(new, data.bot, level).await?;
                return Ok(started(&http, data, &view, None).await);
            }
            let c = data.service.challenge(new).await?;
            let lang = data.presenter.languages.guild(c.guild);
            Ok(Answer::public(challenge_message(lang, &c)).offering(Offer::Challenge(c.id)))
        }
    })
    .await?;
    if let Some(OfferPosted {
        offer: Offer::Challenge(id),
        message,
    }) = posted
    {
        let http = &ctx.serenity_context().http;
        record_message(http, data, id, message.get()).await;
    }
    Ok(())
}

/// What the first board of a game says: who plays which side, the rules and the clock.
fn started_headline(lang: Lang, view: &GameView) -> String {
    let kind = view.game.kind();
    let game = describe(lang, &view.game.config());
    let clock = clock_words(lang, view.clock.per_turn);
    let (first_side, second_side) = (
        side_name(lang, kind, Side::First),
        side_name(lang, kind, Side::Second),
    );
    let (first, second) = (mention(view.players[0]), mention(view.players[1]));
    match view.ai {
        Some((_, level)) => tr!(
            lang,
            "challenge-started-ai",
            level = level_word(lang, level),
            rating = level.estimated_rating_at(&view.game.config()).to_string(),
            game = game,
            clock = clock,
            first_side = first_side,
            first = first,
            second_side = second_side,
            second = second
        ),
        None => tr!(
            lang,
            "challenge-started",
            game = game,
            clock = clock,
            rated = rated_word(lang, view.rated),
            first_side = first_side,
            first = first,
            second_side = second_side,
            second = second
        ),
    }
}

/// The answer to an accepted challenge: the first board, and a ping for whoever moves first.
/// The challenge's message loses its buttons, unless it is `clicked` (the answer replaces it).
pub(super) async fn started(
    http: &serenity::Http,
    data: &Data,
    view: &GameView,
    clicked: Option<MessageId>,
) -> Answer {
    let lang = data.presenter.languages.guild(view.guild);
    let headline = started_headline(lang, view);
    let retired = view
        .accepted_challenge
        .as_ref()
        .filter(|c| c.message.is_some() && c.message != clicked)
        .and_then(|c| answered_challenge(Some(lang), c));
    Answer::public(game_message(http, &data.presenter, lang, &headline, view).await)
        .then(turn_ping(lang, view))
        .retiring(retired)
}

/// The answer to a click on an answered challenge: what became of it, and the game if one is on.
async fn stale_challenge(
    http: &serenity::Http,
    data: &Data,
    lang: Lang,
    channel: u64,
    state: ChallengeState,
) -> Result<Answer, AppError> {
    let text = tr!(lang, "challenge-was", state = words::state_word(state));
    if state == ChallengeState::Accepted
        && let Some(view) = data.service.game_in_channel(channel).await?
    {
        let m = game_message(http, &data.presenter, lang, &text, &view).await;
        return Ok(Answer::private(m));
    }
    Ok(Answer::notice(format!(
        "{text} {}",
        tr!(lang, "challenge-start-new")
    )))
}

/// A refusal from the service for a button on a challenge: stale buttons get the current
/// state, other refusals (say, the wrong person clicking) their message.
async fn refused_click(
    http: &serenity::Http,
    data: &Data,
    user_lang: Lang,
    error: AppError,
) -> Result<Answer, AppError> {
    if let AppError::Refused(Refusal::ChallengeClosed { channel, state, .. }) = error {
        return stale_challenge(http, data, user_lang, channel, state).await;
    }
    Ok(refusal(user_lang, error, "challenge button"))
}

/// Accept the challenge addressed to you in this channel.
#[poise::command(slash_command)]
pub async fn accept(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    answer(ctx, "accept", async move {
        let view = data.service.accept_in_channel(channel, user).await?;
        Ok(started(&http, data, &view, None).await)
    })
    .await
}

fn declined_text(lang: Lang, c: &ChallengeView) -> String {
    tr!(
        lang,
        "challenge-declined",
        challenged = mention(c.challenged),
        challenger = mention(c.challenger),
        game = describe(lang, &c.config)
    )
}

/// Decline the challenge addressed to you in this channel.
#[poise::command(slash_command)]
pub async fn decline(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, channel, _) = invoker(ctx);
    answer(ctx, "decline", async move {
        let c = data.service.decline_in_channel(channel, user).await?;
        let lang = data.presenter.languages.guild(c.guild);
        Ok(Answer::public(Message::text(declined_text(lang, &c)))
            .retiring(answered_challenge(Some(lang), &c)))
    })
    .await
}

/// Withdraw your open challenge in this channel.
#[poise::command(slash_command)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, channel, _) = invoker(ctx);
    answer(ctx, "cancel", async move {
        let c = data.service.cancel(channel, user).await?;
        let lang = data.presenter.languages.guild(c.guild);
        Ok(Answer::public(Message::text(tr!(
            lang,
            "challenge-withdrawn",
            challenger = mention(c.challenger),
            challenged = mention(c.challenged)
        )))
        .retiring(answered_challenge(Some(lang), &c)))
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
    let langs = lang::of_component(&data.presenter.languages, interaction);
    let user_lang = langs.user;
    let http = &ctx.http;
    let what = if accept {
        "accept button"
    } else {
        "decline button"
    };
    let work = async {
        if accept {
            match data.service.accept(id, user).await {
                Ok(view) => {
                    let clicked = Some(interaction.message.id.get());
                    Ok(started(http, data, &view, clicked).await.updating())
                }
                Err(e) => refused_click(http, data, user_lang, e).await,
            }
        } else {
            match data.service.decline(id, user).await {
                Ok(c) => {
                    let text = declined_text(langs.guild, &c);
                    Ok(Answer::public(Message::text(text)).updating())
                }
                Err(e) => refused_click(http, data, user_lang, e).await,
            }
        }
    };
    respond(
        http,
        Target::Component(interaction),
        user_lang,
        data,
        what,
        work,
    )
    .await?;
    Ok(())
}
