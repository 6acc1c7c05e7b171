//! Puzzles (`puzzles`, `puzzle_players`, `puzzle_attempts`) and the daily puzzle
//! (`daily_puzzle_channels`, `daily_puzzle_posts`). Every function runs in the caller's
//! transaction; the service decides what a command may do.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::PgConnection;

use super::{StoreError, id_to_db};

/// A puzzle as stored: the bank's line, its grade and its rating.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PuzzleRow {
    pub id: String,
    pub game: String,
    pub config: String,
    pub position: String,
    pub goal: String,
    pub solutions: String,
    pub grade: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub tries: i32,
    pub solved: i32,
}

/// One puzzle of the bank to load: (id, game, config, position, goal, solutions, grade, rating,
/// deviation, volatility).
pub struct NewPuzzle {
    pub id: String,
    pub game: String,
    pub config: String,
    pub position: String,
    pub goal: String,
    pub solutions: String,
    pub grade: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// Adds the puzzles whose ids are not stored yet (a stored puzzle keeps its rating); returns how
/// many were added.
pub async fn load(conn: &mut PgConnection, puzzles: &[NewPuzzle]) -> Result<u64, StoreError> {
    let column = |f: fn(&NewPuzzle) -> &str| -> Vec<&str> { puzzles.iter().map(f).collect() };
    let number = |f: fn(&NewPuzzle) -> f64| -> Vec<f64> { puzzles.iter().map(f).collect() };
    let done = sqlx::query(
        "INSERT INTO puzzles (id, game, config, position, goal, solutions, grade, rating, \
                              deviation, volatility) \
         SELECT * FROM UNNEST($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], \
                              $6::text[], $7::text[], $8::float8[], $9::float8[], $10::float8[]) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(column(|p| &p.id))
    .bind(column(|p| &p.game))
    .bind(column(|p| &p.config))
    .bind(column(|p| &p.position))
    .bind(column(|p| &p.goal))
    .bind(column(|p| &p.solutions))
    .bind(column(|p| &p.grade))
    .bind(number(|p| p.rating))
    .bind(number(|p| p.deviation))
    .bind(number(|p| p.volatility))
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// The columns of [`PuzzleRow`], for `concat!` into static SQL.
macro_rules! puzzle_columns {
    () => {
        "p.id, p.game, p.config, p.position, p.goal, p.solutions, p.grade, p.rating, \
         p.deviation, p.volatility, p.tries, p.solved"
    };
}

/// The puzzle `id`, locked for the caller's transaction when `lock`.
pub async fn puzzle(
    conn: &mut PgConnection,
    id: &str,
    lock: bool,
) -> Result<Option<PuzzleRow>, StoreError> {
    let sql = if lock {
        concat!(
            "SELECT ",
            puzzle_columns!(),
            " FROM puzzles p WHERE p.id = $1 FOR UPDATE"
        )
    } else {
        concat!(
            "SELECT ",
            puzzle_columns!(),
            " FROM puzzles p WHERE p.id = $1"
        )
    };
    Ok(sqlx::query_as(sql).bind(id).fetch_optional(conn).await?)
}

/// Up to `limit` puzzles of `game` (of `grade`, if given) that `user` never opened, nearest to
/// `rating` first.
pub async fn unseen_near(
    conn: &mut PgConnection,
    user: u64,
    game: &str,
    grade: Option<&str>,
    rating: f64,
    limit: i64,
) -> Result<Vec<PuzzleRow>, StoreError> {
    let sql = concat!(
        "SELECT ",
        puzzle_columns!(),
        " FROM puzzles p \
         WHERE p.game = $1 AND ($2::text IS NULL OR p.grade = $2) \
           AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a \
                           WHERE a.user_id = $3 AND a.puzzle_id = p.id) \
         ORDER BY abs(p.rating - $4), p.id LIMIT $5"
    );
    Ok(sqlx::query_as(sql)
        .bind(game)
        .bind(grade)
        .bind(id_to_db(user))
        .bind(rating)
        .bind(limit)
        .fetch_all(conn)
        .await?)
}

/// The puzzle of `game` (of `grade`, if given) that `user` saw longest ago, once they have seen
/// them all.
pub async fn seen_longest_ago(
    conn: &mut PgConnection,
    user: u64,
    game: &str,
    grade: Option<&str>,
) -> Result<Option<PuzzleRow>, StoreError> {
    let sql = concat!(
        "SELECT ",
        puzzle_columns!(),
        " FROM puzzles p \
         JOIN (SELECT puzzle_id, max(opened_at) AS last FROM puzzle_attempts \
               WHERE user_id = $3 GROUP BY puzzle_id) a ON a.puzzle_id = p.id \
         WHERE p.game = $1 AND ($2::text IS NULL OR p.grade = $2) \
         ORDER BY a.last, p.id LIMIT 1"
    );
    Ok(sqlx::query_as(sql)
        .bind(game)
        .bind(grade)
        .bind(id_to_db(user))
        .fetch_optional(conn)
        .await?)
}

/// The puzzles of `game` of these grades, in the order of their ids (the daily puzzle's list).
pub async fn ids_of(
    conn: &mut PgConnection,
    game: &str,
    grades: &[&str],
) -> Result<Vec<String>, StoreError> {
    Ok(
        sqlx::query_scalar(
            "SELECT id FROM puzzles WHERE game = $1 AND grade = ANY($2) ORDER BY id",
        )
        .bind(game)
        .bind(grades)
        .fetch_all(conn)
        .await?,
    )
}

/// Writes a puzzle's rating after a first try.
pub async fn rate_puzzle(
    conn: &mut PgConnection,
    id: &str,
    rating: (f64, f64, f64),
    solved: bool,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4, tries = tries + 1, \
         solved = solved + $5::int WHERE id = $1",
    )
    .bind(id)
    .bind(rating.0)
    .bind(rating.1)
    .bind(rating.2)
    .bind(i32::from(solved))
    .execute(conn)
    .await?;
    Ok(())
}

/// A user's puzzle rating for one game.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PlayerRow {
    pub game: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub streak: i32,
    pub best_streak: i32,
    pub tries: i32,
    pub solved: i32,
}

macro_rules! player_columns {
    () => {
        "game, rating, deviation, volatility, streak, best_streak, tries, solved"
    };
}

/// `user`'s puzzle rating in `game`, created at `start` if they have none, and locked for the
/// caller's transaction.
pub async fn player(
    conn: &mut PgConnection,
    user: u64,
    game: &str,
    start: (f64, f64, f64),
    now: DateTime<Utc>,
) -> Result<PlayerRow, StoreError> {
    sqlx::query(
        "INSERT INTO puzzle_players (user_id, game, rating, deviation, volatility, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, game) DO NOTHING",
    )
    .bind(id_to_db(user))
    .bind(game)
    .bind(start.0)
    .bind(start.1)
    .bind(start.2)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        player_columns!(),
        " FROM puzzle_players WHERE user_id = $1 AND game = $2 FOR UPDATE"
    ))
    .bind(id_to_db(user))
    .bind(game)
    .fetch_one(conn)
    .await?)
}

