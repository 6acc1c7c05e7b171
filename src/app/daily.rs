//! The daily puzzle: a server names a channel (`/puzzle daily:`), and from 12:00 UTC each day
//! that channel is owed one post of the day's puzzle (until the next day's noon: a channel set
//! in the morning gets the puzzle that started the day before at once). The post is claimed by one process for a
//! lease before it goes out, so two bot processes post it once; a post Discord refused is tried
//! again after its lease, a few times. Each day's puzzle is the same for every server: a medium
//! or hard one, Fibonacci and Fanorona on alternate days.

use chrono::{DateTime, Duration, NaiveDate, Utc};

use crate::engine::GameKind;
use crate::puzzles::Puzzle;
use crate::rating::Rating;
use crate::store::{id_from_db, puzzles as store};

use super::error::{AppError, PuzzleRefusal, Refusal};
use super::puzzles::{PuzzleView, open_row, stored_puzzle, view_of};
use super::{ChannelId, GuildId, MessageId, Service, UserId};

/// The hour (UTC) from which a day's puzzle is posted.
pub const DAILY_HOUR: u32 = 12;

/// How long a process holds a post it claimed before another may try it.
const DAILY_LEASE: Duration = Duration::minutes(2);

/// The claims of one post before it is given up.
const DAILY_TRIES: i32 = 5;

/// One day's post owed to a server's channel, claimed by this process.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyPost {
    pub guild: GuildId,
    pub day: NaiveDate,
    pub channel: ChannelId,
    pub puzzle: Puzzle,
    pub rating: Rating,
    /// The server's previous daily puzzle: its id and how many solved it.
    pub previous: Option<(String, i64)>,
    /// Whether this is the last try Discord gets.
    pub last_try: bool,
}

/// The number of a day, as buttons carry it: days since 1970-01-01.
pub fn day_number(day: NaiveDate) -> i64 {
    (day - NaiveDate::default()).num_days()
}

/// The day of a number [`day_number`] gave.
pub fn day_of_number(number: i64) -> Option<NaiveDate> {
    NaiveDate::default().checked_add_signed(Duration::try_days(number)?)
}

/// The day whose puzzle is owed at `now`: a day's puzzle runs from its 12:00 UTC to the next
/// day's, so before noon it is yesterday's (a server that sets its channel, or a bot that was
/// down at noon, posts it at once).
pub fn owed_day(now: DateTime<Utc>) -> NaiveDate {
    (now - Duration::hours(i64::from(DAILY_HOUR))).date_naive()
}

/// The index of `day`'s puzzle in a list of `len`: a fixed shuffle of the days.
fn pick(day: NaiveDate, len: usize) -> usize {
    let mut x = u64::try_from(day_number(day)).unwrap_or(0) / 2;
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    usize::try_from(x % len.max(1) as u64).unwrap_or(0)
}

