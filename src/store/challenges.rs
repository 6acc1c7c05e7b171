//! The `challenges` table and the channel claim an open challenge holds.

use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::kinds::{ChallengeState, ColourChoice, FollowKind};
use super::{StoreError, id_to_db, is_unique_violation_of};

/// A stored challenge. `options` is the text of the engine's `Config`.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ChallengeRow {
    pub id: i64,
    pub challenger: i64,
    pub challenged: i64,
    pub guild_id: i64,
    pub channel_id: i64,
    pub options: String,
    pub colour: ColourChoice,
    pub state: ChallengeState,
    pub message_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    /// Seconds per turn, or a time bank's size; `None`: no clock.
    pub clock_secs: Option<i32>,
    /// A time bank's increment per turn; `None`: a fixed time per turn.
    pub clock_increment_secs: Option<i32>,
    pub follows: Option<i64>,
    pub follow_kind: Option<FollowKind>,
    /// Whether the game will count for the ratings.
    pub rated: bool,
}

/// What a new challenge stores.
#[derive(Clone, Debug)]
pub struct NewChallengeRow {
    pub challenger: u64,
    pub challenged: u64,
    pub guild: u64,
    pub channel: u64,
    /// The text of the engine's `Config`.
    pub options: String,
    pub colour: ColourChoice,
    pub clock_secs: Option<i32>,
    pub clock_increment_secs: Option<i32>,
    /// The finished game this challenge follows, and how.
    pub follows: Option<(i64, FollowKind)>,
    pub rated: bool,
}

/// The columns of [`ChallengeRow`], for `concat!` into static SQL.
macro_rules! columns {
    () => {
        "c.id, c.challenger, c.challenged, c.guild_id, c.channel_id, c.options, c.colour, \
         c.state, c.message_id, c.created_at, c.clock_secs, c.follows, c.follow_kind, c.rated, \
         c.clock_increment_secs"
    };
}

/// Inserts an open challenge and claims its channel. A channel that already has an active game
/// or an open challenge is refused by the claim's primary key: [`StoreError::ChannelTaken`]; a
/// second follow-up of a game by its index: [`StoreError::FollowUpTaken`] (the transaction is
/// then aborted and must be dropped).
pub async fn insert(
    conn: &mut PgConnection,
    new: &NewChallengeRow,
) -> Result<ChallengeRow, StoreError> {
    let row: ChallengeRow = sqlx::query_as(concat!(
        "INSERT INTO challenges AS c (challenger, challenged, guild_id, channel_id, options, \
             colour, clock_secs, follows, follow_kind, rated, clock_increment_secs) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ",
        columns!()
    ))
    .bind(id_to_db(new.challenger))
    .bind(id_to_db(new.challenged))
    .bind(id_to_db(new.guild))
    .bind(id_to_db(new.channel))
    .bind(&new.options)
    .bind(new.colour)
    .bind(new.clock_secs)
    .bind(new.follows.map(|f| f.0))
    .bind(new.follows.map(|f| f.1))
    .bind(new.rated)
    .bind(new.clock_increment_secs)
    .fetch_one(&mut *conn)
    .await
    .map_err(|e| match new.follows {
        Some((game, _)) if is_unique_violation_of(&e, "challenges_one_follow_up") => {
            StoreError::FollowUpTaken(game)
        }
        _ => e.into(),
    })?;
    sqlx::query("INSERT INTO channel_claims (channel_id, challenge_id) VALUES ($1, $2)")
        .bind(row.channel_id)
        .bind(row.id)
        .execute(&mut *conn)
        .await
        .map_err(|e| {
            if is_unique_violation_of(&e, "channel_claims_pkey") {
                StoreError::ChannelTaken(new.channel)
            } else {
                e.into()
            }
        })?;
    Ok(row)
}

