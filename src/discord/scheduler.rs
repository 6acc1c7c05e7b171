//! The scheduler on Discord: every tick it asks the service to act on due games (reminders,
//! timeouts, pauses that end), sends the notices the service owes ([`super::notices`]), then
//! moves the tournaments on and posts the daily puzzles.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::present;
use crate::app::{Service, chain};

/// Runs the scheduler until the task is aborted: a look every `period`.
pub async fn run(
    service: Service,
    http: Arc<serenity::Http>,
    presenter: Arc<present::Presenter>,
    period: Duration,
) {
    let presenter = &*presenter;
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        look(&service, &http, presenter).await;
    }
}

/// One look: due games first, then every notice owed, then the tournaments and the daily
/// puzzles.
async fn look(service: &Service, http: &serenity::Http, presenter: &present::Presenter) {
    due(service).await;
    super::notices::send_owed(service, http, presenter).await;
    super::tournament_posts::look(service, http, presenter).await;
    super::puzzle::post_daily(service, http, presenter).await;
}

/// Acts on the due games: reminders, timeouts, pauses that end.
async fn due(service: &Service) {
    match service.tick().await {
        Ok(report) if report.is_empty() => {}
        Ok(report) => {
            tracing::info!(?report, "scheduler");
            crate::metrics::scheduled("reminder", report.reminders);
            crate::metrics::scheduled("timeout", report.timeouts);
            crate::metrics::scheduled("aborted", report.aborted);
            crate::metrics::scheduled("resumed", report.resumed);
        }
        Err(e) => tracing::warn!(error = %chain(&e), "the scheduler could not look for due games"),
    }
}