impl Service {
    /// Sets `guild`'s daily puzzle channel (`None`: no more daily puzzles). Returns the channel
    /// it had.
    pub async fn set_daily_puzzle(
        &self,
        guild: GuildId,
        channel: Option<ChannelId>,
        by: UserId,
    ) -> Result<Option<ChannelId>, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let before = store::set_daily(&mut tx, guild, channel, by, self.now()).await?;
            tx.commit().await?;
            Ok(before)
        })
        .await
    }

    /// Claims up to `limit` daily posts owed now (from 12:00 UTC, today's), for
    /// [`DAILY_LEASE`].
    pub async fn claim_daily_posts(&self, limit: i64) -> Result<Vec<DailyPost>, AppError> {
        let now = self.now();
        let day = owed_day(now);
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let game = if day_number(day) % 2 == 0 {
                GameKind::Fibonacci
            } else {
                GameKind::Fanorona
            };
            let ids = store::ids_of(&mut tx, game.as_str(), &["medium", "hard"]).await?;
            let Some(puzzle) = ids.get(pick(day, ids.len())) else {
                return Ok(Vec::new());
            };
            store::owe_daily(&mut tx, day, puzzle).await?;
            let rows = store::claim_daily(&mut tx, day, now, now + DAILY_LEASE, limit).await?;
            let mut posts = Vec::with_capacity(rows.len());
            for row in rows {
                let guild = id_from_db(row.guild_id);
                let stored = stored_puzzle(&mut tx, &row.puzzle_id).await?;
                let previous = match store::daily_before(&mut tx, guild, day).await? {
                    Some((_, id)) => {
                        let solvers = store::daily_solvers(&mut tx, guild, &id).await?;
                        Some((id, solvers))
                    }
                    None => None,
                };
                posts.push(DailyPost {
                    guild,
                    day,
                    channel: id_from_db(row.channel_id),
                    puzzle: super::puzzles::puzzle_of(&stored)?,
                    rating: Rating {
                        rating: stored.rating,
                        deviation: stored.deviation,
                        volatility: stored.volatility,
                    },
                    previous,
                    last_try: row.attempts >= DAILY_TRIES,
                });
            }
            tx.commit().await?;
            Ok(posts)
        })
        .await
    }

    /// Marks a daily post sent as `message`, or given up (`None`).
    pub async fn daily_posted(
        &self,
        guild: GuildId,
        day: NaiveDate,
        message: Option<MessageId>,
    ) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            store::daily_posted(&mut conn, guild, day, message, self.now()).await?;
            Ok(())
        })
        .await
    }

    /// Opens `guild`'s daily puzzle of `day` for `user` (its post's button): rated if they
    /// never saw it.
    pub async fn open_daily_puzzle(
        &self,
        user: UserId,
        guild: GuildId,
        day: NaiveDate,
    ) -> Result<PuzzleView, AppError> {
        self.guarded(async {
            let now = self.now();
            let mut tx = self.store.begin().await?;
            let id = store::daily_of(&mut tx, guild, day)
                .await?
                .ok_or(Refusal::Puzzle(PuzzleRefusal::NoDaily))?;
            let row = stored_puzzle(&mut tx, &id).await?;
            let start = super::puzzles::start_of_player();
            // Solve pressed again while this puzzle is open: the same attempt, nothing lost.
            if let Some(open) = store::open_attempt(&mut tx, user)
                .await?
                .filter(|a| a.puzzle_id == id)
            {
                let player = store::player(&mut tx, user, &row.game, start, now).await?;
                let view = view_of(open.id, row, open.rated, Some(guild), None, &player)?;
                tx.commit().await?;
                return Ok(view);
            }
            let left = self.leave_open(&mut tx, user, now).await?;
            let rated = store::last_attempt_at(&mut tx, user, &id).await?.is_none();
            let player = store::player(&mut tx, user, &row.game, start, now).await?;
            let view = open_row(&mut tx, user, row, rated, Some(guild), left, &player, now).await?;
            tx.commit().await?;
            Ok(view)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_owed_from_noon_utc_to_the_next_noon() {
        let at = |s: &str| s.parse::<DateTime<Utc>>().expect("time");
        let day = |d: u32| NaiveDate::from_ymd_opt(2026, 11, d).expect("day");
        assert_eq!(owed_day(at("2026-11-27T11:59:59Z")), day(26));
        assert_eq!(owed_day(at("2026-11-27T12:00:00Z")), day(27));
        assert_eq!(owed_day(at("2026-11-28T11:59:59Z")), day(27));
    }

    #[test]
    fn day_numbers_go_both_ways() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 27).expect("day");
        assert_eq!(day_of_number(day_number(day)), Some(day));
        assert_eq!(day_number(NaiveDate::default()), 0);
    }

    #[test]
    fn consecutive_days_of_a_game_pick_different_puzzles() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 26).expect("day");
        let picks: std::collections::HashSet<usize> = (0..20)
            .map(|d| pick(day + Duration::days(2 * d), 200))
            .collect();
        assert!(picks.len() >= 15, "{picks:?}");
    }
}
