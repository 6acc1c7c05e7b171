//! `ratings rebuild`: recomputes every rating from the finished games, on the bot's database
//! (`DATABASE_URL`, else the embedded one under `FIBONACCI_BOT_DATA_DIR`).

use std::process::ExitCode;

use clap::Subcommand;

use crate::app::{self, DatabaseConfig, chain};

#[derive(Clone, Copy, Debug, Subcommand)]
pub enum RatingsAction {
    /// Recompute every rating from the finished rated games, in the order they were rated.
    /// The numbers are the ones the bot computed as the games ended.
    Rebuild,
}

/// Runs the action; prints what it did, or the reason it could not, and exits 1 then.
pub fn run(action: RatingsAction) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("could not start: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        match action {
            RatingsAction::Rebuild => rebuild().await,
        }
    })
}

async fn rebuild() -> ExitCode {
    let running = match app::start(DatabaseConfig::from_env()).await {
        Ok(running) => running,
        Err(e) => {
            eprintln!("could not open the database: {}", chain(&e));
            return ExitCode::FAILURE;
        }
    };
    let result = running.service.rebuild_ratings().await;
    running.shutdown().await;
    match result {
        Ok(done) => {
            println!(
                "rebuilt {} rating{} from {} rated game{}",
                done.ratings,
                if done.ratings == 1 { "" } else { "s" },
                done.games,
                if done.games == 1 { "" } else { "s" }
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("could not rebuild the ratings: {}", chain(&e));
            ExitCode::FAILURE
        }
    }
}
