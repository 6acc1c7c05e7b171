//! The notices the service owes, sent on Discord: a reminder to the player to move (in the
//! channel, or by direct message with the channel as fallback), the final board of a game lost on
//! time, the news that a clock runs again. The scheduler ([`super::scheduler`]) sends them at
//! every look, and a command whose work the outbox carries sends them at once.
//!
//! Several bot processes may run this against one database: the service hands each due game and
//! each notice to one of them only. A notice is marked sent once Discord took it; one Discord
//! refused is tried again after its lease, up to the service's limit (at least once).

use poise::serenity_prelude as serenity;

use super::present::{self, game_message, game_over, mention, timestamp, turn_ping};
use super::reply::{self, Message};
use crate::app::{Languages, Notice, NoticeKind, Notify, Service, chain};

/// Notices claimed at a time.
const CLAIM: i64 = 20;

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
                match Courier::for_game(service, http, &notice.view).await {
                    Ok(courier) => send(&courier, presenter, &notice).await,
                    Err(e) => Err(e),
                }
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

/// How a game's notices reach its players: posted in its channel, or, where the bot reaches
/// the channel only through interactions (a DM or group DM between users, a server that did
/// not add it), sent to each player by DM, and held for their next interaction when Discord
/// refuses the DM.
struct Courier<'a> {
    http: &'a serenity::Http,
    service: &'a Service,
    channel: u64,
    /// The players to write to, for a game reached only through interactions.
    by_dm: Option<Vec<u64>>,
    /// Where the game is, for a DM's link.
    link: String,
}

impl<'a> Courier<'a> {
    async fn for_game(
        service: &'a Service,
        http: &'a serenity::Http,
        view: &crate::app::GameView,
    ) -> serenity::Result<Courier<'a>> {
        let interaction_only = service.interaction_only(view.channel).await.map_err(|e| {
            tracing::warn!(game = view.id, error = %chain(&e), "could not read how a channel is reached");
            serenity::Error::Other("the database did not say how the game's channel is reached")
        })?;
        Ok(Courier {
            http,
            service,
            channel: view.channel,
            by_dm: interaction_only.then(|| view.players.to_vec()),
            link: channel_link(view.guild, view.channel),
        })
    }

    /// Posts `message` in the game's channel, or sends it to every player by DM.
    async fn post(&self, message: &Message) -> serenity::Result<()> {
        match &self.by_dm {
            None => post(self.http, self.channel, message).await,
            Some(players) => {
                // Once one player has it, the notice is not sent again: a later player whose
                // DM fails for any reason gets it at their next interaction instead.
                let mut delivered = false;
                for &player in players {
                    self.dm_or_hold(player, message, true, delivered).await?;
                    delivered = true;
                }
                Ok(())
            }
        }
    }

    /// Sends `message` to `user` by DM, without its buttons (they answer in the game's
    /// channel), followed by the game's link if `link`. When Discord refuses the DM (the user
    /// takes no DM from the app), or on any failure once `hold_any`, holds its text for their
    /// next interaction; another failure is returned, for the notice to be tried again.
    async fn dm_or_hold(
        &self,
        user: u64,
        message: &Message,
        link: bool,
        hold_any: bool,
    ) -> serenity::Result<()> {
        let mut private = message.clone();
        private.components.clear();
        if link {
            private.content = reply::clamp(format!("{}\n{}", private.content, self.link));
        }
        match dm(self.http, user, &private).await {
            Ok(()) => Ok(()),
            Err(e) if private.content.trim().is_empty() || !(hold_any || dm_refused(&e)) => Err(e),
            Err(e) => {
                tracing::info!(user, error = %e, "a notice by DM failed: holding it for their next interaction");
                self.service
                    .hold_notice(user, &private.content)
                    .await
                    .map_err(|e| {
                        tracing::warn!(user, error = %chain(&e), "could not hold a notice");
                        serenity::Error::Other("the notice could not be held")
                    })
            }
        }
    }
}

