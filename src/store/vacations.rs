//! Vacations: each player's vacation in progress (`user_settings`) and the vacation days each
//! calendar year has used (`vacation_days`).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::games::GameRow;
use super::{StoreError, id_to_db};

/// A player's latest vacation (it may have ended) and their automatic vacation setting.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct VacationRow {
    pub vacation_from: Option<DateTime<Utc>>,
    pub vacation_until: Option<DateTime<Utc>>,
    pub auto_vacation: bool,
}

/// `user`'s vacation, row-locked until the transaction ends (their settings row is made when
/// missing), so that two commands of theirs take turns.
pub async fn lock(conn: &mut PgConnection, user: u64) -> Result<VacationRow, StoreError> {
    sqlx::query("INSERT INTO user_settings (user_id) VALUES ($1) ON CONFLICT DO NOTHING")
        .bind(id_to_db(user))
        .execute(&mut *conn)
        .await?;
    Ok(sqlx::query_as(
        "SELECT vacation_from, vacation_until, auto_vacation FROM user_settings \
         WHERE user_id = $1 FOR UPDATE",
    )
    .bind(id_to_db(user))
    .fetch_one(conn)
    .await?)
}

/// `user`'s vacation, without a lock (the defaults when they have no settings).
pub async fn get(conn: &mut PgConnection, user: u64) -> Result<VacationRow, StoreError> {
    let found: Option<VacationRow> = sqlx::query_as(
        "SELECT vacation_from, vacation_until, auto_vacation FROM user_settings \
         WHERE user_id = $1",
    )
    .bind(id_to_db(user))
    .fetch_optional(conn)
    .await?;
    Ok(found.unwrap_or_default())
}

/// Sets `user`'s vacation (their settings row exists: [`lock`] made it).
pub async fn set(
    conn: &mut PgConnection,
    user: u64,
    from: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE user_settings SET vacation_from = $2, vacation_until = $3 WHERE user_id = $1",
    )
    .bind(id_to_db(user))
    .bind(from)
    .bind(until)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets whether a deadline of `user` that passes uses a vacation day instead of losing.
pub async fn set_auto(conn: &mut PgConnection, user: u64, on: bool) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO user_settings (user_id, auto_vacation) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET auto_vacation = EXCLUDED.auto_vacation",
    )
    .bind(id_to_db(user))
    .bind(on)
    .execute(conn)
    .await?;
    Ok(())
}

/// The vacation days `user` used in `year`.
pub async fn days_used(conn: &mut PgConnection, user: u64, year: i16) -> Result<i16, StoreError> {
    let used: Option<i16> =
        sqlx::query_scalar("SELECT used FROM vacation_days WHERE user_id = $1 AND year = $2")
            .bind(id_to_db(user))
            .bind(year)
            .fetch_optional(conn)
            .await?;
    Ok(used.unwrap_or(0))
}

/// Adds `days` (negative: gives them back) to the days `user` used in `year`. The table's
/// check refuses more than the year allows.
pub async fn add_days(
    conn: &mut PgConnection,
    user: u64,
    year: i16,
    days: i16,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO vacation_days AS v (user_id, year, used) VALUES ($1, $2, GREATEST($3, 0)) \
         ON CONFLICT (user_id, year) DO UPDATE SET used = GREATEST(v.used + $3, 0)",
    )
    .bind(id_to_db(user))
    .bind(year)
    .bind(days)
    .execute(conn)
    .await?;
    Ok(())
}

/// The games in progress with a clock in which `user` plays, in every server, row-locked,
/// oldest first (the order every command locks them in).
pub async fn lock_clocked_games(
    conn: &mut PgConnection,
    user: u64,
) -> Result<Vec<GameRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games g WHERE g.outcome IS NULL AND g.clock_secs IS NOT NULL \
         AND (g.first_player = $1 OR g.second_player = $1) ORDER BY g.id FOR UPDATE OF g"
    ))
    .bind(id_to_db(user))
    .fetch_all(conn)
    .await?)
}
