//! The `ratings` table (one row per server, game and player) and `rating_changes` (what each
//! rated game did to each player). Both are derived from the finished games and can be rebuilt.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::kinds::{OutcomeKind, SideIndex, Word};
use super::{StoreError, id_to_db};
use crate::rating::{Rating, RatingGame};

/// A player's rating in one game of one server, as of their last rated game.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RatingRow {
    pub guild_id: i64,
    pub game: Word<RatingGame>,
    pub user_id: i64,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i32,
    pub wins: i32,
    pub losses: i32,
    pub draws: i32,
    pub last_game_at: DateTime<Utc>,
}

impl RatingRow {
    /// A player with no rated game yet in this game and server.
    pub fn new(guild: i64, game: RatingGame, user: i64, at: DateTime<Utc>) -> RatingRow {
        let start = Rating::default();
        RatingRow {
            guild_id: guild,
            game: Word(game),
            user_id: user,
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            last_game_at: at,
        }
    }

    /// The stored numbers (as of the last game: no idle periods applied).
    pub fn rating(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// What one rated game did to one player's rating.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct ChangeRow {
    pub game_id: i64,
    pub user_id: i64,
    pub guild_id: i64,
    pub game: Word<RatingGame>,
    pub opponent: i64,
    pub rating_order: i64,
    /// 1, 0.5 or 0.
    pub score: f64,
    pub rating_before: f64,
    /// The deviation the game was rated with (idle periods applied).
    pub deviation_before: f64,
    pub volatility_before: f64,
    pub rating_after: f64,
    pub deviation_after: f64,
    pub volatility_after: f64,
    pub rated_at: DateTime<Utc>,
}

const RATING_COLUMNS: &str = "guild_id, game, user_id, rating, deviation, volatility, games, \
                              wins, losses, draws, last_game_at";

const CHANGE_COLUMNS: &str = "game_id, user_id, guild_id, game, opponent, rating_order, score, \
                              rating_before, deviation_before, volatility_before, rating_after, \
                              deviation_after, volatility_after, rated_at";

/// Locks the rating rows of `users` (two players of one game) for the rest of the transaction,
/// creating the missing ones as new players first, and returns them in the order of `users`.
///
/// Rows are created and locked in the order of user id, so that two games of the same players
/// ending at once wait for each other instead of deadlocking; the second sees the first's
/// update. Creating with `ON CONFLICT DO NOTHING` means two first games cannot both insert.
pub async fn lock_pair(
    conn: &mut PgConnection,
    guild: i64,
    game: RatingGame,
    users: [i64; 2],
    at: DateTime<Utc>,
) -> Result<[RatingRow; 2], StoreError> {
    let mut sorted = users;
    sorted.sort_unstable();
    let fresh = sorted.map(|user| RatingRow::new(guild, game, user, at));
    upsert(conn, &fresh, false).await?;
    let rows: Vec<RatingRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {RATING_COLUMNS} FROM ratings \
         WHERE guild_id = $1 AND game = $2 AND user_id = ANY($3) \
         ORDER BY user_id FOR UPDATE"
    )))
    .bind(guild)
    .bind(Word(game))
    .bind(&sorted[..])
    .fetch_all(&mut *conn)
    .await?;
    let find = |user: i64| {
        rows.iter()
            .find(|r| r.user_id == user)
            .cloned()
            .ok_or_else(|| {
                StoreError::BadRow(format!("no rating row for user {user} after insert"))
            })
    };
    Ok([find(users[0])?, find(users[1])?])
}

/// Writes rating rows: every column when `overwrite`, else only the missing rows.
pub async fn upsert(
    conn: &mut PgConnection,
    rows: &[RatingRow],
    overwrite: bool,
) -> Result<(), StoreError> {
    let on_conflict = if overwrite {
        "DO UPDATE SET rating = EXCLUDED.rating, deviation = EXCLUDED.deviation, \
         volatility = EXCLUDED.volatility, games = EXCLUDED.games, wins = EXCLUDED.wins, \
         losses = EXCLUDED.losses, draws = EXCLUDED.draws, last_game_at = EXCLUDED.last_game_at"
    } else {
        "DO NOTHING"
    };
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO ratings ({RATING_COLUMNS}) \
         SELECT * FROM UNNEST($1::bigint[], $2::text[], $3::bigint[], $4::float8[], \
             $5::float8[], $6::float8[], $7::int[], $8::int[], $9::int[], $10::int[], \
             $11::timestamptz[]) \
         ON CONFLICT (guild_id, game, user_id) {on_conflict}"
    )))
    .bind(rows.iter().map(|r| r.guild_id).collect::<Vec<_>>())
    .bind(
        rows.iter()
            .map(|r| r.game.0.to_string())
            .collect::<Vec<_>>(),
    )
    .bind(rows.iter().map(|r| r.user_id).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.rating).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.deviation).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.volatility).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.games).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.wins).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.losses).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.draws).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.last_game_at).collect::<Vec<_>>())
    .execute(conn)
    .await?;
    Ok(())
}

