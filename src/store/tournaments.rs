//! Tournaments' rows: the events, their players, their byes, and the games they paired.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::{StoreError, id_from_db, id_to_db, is_unique_violation_of};

/// The columns of [`TournamentRow`], for `concat!` into static SQL.
macro_rules! columns {
    () => {
        "t.id, t.guild_id, t.channel_id, t.creator, t.name, t.format, t.rounds, t.double_games, \
         t.options, t.clock_secs, t.rated, t.max_players, t.state, t.round, t.message_id, \
         t.created_at, t.started_at, t.finished_at, t.clock_increment_secs, t.vacation"
    };
}

#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct TournamentRow {
    pub id: i64,
    pub guild_id: i64,
    pub channel_id: i64,
    pub creator: i64,
    pub name: String,
    pub format: String,
    pub rounds: Option<i16>,
    pub double_games: bool,
    pub options: String,
    pub clock_secs: Option<i32>,
    pub rated: bool,
    pub max_players: Option<i16>,
    pub state: String,
    pub round: i16,
    pub message_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    /// A time bank's increment per turn; `None`: a fixed time per turn.
    pub clock_increment_secs: Option<i32>,
    /// Whether the games honour vacations.
    pub vacation: bool,
}

/// A new event, open for sign-up.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTournamentRow {
    pub guild: u64,
    pub channel: u64,
    pub creator: u64,
    pub name: String,
    pub format: &'static str,
    pub rounds: Option<i16>,
    pub double_games: bool,
    pub options: String,
    pub clock_secs: Option<i32>,
    pub clock_increment_secs: Option<i32>,
    pub vacation: bool,
    pub rated: bool,
    pub max_players: Option<i16>,
    pub at: DateTime<Utc>,
}

#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PlayerRow {
    pub user_id: i64,
    pub joined_at: DateTime<Utc>,
    pub rating: Option<f64>,
    pub withdrawn_at: Option<DateTime<Utc>>,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PairingRow {
    pub id: i64,
    pub tournament_id: i64,
    pub round: i16,
    pub board: i16,
    pub first_player: i64,
    pub second_player: i64,
    pub game_id: Option<i64>,
}

/// A paired game as the standings read it: its players and, once over, how it ended.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct EventGameRow {
    pub round: i16,
    pub board: i16,
    pub first_player: i64,
    pub second_player: i64,
    pub game_id: Option<i64>,
    pub channel_id: Option<i64>,
    pub outcome: Option<String>,
    pub winner: Option<i16>,
}

/// Runs `query`; true if it changed exactly one row.
async fn changed_one(
    conn: &mut PgConnection,
    query: sqlx::query::Query<'_, sqlx::Postgres, sqlx::postgres::PgArguments>,
) -> Result<bool, StoreError> {
    Ok(query.execute(conn).await?.rows_affected() == 1)
}

/// Inserts an open event. A channel whose event has not ended is refused:
/// [`StoreError::ChannelTaken`] (the transaction is then aborted and must be dropped).
pub async fn insert(
    conn: &mut PgConnection,
    new: &NewTournamentRow,
) -> Result<TournamentRow, StoreError> {
    sqlx::query_as(concat!(
        "INSERT INTO tournaments AS t (guild_id, channel_id, creator, name, format, rounds, \
             double_games, options, clock_secs, rated, max_players, created_at, clock_increment_secs, vacation) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING ",
        columns!()
    ))
    .bind(id_to_db(new.guild))
    .bind(id_to_db(new.channel))
    .bind(id_to_db(new.creator))
    .bind(&new.name)
    .bind(new.format)
    .bind(new.rounds)
    .bind(new.double_games)
    .bind(&new.options)
    .bind(new.clock_secs)
    .bind(new.rated)
    .bind(new.max_players)
    .bind(new.at)
    .bind(new.clock_increment_secs)
    .bind(new.vacation)
    .fetch_one(&mut *conn)
    .await
    .map_err(|e| {
        if is_unique_violation_of(&e, "tournaments_one_per_channel") {
            StoreError::ChannelTaken(new.channel)
        } else {
            e.into()
        }
    })
}

