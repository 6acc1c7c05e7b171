//! The Discord front end (poise): translates interactions into service calls and results into
//! replies. No rules and no SQL here.
//!
//! - [`commands`] lists every slash command; each group lives in its own file
//!   (`challenge`, `play`, `finish`, `info`).
//! - Buttons are components handled from the event handler ([`buttons`]).
//! - [`reply`] gets every answer to Discord within its 3-second deadline; [`present`] words it.
//! - [`bot`] starts and stops the whole thing.

use std::future::Future;
use std::process::ExitCode;
use std::sync::Arc;

use poise::serenity_prelude as serenity;

use crate::app::{AppError, ChannelId, FollowKind, GuildId, Service, UserId};

pub mod access;
mod ack;
pub mod ai;
mod bot;
pub mod buttons;
pub mod challenge;
pub mod choices;
pub mod clock;
pub mod config;
pub mod finish;
pub mod follow;
pub mod info;
pub mod lang;
mod learn;
mod localise;
mod lookback;
mod markup;
pub mod notices;
mod panel;
pub mod place;
pub mod play;
pub mod preflight;
mod premove;
pub mod present;
mod puzzle;
pub mod ratings;
pub mod register;
pub mod reply;
mod review;
mod scheduler;
pub mod terms;
mod thread;
pub mod tournament;
pub mod tournament_posts;
mod vacation;

pub use config::{BotConfig, ConfigError};

/// What every command and button handler can reach.
#[derive(Debug)]
pub struct Data {
    pub service: Service,
    /// The names learnt and the pictures drawn, shared with the scheduler and the AI's posts.
    pub presenter: Arc<present::Presenter>,
    /// How long an answer may take before the interaction is deferred (Discord allows 3 s),
    /// and the watchdog that defers it if the bot falls behind.
    pub budget: reply::Budget,
    /// The bot's own user id (a player of the games against the AI).
    pub bot: UserId,
    /// The AI's thread, shared with the AI games: reviews search there too.
    pub runner: crate::app::AiRunner,
}

/// A failure to talk to Discord (service refusals never get here: they become replies).
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error("Discord refused a request: {0}")]
    Discord(#[from] serenity::Error),
    #[error(transparent)]
    Register(#[from] register::RegisterError),
}

/// The `User-Agent` of every request the bot itself makes to Discord, in the form Discord's
/// reference requires of every HTTP client, `DiscordBot ($url, $versionNumber)`: the project's
/// address (`repository` in Cargo.toml) and this build's version. Serenity's own requests carry
/// serenity's agent, of the same form.
pub const USER_AGENT: &str = concat!(
    "DiscordBot (",
    env!("CARGO_PKG_REPOSITORY"),
    ", ",
    env!("CARGO_PKG_VERSION"),
    ")"
);

/// The client of the bot's own requests to Discord (the start-up check, the commands'
/// registration): every request says who it is ([`USER_AGENT`]) and gives up after `timeout`.
pub(crate) fn http_client(timeout: std::time::Duration) -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .user_agent(USER_AGENT)
        .timeout(timeout)
        .build()
}

pub type Context<'a> = poise::Context<'a, Data, BotError>;

/// Every slash command, in the order Discord lists them, with their descriptions and French
/// localisations from the Fluent files. Names and options are a contract.
pub fn commands() -> Vec<poise::Command<Data, BotError>> {
    let mut commands = unlocalised_commands();
    localise::commands(&mut commands);
    for command in &mut commands {
        offer_where_it_works(command);
    }
    commands
}

/// Commands that only make sense in a server: a tournament, the server's leaderboard. (`/puzzle`
/// works everywhere; only its daily post is refused outside a server.)
const SERVER_ONLY: [&str; 2] = ["tournament", "leaderboard"];