/// Whether Discord refused a DM for good: the user takes no DM from the app (50007), or shares
/// no server with it (50278).
fn dm_refused(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if matches!(response.error.code, 50007 | 50278)
    )
}

/// The address of a channel in Discord's client (`@me` for DMs and group DMs).
fn channel_link(guild: u64, channel: u64) -> String {
    let guild = if guild == 0 {
        "@me".to_string()
    } else {
        guild.to_string()
    };
    format!("https://discord.com/channels/{guild}/{channel}")
}

/// Posts `board` in the game's channel, then `after` (who won, or whose turn it is), if any.
async fn board_then(
    courier: &Courier<'_>,
    board: Message,
    after: Option<Message>,
) -> serenity::Result<()> {
    courier.post(&board).await?;
    if let Some(after) = after {
        courier.post(&after).await?;
    }
    Ok(())
}

/// Sends one notice.
async fn send(
    courier: &Courier<'_>,
    presenter: &present::Presenter,
    notice: &Notice,
) -> serenity::Result<()> {
    let http = courier.http;
    let view = &notice.view;
    let lang = presenter.languages.guild(view.guild);
    match notice.kind {
        NoticeKind::Reminder => remind(courier, &presenter.languages, notice).await,
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
            board_then(courier, board, game_over(lang, view)).await
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
            board_then(courier, board, turn_ping(lang, view)).await
        }
        NoticeKind::Withdrawn => {
            let player = notice.user.map(mention).unwrap_or_default();
            let headline = crate::tr!(lang, "tournament-game-withdrawn", player = player);
            let board = game_message(http, presenter, lang, &headline, view).await;
            board_then(courier, board, game_over(lang, view)).await
        }
        NoticeKind::Vacation => {
            // Both players hear that the deadline waits for the vacation's end.
            let (Some(user), Some(until)) = (notice.user, notice.deadline) else {
                return Ok(());
            };
            // The opponent waits for that move: named too, unless it is the AI.
            let waiting = view
                .side_of(user)
                .map(|side| side.other())
                .filter(|&side| view.ai.is_none_or(|(ai, _)| ai != side))
                .map(|side| view.player(side));
            let headline = match waiting {
                Some(opponent) => crate::tr!(
                    lang,
                    "notice-vacation",
                    player = mention(user),
                    opponent = mention(opponent),
                    until = timestamp(until, 'f'),
                    relative = timestamp(until, 'R')
                ),
                None => crate::tr!(
                    lang,
                    "notice-vacation-ai",
                    player = mention(user),
                    until = timestamp(until, 'f'),
                    relative = timestamp(until, 'R')
                ),
            };
            let board = game_message(http, presenter, lang, &headline, view)
                .await
                .notify(view.players);
            courier.post(&board).await
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
            board_then(courier, board, ping).await
        }
    }
}

/// A reminder: by direct message when the player asked for it and Discord lets it through,
/// else in the game's channel. Only the player to move is pinged.
async fn remind(
    courier: &Courier<'_>,
    languages: &Languages,
    notice: &Notice,
) -> serenity::Result<()> {
    let http = courier.http;
    let view = &notice.view;
    let (Some(user), Some(deadline)) = (notice.user, notice.deadline) else {
        return Ok(());
    };
    let due = format!(
        "{} ({})",
        timestamp(deadline, 'R'),
        timestamp(deadline, 'f')
    );
    if notice.notify == Notify::Dm || courier.by_dm.is_some() {
        let link = courier.link.clone();
        // A direct message reads in the recipient's own language, as last seen.
        let lang = languages.user(user);
        let text = crate::tr!(
            lang,
            if courier.by_dm.is_some() {
                "reminder-dm-tap"
            } else {
                "reminder-dm"
            },
            game = present::describe(lang, &view.game.config()),
            id = view.id,
            due = due.as_str(),
            link = link
        );
        let message = Message::text(text);
        if courier.by_dm.is_some() {
            // Nowhere else to post: held for the player's next interaction if refused.
            return courier.dm_or_hold(user, &message, false, false).await;
        }
        match dm(http, user, &message).await {
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
