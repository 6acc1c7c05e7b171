//! The scheduler's work: the games whose time has come (a pause that ends, a reminder, a
//! deadline that passed), and the messages that this owes.
//!
//! A look ([`Service::tick`]) claims due games with `FOR UPDATE SKIP LOCKED` through the
//! `games_wake` index, so that two bot processes on one database never act on the same game,
//! and does everything a game needs in the transaction that claimed it: a timeout is a state
//! change written exactly once. The messages go into an outbox (`notices`) in that same
//! transaction; [`Service::claim_notices`] leases them to one sender, which marks each sent once
//! Discord took it. A sender that dies before marking leaves the lease to run out, and the notice
//! goes again: messages are sent **at least once** (a lost timeout announcement would leave the
//! players in the dark; a rare repeated reminder after a crash costs little).

use chrono::{DateTime, Duration, Utc};

use crate::ai::Level;
use crate::engine::{Game, Side};
use crate::store::games::{self, GameRow, GameUpdate};
use crate::store::kinds::{MoveKind, NoticeKind, Notify, Word};
use crate::store::locales::{self, LocaleOwner};
use crate::store::schedule::{self, NewNotice, NoticeRow};
use crate::store::{Tx, id_from_db};

use super::clock::{self, due_reminder};
use super::error::AppError;
use super::pauses::end_pause;
use super::replay::{self, Loaded};
use super::views::{GameView, Outcome, parse_config};
use super::{Service, UserId};

/// Games claimed per transaction.
const BATCH: i64 = 200;
/// How long a claimed notice is reserved for its sender before another may try it.
const LEASE: Duration = Duration::seconds(60);
/// Tries before a notice Discord keeps refusing is given up (and logged).
pub const MAX_ATTEMPTS: i16 = 5;

/// What one look did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TickReport {
    pub reminders: usize,
    pub timeouts: usize,
    pub aborted: usize,
    pub resumed: usize,
    /// Deadlines that passed on vacation: the clock stopped instead.
    pub vacations: usize,
    /// Games that could not be handled (logged; tried again at the next look).
    pub failed: usize,
}

impl TickReport {
    pub fn is_empty(&self) -> bool {
        *self == TickReport::default()
    }
}

/// A message the scheduler owes, with the game as it stands.
#[derive(Clone, Debug)]
pub struct Notice {
    pub id: i64,
    pub kind: NoticeKind,
    pub view: GameView,
    /// A reminder's player, and how they want to hear of it.
    pub user: Option<UserId>,
    pub notify: Notify,
    /// A reminder's deadline.
    pub deadline: Option<DateTime<Utc>>,
    /// A reminder that no longer applies (the player moved, the game paused or ended): it is
    /// marked done without a message.
    pub stale: bool,
    /// This is the notice's last try.
    pub last_try: bool,
}

/// What a due game needs.
enum Due {
    Resume,
    Timeout,
    Reminder(usize),
    Nothing,
}

fn due(row: &GameRow, now: DateTime<Utc>) -> Due {
    let clock = &row.clock;
    if clock.paused_until.is_some_and(|until| until <= now) {
        return Due::Resume;
    }
    let Some(deadline) = clock.deadline else {
        return Due::Nothing;
    };
    if deadline <= now {
        return Due::Timeout;
    }
    let sent = usize::try_from(clock.reminders_sent).unwrap_or(0);
    due_reminder(now, clock.turn_started_at, deadline, sent).map_or(Due::Nothing, Due::Reminder)
}

/// The player to move in a game row, read from its stored position (no replay); `None` when it
/// is the AI of a game against the bot (nobody to remind).
fn player_to_move(row: &GameRow) -> Result<Option<UserId>, String> {
    let config = parse_config(&row.options)?;
    let game = Game::from_position(config, id_from_db(row.seed), &row.position)
        .map_err(|e| format!("stored position {:?}: {e}", row.position))?;
    let side = game.side_to_move();
    if row.ai_side.is_some_and(|ai| Side::from(ai) == side) {
        return Ok(None);
    }
    Ok(Some(match side {
        Side::First => id_from_db(row.first_player),
        Side::Second => id_from_db(row.second_player),
    }))
}

/// How long a process may think about an AI turn it claimed before another may take it.
const AI_LEASE: Duration = Duration::seconds(15);