/// Event `id`, row-locked until the transaction ends.
pub async fn lock(conn: &mut PgConnection, id: i64) -> Result<Option<TournamentRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tournaments t WHERE t.id = $1 FOR UPDATE"
    ))
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Event `id`.
pub async fn by_id(conn: &mut PgConnection, id: i64) -> Result<Option<TournamentRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tournaments t WHERE t.id = $1"
    ))
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// The event `channel` means: the one created there (the latest), or the one a game in that
/// channel (a game's thread) belongs to.
pub async fn of_channel(
    conn: &mut PgConnection,
    channel: u64,
) -> Result<Option<TournamentRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tournaments t WHERE t.channel_id = $1 \
             OR t.id IN (SELECT tournament_id FROM games WHERE channel_id = $1 \
                         AND tournament_id IS NOT NULL) \
         ORDER BY (t.state IN ('open', 'running')) DESC, t.id DESC LIMIT 1"
    ))
    .bind(id_to_db(channel))
    .fetch_optional(conn)
    .await?)
}

/// The events of `guild`, latest first (at most `limit`).
pub async fn of_guild(
    conn: &mut PgConnection,
    guild: u64,
    limit: i64,
) -> Result<Vec<TournamentRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tournaments t WHERE t.guild_id = $1 ORDER BY t.id DESC LIMIT $2"
    ))
    .bind(id_to_db(guild))
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// The players of event `id`, in the order they joined.
pub async fn players(conn: &mut PgConnection, id: i64) -> Result<Vec<PlayerRow>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT user_id, joined_at, rating, withdrawn_at FROM tournament_players \
         WHERE tournament_id = $1 ORDER BY joined_at, user_id",
    )
    .bind(id)
    .fetch_all(conn)
    .await?)
}