/// Registers `command` for the installations and contexts where it works: every command for
/// both installations (to a server, to a user) and everywhere (a server, the DM with the bot,
/// DMs and group DMs between users), but [`SERVER_ONLY`] for a server's installation, in
/// servers only. Poise refuses those outside a server.
fn offer_where_it_works(command: &mut poise::Command<Data, BotError>) {
    use serenity::{InstallationContext, InteractionContext};
    let server_only = SERVER_ONLY.iter().any(|&name| command.name == name);
    command.guild_only = server_only;
    // A user's installation reaches servers that did not add the bot: the server-only commands
    // (which post in channels) come with the server's installation alone.
    command.install_context = Some(if server_only {
        vec![InstallationContext::Guild]
    } else {
        vec![InstallationContext::Guild, InstallationContext::User]
    });
    command.interaction_context = Some(if server_only {
        vec![InteractionContext::Guild]
    } else {
        vec![
            InteractionContext::Guild,
            InteractionContext::BotDm,
            InteractionContext::PrivateChannel,
        ]
    });
}

fn unlocalised_commands() -> Vec<poise::Command<Data, BotError>> {
    vec![
        challenge::challenge(),
        challenge::accept(),
        challenge::decline(),
        challenge::cancel(),
        play::play(),
        play::end(),
        play::undo(),
        play::board(),
        premove::premove(),
        puzzle::puzzle(),
        finish::resign(),
        finish::draw(),
        clock::pause(),
        clock::resume(),
        follow::rematch(),
        follow::vela(),
        info::games(),
        info::history(),
        lookback::replay(),
        review::review(),
        info::rules(),
        learn::learn(),
        clock::settings(),
        vacation::vacation(),
        ratings::leaderboard(),
        ratings::profile(),
        tournament::tournament(),
    ]
}

/// Runs the bot until SIGINT/SIGTERM: reads the environment (`DISCORD_TOKEN`, `DATABASE_URL`,
/// `DISCORD_GUILD_ID`, `DISCORD_API_BASE`), starts the database, serves.
pub fn main_entry() -> ExitCode {
    bot::main_entry()
}

/// The user, channel and guild of a command (guild 0 outside a server).
fn invoker(ctx: Context<'_>) -> (UserId, ChannelId, GuildId) {
    (
        ctx.author().id.get(),
        ctx.channel_id().get(),
        ctx.guild_id().map_or(0, |g| g.get()),
    )
}

/// Remembers the name the invoker shows in this server, to label boards without a lookup.
fn names_from_interaction(data: &Data, member: Option<&serenity::Member>, user: &serenity::User) {
    let name = member.map_or_else(|| user.display_name(), |m| m.display_name());
    data.presenter.names.learn(user.id.get(), name);
}

