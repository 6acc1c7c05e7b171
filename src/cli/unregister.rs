//! `fibonacci-bot unregister --guild <ID> | --global`: removes the bot's slash commands from one
//! server, or from everywhere, by hand. The bot does this itself when it starts with another
//! `DISCORD_GUILD_ID` than last time; this is for copies it no longer knows of (another
//! database, a failed removal it logged).

use std::process::ExitCode;

use clap::{ArgGroup, Args};

use crate::discord::BotConfig;
use crate::discord::register::{self, Scope};

use super::exit::{Stop, finish};

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("scope").required(true).args(["guild", "global"])))]
pub struct UnregisterArgs {
    /// Remove the commands registered in this server (its id, as DISCORD_GUILD_ID takes it).
    #[arg(long)]
    pub guild: Option<u64>,
    /// Remove the commands registered globally (every server, DMs and user installs).
    #[arg(long)]
    pub global: bool,
}

/// Reads `DISCORD_TOKEN` (and `DISCORD_API_BASE` or `DISCORD_REST_PROXY`) as the bot does.
pub fn run(args: UnregisterArgs) -> ExitCode {
    finish(unregister(args))
}

fn unregister(args: UnregisterArgs) -> Result<(), Stop> {
    let scope = Scope::from_guild(args.guild);
    let config = BotConfig::from_env().map_err(|e| Stop::usage(format!("fibonacci-bot: {e}")))?;
    let base = config
        .api_base
        .clone()
        .unwrap_or_else(|| register::DISCORD_BASE.to_string());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            Stop::failure(format!(
                "fibonacci-bot: could not start the async runtime: {e}"
            ))
        })?;
    let removed = runtime.block_on(async {
        let application = register::application_id(&base, &config.token).await?;
        register::remove(&base, &config.token, application, scope).await
    });
    removed.map_err(|e| Stop::failure(format!("fibonacci-bot: {}", crate::app::chain(&e))))?;
    println!(
        "removed the bot's slash commands {} (Discord may take a minute to update open \
         clients); the next start of the bot registers them where it runs",
        scope_words(scope)
    );
    Ok(())
}

fn scope_words(scope: Scope) -> String {
    match scope {
        Scope::Global => "registered globally".to_string(),
        Scope::Guild(g) => format!("in server {g}"),
    }
}