/// An AI turn claimed for this process to play.
#[derive(Clone, Debug)]
pub struct AiTurn {
    pub game_id: i64,
    pub channel: super::ChannelId,
    /// The bot's user id in the game.
    pub bot: UserId,
    pub level: Level,
    pub game: Game,
    /// Fixed per game and turn: the same turn is thought the same way after a restart.
    pub seed: u64,
}

impl Service {
    /// One look of the scheduler: acts on every game whose time has come, in batches, each in
    /// one transaction. Returns what it did.
    pub async fn tick(&self) -> Result<TickReport, AppError> {
        let mut report = TickReport::default();
        let mut skip: Vec<i64> = Vec::new();
        loop {
            let claimed = self
                .guarded(self.tick_batch(&mut report, &mut skip))
                .await?;
            if claimed < BATCH {
                return Ok(report);
            }
        }
    }

    /// One batch: claims up to [`BATCH`] due games and handles them; returns how many it
    /// claimed.
    async fn tick_batch(
        &self,
        report: &mut TickReport,
        skip: &mut Vec<i64>,
    ) -> Result<i64, AppError> {
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let rows = schedule::claim_due(&mut tx, now, BATCH, skip).await?;
        let claimed = i64::try_from(rows.len()).unwrap_or(BATCH);
        let mut reminded: (Vec<i64>, Vec<i16>) = (Vec::new(), Vec::new());
        let mut notices = Vec::new();
        for row in rows {
            let id = row.id;
            let handled = match due(&row, now) {
                Due::Reminder(n) => player_to_move(&row).map(|user| {
                    reminded.0.push(id);
                    reminded.1.push(i16::try_from(n + 1).unwrap_or(2));
                    if let Some(user) = user {
                        notices.push(NewNotice {
                            game_id: id,
                            kind: NoticeKind::Reminder,
                            user: Some(user),
                            deadline: row.clock.deadline,
                        });
                        report.reminders += 1;
                    }
                }),
                Due::Resume => {
                    let notice = self.resume_on_schedule(&mut tx, row, now).await?;
                    notice.map(|n| {
                        notices.push(n);
                        report.resumed += 1;
                    })
                }
                Due::Timeout => {
                    let notice = self.time_out(&mut tx, row, now).await?;
                    notice.map(|n| {
                        if n.kind == NoticeKind::Aborted {
                            report.aborted += 1;
                        } else if n.kind == NoticeKind::Vacation {
                            report.vacations += 1;
                        } else {
                            report.timeouts += 1;
                        }
                        notices.push(n);
                    })
                }
                Due::Nothing => Err(format!("woke at {:?} with nothing due", row.clock)),
            };
            if let Err(why) = handled {
                tracing::error!(game_id = id, "the scheduler cannot handle game {id}: {why}");
                report.failed += 1;
                skip.push(id);
            }
        }
        schedule::set_reminders_sent(&mut tx, &reminded.0, &reminded.1).await?;
        schedule::insert_notices(&mut tx, now, &notices).await?;
        tx.commit().await?;
        Ok(claimed)
    }

    /// Loads a claimed game (replaying its log); a corrupt one is an `Err` with the reason.
    pub(super) async fn load_claimed(
        tx: &mut Tx,
        row: GameRow,
    ) -> Result<Result<Loaded, String>, AppError> {
        let id = row.id;
        let entries = games::moves(tx, id).await?;
        Ok(replay::load(row, entries).map_err(|e| format!("game {id} does not load: {e}")))
    }

    /// Writes a claimed game's new state (the caller commits).
    pub(super) async fn write_claimed(
        tx: &mut Tx,
        loaded: &Loaded,
        entry: crate::store::games::NewMove,
        outcome: Option<Outcome>,
        now: DateTime<Utc>,
    ) -> Result<(), AppError> {
        let ended = outcome;
        let (outcome, winner, win_reason) = replay::outcome_columns(outcome);
        let update = GameUpdate {
            position: loaded.row.position.clone(),
            outcome,
            winner,
            win_reason,
            draw_offer: if outcome.is_some() {
                None
            } else {
                loaded.draw_offer.map(Into::into)
            },
            at: now,
            players: [loaded.row.first_player, loaded.row.second_player],
            ai_side: loaded.row.ai_side,
        };
        games::update(
            tx,
            loaded.row.id,
            loaded.row.version,
            &update,
            &loaded.row.clock,
            &[entry],
        )
        .await?;
        if let Some(ended) = ended {
            // Conditional moves end with their game.
            crate::store::premoves::clear(tx, loaded.row.id, None).await?;
            Self::rate(tx, loaded, ended, now).await?;
        }
        Ok(())
    }