/// Adds `user` to event `id`; false if they were in it already.
pub async fn add_player(
    conn: &mut PgConnection,
    id: i64,
    user: u64,
    at: DateTime<Utc>,
) -> Result<bool, StoreError> {
    changed_one(
        conn,
        sqlx::query(
            "INSERT INTO tournament_players (tournament_id, user_id, joined_at) \
             VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(id_to_db(user))
        .bind(at),
    )
    .await
}

/// Takes `user` out of event `id` before its start; false if they were not in it.
pub async fn remove_player(
    conn: &mut PgConnection,
    id: i64,
    user: u64,
) -> Result<bool, StoreError> {
    changed_one(
        conn,
        sqlx::query("DELETE FROM tournament_players WHERE tournament_id = $1 AND user_id = $2")
            .bind(id)
            .bind(id_to_db(user)),
    )
    .await
}

/// Records each player's rating at the start.
pub async fn set_ratings(
    conn: &mut PgConnection,
    id: i64,
    ratings: &[(u64, f64)],
) -> Result<(), StoreError> {
    let users: Vec<i64> = ratings.iter().map(|r| id_to_db(r.0)).collect();
    let values: Vec<f64> = ratings.iter().map(|r| r.1).collect();
    sqlx::query(
        "UPDATE tournament_players p SET rating = r.rating \
         FROM UNNEST($2::BIGINT[], $3::DOUBLE PRECISION[]) AS r(user_id, rating) \
         WHERE p.tournament_id = $1 AND p.user_id = r.user_id",
    )
    .bind(id)
    .bind(users)
    .bind(values)
    .execute(conn)
    .await?;
    Ok(())
}

/// Marks `user` withdrawn from event `id`; false if they were not in it or had withdrawn.
pub async fn withdraw(
    conn: &mut PgConnection,
    id: i64,
    user: u64,
    at: DateTime<Utc>,
) -> Result<bool, StoreError> {
    changed_one(
        conn,
        sqlx::query(
            "UPDATE tournament_players SET withdrawn_at = $3 \
             WHERE tournament_id = $1 AND user_id = $2 AND withdrawn_at IS NULL",
        )
        .bind(id)
        .bind(id_to_db(user))
        .bind(at),
    )
    .await
}

/// Moves event `id` to `state` (and its round to `round`), stamping the start or the end.
pub async fn set_state(
    conn: &mut PgConnection,
    id: i64,
    state: &str,
    round: i16,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE tournaments SET state = $2, round = $3, \
             started_at = CASE WHEN $2 = 'running' THEN COALESCE(started_at, $4) ELSE started_at END, \
             finished_at = CASE WHEN $2 IN ('finished', 'cancelled') THEN $4 ELSE NULL END \
         WHERE id = $1",
    )
    .bind(id)
    .bind(state)
    .bind(round)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Remembers the announcement's message.
pub async fn set_message(conn: &mut PgConnection, id: i64, message: u64) -> Result<(), StoreError> {
    sqlx::query("UPDATE tournaments SET message_id = $2 WHERE id = $1")
        .bind(id)
        .bind(id_to_db(message))
        .execute(conn)
        .await?;
    Ok(())
}

/// Writes round `round`'s pairings (boards numbered from 1) and its bye.
pub async fn insert_round(
    conn: &mut PgConnection,
    id: i64,
    round: i16,
    games: &[(u64, u64)],
    bye: Option<u64>,
) -> Result<(), StoreError> {
    let firsts: Vec<i64> = games.iter().map(|g| id_to_db(g.0)).collect();
    let seconds: Vec<i64> = games.iter().map(|g| id_to_db(g.1)).collect();
    sqlx::query(
        "INSERT INTO tournament_pairings (tournament_id, round, board, first_player, second_player) \
         SELECT $1, $2, p.board, p.first_player, p.second_player \
         FROM UNNEST($3::BIGINT[], $4::BIGINT[]) WITH ORDINALITY AS p(first_player, second_player, board)",
    )
    .bind(id)
    .bind(round)
    .bind(firsts)
    .bind(seconds)
    .execute(&mut *conn)
    .await?;
    if let Some(bye) = bye {
        sqlx::query(
            "INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES ($1, $2, $3)",
        )
        .bind(id)
        .bind(round)
        .bind(id_to_db(bye))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The byes of event `id`, by round.
pub async fn byes(conn: &mut PgConnection, id: i64) -> Result<Vec<(i16, u64)>, StoreError> {
    let rows: Vec<(i16, i64)> = sqlx::query_as(
        "SELECT round, user_id FROM tournament_byes WHERE tournament_id = $1 ORDER BY round",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(r, u)| (r, id_from_db(u))).collect())
}

/// Every game event `id` paired, started or not, with its result once over: `winner` is by the
/// pairing's sides (0: its first player), which the game's are not after a swap.
pub async fn games(conn: &mut PgConnection, id: i64) -> Result<Vec<EventGameRow>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT p.round, p.board, p.first_player, p.second_player, p.game_id, g.channel_id, \
             g.outcome, \
             CASE WHEN g.first_player = p.first_player THEN g.winner \
                  ELSE (1 - g.winner)::smallint END AS winner \
         FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id \
         WHERE p.tournament_id = $1 ORDER BY p.round, p.board",
    )
    .bind(id)
    .fetch_all(conn)
    .await?)
}

/// Claims one paired game whose game has not started, for `lease` (no other process claims it
/// meanwhile); `None` when every paired game has started or is claimed.
pub async fn claim_waiting(
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    lease: chrono::Duration,
) -> Result<Option<PairingRow>, StoreError> {
    Ok(sqlx::query_as(
        "UPDATE tournament_pairings SET claimed_until = $2 \
         WHERE id = (SELECT id FROM tournament_pairings \
                     WHERE game_id IS NULL AND (claimed_until IS NULL OR claimed_until < $1) \
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) \
         RETURNING id, tournament_id, round, board, first_player, second_player, game_id",
    )
    .bind(now)
    .bind(now + lease)
    .fetch_optional(conn)
    .await?)
}