/// Appends what rated games did.
pub async fn insert_changes(conn: &mut PgConnection, rows: &[ChangeRow]) -> Result<(), StoreError> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO rating_changes ({CHANGE_COLUMNS}) \
         SELECT * FROM UNNEST($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], \
             $5::bigint[], $6::bigint[], $7::float8[], $8::float8[], $9::float8[], \
             $10::float8[], $11::float8[], $12::float8[], $13::float8[], \
             $14::timestamptz[])"
    )))
    .bind(rows.iter().map(|r| r.game_id).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.user_id).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.guild_id).collect::<Vec<_>>())
    .bind(
        rows.iter()
            .map(|r| r.game.0.to_string())
            .collect::<Vec<_>>(),
    )
    .bind(rows.iter().map(|r| r.opponent).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.rating_order).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.score).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.rating_before).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.deviation_before).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.volatility_before).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.rating_after).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.deviation_after).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.volatility_after).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.rated_at).collect::<Vec<_>>())
    .execute(conn)
    .await?;
    Ok(())
}

/// Gives game `game_id` the next place in the order ratings change in (taken once its players'
/// rating rows are locked).
pub async fn take_order(conn: &mut PgConnection, game_id: i64) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(
        "UPDATE games SET rating_order = nextval('games_rating_order') WHERE id = $1 \
         RETURNING rating_order",
    )
    .bind(game_id)
    .fetch_one(conn)
    .await?)
}

/// Every rating of one game in one server, best first (at most `limit`).
pub async fn board(
    conn: &mut PgConnection,
    guild: u64,
    game: RatingGame,
    limit: i64,
) -> Result<Vec<RatingRow>, StoreError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND game = $2 AND games > 0 \
         ORDER BY rating DESC, user_id LIMIT $3"
    )))
    .bind(id_to_db(guild))
    .bind(Word(game))
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// A player's ratings in one server, one per game played.
pub async fn of_player(
    conn: &mut PgConnection,
    guild: u64,
    user: u64,
) -> Result<Vec<RatingRow>, StoreError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND user_id = $2 AND games > 0 \
         ORDER BY game"
    )))
    .bind(id_to_db(guild))
    .bind(id_to_db(user))
    .fetch_all(conn)
    .await?)
}

/// The last `limit` rating changes of a player in one game of one server, oldest first.
pub async fn changes_of_player(
    conn: &mut PgConnection,
    guild: u64,
    user: u64,
    game: RatingGame,
    limit: i64,
) -> Result<Vec<ChangeRow>, StoreError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT * FROM (SELECT {CHANGE_COLUMNS} FROM rating_changes \
             WHERE guild_id = $1 AND user_id = $2 AND game = $3 \
             ORDER BY rating_order DESC LIMIT $4) AS last ORDER BY rating_order"
    )))
    .bind(id_to_db(guild))
    .bind(id_to_db(user))
    .bind(Word(game))
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// What game `game_id` did to its players' ratings (nothing for an unrated game).
pub async fn changes_of_game(
    conn: &mut PgConnection,
    game_id: i64,
) -> Result<Vec<ChangeRow>, StoreError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE game_id = $1 ORDER BY user_id"
    )))
    .bind(game_id)
    .fetch_all(conn)
    .await?)
}

/// A finished game that counts for the ratings, as a rebuild reads it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RatedGame {
    pub id: i64,
    pub guild_id: i64,
    pub options: String,
    pub first_player: i64,
    pub second_player: i64,
    pub outcome: OutcomeKind,
    pub winner: Option<SideIndex>,
    pub finished_at: DateTime<Utc>,
    pub rating_order: i64,
}

/// Empties both tables and keeps anyone else from writing them until the transaction ends (a
/// game that ends meanwhile waits, then counts after the rebuilt ones).
pub async fn clear_for_rebuild(conn: &mut PgConnection) -> Result<(), StoreError> {
    sqlx::query("LOCK TABLE ratings, rating_changes IN EXCLUSIVE MODE")
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM rating_changes")
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM ratings").execute(conn).await?;
    Ok(())
}

/// Every finished game that counts, in the order it changed the ratings.
pub async fn rated_games(conn: &mut PgConnection) -> Result<Vec<RatedGame>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT id, guild_id, options, first_player, second_player, outcome, winner, \
             finished_at, rating_order \
         FROM games \
         WHERE rating_order IS NOT NULL AND rated AND ai_level IS NULL \
             AND outcome IS NOT NULL AND outcome <> 'aborted' \
         ORDER BY rating_order",
    )
    .fetch_all(conn)
    .await?)
}

/// True when no rating is stored but some finished game counts (a database that had games
/// before ratings existed): the ratings are then rebuilt at start-up.
pub async fn missing(conn: &mut PgConnection) -> Result<bool, StoreError> {
    Ok(sqlx::query_scalar(
        "SELECT NOT EXISTS (SELECT 1 FROM ratings) \
             AND EXISTS (SELECT 1 FROM games WHERE rating_order IS NOT NULL)",
    )
    .fetch_one(conn)
    .await?)
}
