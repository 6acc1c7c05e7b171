//! Vacations: each player has [`VACATION_DAYS_PER_YEAR`] days per calendar year, across all
//! their games. While a vacation lasts no deadline of theirs runs: a game where it is their turn
//! has its clock stopped until the vacation ends (as a pause that counts no paused days), and a
//! turn that comes back to them meanwhile starts its clock when it ends
//! ([`clock::hold_for_vacation`], called wherever a turn's clock starts). Ending a vacation
//! early gives back its whole unused days and restarts the stopped clocks.

use chrono::{DateTime, Datelike, Duration, Utc};

use crate::engine::Side;
use crate::store::games::{ClockRow, GameRow};
use crate::store::kinds::MoveKind;
use crate::store::{Tx, vacations};

use super::clock;
use super::error::{AppError, Refusal, VacationRefusal};
use super::pauses::end_pause;
use super::{Service, UserId};

/// Vacation days per player and calendar year.
pub const VACATION_DAYS_PER_YEAR: u8 = 30;

/// `/settings auto-vacation:`: whether a deadline that passes uses a vacation day instead of
/// losing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AutoVacation {
    On,
    #[default]
    Off,
}

crate::codec!(AutoVacation {
    On => "on",
    Off => "off",
});

/// A player's vacation as front ends see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacation {
    /// The end of the vacation in progress, if one is.
    pub until: Option<DateTime<Utc>>,
    /// The days this calendar year has left (the year of now, in UTC).
    pub days_left: u8,
    /// How many of the player's games had their clock stopped or restarted by the command.
    pub games: usize,
}

/// The calendar year of `at`, as stored.
fn year(at: DateTime<Utc>) -> i16 {
    i16::try_from(at.year()).unwrap_or(i16::MAX)
}

fn refused(why: VacationRefusal) -> AppError {
    Refusal::Vacation(why).into()
}