/// Answers a slash command with the result of `work` (see [`reply::respond`]).
async fn answer<F>(ctx: Context<'_>, what: &str, work: F) -> Result<(), BotError>
where
    F: Future<Output = Result<reply::Answer, AppError>>,
{
    answer_reporting(ctx, what, work).await?;
    Ok(())
}

/// [`answer`], reporting where the buttons of an offer it made were posted.
async fn answer_reporting<F>(
    ctx: Context<'_>,
    what: &str,
    work: F,
) -> Result<Option<reply::OfferPosted>, BotError>
where
    F: Future<Output = Result<reply::Answer, AppError>>,
{
    // Only slash commands are registered: a prefix context cannot occur.
    let poise::Context::Application(actx) = ctx else {
        return Ok(None);
    };
    let interaction = actx.interaction;
    names_from_interaction(ctx.data(), interaction.member.as_deref(), &interaction.user);
    // Remembered first: the work may post in the channel in its server's language.
    let langs = lang::of_command(&ctx.data().presenter.languages, interaction);
    Ok(reply::respond(
        &ctx.serenity_context().http,
        reply::Target::Command(interaction),
        langs.user,
        ctx.data(),
        what,
        work,
    )
    .await?)
}

/// Events other than slash commands: the buttons.
async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), BotError> {
    let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(component),
    } = event
    else {
        return Ok(());
    };
    let langs = lang::of_component(&data.presenter.languages, component);
    match buttons::Button::parse(&component.data.custom_id) {
        Ok(buttons::Button::AcceptChallenge(id)) => {
            challenge::on_button(ctx, data, component, id, true).await
        }
        Ok(buttons::Button::DeclineChallenge(id)) => {
            challenge::on_button(ctx, data, component, id, false).await
        }
        Ok(buttons::Button::AcceptDraw(id)) => {
            finish::on_button(ctx, data, component, id, true).await
        }
        Ok(buttons::Button::DeclineDraw(id)) => {
            finish::on_button(ctx, data, component, id, false).await
        }
        Ok(buttons::Button::AcceptPause(id)) => {
            clock::on_button(ctx, data, component, id, true).await
        }
        Ok(buttons::Button::DeclinePause(id)) => {
            clock::on_button(ctx, data, component, id, false).await
        }
        Ok(buttons::Button::Rematch(id)) => {
            follow::on_button(ctx, data, component, id, FollowKind::Rematch).await
        }
        Ok(buttons::Button::Vela(id)) => {
            follow::on_button(ctx, data, component, id, FollowKind::Vela).await
        }
        Ok(buttons::Button::JoinTournament(id)) => {
            tournament::on_button(ctx, data, component, id, true).await
        }
        Ok(buttons::Button::LeaveTournament(id)) => {
            tournament::on_button(ctx, data, component, id, false).await
        }
        Ok(buttons::Button::Browse { game, turn, .. }) => {
            lookback::on_browse(ctx, data, component, game, turn).await
        }
        Ok(
            button @ (buttons::Button::GiveUpPuzzle(_)
            | buttons::Button::NextPuzzle(_)
            | buttons::Button::DailyPuzzle(_)),
        ) => puzzle::on_button(ctx, data, component, button).await,
        Ok(buttons::Button::Play(game)) => panel::on_play(ctx, data, component, game).await,
        Ok(buttons::Button::Panel { what, key }) => {
            panel::on_pick(ctx, data, component, (what, key)).await
        }
        Ok(buttons::Button::Learn { action, game, step }) => {
            learn::on_button(ctx, data, component, (action, game, step)).await
        }
        Err(why) => {
            tracing::warn!(custom_id = %component.data.custom_id, %why, "unknown button");
            let response = serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(crate::tr!(langs.user, "bot-unknown-button"))
                    .ephemeral(true),
            );
            component.create_response(&ctx.http, response).await?;
            Ok(())
        }
    }
}

/// Errors poise reports: bad arguments and wrong places get a private explanation, failures to
/// reach Discord are logged.
async fn on_error(error: poise::FrameworkError<'_, Data, BotError>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, %error, "could not answer a command");
        }
        poise::FrameworkError::EventHandler { error, event, .. } => {
            tracing::error!(event = %event.snake_case_name(), %error, "could not answer a button");
        }
        poise::FrameworkError::ArgumentParse { ctx, input, .. } => {
            let lang = lang::of(ctx).user;
            let command = ctx.command().name.clone();
            let text = match input {
                Some(input) => crate::tr!(
                    lang,
                    "bot-bad-option",
                    input = input.chars().take(60).collect::<String>(),
                    command = command
                ),
                None => crate::tr!(lang, "bot-bad-options", command = command),
            };
            send_private(ctx, text).await;
        }
        poise::FrameworkError::CommandStructureMismatch {
            ctx, description, ..
        } => {
            tracing::warn!(command = %ctx.command().name, description, "stale command registration");
            let lang = lang::of(ctx.into()).user;
            send_private(ctx.into(), crate::tr!(lang, "bot-stale-command")).await;
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let lang = lang::of(ctx).user;
            send_private(ctx, crate::tr!(lang, "bot-guild-only")).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "could not report an error");
            }
        }
    }
}

async fn send_private(ctx: Context<'_>, text: String) {
    let reply = poise::CreateReply::default().content(text).ephemeral(true);
    if let Err(e) = ctx.send(reply).await {
        tracing::warn!(error = %e, "could not send a private notice");
    }
}
