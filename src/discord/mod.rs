//! The Discord front end (poise): translates interactions into service calls and results into
//! replies. No rules and no SQL here.

use std::process::ExitCode;

/// Runs the bot until SIGINT/SIGTERM: reads the environment (`DISCORD_TOKEN`, `DATABASE_URL`,
/// `DISCORD_GUILD_ID`, `DISCORD_API_BASE`), starts the database, serves.
pub fn main_entry() -> ExitCode {
    todo!()
}