/// `user`'s puzzle ratings, one per game they tried.
pub async fn players_of(conn: &mut PgConnection, user: u64) -> Result<Vec<PlayerRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        player_columns!(),
        " FROM puzzle_players WHERE user_id = $1 ORDER BY game"
    ))
    .bind(id_to_db(user))
    .fetch_all(conn)
    .await?)
}

/// Writes `user`'s rating and counters in `row.game`.
pub async fn save_player(
    conn: &mut PgConnection,
    user: u64,
    row: &PlayerRow,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE puzzle_players SET rating = $3, deviation = $4, volatility = $5, streak = $6, \
         best_streak = $7, tries = $8, solved = $9, updated_at = $10 \
         WHERE user_id = $1 AND game = $2",
    )
    .bind(id_to_db(user))
    .bind(&row.game)
    .bind(row.rating)
    .bind(row.deviation)
    .bind(row.volatility)
    .bind(row.streak)
    .bind(row.best_streak)
    .bind(row.tries)
    .bind(row.solved)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// One opened puzzle.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct AttemptRow {
    pub id: i64,
    pub user_id: i64,
    pub puzzle_id: String,
    pub rated: bool,
    pub first_try: Option<bool>,
    pub rating_change: Option<f64>,
    pub solved_at: Option<DateTime<Utc>>,
    pub closed_at: Option<DateTime<Utc>>,
    pub daily_guild: Option<i64>,
}