    /// The end of a pause: the clock runs again.
    async fn resume_on_schedule(
        &self,
        tx: &mut Tx,
        row: GameRow,
        now: DateTime<Utc>,
    ) -> Result<Result<NewNotice, String>, AppError> {
        let mut loaded = match Self::load_claimed(tx, row).await? {
            Ok(loaded) => loaded,
            Err(why) => return Ok(Err(why)),
        };
        let by = loaded.row.clock.paused_by.map_or(Side::First, Side::from);
        end_pause(&mut loaded.row.clock, now);
        // A pause that ends while the player to move is on vacation: the vacation holds it.
        let to_move = loaded.game.side_to_move();
        let until = clock::vacation_until(&loaded.row.clock, to_move);
        clock::hold_for_vacation(&mut loaded.row.clock, now, to_move, until);
        let mut entry = Self::service_entry(&loaded, by, loaded.player(by), MoveKind::Resume);
        entry.notation = "clock resumed: the pause is over".to_string();
        Self::write_claimed(tx, &loaded, entry, None, now).await?;
        Ok(Ok(NewNotice {
            game_id: loaded.row.id,
            kind: NoticeKind::Resumed,
            user: None,
            deadline: loaded.row.clock.deadline,
        }))
    }

    /// A deadline passed: the player to move loses on time, or, if they never moved in the
    /// game, the game is aborted. Written once: the game is locked and its outcome set here.
    async fn time_out(
        &self,
        tx: &mut Tx,
        row: GameRow,
        now: DateTime<Utc>,
    ) -> Result<Result<NewNotice, String>, AppError> {
        let id = row.id;
        let mut loaded = match Self::load_claimed(tx, row).await? {
            Ok(loaded) => loaded,
            Err(why) => return Ok(Err(why)),
        };
        let side = loaded.game.side_to_move();
        let user = loaded.player(side);
        // On vacation (automatic, or begun while this waited), a deadline does not lose: the
        // clock stops until the vacation ends.
        let allowed = loaded.row.clock.vacation_allowed
            && loaded.row.ai_side.is_none_or(|ai| Side::from(ai) != side);
        if allowed && let Some(until) = self.vacation_at_deadline(tx, user, now).await? {
            clock::hold_for_vacation(&mut loaded.row.clock, now, side, Some(until));
            let mut entry = Self::service_entry(&loaded, side, user, MoveKind::Pause);
            entry.notation = format!(
                "deadline passed on vacation: clock stopped until {}",
                until.to_rfc3339()
            );
            Self::write_claimed(tx, &loaded, entry, None, now).await?;
            return Ok(Ok(NewNotice {
                game_id: id,
                kind: NoticeKind::Vacation,
                user: Some(user),
                deadline: Some(until),
            }));
        }
        let ever_moved = schedule::movers(tx, &[id])
            .await?
            .iter()
            .any(|&(_, u)| id_from_db(u) == user);
        // In a tournament, running out of time loses even without a move: an abort would hold
        // up the round.
        let in_event = loaded.row.tournament_id.is_some();
        let (kind, outcome, notice) = if ever_moved || in_event {
            (
                MoveKind::Timeout,
                Outcome::Timeout {
                    winner: side.other(),
                },
                NoticeKind::Timeout,
            )
        } else {
            (MoveKind::Abort, Outcome::Aborted, NoticeKind::Aborted)
        };
        let deadline = loaded.row.clock.deadline;
        clock::stop(&mut loaded.row.clock);
        let entry = Self::service_entry(&loaded, side, user, kind);
        Self::write_claimed(tx, &loaded, entry, Some(outcome), now).await?;
        tracing::info!(game_id = id, ?outcome, ?deadline, %now, "a deadline passed");
        Ok(Ok(NewNotice {
            game_id: id,
            kind: notice,
            user: Some(user),
            deadline,
        }))
    }

    /// Leases up to `limit` notices to this process for sending, with their games as they stand.
    pub async fn claim_notices(&self, limit: i64) -> Result<Vec<Notice>, AppError> {
        self.guarded(async {
            let now = self.now();
            let mut tx = self.store.begin().await?;
            let rows =
                schedule::claim_notices(&mut tx, now, now + LEASE, limit, MAX_ATTEMPTS).await?;
            let mut notices = Vec::with_capacity(rows.len());
            for row in rows {
                match self.notice(&mut tx, row).await? {
                    Ok(notice) => notices.push(notice),
                    Err((id, why)) => {
                        tracing::error!(notice = id, "a notice cannot be sent: {why}");
                        schedule::mark_sent(&mut tx, id, now).await?;
                    }
                }
            }
            tx.commit().await?;
            Ok(notices)
        })
        .await
    }