/// Paired game `id`, row-locked until the transaction ends.
pub async fn lock_pairing(
    conn: &mut PgConnection,
    id: i64,
) -> Result<Option<PairingRow>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT id, tournament_id, round, board, first_player, second_player, game_id \
         FROM tournament_pairings WHERE id = $1 FOR UPDATE",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Records the game of paired game `id`.
pub async fn attach_game(conn: &mut PgConnection, id: i64, game: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE tournament_pairings SET game_id = $2, claimed_until = NULL WHERE id = $1")
        .bind(id)
        .bind(game)
        .execute(conn)
        .await?;
    Ok(())
}

/// Claims (for `lease`) up to `limit` events whose channel is owed a message: a round paired
/// and not posted, or the end not posted. Returns their ids.
pub async fn claim_unannounced(
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    lease: chrono::Duration,
    limit: i64,
) -> Result<Vec<i64>, StoreError> {
    Ok(sqlx::query_scalar(
        "UPDATE tournaments SET announce_lease = $2 \
         WHERE id IN (SELECT id FROM tournaments \
                      WHERE ((state = 'running' AND announced_round < round) \
                             OR (state = 'finished' AND NOT announced_end)) \
                        AND (announce_lease IS NULL OR announce_lease < $1) \
                      ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED) \
         RETURNING id",
    )
    .bind(now)
    .bind(now + lease)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// Records that event `id`'s channel was told of round `round` (and of the end, with `end`).
pub async fn set_announced(
    conn: &mut PgConnection,
    id: i64,
    round: i16,
    end: bool,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE tournaments SET announced_round = GREATEST(announced_round, $2), \
             announced_end = announced_end OR $3, announce_lease = NULL WHERE id = $1",
    )
    .bind(id)
    .bind(round)
    .bind(end)
    .execute(conn)
    .await?;
    Ok(())
}

/// Claims the running events whose last round is over (every paired game started and ended),
/// row-locked until the transaction ends, skipping those another process holds.
pub async fn claim_round_over(
    conn: &mut PgConnection,
    limit: i64,
) -> Result<Vec<TournamentRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tournaments t WHERE t.state = 'running' \
             AND NOT EXISTS (SELECT 1 FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id \
                             WHERE p.tournament_id = t.id AND p.round = t.round \
                               AND (p.game_id IS NULL OR g.outcome IS NULL)) \
         ORDER BY t.id LIMIT $1 FOR UPDATE SKIP LOCKED"
    ))
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// Locks and returns up to `limit` tournament games in progress in which a player has withdrawn
/// from the event (the scheduler resigns them for that player), skipping games another
/// transaction holds. Each row comes with the user who withdrew.
pub async fn claim_withdrawn_games(
    conn: &mut PgConnection,
    limit: i64,
) -> Result<Vec<(super::games::GameRow, u64)>, StoreError> {
    let rows: Vec<super::games::GameRow> = sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games g WHERE g.tournament_id IS NOT NULL AND g.outcome IS NULL \
             AND EXISTS (SELECT 1 FROM tournament_players p \
                         WHERE p.tournament_id = g.tournament_id AND p.withdrawn_at IS NOT NULL \
                           AND p.user_id IN (g.first_player, g.second_player)) \
         ORDER BY g.id LIMIT $1 FOR UPDATE OF g SKIP LOCKED"
    ))
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    // Who withdrew, per game (the first of the two, should both have).
    let leavers: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT g.id, min(p.user_id) FROM games g JOIN tournament_players p \
           ON p.tournament_id = g.tournament_id AND p.user_id IN (g.first_player, g.second_player) \
         WHERE g.id = ANY($1) AND p.withdrawn_at IS NOT NULL GROUP BY g.id",
    )
    .bind(&ids)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let user = leavers.iter().find(|l| l.0 == row.id)?.1;
            Some((row, id_from_db(user)))
        })
        .collect())
}
