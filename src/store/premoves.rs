//! Conditional moves (`premove_lines`): each player's lines of turns in a game, read and
//! rewritten under the game's row lock. Every change keeps `games.has_premoves` in the same
//! statement.

use sqlx::PgConnection;

use super::{StoreError, id_to_db};

/// One stored line: the turns from the position it was set in (the opponent's, the player's
/// reply, and so on), each with the position string it leads to.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct LineRow {
    pub line_no: i32,
    pub turns: Vec<String>,
    pub positions: Vec<String>,
}

/// `user`'s lines in game `game_id`, in the order they were set.
pub async fn lines(
    conn: &mut PgConnection,
    game_id: i64,
    user: u64,
) -> Result<Vec<LineRow>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT line_no, turns, positions FROM premove_lines \
         WHERE game_id = $1 AND user_id = $2 ORDER BY line_no",
    )
    .bind(game_id)
    .bind(id_to_db(user))
    .fetch_all(conn)
    .await?)
}

/// Adds a line for `user` after their others.
pub async fn add(
    conn: &mut PgConnection,
    game_id: i64,
    user: u64,
    turns: &[String],
    positions: &[String],
) -> Result<(), StoreError> {
    sqlx::query(
        "WITH added AS (INSERT INTO premove_lines (game_id, user_id, line_no, turns, positions) \
             SELECT $1, $2, COALESCE(MAX(line_no), 0) + 1, $3, $4 FROM premove_lines \
             WHERE game_id = $1 AND user_id = $2) \
         UPDATE games SET has_premoves = true WHERE id = $1",
    )
    .bind(game_id)
    .bind(id_to_db(user))
    .bind(turns)
    .bind(positions)
    .execute(conn)
    .await?;
    Ok(())
}

/// Replaces `user`'s lines with `kept` (each keeps its number, so its order).
pub async fn replace(
    conn: &mut PgConnection,
    game_id: i64,
    user: u64,
    kept: &[LineRow],
) -> Result<(), StoreError> {
    clear(conn, game_id, Some(user)).await?;
    for line in kept {
        sqlx::query(
            "WITH added AS (INSERT INTO premove_lines (game_id, user_id, line_no, turns, positions) \
                 VALUES ($1, $2, $3, $4, $5)) \
             UPDATE games SET has_premoves = true WHERE id = $1",
        )
        .bind(game_id)
        .bind(id_to_db(user))
        .bind(line.line_no)
        .bind(&line.turns)
        .bind(&line.positions)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Removes the lines of `user` in game `game_id` (of both players: `None`); returns how many.
pub async fn clear(
    conn: &mut PgConnection,
    game_id: i64,
    user: Option<u64>,
) -> Result<u64, StoreError> {
    // The statement's parts see the lines as they were before it: the game keeps lines when
    // another player's are left.
    let removed: i64 = sqlx::query_scalar(
        "WITH gone AS (DELETE FROM premove_lines \
                 WHERE game_id = $1 AND ($2::BIGINT IS NULL OR user_id = $2) RETURNING 1), \
             flag AS (UPDATE games SET has_premoves = EXISTS (SELECT 1 FROM premove_lines \
                 WHERE game_id = $1 AND $2::BIGINT IS NOT NULL AND user_id <> $2) \
                 WHERE id = $1) \
         SELECT count(*) FROM gone",
    )
    .bind(game_id)
    .bind(user.map(id_to_db))
    .fetch_one(conn)
    .await?;
    Ok(u64::try_from(removed).unwrap_or(0))
}
