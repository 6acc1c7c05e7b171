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

/// The time each turn allows (`/challenge clock:`): a fixed time per turn, or a time bank.
///
/// A time bank `A+B` gives each player a bank of A. Their own turns spend it: the deadline of
/// their turn is its start plus their bank. After each of their turns, B is added, never above A.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TurnClock {
    OneDay,
    #[default]
    ThreeDays,
    SevenDays,
    /// A bank of 10 days, 36 hours added per turn (Little Golem's clock, shortened).
    Bank10d36h,
    /// A bank of 5 days, 1 day added per turn.
    Bank5d1d,
    /// A bank of 3 days, 12 hours added per turn.
    Bank3d12h,
    /// No clock: no deadline, no reminder, no timeout.
    Unlimited,
}

crate::codec!(TurnClock {
    OneDay => "1d",
    ThreeDays => "3d",
    SevenDays => "7d",
    Unlimited => "none",
    Bank10d36h => "10d+36h",
    Bank5d1d => "5d+1d",
    Bank3d12h => "3d+12h",
});

/// The fixed clocks, shortest first, and the banks, smallest first (`from_secs` reads a length
/// as the nearest longer one of its kind).
const FIXED: [TurnClock; 3] = [
    TurnClock::OneDay,
    TurnClock::ThreeDays,
    TurnClock::SevenDays,
];
const BANKS: [TurnClock; 3] = [
    TurnClock::Bank3d12h,
    TurnClock::Bank5d1d,
    TurnClock::Bank10d36h,
];

impl TurnClock {
    /// The time a turn allows (a bank: the whole bank, all a first turn may take), `None`
    /// without a clock.
    pub fn per_turn(self) -> Option<Duration> {
        match self {
            TurnClock::OneDay => Some(Duration::days(1)),
            TurnClock::ThreeDays | TurnClock::Bank3d12h => Some(Duration::days(3)),
            TurnClock::Bank5d1d => Some(Duration::days(5)),
            TurnClock::SevenDays => Some(Duration::days(7)),
            TurnClock::Bank10d36h => Some(Duration::days(10)),
            TurnClock::Unlimited => None,
        }
    }

    /// A time bank's increment per turn; `None` for a fixed time per turn or no clock.
    pub fn increment(self) -> Option<Duration> {
        match self {
            TurnClock::Bank10d36h => Some(Duration::hours(36)),
            TurnClock::Bank5d1d => Some(Duration::days(1)),
            TurnClock::Bank3d12h => Some(Duration::hours(12)),
            _ => None,
        }
    }

    /// The clock stored as `seconds` per turn (or bank) and `increment` seconds (`None`: a
    /// fixed clock; no `seconds`: no clock). An unknown length (a hand-edited row) is kept as
    /// it is by the store; here it reads as the nearest longer choice of its kind.
    pub fn from_secs(seconds: Option<i32>, increment: Option<i32>) -> TurnClock {
        let Some(s) = seconds else {
            return TurnClock::Unlimited;
        };
        let kind = if increment.is_some() { BANKS } else { FIXED };
        kind.into_iter()
            .find(|c| c.secs().is_some_and(|own| s <= own))
            .unwrap_or(kind[2])
    }

    /// The seconds a turn (or the bank) allows, as stored.
    pub fn secs(self) -> Option<i32> {
        self.per_turn()
            .and_then(|d| i32::try_from(d.num_seconds()).ok())
    }

    /// A time bank's increment in seconds, as stored.
    pub fn increment_secs(self) -> Option<i32> {
        self.increment()
            .and_then(|d| i32::try_from(d.num_seconds()).ok())
    }