macro_rules! attempt_columns {
    () => {
        "id, user_id, puzzle_id, rated, first_try, rating_change, solved_at, closed_at, \
         daily_guild"
    };
}

/// `user`'s open puzzle, locked for the caller's transaction.
pub async fn open_attempt(
    conn: &mut PgConnection,
    user: u64,
) -> Result<Option<AttemptRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        attempt_columns!(),
        " FROM puzzle_attempts WHERE user_id = $1 AND closed_at IS NULL FOR UPDATE"
    ))
    .bind(id_to_db(user))
    .fetch_optional(conn)
    .await?)
}

/// The puzzle `user` has open, read without a lock.
pub async fn open_puzzle_of(
    conn: &mut PgConnection,
    user: u64,
) -> Result<Option<PuzzleRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        puzzle_columns!(),
        " FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id \
         WHERE a.user_id = $1 AND a.closed_at IS NULL"
    ))
    .bind(id_to_db(user))
    .fetch_optional(conn)
    .await?)
}

/// `user`'s latest attempt at `puzzle`, if they ever opened it.
pub async fn last_attempt_at(
    conn: &mut PgConnection,
    user: u64,
    puzzle: &str,
) -> Result<Option<AttemptRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        attempt_columns!(),
        " FROM puzzle_attempts WHERE user_id = $1 AND puzzle_id = $2 ORDER BY id DESC LIMIT 1"
    ))
    .bind(id_to_db(user))
    .bind(puzzle)
    .fetch_optional(conn)
    .await?)
}

/// The game of the last puzzle `user` opened.
pub async fn last_game(conn: &mut PgConnection, user: u64) -> Result<Option<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "SELECT p.game FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id \
         WHERE a.user_id = $1 ORDER BY a.id DESC LIMIT 1",
    )
    .bind(id_to_db(user))
    .fetch_optional(conn)
    .await?)
}

/// Opens `puzzle` for `user`; returns the attempt's id.
pub async fn open(
    conn: &mut PgConnection,
    user: u64,
    puzzle: &str,
    rated: bool,
    daily_guild: Option<u64>,
    now: DateTime<Utc>,
) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(
        "INSERT INTO puzzle_attempts (user_id, puzzle_id, opened_at, rated, daily_guild) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(id_to_db(user))
    .bind(puzzle)
    .bind(now)
    .bind(rated)
    .bind(daily_guild.map(id_to_db))
    .fetch_one(conn)
    .await?)
}

/// Records the first try of attempt `id` (and the rating change it made, if rated).
pub async fn first_try(
    conn: &mut PgConnection,
    id: i64,
    solved: bool,
    change: Option<f64>,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE puzzle_attempts SET first_try = $2, rating_change = $3 WHERE id = $1")
        .bind(id)
        .bind(solved)
        .bind(change)
        .execute(conn)
        .await?;
    Ok(())
}

/// Closes attempt `id`: solved (at `now`) or not.
pub async fn close(
    conn: &mut PgConnection,
    id: i64,
    solved: bool,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE puzzle_attempts SET closed_at = $2, \
         solved_at = CASE WHEN $3 THEN $2 ELSE solved_at END WHERE id = $1",
    )
    .bind(id)
    .bind(now)
    .bind(solved)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets (or with `None`, stops) the daily puzzle of `guild`.