impl Service {
    /// `/vacation`: the player's vacation in progress and the days this year has left.
    pub async fn vacation(&self, user: UserId) -> Result<Vacation, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            let now = self.now();
            let row = vacations::get(&mut conn, user).await?;
            let used = vacations::days_used(&mut conn, user, year(now)).await?;
            Ok(Vacation {
                until: row.vacation_until.filter(|&u| u > now),
                days_left: left(used),
                games: 0,
            })
        })
        .await
    }

    /// `/vacation days:`: starts a vacation of `days` now, and stops the clock of every game
    /// where it is the player's turn.
    pub async fn start_vacation(&self, user: UserId, days: i64) -> Result<Vacation, AppError> {
        let max = i64::from(VACATION_DAYS_PER_YEAR);
        let Some(days) = u8::try_from(days)
            .ok()
            .filter(|_| (1..=max).contains(&days))
        else {
            return Err(refused(VacationRefusal::Days { given: days }));
        };
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let now = self.now();
            let games = vacations::lock_clocked_games(&mut tx, user).await?;
            let row = vacations::lock(&mut tx, user).await?;
            if let Some(until) = row.vacation_until.filter(|&u| u > now) {
                return Err(refused(VacationRefusal::AlreadyOn { until }));
            }
            let used = vacations::days_used(&mut tx, user, year(now)).await?;
            if days > left(used) {
                let left = left(used);
                return Err(refused(VacationRefusal::Budget { asked: days, left }));
            }
            let until = now + Duration::days(i64::from(days));
            vacations::set(&mut tx, user, now, until).await?;
            vacations::add_days(&mut tx, user, year(now), i16::from(days)).await?;
            let games = Self::hold_games(&mut tx, games, user, until, now).await?;
            tx.commit().await?;
            Ok(Vacation {
                until: Some(until),
                days_left: left(used).saturating_sub(days),
                games,
            })
        })
        .await
    }

    /// `/vacation end`: ends the vacation now, gives back its whole unused days, and restarts
    /// the clocks it stopped.
    pub async fn end_vacation(&self, user: UserId) -> Result<Vacation, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let now = self.now();
            let games = vacations::lock_clocked_games(&mut tx, user).await?;
            let row = vacations::lock(&mut tx, user).await?;
            let (Some(from), Some(until)) =
                (row.vacation_from, row.vacation_until.filter(|&u| u > now))
            else {
                return Err(refused(VacationRefusal::NotOn));
            };
            let unused = i16::try_from((until - now).num_days()).unwrap_or(0);
            vacations::set(&mut tx, user, from, now).await?;
            vacations::add_days(&mut tx, user, year(from), -unused).await?;
            let games = Self::release_games(&mut tx, games, user, now).await?;
            let used = vacations::days_used(&mut tx, user, year(now)).await?;
            tx.commit().await?;
            Ok(Vacation {
                until: None,
                days_left: left(used),
                games,
            })
        })
        .await
    }

    /// Whether `user`'s automatic vacation is on.
    pub async fn auto_vacation(&self, user: UserId) -> Result<AutoVacation, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            let row = vacations::get(&mut conn, user).await?;
            Ok(if row.auto_vacation {
                AutoVacation::On
            } else {
                AutoVacation::Off
            })
        })
        .await
    }

    /// `/settings auto-vacation:`.
    pub async fn set_auto_vacation(
        &self,
        user: UserId,
        auto: AutoVacation,
    ) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            vacations::set_auto(&mut conn, user, auto == AutoVacation::On).await?;
            Ok(())
        })
        .await
    }

    /// A deadline of `user` passed at `now` (its game is locked): the end of their vacation if
    /// one lasts, or of the whole vacation day that automatic vacation takes for it when the
    /// year has one left; `None` when the deadline loses. Locks the user's settings after the
    /// game, as the vacation commands do.
    pub(super) async fn vacation_at_deadline(
        &self,
        tx: &mut Tx,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<DateTime<Utc>>, AppError> {
        let row = vacations::lock(tx, user).await?;
        if let Some(until) = row.vacation_until.filter(|&u| u > now) {
            return Ok(Some(until));
        }
        if !row.auto_vacation || left(vacations::days_used(tx, user, year(now)).await?) == 0 {
            return Ok(None);
        }
        let until = now + Duration::days(1);
        vacations::set(tx, user, now, until).await?;
        vacations::add_days(tx, user, year(now), 1).await?;
        Ok(Some(until))
    }

    /// Stops the running clock of each of `user`'s `games` (locked) where it is their turn,
    /// until `until`.
    async fn hold_games(
        tx: &mut Tx,
        games: Vec<GameRow>,
        user: UserId,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<usize, AppError> {
        Self::change_waiting_clocks(tx, games, user, now, |clock, side| {
            let held =
                clock.vacation_allowed && clock::hold_for_vacation(clock, now, side, Some(until));
            held.then(|| {
                let notation = format!("clock stopped: on vacation until {}", until.to_rfc3339());
                (MoveKind::Pause, notation)
            })
        })
        .await
    }

    /// Restarts the clocks that `user`'s vacation stopped.
    async fn release_games(
        tx: &mut Tx,
        games: Vec<GameRow>,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<usize, AppError> {
        Self::change_waiting_clocks(tx, games, user, now, |clock, _| {
            clock.paused_for_vacation.then(|| {
                end_pause(clock, now);
                let notation = "clock restarted: the vacation is over".to_string();
                (MoveKind::Resume, notation)
            })
        })
        .await
    }

    /// Applies `change` to the clock of each of `user`'s `games` (locked) where it is their
    /// turn; each game it changed gets the log entry it returns. Returns how many changed.
    async fn change_waiting_clocks(
        tx: &mut Tx,
        games: Vec<GameRow>,
        user: UserId,
        now: DateTime<Utc>,
        change: impl Fn(&mut ClockRow, Side) -> Option<(MoveKind, String)>,
    ) -> Result<usize, AppError> {
        let mut changed = 0;
        for row in games {
            let Ok(mut loaded) = Self::load_claimed(tx, row).await? else {
                continue;
            };
            let side = loaded.game.side_to_move();
            if loaded.player(side) != user {
                continue;
            }
            let Some((kind, notation)) = change(&mut loaded.row.clock, side) else {
                continue;
            };
            let mut entry = Self::service_entry(&loaded, side, user, kind);
            entry.notation = notation;
            Self::write_claimed(tx, &loaded, entry, None, now).await?;
            changed += 1;
        }
        Ok(changed)
    }
}

/// The days a year has left after `used`.
fn left(used: i16) -> u8 {
    VACATION_DAYS_PER_YEAR.saturating_sub(u8::try_from(used.max(0)).unwrap_or(u8::MAX))
}
