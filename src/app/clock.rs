//! Time in the service: the clock it reads (injectable, so that tests move days in a
//! millisecond), the time a turn allows, the reminders before a deadline, and a game's clock as
//! front ends see it.

use std::fmt;
use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

use crate::engine::Side;
use crate::store::games::ClockRow;

/// Where the service reads the time. Every deadline, reminder and pause is computed from it.
pub trait Clock: Send + Sync + fmt::Debug {
    fn now(&self) -> DateTime<Utc>;
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that moves only when told to (tests).
#[derive(Debug)]
pub struct ManualClock {
    now: Mutex<DateTime<Utc>>,
}

impl ManualClock {
    /// A clock showing `start`.
    pub fn new(start: DateTime<Utc>) -> ManualClock {
        ManualClock {
            now: Mutex::new(start),
        }
    }

    /// Moves the clock forward by `by`.
    pub fn advance(&self, by: Duration) {
        if let Ok(mut now) = self.now.lock() {
            *now += by;
        }
    }

    /// Sets the clock to `to`.
    pub fn set(&self, to: DateTime<Utc>) {
        if let Ok(mut now) = self.now.lock() {
            *now = to;
        }
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        self.now.lock().map_or_else(|_| Utc::now(), |now| *now)
    }
}

/// The time each turn allows (`/challenge clock:`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TurnClock {
    OneDay,
    #[default]
    ThreeDays,
    SevenDays,
    /// No clock: no deadline, no reminder, no timeout.
    Unlimited,
}

crate::codec!(TurnClock {
    OneDay => "1d",
    ThreeDays => "3d",
    SevenDays => "7d",
    Unlimited => "none",
});

impl TurnClock {
    /// The time a turn allows, `None` without a clock.
    pub fn per_turn(self) -> Option<Duration> {
        match self {
            TurnClock::OneDay => Some(Duration::days(1)),
            TurnClock::ThreeDays => Some(Duration::days(3)),
            TurnClock::SevenDays => Some(Duration::days(7)),
            TurnClock::Unlimited => None,
        }
    }

    /// The clock stored as `seconds` per turn (`None`: no clock). An unknown length (a hand-edited
    /// row) is kept as it is by the store; here it reads as the nearest longer choice.
    pub fn from_secs(seconds: Option<i32>) -> TurnClock {
        match seconds {
            None => TurnClock::Unlimited,
            Some(s) if i64::from(s) <= Duration::days(1).num_seconds() => TurnClock::OneDay,
            Some(s) if i64::from(s) <= Duration::days(3).num_seconds() => TurnClock::ThreeDays,
            Some(_) => TurnClock::SevenDays,
        }
    }

    /// The seconds a turn allows, as stored.
    pub fn secs(self) -> Option<i32> {
        self.per_turn()
            .and_then(|d| i32::try_from(d.num_seconds()).ok())
    }

    /// "1 day per turn", "no clock".
    pub fn describe(self) -> &'static str {
        match self {
            TurnClock::OneDay => "1 day per turn",
            TurnClock::ThreeDays => "3 days per turn",
            TurnClock::SevenDays => "7 days per turn",
            TurnClock::Unlimited => "no clock",
        }
    }
}

/// "1 day", "3 days".
pub fn days_text(days: u8) -> String {
    if days == 1 {
        "1 day".to_string()
    } else {
        format!("{days} days")
    }
}

/// The reminders before a deadline, earliest first: 24 hours, then 1 hour before. (The
/// migration's `games_wake_at()` trigger holds the same two offsets.)
pub const REMINDERS: [Duration; 2] = [Duration::hours(24), Duration::hours(1)];

/// The most paused days a player may use in one game, and in one pause.
pub const MAX_PAUSE_DAYS: u8 = 14;

/// The reminder due at `now` for a turn that started at `started` with `deadline`, when `sent`
/// of [`REMINDERS`] are already dealt with: `Some(n)` means send reminder `n` (and count the
/// reminders up to it as dealt with). Only the most urgent due one is sent, and none that fell
/// before the turn started.
pub fn due_reminder(
    now: DateTime<Utc>,
    started: Option<DateTime<Utc>>,
    deadline: DateTime<Utc>,
    sent: usize,
) -> Option<usize> {
    (sent..REMINDERS.len()).rev().find(|&n| {
        let at = deadline - REMINDERS[n];
        at <= now && started.is_none_or(|s| at > s) && now < deadline
    })
}

/// Starts the clock of a new turn at `now`: a deadline one turn away, no reminder sent yet. A
/// paused game keeps a whole turn for when it resumes.
pub(crate) fn new_turn(row: &mut ClockRow, now: DateTime<Utc>) {
    let Some(secs) = row.clock_secs else {
        return;
    };
    row.reminders_sent = 0;
    if row.paused_until.is_some() {
        row.paused_left_secs = Some(secs);
        return;
    }
    row.deadline = Some(now + Duration::seconds(i64::from(secs)));
    row.turn_started_at = Some(now);
}

/// Stops the clock of a game that ended: no deadline, no pause, no request to pause.
pub(crate) fn stop(row: &mut ClockRow) {
    row.deadline = None;
    row.paused_until = None;
    row.paused_at = None;
    row.paused_by = None;
    row.paused_left_secs = None;
    row.pause_offer = None;
    row.pause_offer_days = None;
}

/// A game's clock as front ends see it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameClock {
    pub per_turn: TurnClock,
    /// The deadline of the turn in progress (none without a clock, while paused, or over).
    pub deadline: Option<DateTime<Utc>>,
    /// While paused: until when.
    pub paused_until: Option<DateTime<Utc>>,
    /// A standing request to pause: by which side, for how many days.
    pub pause_offer: Option<(Side, u8)>,
    /// Paused days used so far, by side.
    pub pause_days_used: [u8; 2],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Codec;

    fn at(hours: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).unwrap() + Duration::hours(hours)
    }

    #[test]
    fn turn_clocks_have_words_and_lengths() {
        assert_eq!(TurnClock::words(), ["1d", "3d", "7d", "none"]);
        assert_eq!(TurnClock::default(), TurnClock::ThreeDays);
        for clock in TurnClock::ALL {
            assert_eq!(TurnClock::from_secs(clock.secs()), *clock);
        }
        assert_eq!(TurnClock::OneDay.secs(), Some(86_400));
        assert_eq!(TurnClock::Unlimited.secs(), None);
    }

    /// 3-day turn started at 0, deadline at 72 h: the 24 h reminder at 48 h, the 1 h one at 71 h.
    #[test]
    fn the_most_urgent_due_reminder_is_chosen_and_none_before_the_turn_started() {
        let (start, deadline) = (Some(at(0)), at(72));
        assert_eq!(due_reminder(at(47), start, deadline, 0), None);
        assert_eq!(due_reminder(at(48), start, deadline, 0), Some(0));
        assert_eq!(due_reminder(at(48), start, deadline, 1), None);
        assert_eq!(due_reminder(at(71), start, deadline, 1), Some(1));
        // Both due at once (a late look): only the 1-hour one.
        assert_eq!(due_reminder(at(71), start, deadline, 0), Some(1));
        assert_eq!(due_reminder(at(71), start, deadline, 2), None);
        // Past the deadline: a timeout, not a reminder.
        assert_eq!(due_reminder(at(72), start, deadline, 0), None);
        // A 1-day turn: its 24 h reminder would fall when the turn began, so only the 1 h one.
        let (start, deadline) = (Some(at(0)), at(24));
        assert_eq!(due_reminder(at(0), start, deadline, 0), None);
        assert_eq!(due_reminder(at(23), start, deadline, 0), Some(1));
    }
}