    /// "1 day per turn", "no clock".
    pub fn describe(self) -> &'static str {
        match self {
            TurnClock::OneDay => "1 day per turn",
            TurnClock::ThreeDays => "3 days per turn",
            TurnClock::SevenDays => "7 days per turn",
            TurnClock::Bank10d36h => "a bank of 10 days, 36 hours more per turn",
            TurnClock::Bank5d1d => "a bank of 5 days, 1 day more per turn",
            TurnClock::Bank3d12h => "a bank of 3 days, 12 hours more per turn",
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

/// Starts the clock of a new turn at `now`, after a turn of `finished`, for `next`: a deadline
/// one turn away (a bank: `next`'s bank away), no reminder sent yet. With a time bank,
/// `finished` keeps what its turn left of its bank, plus the increment, never above the bank's
/// size. A paused game keeps the new turn's time for when it resumes.
pub(crate) fn new_turn(row: &mut ClockRow, now: DateTime<Utc>, finished: Side, next: Side) {
    let Some(secs) = row.clock_secs else {
        return;
    };
    row.reminders_sent = 0;
    let time = match row.clock_increment_secs {
        None => secs,
        Some(increment) => {
            let left = if row.paused_until.is_some() {
                row.paused_left_secs
            } else {
                row.deadline
                    .map(|deadline| seconds((deadline - now).max(Duration::zero())))
            };
            let left = left.or(*bank(row, finished)).unwrap_or(secs);
            *bank(row, finished) = Some(left.saturating_add(increment).min(secs));
            bank(row, next).unwrap_or(secs)
        }
    };
    if row.paused_until.is_some() {
        row.paused_left_secs = Some(time);
        return;
    }
    row.deadline = Some(now + Duration::seconds(i64::from(time)));
    row.turn_started_at = Some(now);
}

/// Stops the running clock of `side`'s turn for their vacation, which lasts `until` (none, or
/// past: nothing to do). The turn keeps what it had left for when the vacation ends. A clock
/// already paused stays as it is: whoever restarts it holds it again if the vacation still
/// lasts.
pub(crate) fn hold_for_vacation(
    row: &mut ClockRow,
    now: DateTime<Utc>,
    side: Side,
    until: Option<DateTime<Utc>>,
) -> bool {
    let Some(until) = until.filter(|&u| u > now) else {
        return false;
    };
    let (Some(secs), None) = (row.clock_secs, row.paused_until) else {
        return false;
    };
    let left = row.deadline.map_or(secs, |deadline| {
        seconds((deadline - now).max(Duration::zero()))
    });
    row.paused_left_secs = Some(left);
    row.paused_until = Some(until);
    row.paused_at = Some(now);
    row.paused_by = Some(side.into());
    row.paused_for_vacation = true;
    row.deadline = None;
    true
}

/// `side`'s bank column.
fn bank(row: &mut ClockRow, side: Side) -> &mut Option<i32> {
    match side {
        Side::First => &mut row.bank_first_secs,
        Side::Second => &mut row.bank_second_secs,
    }
}

/// Whole seconds of `d`, saturated to what a column holds.
fn seconds(d: Duration) -> i32 {
    i32::try_from(d.num_seconds()).unwrap_or(i32::MAX)
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
    row.paused_for_vacation = false;
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
    /// With a time bank: each player's bank when their last turn ended (the player to move:
    /// when their turn started, which the deadline counts down).
    pub banks: Option<[Duration; 2]>,
    /// The end of each player's latest vacation (it may have passed).
    pub vacations: [Option<DateTime<Utc>>; 2],
}

impl GameClock {
    /// The end of `side`'s vacation, if it lasts at `now`.
    pub fn on_vacation(&self, side: Side, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.vacations[side.index()].filter(|&until| until > now)
    }
}

/// The end of `side`'s latest vacation, as read with the game; none in a game that does not
/// honour vacations (its tournament said so).
pub(crate) fn vacation_until(row: &ClockRow, side: Side) -> Option<DateTime<Utc>> {
    if !row.vacation_allowed {
        return None;
    }
    match side {
        Side::First => row.first_vacation_until,
        Side::Second => row.second_vacation_until,
    }
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
        assert_eq!(
            TurnClock::words(),
            ["1d", "3d", "7d", "none", "10d+36h", "5d+1d", "3d+12h"]
        );
        assert_eq!(TurnClock::default(), TurnClock::ThreeDays);
        for clock in TurnClock::ALL {
            assert_eq!(
                TurnClock::from_secs(clock.secs(), clock.increment_secs()),
                *clock
            );
        }
        assert_eq!(TurnClock::OneDay.secs(), Some(86_400));
        assert_eq!(TurnClock::Unlimited.secs(), None);
        assert_eq!(TurnClock::Bank10d36h.secs(), Some(864_000));
        assert_eq!(TurnClock::Bank10d36h.increment_secs(), Some(129_600));
        assert_eq!(TurnClock::SevenDays.increment_secs(), None);
        // A hand-edited length reads as the nearest longer choice of its kind.
        assert_eq!(
            TurnClock::from_secs(Some(4 * 86_400), None),
            TurnClock::SevenDays
        );
        assert_eq!(
            TurnClock::from_secs(Some(99 * 86_400), None),
            TurnClock::SevenDays
        );
        assert_eq!(
            TurnClock::from_secs(Some(4 * 86_400), Some(1)),
            TurnClock::Bank5d1d
        );
        assert_eq!(
            TurnClock::from_secs(Some(60), Some(1)),
            TurnClock::Bank3d12h
        );
    }

    /// A bank of `size` hours, `increment` hours a turn, both banks full, first to move at 0.
    fn bank_clock(size: i64, increment: i64) -> ClockRow {
        let secs = |h: i64| Some(i32::try_from(h * 3600).unwrap());
        ClockRow {
            clock_secs: secs(size),
            clock_increment_secs: secs(increment),
            bank_first_secs: secs(size),
            bank_second_secs: secs(size),
            deadline: Some(at(size)),
            turn_started_at: Some(at(0)),
            ..ClockRow::default()
        }
    }

    fn hours(secs: Option<i32>) -> Option<i64> {
        secs.map(|s| i64::from(s) / 3600)
    }

    /// 10d+36h: a turn that takes 100 h leaves 140 h, plus 36 h; the opponent's deadline is their
    /// whole bank away; a quick turn fills the bank back up to 240 h and never above.
    #[test]
    fn a_bank_is_spent_by_its_own_turns_refilled_by_the_increment_and_capped() {
        let mut row = bank_clock(240, 36);
        new_turn(&mut row, at(100), Side::First, Side::Second);
        assert_eq!(hours(row.bank_first_secs), Some(176));
        assert_eq!(hours(row.bank_second_secs), Some(240));
        assert_eq!(row.deadline, Some(at(100 + 240)));
        assert_eq!(row.turn_started_at, Some(at(100)));
        // Second takes 10 h: 230 + 36, capped at 240. First's deadline: 176 h away.
        new_turn(&mut row, at(110), Side::Second, Side::First);
        assert_eq!(hours(row.bank_second_secs), Some(240));
        assert_eq!(row.deadline, Some(at(110 + 176)));
        // First answers in 1 h: 175 + 36 = 211.
        new_turn(&mut row, at(111), Side::First, Side::Second);
        assert_eq!(hours(row.bank_first_secs), Some(211));
        // Many quick turns fill it up to the cap and no further.
        let mut now = 111;
        let mut sides = [Side::Second, Side::First];
        for _ in 0..10 {
            now += 1;
            new_turn(&mut row, at(now), sides[0], sides[1]);
            sides.swap(0, 1);
        }
        assert_eq!(hours(row.bank_first_secs), Some(240));
        assert_eq!(hours(row.bank_second_secs), Some(240));
    }

    /// 3d+12h: a turn that uses all but 2 h of the bank leaves 2 + 12 = 14 h for the next.
    /// A turn ended while paused keeps what the pause held; the next turn's time waits too.
    #[test]
    fn a_nearly_empty_bank_gets_only_the_increment_and_a_pause_keeps_the_banks() {
        let mut row = bank_clock(72, 12);
        new_turn(&mut row, at(70), Side::First, Side::Second);
        assert_eq!(hours(row.bank_first_secs), Some(14));
        new_turn(&mut row, at(71), Side::Second, Side::First);
        assert_eq!(row.deadline, Some(at(71 + 14)));
        // Paused with 5 h left: the turn played meanwhile keeps 5 + 12.
        row.deadline = None;
        row.paused_until = Some(at(200));
        row.paused_left_secs = Some(5 * 3600);
        new_turn(&mut row, at(150), Side::First, Side::Second);
        assert_eq!(hours(row.bank_first_secs), Some(17));
        assert_eq!(hours(row.paused_left_secs), Some(72), "Second's full bank");
        assert_eq!(row.deadline, None);
    }

    /// A fixed clock: every turn gets the same time, and no bank is kept.
    #[test]
    fn a_fixed_clock_gives_each_turn_the_same_time() {
        let mut row = ClockRow {
            clock_secs: Some(86_400),
            ..ClockRow::default()
        };
        new_turn(&mut row, at(5), Side::First, Side::Second);
        assert_eq!(row.deadline, Some(at(29)));
        assert_eq!((row.bank_first_secs, row.bank_second_secs), (None, None));
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
