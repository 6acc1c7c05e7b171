//! Stopping the clock: a player asks for a pause of 1 to 14 days, the opponent accepts (or
//! declines); the pause ends by itself, or earlier when either player resumes. While paused no
//! deadline runs; on resuming, the turn gets back the time it had left. Each player may use at
//! most [`MAX_PAUSE_DAYS`] paused days per game; days not used because of an early resume are
//! given back.

use chrono::{DateTime, Duration, Utc};

use crate::engine::Side;
use crate::store::games::ClockRow;
use crate::store::kinds::MoveKind;

use super::clock::{MAX_PAUSE_DAYS, days_text};
use super::error::{AppError, Refusal};
use super::games::Save;
use super::replay::Loaded;
use super::views::GameView;
use super::{ChannelId, Service, UserId};

/// What `/pause` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseStep {
    /// The player asked the opponent for a pause of so many days.
    Asked { days: u8 },
    /// The opponent's request was accepted: the clock stopped for so many days.
    Started { days: u8 },
}

/// The paused days `side` has used in the game.
fn days_used(clock: &ClockRow, side: Side) -> u8 {
    let used = match side {
        Side::First => clock.pause_days_first,
        Side::Second => clock.pause_days_second,
    };
    u8::try_from(used).unwrap_or(MAX_PAUSE_DAYS)
}

fn set_days_used(clock: &mut ClockRow, side: Side, days: u8) {
    let days = i16::from(days.min(MAX_PAUSE_DAYS));
    match side {
        Side::First => clock.pause_days_first = days,
        Side::Second => clock.pause_days_second = days,
    }
}

/// Stops the clock at `now` for `days`, on the request of `by`.
fn start_pause(clock: &mut ClockRow, by: Side, days: u8, now: DateTime<Utc>) {
    let per_turn = clock.clock_secs.unwrap_or(0);
    let left = clock.deadline.map_or(per_turn, |deadline| {
        i32::try_from((deadline - now).num_seconds().max(0)).unwrap_or(per_turn)
    });
    clock.paused_left_secs = Some(left);
    clock.paused_until = Some(now + Duration::days(i64::from(days)));
    clock.paused_at = Some(now);
    clock.paused_by = Some(by.into());
    clock.deadline = None;
    clock.pause_offer = None;
    clock.pause_offer_days = None;
    let used = days_used(clock, by).saturating_add(days);
    set_days_used(clock, by, used);
}

/// Restarts the clock of a paused game at `now`: the turn gets back the time it had left, and
/// the whole days of the pause not used go back to the player who asked for it (a vacation's
/// stop counts no paused days: the vacation gives its own back).
pub(crate) fn end_pause(clock: &mut ClockRow, now: DateTime<Utc>) {
    let (Some(until), Some(by)) = (clock.paused_until, clock.paused_by) else {
        return;
    };
    if !std::mem::take(&mut clock.paused_for_vacation) {
        let unused = u8::try_from((until - now).num_days().max(0)).unwrap_or(0);
        let by = Side::from(by);
        set_days_used(clock, by, days_used(clock, by).saturating_sub(unused));
    }
    let left = clock
        .paused_left_secs
        .or(clock.clock_secs)
        .unwrap_or_default();
    clock.deadline = Some(now + Duration::seconds(i64::from(left)));
    clock.turn_started_at = Some(now);
    clock.reminders_sent = 0;
    clock.paused_until = None;
    clock.paused_at = None;
    clock.paused_by = None;
    clock.paused_left_secs = None;
}

/// A log entry of the clock (`notation` says what happened), by `user` playing `side`.
fn clock_entry(
    loaded: &Loaded,
    side: Side,
    user: UserId,
    kind: MoveKind,
    notation: String,
) -> crate::store::games::NewMove {
    let mut entry = Service::service_entry(loaded, side, user, kind);
    entry.notation = notation;
    entry
}

