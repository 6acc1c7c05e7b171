//! What the scheduler reads and writes: the games whose wake-up time has come (claimed with
//! `FOR UPDATE SKIP LOCKED`, so that two processes never take the same game), the outbox of
//! notices it owes, and the users' notification settings.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::games::GameRow;
use super::kinds::{NoticeKind, Notify};
use super::{StoreError, id_to_db};

/// The SQL that finds due games: the `games_wake` index serves it.
pub const DUE_GAMES: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games g WHERE g.wake_at <= $1 AND NOT (g.id = ANY($3)) \
     ORDER BY g.wake_at LIMIT $2 FOR UPDATE SKIP LOCKED"
);

/// Locks and returns up to `limit` games whose wake-up time is at or before `now`, earliest
/// first, skipping games another transaction holds and the ids in `skip`.
pub async fn claim_due(
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    limit: i64,
    skip: &[i64],
) -> Result<Vec<GameRow>, StoreError> {
    Ok(sqlx::query_as(DUE_GAMES)
        .bind(now)
        .bind(limit)
        .bind(skip)
        .fetch_all(conn)
        .await?)
}

/// Locks and returns up to `limit` games against the bot whose AI turn is due at `now`, and
/// leases them until `lease_until` (a process that dies while thinking leaves the turn to the
/// next look after the lease).
pub async fn claim_ai_turns(
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
    limit: i64,
) -> Result<Vec<GameRow>, StoreError> {
    let rows: Vec<GameRow> = sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games g WHERE g.ai_due_at <= $1 AND g.outcome IS NULL \
         ORDER BY g.ai_due_at LIMIT $2 FOR UPDATE SKIP LOCKED"
    ))
    .bind(now)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    sqlx::query("UPDATE games SET ai_due_at = $2 WHERE id = ANY($1)")
        .bind(&ids)
        .bind(lease_until)
        .execute(conn)
        .await?;
    Ok(rows)
}

/// Clears a game's AI due time (it is not the AI's turn).
pub async fn clear_ai_due(conn: &mut PgConnection, game: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE games SET ai_due_at = NULL WHERE id = $1")
        .bind(game)
        .execute(conn)
        .await?;
    Ok(())
}

/// For each of `games`, the users who made at least one move in it: `(game, user)` pairs.
pub async fn movers(conn: &mut PgConnection, games: &[i64]) -> Result<Vec<(i64, i64)>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT DISTINCT game_id, user_id FROM moves WHERE game_id = ANY($1) AND kind = 'move'",
    )
    .bind(games)
    .fetch_all(conn)
    .await?)
}

/// Records, for each game, how many of its turn's reminders are dealt with (one statement).
pub async fn set_reminders_sent(
    conn: &mut PgConnection,
    games: &[i64],
    sent: &[i16],
) -> Result<(), StoreError> {
    if games.is_empty() {
        return Ok(());
    }
    sqlx::query(
        "UPDATE games g SET reminders_sent = u.sent \
         FROM UNNEST($1::bigint[], $2::smallint[]) AS u(id, sent) WHERE g.id = u.id",
    )
    .bind(games)
    .bind(sent)
    .execute(conn)
    .await?;
    Ok(())
}

/// A notice to write into the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewNotice {
    pub game_id: i64,
    pub kind: NoticeKind,
    pub user: Option<u64>,
    pub deadline: Option<DateTime<Utc>>,
}

/// Writes notices into the outbox (one statement), created at `now`.
pub async fn insert_notices(
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    notices: &[NewNotice],
) -> Result<(), StoreError> {
    if notices.is_empty() {
        return Ok(());
    }
    let games: Vec<i64> = notices.iter().map(|n| n.game_id).collect();
    let kinds: Vec<NoticeKind> = notices.iter().map(|n| n.kind).collect();
    let users: Vec<Option<i64>> = notices.iter().map(|n| n.user.map(id_to_db)).collect();
    let deadlines: Vec<Option<DateTime<Utc>>> = notices.iter().map(|n| n.deadline).collect();
    sqlx::query(
        "INSERT INTO notices (game_id, kind, user_id, deadline, created_at) \
         SELECT g, k, u, d, $5 FROM UNNEST($1::bigint[], $2::text[], $3::bigint[], \
                                          $4::timestamptz[]) AS n(g, k, u, d)",
    )
    .bind(games)
    .bind(kinds)
    .bind(users)
    .bind(deadlines)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// A notice claimed for sending.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct NoticeRow {
    pub id: i64,
    pub game_id: i64,
    pub kind: NoticeKind,
    pub user_id: Option<i64>,
    pub deadline: Option<DateTime<Utc>>,
    pub attempts: i16,
}

/// Claims up to `limit` unsent notices whose lease is free, oldest first, leasing them until
/// `lease_until`; a notice tried `max_attempts` times is left alone.
pub async fn claim_notices(
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
    limit: i64,
    max_attempts: i16,
) -> Result<Vec<NoticeRow>, StoreError> {
    Ok(sqlx::query_as(
        "UPDATE notices n SET claimed_until = $2, attempts = n.attempts + 1 \
         WHERE n.id IN (SELECT id FROM notices WHERE sent_at IS NULL \
                          AND (claimed_until IS NULL OR claimed_until <= $1) \
                          AND attempts < $4 \
                        ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED) \
         RETURNING n.id, n.game_id, n.kind, n.user_id, n.deadline, n.attempts",
    )
    .bind(now)
    .bind(lease_until)
    .bind(limit)
    .bind(max_attempts)
    .fetch_all(conn)
    .await?)
}

/// Marks a notice sent (or given up on).
pub async fn mark_sent(
    conn: &mut PgConnection,
    id: i64,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE notices SET sent_at = $2 WHERE id = $1")
        .bind(id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// How `user` wants to hear of their turn.
pub async fn notify_of(conn: &mut PgConnection, user: u64) -> Result<Notify, StoreError> {
    let found: Option<Notify> =
        sqlx::query_scalar("SELECT notify FROM user_settings WHERE user_id = $1")
            .bind(id_to_db(user))
            .fetch_optional(conn)
            .await?;
    Ok(found.unwrap_or_default())
}

/// Sets how `user` wants to hear of their turn.
pub async fn set_notify(
    conn: &mut PgConnection,
    user: u64,
    notify: Notify,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO user_settings (user_id, notify) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET notify = EXCLUDED.notify",
    )
    .bind(id_to_db(user))
    .bind(notify)
    .execute(conn)
    .await?;
    Ok(())
}
