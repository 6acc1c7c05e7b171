//! Each learner's place in the lessons (`lesson_progress`): one row per learner and game.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::{StoreError, id_to_db};

/// A learner's place in one game's lessons.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ProgressRow {
    /// The game's name (`fibonacci`).
    pub game: String,
    /// The index of the step in the game's list.
    pub step: i32,
    /// The indexes of the steps completed, in the order they were first completed.
    pub solved: Vec<i32>,
}

/// `user`'s place in `game`'s lessons, if they ever opened one.
pub async fn progress(
    conn: &mut PgConnection,
    user: u64,
    game: &str,
) -> Result<Option<ProgressRow>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT game, step, solved FROM lesson_progress WHERE user_id = $1 AND game = $2",
    )
    .bind(id_to_db(user))
    .bind(game)
    .fetch_optional(conn)
    .await?)
}

/// The lesson `user` used last, if any.
pub async fn last_used(
    conn: &mut PgConnection,
    user: u64,
) -> Result<Option<ProgressRow>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT game, step, solved FROM lesson_progress WHERE user_id = $1 \
         ORDER BY touched DESC LIMIT 1",
    )
    .bind(id_to_db(user))
    .fetch_optional(conn)
    .await?)
}

/// Records `user`'s place in `game`'s lessons, making it the lesson used last.
pub async fn save(
    conn: &mut PgConnection,
    user: u64,
    row: &ProgressRow,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO lesson_progress (user_id, game, step, solved, updated_at) \
         VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (user_id, game) DO UPDATE SET step = EXCLUDED.step, \
         solved = EXCLUDED.solved, updated_at = EXCLUDED.updated_at, \
         touched = nextval('lesson_touches')",
    )
    .bind(id_to_db(user))
    .bind(&row.game)
    .bind(row.step)
    .bind(&row.solved)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}