impl Service {
    /// `/pause`: asks the opponent to stop the clock for `days` (7 when not given), or accepts
    /// the opponent's standing request (for the days they asked).
    pub async fn pause(
        &self,
        channel: ChannelId,
        user: UserId,
        days: Option<i64>,
    ) -> Result<(GameView, PauseStep), AppError> {
        if let Some(given) = days.filter(|d| !(1..=i64::from(MAX_PAUSE_DAYS)).contains(d)) {
            return Err(Refusal::PauseDays { given }.into());
        }
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (mut loaded, side) = self.lock_game(&mut tx, channel, user).await?;
            let clock = &loaded.row.clock;
            if clock.clock_secs.is_none() {
                return Err(Refusal::NoClock.into());
            }
            if let Some(until) = clock.paused_until {
                return Err(Refusal::AlreadyPaused { until }.into());
            }
            let now = self.now();
            let standing = clock
                .pause_offer
                .zip(clock.pause_offer_days)
                .map(|(s, d)| (Side::from(s), u8::try_from(d).unwrap_or(1)));
            let (entry, step) = match standing {
                Some((by, days)) if by == side => {
                    return Err(Refusal::PauseAlreadyAsked {
                        opponent: loaded.player(side.other()),
                        days,
                    }
                    .into());
                }
                Some((by, days)) => {
                    start_pause(&mut loaded.row.clock, by, days, now);
                    let notation = format!("clock paused for {}", days_text(days));
                    let entry = clock_entry(&loaded, side, user, MoveKind::Pause, notation);
                    (entry, PauseStep::Started { days })
                }
                None => {
                    let days = days.map_or(7, |d| u8::try_from(d).unwrap_or(MAX_PAUSE_DAYS));
                    let left = MAX_PAUSE_DAYS.saturating_sub(days_used(clock, side));
                    if days > left {
                        return Err(Refusal::PauseBudget { asked: days, left }.into());
                    }
                    let clock = &mut loaded.row.clock;
                    clock.pause_offer = Some(side.into());
                    clock.pause_offer_days = Some(i16::from(days));
                    let notation = format!("pause asked for {}", days_text(days));
                    let entry = clock_entry(&loaded, side, user, MoveKind::PauseOffer, notation);
                    (entry, PauseStep::Asked { days })
                }
            };
            let draw_offer = loaded.draw_offer;
            let loaded = self
                .save(tx, loaded, Save::entry(entry, None, draw_offer))
                .await?;
            Ok((loaded.view(), step))
        })
        .await
    }

    /// Declines the opponent's request to pause, or withdraws one's own.
    pub async fn decline_pause(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (mut loaded, side) = self.lock_game(&mut tx, channel, user).await?;
            let Some(by) = loaded.row.clock.pause_offer.map(Side::from) else {
                return Err(Refusal::NoPauseOffer.into());
            };
            loaded.row.clock.pause_offer = None;
            loaded.row.clock.pause_offer_days = None;
            let notation = if by == side {
                "pause request withdrawn"
            } else {
                "pause declined"
            };
            let entry = clock_entry(
                &loaded,
                side,
                user,
                MoveKind::PauseDecline,
                notation.to_string(),
            );
            let draw_offer = loaded.draw_offer;
            let loaded = self
                .save(tx, loaded, Save::entry(entry, None, draw_offer))
                .await?;
            Ok(loaded.view())
        })
        .await
    }

    /// `/resume`: either player restarts the clock of a paused game before the pause ends.
    pub async fn resume(&self, channel: ChannelId, user: UserId) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (mut loaded, side) = self.lock_game(&mut tx, channel, user).await?;
            if loaded.row.clock.clock_secs.is_none() {
                return Err(Refusal::NoClock.into());
            }
            let Some(until) = loaded.row.clock.paused_until else {
                return Err(Refusal::NotPaused.into());
            };
            if loaded.row.clock.paused_for_vacation {
                let to_move = loaded.game.side_to_move();
                let player = loaded.player(to_move);
                return Err(Refusal::Vacation(super::error::VacationRefusal::Holds {
                    player,
                    until,
                })
                .into());
            }
            let now = self.now();
            end_pause(&mut loaded.row.clock, now);
            let to_move = loaded.game.side_to_move();
            let until = super::clock::vacation_until(&loaded.row.clock, to_move);
            super::clock::hold_for_vacation(&mut loaded.row.clock, now, to_move, until);
            let entry = clock_entry(
                &loaded,
                side,
                user,
                MoveKind::Resume,
                "clock resumed".to_string(),
            );
            let draw_offer = loaded.draw_offer;
            let loaded = self
                .save(tx, loaded, Save::entry(entry, None, draw_offer))
                .await?;
            Ok(loaded.view())
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hours: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).unwrap() + Duration::hours(hours)
    }

    /// A 3-day turn paused 10 hours in for 4 days, resumed 1.5 days early: the turn keeps its
    /// 62 hours, and the one whole unused day goes back.
    #[test]
    fn a_pause_keeps_the_turns_time_and_gives_back_unused_days() {
        let mut clock = ClockRow {
            clock_secs: Some(3 * 86_400),
            deadline: Some(at(72)),
            turn_started_at: Some(at(0)),
            reminders_sent: 1,
            pause_offer: Some(Side::First.into()),
            pause_offer_days: Some(4),
            ..ClockRow::default()
        };
        start_pause(&mut clock, Side::First, 4, at(10));
        assert_eq!(clock.deadline, None);
        assert_eq!(clock.paused_until, Some(at(10 + 96)));
        assert_eq!(clock.paused_left_secs, Some(62 * 3600));
        assert_eq!(clock.pause_offer, None);
        assert_eq!(clock.pause_days_first, 4);
        end_pause(&mut clock, at(10 + 60));
        assert_eq!(clock.deadline, Some(at(70 + 62)));
        assert_eq!(clock.turn_started_at, Some(at(70)));
        assert_eq!(clock.reminders_sent, 0);
        assert_eq!(clock.paused_until, None);
        assert_eq!(clock.pause_days_first, 3, "one whole day unused");
    }
}