    async fn notice(
        &self,
        tx: &mut Tx,
        row: NoticeRow,
    ) -> Result<Result<Notice, (i64, String)>, AppError> {
        let Some(game) = games::get(tx, row.game_id).await? else {
            return Ok(Err((row.id, format!("game {} is gone", row.game_id))));
        };
        let loaded = match Self::load_claimed(tx, game).await? {
            Ok(loaded) => loaded,
            Err(why) => return Ok(Err((row.id, why))),
        };
        let mut view = loaded.view();
        if view.outcome.is_some() {
            view.ratings = Self::rating_changes(tx, view.id).await?;
        }
        let user = row.user_id.map(id_from_db);
        let notify = match user {
            Some(user) => schedule::notify_of(tx, user).await?,
            None => Notify::Channel,
        };
        let stale = row.kind == NoticeKind::Reminder
            && (view.outcome.is_some()
                || view.clock.deadline != row.deadline
                || view.player_to_move() != user);
        Ok(Ok(Notice {
            id: row.id,
            kind: row.kind,
            view,
            user,
            notify,
            deadline: row.deadline,
            stale,
            last_try: row.attempts >= MAX_ATTEMPTS,
        }))
    }

    /// Claims up to `limit` due AI turns of games against the bot for this process, leased for
    /// [`AI_LEASE`]. Games where it is no longer the AI's turn are cleared.
    pub async fn claim_ai_turns(&self, limit: i64) -> Result<Vec<AiTurn>, AppError> {
        self.guarded(async {
            let now = self.now();
            let mut tx = self.store.begin().await?;
            let rows = schedule::claim_ai_turns(&mut tx, now, now + AI_LEASE, limit).await?;
            let mut turns = Vec::new();
            for row in rows {
                let id = row.id;
                let loaded = match Self::load_claimed(&mut tx, row).await? {
                    Ok(loaded) => loaded,
                    Err(why) => {
                        tracing::error!(game_id = id, "an AI turn cannot be played: {why}");
                        continue;
                    }
                };
                let (Some(side), Some(Word(level))) = (loaded.row.ai_side, loaded.row.ai_level)
                else {
                    continue;
                };
                let side = Side::from(side);
                if loaded.outcome.is_some() || loaded.game.side_to_move() != side {
                    schedule::clear_ai_due(&mut tx, id).await?;
                    continue;
                }
                let ply = u64::try_from(loaded.next_ply()).unwrap_or(0);
                turns.push(AiTurn {
                    game_id: id,
                    channel: id_from_db(loaded.row.channel_id),
                    bot: loaded.player(side),
                    level,
                    game: loaded.game.clone(),
                    seed: loaded.seed ^ ply.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                });
            }
            tx.commit().await?;
            Ok(turns)
        })
        .await
    }

    /// Marks a notice sent (or given up on).
    pub async fn notice_sent(&self, id: i64) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            schedule::mark_sent(&mut conn, id, self.now()).await?;
            Ok(())
        })
        .await
    }

    /// How `user` wants to hear of their turn.
    pub async fn notify_of(&self, user: UserId) -> Result<Notify, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            Ok(schedule::notify_of(&mut conn, user).await?)
        })
        .await
    }

    /// Sets how `user` wants to hear of their turn.
    pub async fn set_notify(&self, user: UserId, notify: Notify) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            schedule::set_notify(&mut conn, user, notify).await?;
            Ok(())
        })
        .await
    }

    /// Records the language `owner` `id` was last seen in (a code such as `fr`).
    pub async fn save_locale(
        &self,
        owner: LocaleOwner,
        id: u64,
        locale: &str,
    ) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            locales::save(&mut conn, owner, id, locale, self.now()).await?;
            Ok(())
        })
        .await
    }

    /// Languages recorded by any bot process on this database, as they are recorded.
    pub async fn locale_announcements(&self) -> Result<sqlx::postgres::PgListener, AppError> {
        Ok(locales::listen(&self.store).await?)
    }

    /// The languages recorded, most recently seen first, at most `limit`.
    pub async fn locales(&self, limit: i64) -> Result<Vec<(LocaleOwner, u64, String)>, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            Ok(locales::all(&mut conn, limit).await?)
        })
        .await
    }
}