/// The challenge with this id, whatever its state; `lock` takes its row lock.
pub async fn get(
    conn: &mut PgConnection,
    id: i64,
    lock: bool,
) -> Result<Option<ChallengeRow>, StoreError> {
    let sql = if lock {
        concat!(
            "SELECT ",
            columns!(),
            " FROM challenges c WHERE c.id = $1 FOR UPDATE"
        )
    } else {
        concat!("SELECT ", columns!(), " FROM challenges c WHERE c.id = $1")
    };
    Ok(sqlx::query_as(sql).bind(id).fetch_optional(conn).await?)
}

/// The open challenge claiming `channel`, if any.
pub async fn open_in_channel(
    conn: &mut PgConnection,
    channel: u64,
) -> Result<Option<ChallengeRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM challenges c JOIN channel_claims k ON k.challenge_id = c.id \
         WHERE k.channel_id = $1"
    ))
    .bind(id_to_db(channel))
    .fetch_optional(conn)
    .await?)
}

/// Sets the state of an open challenge (declined, cancelled) and frees its channel.
pub async fn close(
    conn: &mut PgConnection,
    id: i64,
    state: ChallengeState,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE challenges SET state = $2, answered_at = now() WHERE id = $1")
        .bind(id)
        .bind(state)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM channel_claims WHERE challenge_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Marks an open challenge accepted and hands its channel claim to the new game.
pub async fn accept(conn: &mut PgConnection, id: i64, game_id: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE challenges SET state = 'accepted', answered_at = now() WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    let moved = sqlx::query(
        "UPDATE channel_claims SET challenge_id = NULL, game_id = $2 WHERE challenge_id = $1",
    )
    .bind(id)
    .bind(game_id)
    .execute(&mut *conn)
    .await?;
    if moved.rows_affected() != 1 {
        return Err(StoreError::BadRow(format!(
            "open challenge {id} held no channel claim"
        )));
    }
    Ok(())
}

/// Expires every open challenge older than `max_age` and frees their channels; returns them
/// (already marked expired), oldest first.
pub async fn expire(
    conn: &mut PgConnection,
    max_age: Duration,
) -> Result<Vec<ChallengeRow>, StoreError> {
    // One statement: a challenge accepted meanwhile is locked by the accepting transaction, and
    // the UPDATE re-checks `state = 'open'` after waiting for it.
    Ok(sqlx::query_as(concat!(
        "WITH expired AS ( \
             UPDATE challenges SET state = 'expired', answered_at = now() \
             WHERE state = 'open' AND created_at < now() - make_interval(secs => $1) \
             RETURNING *), \
         freed AS (DELETE FROM channel_claims WHERE challenge_id IN (SELECT id FROM expired)) \
         SELECT ",
        columns!(),
        " FROM expired c ORDER BY c.id"
    ))
    .bind(max_age.as_secs_f64())
    .fetch_all(conn)
    .await?)
}

/// Records which message carries the buttons of challenge `id`; returns the challenge as it is
/// now (it may have been answered meanwhile).
pub async fn set_message(
    conn: &mut PgConnection,
    id: i64,
    message: u64,
) -> Result<Option<ChallengeRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "UPDATE challenges AS c SET message_id = $2 WHERE c.id = $1 RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(id_to_db(message))
    .fetch_optional(conn)
    .await?)
}

/// The open challenges of a guild that `user` sent or received, oldest first.
pub async fn open_for_user(
    conn: &mut PgConnection,
    guild: u64,
    user: u64,
) -> Result<Vec<ChallengeRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM challenges c WHERE c.state = 'open' AND c.guild_id = $1 \
         AND (c.challenger = $2 OR c.challenged = $2) ORDER BY c.id"
    ))
    .bind(id_to_db(guild))
    .bind(id_to_db(user))
    .fetch_all(conn)
    .await?)
}

/// The open or accepted follow-up of `kind` of game `game`, if any.
pub async fn follow_up_of(
    conn: &mut PgConnection,
    game: i64,
    kind: FollowKind,
) -> Result<Option<ChallengeRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM challenges c WHERE c.follows = $1 AND c.follow_kind = $2 \
         AND c.state IN ('open', 'accepted')"
    ))
    .bind(game)
    .bind(kind)
    .fetch_optional(conn)
    .await?)
}