pub async fn set_daily(
    conn: &mut PgConnection,
    guild: u64,
    channel: Option<u64>,
    by: u64,
    now: DateTime<Utc>,
) -> Result<Option<u64>, StoreError> {
    let before: Option<i64> =
        sqlx::query_scalar("SELECT channel_id FROM daily_puzzle_channels WHERE guild_id = $1")
            .bind(id_to_db(guild))
            .fetch_optional(&mut *conn)
            .await?;
    match channel {
        Some(channel) => {
            sqlx::query(
                "INSERT INTO daily_puzzle_channels (guild_id, channel_id, set_by, set_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id) DO UPDATE \
                 SET channel_id = $2, set_by = $3, set_at = $4",
            )
            .bind(id_to_db(guild))
            .bind(id_to_db(channel))
            .bind(id_to_db(by))
            .bind(now)
            .execute(&mut *conn)
            .await?;
        }
        None => {
            sqlx::query("DELETE FROM daily_puzzle_channels WHERE guild_id = $1")
                .bind(id_to_db(guild))
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(before.map(super::id_from_db))
}

/// Makes `day`'s post owed to every server with a daily channel that has none for that day,
/// with `puzzle`.
pub async fn owe_daily(
    conn: &mut PgConnection,
    day: NaiveDate,
    puzzle: &str,
) -> Result<u64, StoreError> {
    let done = sqlx::query(
        "INSERT INTO daily_puzzle_posts (guild_id, day, channel_id, puzzle_id) \
         SELECT guild_id, $1, channel_id, $2 FROM daily_puzzle_channels \
         ON CONFLICT (guild_id, day) DO NOTHING",
    )
    .bind(day)
    .bind(puzzle)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// One owed daily post, claimed.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct DailyRow {
    pub guild_id: i64,
    pub day: NaiveDate,
    pub channel_id: i64,
    pub puzzle_id: String,
    pub attempts: i32,
}

/// Claims up to `limit` owed posts of `day` until `until` (no other process claims them
/// meanwhile); each claim is one more attempt.
pub async fn claim_daily(
    conn: &mut PgConnection,
    day: NaiveDate,
    now: DateTime<Utc>,
    until: DateTime<Utc>,
    limit: i64,
) -> Result<Vec<DailyRow>, StoreError> {
    Ok(sqlx::query_as(
        "UPDATE daily_puzzle_posts SET claimed_until = $3, attempts = attempts + 1 \
         WHERE (guild_id, day) IN ( \
             SELECT guild_id, day FROM daily_puzzle_posts \
             WHERE day = $1 AND posted_at IS NULL \
               AND (claimed_until IS NULL OR claimed_until < $2) \
             ORDER BY guild_id LIMIT $4 FOR UPDATE SKIP LOCKED) \
         RETURNING guild_id, day, channel_id, puzzle_id, attempts",
    )
    .bind(day)
    .bind(now)
    .bind(until)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// Marks `guild`'s post of `day` done: posted as `message`, or given up (`None`).
pub async fn daily_posted(
    conn: &mut PgConnection,
    guild: u64,
    day: NaiveDate,
    message: Option<u64>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE daily_puzzle_posts SET posted_at = $3, message_id = $4, claimed_until = NULL \
         WHERE guild_id = $1 AND day = $2",
    )
    .bind(id_to_db(guild))
    .bind(day)
    .bind(now)
    .bind(message.map(id_to_db))
    .execute(conn)
    .await?;
    Ok(())
}

/// `guild`'s last post before `day` that went out: (day, puzzle id).
pub async fn daily_before(
    conn: &mut PgConnection,
    guild: u64,
    day: NaiveDate,
) -> Result<Option<(NaiveDate, String)>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT day, puzzle_id FROM daily_puzzle_posts \
         WHERE guild_id = $1 AND day < $2 AND message_id IS NOT NULL \
         ORDER BY day DESC LIMIT 1",
    )
    .bind(id_to_db(guild))
    .bind(day)
    .fetch_optional(conn)
    .await?)
}

/// `guild`'s post of `day`: its puzzle, if it was made owed.
pub async fn daily_of(
    conn: &mut PgConnection,
    guild: u64,
    day: NaiveDate,
) -> Result<Option<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "SELECT puzzle_id FROM daily_puzzle_posts WHERE guild_id = $1 AND day = $2",
    )
    .bind(id_to_db(guild))
    .bind(day)
    .fetch_optional(conn)
    .await?)
}

/// How many users solved `puzzle` opened from `guild`'s daily post.
pub async fn daily_solvers(
    conn: &mut PgConnection,
    guild: u64,
    puzzle: &str,
) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(
        "SELECT count(DISTINCT user_id) FROM puzzle_attempts \
         WHERE puzzle_id = $1 AND daily_guild = $2 AND solved_at IS NOT NULL",
    )
    .bind(puzzle)
    .bind(id_to_db(guild))
    .fetch_one(conn)
    .await?)
}
