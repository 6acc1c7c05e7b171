//! The AI's reviews of finished games: one `reviews` row per game and its reported turns in
//! `review_turns`, written once (a second writer of the same review changes nothing).

use sqlx::PgConnection;

use super::StoreError;

/// One reported turn of a review, as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ReviewTurnRow {
    pub rank: i16,
    pub turn: i32,
    pub side: i16,
    pub played: String,
    pub better: String,
    pub before: i32,
    pub after_played: i32,
    pub after_better: i32,
}

/// A stored review: the search that made it, how many turns it read, and its reported turns in
/// rank order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewRow {
    pub settings: String,
    pub turns: i32,
    pub reported: Vec<ReviewTurnRow>,
}

/// The review of game `game`, if one was made.
pub async fn get(conn: &mut PgConnection, game: i64) -> Result<Option<ReviewRow>, StoreError> {
    let head: Option<(String, i32)> =
        sqlx::query_as("SELECT settings, turns FROM reviews WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&mut *conn)
            .await?;
    let Some((settings, turns)) = head else {
        return Ok(None);
    };
    let reported = sqlx::query_as(
        "SELECT rank, turn, side, played, better, before, after_played, after_better \
         FROM review_turns WHERE game_id = $1 ORDER BY rank",
    )
    .bind(game)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Some(ReviewRow {
        settings,
        turns,
        reported,
    }))
}

/// Stores the review of game `game`, unless one is stored already (made meanwhile by another
/// command or process: both read the same game, so either will do).
pub async fn insert(
    conn: &mut PgConnection,
    game: i64,
    review: &ReviewRow,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), StoreError> {
    let inserted = sqlx::query(
        "INSERT INTO reviews (game_id, settings, turns, made_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(game)
    .bind(&review.settings)
    .bind(review.turns)
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Ok(());
    }
    for t in &review.reported {
        sqlx::query(
            "INSERT INTO review_turns (game_id, rank, turn, side, played, better, before, \
             after_played, after_better) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(game)
        .bind(t.rank)
        .bind(t.turn)
        .bind(t.side)
        .bind(&t.played)
        .bind(&t.better)
        .bind(t.before)
        .bind(t.after_played)
        .bind(t.after_better)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
