//! `ratings rebuild`: recomputes every rating from the finished games, on the bot's database
//! (`DATABASE_URL`, else the embedded one under `FIBONACCI_BOT_DATA_DIR`).

use std::process::ExitCode;

use clap::Subcommand;

use super::exit::{Stop, finish};
use crate::app::{self, AppError, DatabaseConfig, StartError, chain};

#[derive(Clone, Copy, Debug, Subcommand)]
pub enum RatingsAction {
    /// Recompute every rating from the finished rated games, in the order they were rated.
    /// The numbers are the ones the bot computed as the games ended.
    Rebuild,
}

/// Runs the action; prints what it did, or the reason it could not: exit 2 for settings that
/// cannot be used (a `DATABASE_URL` that is not a URL), 1 for a failure at run time (the
/// database does not answer).
pub fn run(action: RatingsAction) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => return finish(Err(Stop::failure(format!("could not start: {e}")))),
    };
    finish(runtime.block_on(async move {
        match action {
            RatingsAction::Rebuild => rebuild().await,
        }
    }))
}

async fn rebuild() -> Result<(), Stop> {
    let running = app::start(DatabaseConfig::from_env())
        .await
        .map_err(|e| match e {
            StartError::Settings(_) => Stop::usage(chain(&e)),
            e => Stop::failure(chain(&e)),
        })?;
    let at = running.service.database_address();
    let result = running.service.rebuild_ratings().await;
    running.shutdown().await;
    let done = result.map_err(|e| match e {
        // The players' words ("try again in a minute") are the Discord layer's; the host is told
        // which server and what to check.
        AppError::Unavailable => Stop::failure(format!(
            "the database server at {at} stopped answering while the ratings were rebuilt; \
             check that PostgreSQL runs there, then run `ratings rebuild` again"
        )),
        AppError::Internal(inner) => Stop::failure(format!(
            "could not rebuild the ratings in the database at {at}: {}",
            chain(&inner)
        )),
        refused => Stop::failure(format!(
            "could not rebuild the ratings in the database at {at}: {}",
            chain(&refused)
        )),
    })?;
    println!(
        "rebuilt {} rating{} from {} rated game{}",
        done.ratings,
        if done.ratings == 1 { "" } else { "s" },
        done.games,
        if done.games == 1 { "" } else { "s" }
    );
    Ok(())
}
