//! The scheduler on Discord: every tick it asks the service to act on due games (reminders,
//! timeouts, pauses that end), then sends the notices the service owes: a reminder to the
//! player to move (in the channel, or by direct message with the channel as fallback), the
//! final board of a game lost on time, the news that a clock runs again.
//!
//! Several bot processes may run this against one database: the service hands each due game and
//! each notice to one of them only. A notice is marked sent once Discord took it; one Discord
//! refused is tried again after its lease, up to the service's limit (at least once).

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::present::{self, game_message, game_over, mention, timestamp, turn_ping};
use super::reply::{self, Message};
use crate::app::{Languages, Notice, NoticeKind, Notify, Service, chain};

/// Notices claimed at a time.
const CLAIM: i64 = 20;

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

/// One look: due games first, then every notice owed, then the tournaments.
pub async fn look(service: &Service, http: &serenity::Http, presenter: &present::Presenter) {
    notices(service, http, presenter).await;
    super::tournament_posts::look(service, http, presenter).await;
    super::puzzle::post_daily(service, http, presenter).await;
}

async fn notices(service: &Service, http: &serenity::Http, presenter: &present::Presenter) {
    due(service).await;
    send_owed(service, http, presenter).await;
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

/// Sends every notice owed (claimed a batch at a time, so that another process sends the
/// others): also called by a command whose work the outbox carries, so it shows at once.
pub async fn send_owed(service: &Service, http: &serenity::Http, presenter: &present::Presenter) {
    loop {
        let notices = match service.claim_notices(CLAIM).await {
            Ok(notices) => notices,
            Err(e) => {
                tracing::warn!(error = %chain(&e), "the scheduler could not read its notices");
                return;
            }
        };
        if notices.is_empty() {
            return;
        }
        for notice in notices {
            let id = notice.id;
            let sent = if notice.stale {
                tracing::debug!(notice = id, "a reminder no longer applies");
                Ok(())
            } else {
                send(http, presenter, &notice).await
            };
            match sent {
                Ok(()) => {
                    if let Err(e) = service.notice_sent(id).await {
                        // Sent but not marked: it goes again after its lease (at least once).
                        tracing::warn!(notice = id, error = %chain(&e), "could not mark a notice sent");
                    }
                }
                Err(e) if notice.last_try => {
                    tracing::error!(notice = id, game = notice.view.id, error = %e, "giving up a notice Discord keeps refusing");
                    if let Err(e) = service.notice_sent(id).await {
                        tracing::warn!(notice = id, error = %chain(&e), "could not mark a notice given up");
                    }
                }
                // Left leased: the next look after the lease tries it again.
                Err(e) => {
                    tracing::warn!(notice = id, game = notice.view.id, error = %e, "could not send a notice; it will be tried again");
                }
            }
        }
    }
}

async fn post(http: &serenity::Http, channel: u64, message: &Message) -> serenity::Result<()> {
    reply::post(http, channel, message).await.map(|_| ())
}

/// Posts `board` in the game's channel, then `after` (who won, or whose turn it is), if any.
async fn board_then(
    http: &serenity::Http,
    view: &crate::app::GameView,
    board: Message,
    after: Option<Message>,
) -> serenity::Result<()> {
    post(http, view.channel, &board).await?;
    if let Some(after) = after {
        post(http, view.channel, &after).await?;
    }
    Ok(())
}

/// Sends one notice.
async fn send(
    http: &serenity::Http,
    presenter: &present::Presenter,
    notice: &Notice,
) -> serenity::Result<()> {
    let view = &notice.view;
    let lang = presenter.languages.guild(view.guild);
    match notice.kind {
        NoticeKind::Reminder => remind(http, &presenter.languages, notice).await,
        NoticeKind::Timeout | NoticeKind::Aborted => {
            let headline = crate::tr!(
                lang,
                if notice.kind == NoticeKind::Timeout {
                    "notice-time-up"
                } else {
                    "notice-time-up-first"
                }
            );
            let board = game_message(http, presenter, lang, &headline, view).await;
            board_then(http, view, board, game_over(lang, view)).await
        }
        NoticeKind::Started => {
            // A tournament game's first board in its thread, pinging both players.
            let [first, second] = view.players;
            let (name, round) = view.tournament.as_ref().map_or((String::new(), 1), |t| {
                (t.name.clone(), t.round.unwrap_or(1))
            });
            let headline = crate::tr!(
                lang,
                "tournament-game-started",
                name = name,
                round = round,
                first = mention(first),
                second = mention(second)
            );
            let board = game_message(http, presenter, lang, &headline, view)
                .await
                .notify([first, second]);
            board_then(http, view, board, turn_ping(lang, view)).await
        }
        NoticeKind::Withdrawn => {
            let player = notice.user.map(mention).unwrap_or_default();
            let headline = crate::tr!(lang, "tournament-game-withdrawn", player = player);
            let board = game_message(http, presenter, lang, &headline, view).await;
            board_then(http, view, board, game_over(lang, view)).await
        }
        NoticeKind::Vacation => {
            // Both players hear that the deadline waits for the vacation's end.
            let (Some(user), Some(until)) = (notice.user, notice.deadline) else {
                return Ok(());
            };
            let headline = crate::tr!(
                lang,
                "notice-vacation",
                player = mention(user),
                until = timestamp(until, 'f'),
                relative = timestamp(until, 'R')
            );
            let board = game_message(http, presenter, lang, &headline, view)
                .await
                .notify(view.players);
            post(http, view.channel, &board).await.map(|_| ())
        }
        NoticeKind::Resumed => {
            // A clock still stopped after the pause: the player to move is on vacation.
            let side = view.game.side_to_move();
            let held = view
                .clock
                .paused_until
                .and(view.clock.vacations[side.index()]);
            let (headline, ping) = match (held, view.player_to_move()) {
                (Some(until), Some(user)) => {
                    let headline = crate::tr!(
                        lang,
                        "notice-resumed-vacation",
                        player = mention(user),
                        until = timestamp(until, 'f')
                    );
                    (headline, None)
                }
                _ => (crate::tr!(lang, "notice-resumed"), turn_ping(lang, view)),
            };
            let board = game_message(http, presenter, lang, &headline, view).await;
            board_then(http, view, board, ping).await
        }
    }
}

/// A reminder: by direct message when the player asked for it and Discord lets it through,
/// else in the game's channel. Only the player to move is pinged.
async fn remind(
    http: &serenity::Http,
    languages: &Languages,
    notice: &Notice,
) -> serenity::Result<()> {
    let view = &notice.view;
    let (Some(user), Some(deadline)) = (notice.user, notice.deadline) else {
        return Ok(());
    };
    let due = format!(
        "{} ({})",
        timestamp(deadline, 'R'),
        timestamp(deadline, 'f')
    );
    if notice.notify == Notify::Dm {
        let link = format!(
            "https://discord.com/channels/{}/{}",
            view.guild, view.channel
        );
        // A direct message reads in the recipient's own language, as last seen.
        let lang = languages.user(user);
        let text = crate::tr!(
            lang,
            "reminder-dm",
            game = present::describe(lang, &view.game.config()),
            id = view.id,
            due = due.as_str(),
            link = link
        );
        match dm(http, user, &Message::text(text)).await {
            Ok(()) => return Ok(()),
            Err(e) => {
                tracing::info!(user, error = %e, "a reminder by direct message failed; posting it in the channel");
            }
        }
    }
    let lang = languages.guild(view.guild);
    let text = crate::tr!(
        lang,
        "reminder-channel",
        player = mention(user),
        game = present::describe(lang, &view.game.config()),
        due = due
    );
    post(http, view.channel, &Message::text(text).notify([user])).await
}

async fn dm(http: &serenity::Http, user: u64, message: &Message) -> serenity::Result<()> {
    let user = serenity::UserId::new(user.max(1));
    let channel = user.create_dm_channel(http).await?;
    post(http, channel.id.get(), message).await
}
