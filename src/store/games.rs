//! The `games` table, its move log (`moves`) and the channel claim an active game holds.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::kinds::{FollowKind, MoveKind, OutcomeKind, SideIndex, Word};
use super::{StoreError, id_to_db};
use crate::ai::Level;
use crate::engine::WinReason;

/// A stored game. `options` is the text of the engine's `Config`.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct GameRow {
    pub id: i64,
    pub challenge_id: i64,
    pub guild_id: i64,
    pub channel_id: i64,
    pub options: String,
    pub seed: i64,
    pub first_player: i64,
    pub second_player: i64,
    pub position: String,
    pub version: i32,
    pub outcome: Option<OutcomeKind>,
    pub winner: Option<SideIndex>,
    pub win_reason: Option<Word<WinReason>>,
    pub draw_offer: Option<SideIndex>,
    pub draw_offer_message: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// The game this one follows (a rematch or a vela round), if any.
    pub follows: Option<i64>,
    pub follow_kind: Option<FollowKind>,
    /// A game against the bot: the AI's level and side.
    pub ai_level: Option<Word<Level>>,
    pub ai_side: Option<SideIndex>,
    /// Whether the game counts for the ratings once it ends with a result.
    pub rated: bool,
    /// Whether any player has conditional moves set in it: a turn that passes looks for
    /// replies only when there are some. Kept by [`super::premoves`] under the row lock, so a
    /// locked read is exact.
    pub has_premoves: bool,
    /// The event the game belongs to, and (Swiss) its round.
    pub tournament_id: Option<i64>,
    pub tournament_round: Option<i16>,
    /// The event's name (read with the row).
    pub tournament_name: Option<String>,
    #[sqlx(flatten)]
    pub clock: ClockRow,
}

/// A game's clock columns: the time a turn allows, the deadline, reminders and pauses. Commands
/// change them in memory and [`update`] writes them all back.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct ClockRow {
    /// Seconds per turn; `None`: no clock.
    pub clock_secs: Option<i32>,
    pub deadline: Option<DateTime<Utc>>,
    pub turn_started_at: Option<DateTime<Utc>>,
    pub reminders_sent: i16,
    pub paused_until: Option<DateTime<Utc>>,
    pub paused_at: Option<DateTime<Utc>>,
    pub paused_by: Option<SideIndex>,
    pub paused_left_secs: Option<i32>,
    pub pause_offer: Option<SideIndex>,
    pub pause_offer_days: Option<i16>,
    pub pause_days_first: i16,
    pub pause_days_second: i16,
    /// When the AI should play (games against the bot, on its turn).
    pub ai_due_at: Option<DateTime<Utc>>,
    /// A time bank: the seconds added to a player's bank after each of their turns (never above
    /// `clock_secs`, the bank's size); `None`: a fixed time per turn.
    pub clock_increment_secs: Option<i32>,
    /// With a time bank: each player's bank when their last turn ended (the whole bank before
    /// their first turn).
    pub bank_first_secs: Option<i32>,
    pub bank_second_secs: Option<i32>,
    /// The pause is the vacation of the player to move (it counts no paused days).
    pub paused_for_vacation: bool,
    /// Whether vacations stop this game's clock (a tournament may say no; read with the row).
    pub vacation_allowed: bool,
    /// The end of each player's latest vacation, first mover first (read with the row, never
    /// written by [`update`]; it may have passed).
    pub first_vacation_until: Option<DateTime<Utc>>,
    pub second_vacation_until: Option<DateTime<Utc>>,
}

/// One entry of the move log.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MoveRow {
    pub ply: i32,
    pub turn: i32,
    pub side: SideIndex,
    pub user_id: i64,
    pub kind: MoveKind,
    pub notation: String,
    pub played_at: DateTime<Utc>,
}

/// A log entry to append.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMove {
    pub ply: i32,
    pub turn: i32,
    pub side: SideIndex,
    pub user: u64,
    pub kind: MoveKind,
    pub notation: String,
}

/// What a new game stores.
#[derive(Clone, Debug)]
pub struct NewGameRow {
    pub challenge_id: i64,
    pub guild: u64,
    pub channel: u64,
    /// The text of the engine's `Config`.
    pub options: String,
    pub seed: u64,
    pub players: [u64; 2],
    pub position: String,
    /// Seconds per turn, or a time bank's size (`None`: no clock), and the first turn's deadline.
    pub clock_secs: Option<i32>,
    /// A time bank's increment per turn (each player's bank starts full).
    pub clock_increment_secs: Option<i32>,
    pub deadline: Option<DateTime<Utc>>,
    pub started_at: DateTime<Utc>,
    pub follows: Option<(i64, FollowKind)>,
    /// A game against the bot: the AI's level and side; its first turn is due at `started_at`
    /// when it moves first.
    pub ai: Option<(Level, SideIndex)>,
    /// Whether the game counts for the ratings (never against the bot).
    pub rated: bool,
    /// The event the game belongs to, and (Swiss) its round.
    pub tournament: Option<(i64, Option<i16>)>,
}

/// The new state of a game after a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameUpdate {
    pub position: String,
    pub outcome: Option<OutcomeKind>,
    pub winner: Option<SideIndex>,
    pub win_reason: Option<Word<WinReason>>,
    pub draw_offer: Option<SideIndex>,
    /// The service's time now: a game that ends records it as its end.
    pub at: DateTime<Utc>,
    /// The players by side and the bot's side: they change when the players swap sides.
    pub players: [i64; 2],
    pub ai_side: Option<SideIndex>,
}

/// Inserts a game for an accepted challenge.
pub async fn insert(conn: &mut PgConnection, new: &NewGameRow) -> Result<GameRow, StoreError> {
    Ok(sqlx::query_as(concat!(
        "INSERT INTO games AS g (challenge_id, guild_id, channel_id, options, seed, first_player, \
             second_player, position, clock_secs, deadline, turn_started_at, follows, \
             follow_kind, ai_level, ai_side, ai_due_at, rated, tournament_id, tournament_round, \
             clock_increment_secs, bank_first_secs, bank_second_secs) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
             $18, $19, $20, $21, $21) \
         RETURNING ",
        game_columns!()
    ))
    .bind(new.challenge_id)
    .bind(id_to_db(new.guild))
    .bind(id_to_db(new.channel))
    .bind(&new.options)
    .bind(id_to_db(new.seed))
    .bind(id_to_db(new.players[0]))
    .bind(id_to_db(new.players[1]))
    .bind(&new.position)
    .bind(new.clock_secs)
    .bind(new.deadline)
    .bind(new.deadline.map(|_| new.started_at))
    .bind(new.follows.map(|f| f.0))
    .bind(new.follows.map(|f| f.1))
    .bind(new.ai.map(|(level, _)| Word(level)))
    .bind(new.ai.map(|(_, side)| side))
    .bind(
        new.ai
            .filter(|&(_, side)| side == SideIndex::First)
            .map(|_| new.started_at),
    )
    .bind(new.rated)
    .bind(new.tournament.map(|t| t.0))
    .bind(new.tournament.and_then(|t| t.1))
    .bind(new.clock_increment_secs)
    .bind(new.clock_increment_secs.and(new.clock_secs))
    .fetch_one(conn)
    .await?)
}

/// Stops the clock of new game `id` at `now`, its first turn untouched, until `until` (the end
/// of its first mover's vacation): the whole first turn waits for it.
pub async fn hold_new(
    conn: &mut PgConnection,
    id: i64,
    until: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<GameRow, StoreError> {
    Ok(sqlx::query_as(concat!(
        "UPDATE games AS g SET \
             paused_left_secs = GREATEST(EXTRACT(EPOCH FROM g.deadline - $3), 0)::integer, \
             paused_until = $2, paused_at = $3, paused_by = 0, paused_for_vacation = true, \
             deadline = NULL \
         WHERE g.id = $1 RETURNING ",
        game_columns!()
    ))
    .bind(id)
    .bind(until)
    .bind(now)
    .fetch_one(conn)
    .await?)
}

/// The active game claiming `channel`, row-locked until the transaction ends. The caller must
/// still check `outcome`: the game may have ended while this waited for the lock.
pub async fn lock_active_in_channel(
    conn: &mut PgConnection,
    channel: u64,
) -> Result<Option<GameRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games g WHERE g.id = \
             (SELECT game_id FROM channel_claims WHERE channel_id = $1) \
         FOR UPDATE"
    ))
    .bind(id_to_db(channel))
    .fetch_optional(conn)
    .await?)
}

/// The active game claiming `channel`, without a lock.
pub async fn active_in_channel(
    conn: &mut PgConnection,
    channel: u64,
) -> Result<Option<GameRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games g JOIN channel_claims k ON k.game_id = g.id WHERE k.channel_id = $1"
    ))
    .bind(id_to_db(channel))
    .fetch_optional(conn)
    .await?)
}

/// The active game of a channel with its move log, in one statement (so from one snapshot,
/// without a transaction): a spectator's `/board` costs one round trip to the database. When
/// the game is `known` (its id and version) the log is not read: `None` in its place.
pub async fn active_in_channel_with_moves(
    conn: &mut PgConnection,
    channel: u64,
    known: Option<(i64, i32)>,
) -> Result<Option<(GameRow, Option<Vec<MoveRow>>)>, StoreError> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        game: GameRow,
        plies: Option<Vec<i32>>,
        turns: Option<Vec<i32>>,
        sides: Option<Vec<SideIndex>>,
        users: Option<Vec<i64>>,
        kinds: Option<Vec<MoveKind>>,
        notations: Option<Vec<String>>,
        played: Option<Vec<DateTime<Utc>>>,
    }
    let row: Option<Row> = sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        ", m.plies, m.turns, m.sides, m.users, m.kinds, m.notations, m.played \
         FROM games g JOIN channel_claims k ON k.game_id = g.id \
         CROSS JOIN LATERAL (SELECT array_agg(ply ORDER BY ply) AS plies, \
             array_agg(turn ORDER BY ply) AS turns, array_agg(side ORDER BY ply) AS sides, \
             array_agg(user_id ORDER BY ply) AS users, array_agg(kind ORDER BY ply) AS kinds, \
             array_agg(notation ORDER BY ply) AS notations, \
             array_agg(played_at ORDER BY ply) AS played \
             FROM moves WHERE game_id = g.id AND (g.id, g.version) <> ($2, $3)) m \
         WHERE k.channel_id = $1"
    ))
    .bind(id_to_db(channel))
    // Game ids are positive: (0, 0) is no game.
    .bind(known.map_or(0, |k| k.0))
    .bind(known.map_or(0, |k| k.1))
    .fetch_optional(conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    if known == Some((row.game.id, row.game.version)) {
        return Ok(Some((row.game, None)));
    }
    let plies = row.plies.unwrap_or_default();
    let n = plies.len();
    let columns = (
        row.turns.unwrap_or_default(),
        row.sides.unwrap_or_default(),
        row.users.unwrap_or_default(),
        row.kinds.unwrap_or_default(),
        row.notations.unwrap_or_default(),
        row.played.unwrap_or_default(),
    );
    let lengths = [
        columns.0.len(),
        columns.1.len(),
        columns.2.len(),
        columns.3.len(),
        columns.4.len(),
        columns.5.len(),
    ];
    if lengths.iter().any(|&l| l != n) {
        return Err(StoreError::BadRow(format!(
            "game {}: the move log's columns came back with different lengths",
            row.game.id
        )));
    }
    let (turns, sides, users, kinds, notations, played) = columns;
    let moves = plies
        .into_iter()
        .zip(turns)
        .zip(sides)
        .zip(users)
        .zip(kinds)
        .zip(notations)
        .zip(played)
        .map(
            |((((((ply, turn), side), user_id), kind), notation), played_at)| MoveRow {
                ply,
                turn,
                side,
                user_id,
                kind,
                notation,
                played_at,
            },
        )
        .collect();
    Ok(Some((row.game, Some(moves))))
}

/// The most recent game of `channel`, active or finished.
pub async fn latest_in_channel(
    conn: &mut PgConnection,
    channel: u64,
) -> Result<Option<GameRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games g WHERE g.channel_id = $1 ORDER BY g.id DESC LIMIT 1"
    ))
    .bind(id_to_db(channel))
    .fetch_optional(conn)
    .await?)
}

/// The game with this id.
pub async fn get(conn: &mut PgConnection, id: i64) -> Result<Option<GameRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games g WHERE g.id = $1"
    ))
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// The active games of a guild in which `user` plays, oldest first.
pub async fn active_for_user(
    conn: &mut PgConnection,
    guild: u64,
    user: u64,
) -> Result<Vec<GameRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games g WHERE g.outcome IS NULL AND g.guild_id = $1 \
         AND (g.first_player = $2 OR g.second_player = $2) ORDER BY g.id"
    ))
    .bind(id_to_db(guild))
    .bind(id_to_db(user))
    .fetch_all(conn)
    .await?)
}

/// The last `limit` finished games of a guild in which `user` played, newest first.
pub async fn finished_for_user(
    conn: &mut PgConnection,
    guild: u64,
    user: u64,
    limit: i64,
) -> Result<Vec<GameRow>, StoreError> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games g WHERE g.outcome IS NOT NULL AND g.guild_id = $1 \
         AND (g.first_player = $2 OR g.second_player = $2) ORDER BY g.finished_at DESC LIMIT $3"
    ))
    .bind(id_to_db(guild))
    .bind(id_to_db(user))
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// How many games are in progress.
pub async fn count_in_progress(conn: &mut PgConnection) -> Result<i64, StoreError> {
    Ok(
        sqlx::query_scalar("SELECT count(*) FROM games WHERE outcome IS NULL")
            .fetch_one(conn)
            .await?,
    )
}

/// The whole move log of a game, in order.
pub async fn moves(conn: &mut PgConnection, game_id: i64) -> Result<Vec<MoveRow>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT ply, turn, side, user_id, kind, notation, played_at FROM moves \
         WHERE game_id = $1 ORDER BY ply",
    )
    .bind(game_id)
    .fetch_all(conn)
    .await?)
}

/// Removes one entry of the log (an undone move).
pub async fn delete_move(
    conn: &mut PgConnection,
    game_id: i64,
    ply: i32,
) -> Result<(), StoreError> {
    let deleted = sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply = $2")
        .bind(game_id)
        .bind(ply)
        .execute(conn)
        .await?;
    if deleted.rows_affected() != 1 {
        return Err(StoreError::BadRow(format!(
            "game {game_id} has no ply {ply} to delete"
        )));
    }
    Ok(())
}

/// Appends `entries` to the game's log and writes the state after a command (the clock's
/// columns included), bumping the version. The primary key (game, ply) refuses a ply written
/// twice. `version` is the version the command read; a mismatch (impossible while the row is
/// locked) is an error, never a silent overwrite. A finished game frees its channel.
pub async fn update(
    conn: &mut PgConnection,
    game_id: i64,
    version: i32,
    update: &GameUpdate,
    clock: &ClockRow,
    entries: &[NewMove],
) -> Result<(), StoreError> {
    let plies: Vec<i32> = entries.iter().map(|e| e.ply).collect();
    let turns: Vec<i32> = entries.iter().map(|e| e.turn).collect();
    let sides: Vec<SideIndex> = entries.iter().map(|e| e.side).collect();
    let users: Vec<i64> = entries.iter().map(|e| id_to_db(e.user)).collect();
    let kinds: Vec<MoveKind> = entries.iter().map(|e| e.kind).collect();
    let notations: Vec<&str> = entries.iter().map(|e| e.notation.as_str()).collect();
    // The new log entries and the row in one statement (one round trip): the moves go in even
    // when the row's version does not match, and the caller's transaction is then rolled back.
    let updated = sqlx::query(
        "WITH logged AS (INSERT INTO moves (game_id, ply, turn, side, user_id, kind, notation) \
             SELECT $1, * FROM UNNEST($22::int[], $23::int[], $24::smallint[], $25::bigint[], \
                                      $26::text[], $27::text[])) \
         UPDATE games SET position = $3, outcome = $4, winner = $5, win_reason = $6, \
             draw_offer = $7, version = version + 1, updated_at = now(), \
             draw_offer_message = CASE WHEN $7::smallint IS NULL THEN NULL \
                                       ELSE draw_offer_message END, \
             finished_at = CASE WHEN $4::text IS NULL THEN NULL ELSE $21 END, \
             clock_secs = $8, deadline = $9, turn_started_at = $10, reminders_sent = $11, \
             paused_until = $12, paused_at = $13, paused_by = $14, paused_left_secs = $15, \
             pause_offer = $16, pause_offer_days = $17, pause_days_first = $18, \
             pause_days_second = $19, ai_due_at = $20, clock_increment_secs = $28, \
             bank_first_secs = $29, bank_second_secs = $30, paused_for_vacation = $31, \
             first_player = $32, second_player = $33, ai_side = $34 \
         WHERE id = $1 AND version = $2",
    )
    .bind(game_id)
    .bind(version)
    .bind(&update.position)
    .bind(update.outcome)
    .bind(update.winner)
    .bind(update.win_reason)
    .bind(update.draw_offer)
    .bind(clock.clock_secs)
    .bind(clock.deadline)
    .bind(clock.turn_started_at)
    .bind(clock.reminders_sent)
    .bind(clock.paused_until)
    .bind(clock.paused_at)
    .bind(clock.paused_by)
    .bind(clock.paused_left_secs)
    .bind(clock.pause_offer)
    .bind(clock.pause_offer_days)
    .bind(clock.pause_days_first)
    .bind(clock.pause_days_second)
    .bind(clock.ai_due_at)
    .bind(update.at)
    .bind(plies)
    .bind(turns)
    .bind(sides)
    .bind(users)
    .bind(kinds)
    .bind(notations)
    .bind(clock.clock_increment_secs)
    .bind(clock.bank_first_secs)
    .bind(clock.bank_second_secs)
    .bind(clock.paused_for_vacation)
    .bind(update.players[0])
    .bind(update.players[1])
    .bind(update.ai_side)
    .execute(&mut *conn)
    .await?;
    if updated.rows_affected() != 1 {
        return Err(StoreError::BadRow(format!(
            "game {game_id} changed under its row lock (expected version {version})"
        )));
    }
    if update.outcome.is_some() {
        sqlx::query("DELETE FROM channel_claims WHERE game_id = $1")
            .bind(game_id)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// Records which message carries the buttons of game `game_id`'s standing draw offer. Returns
/// false when no offer stands any more (it was answered before its message was recorded).
pub async fn set_draw_offer_message(
    conn: &mut PgConnection,
    game_id: i64,
    message: u64,
) -> Result<bool, StoreError> {
    let updated = sqlx::query(
        "UPDATE games SET draw_offer_message = $2 \
         WHERE id = $1 AND draw_offer IS NOT NULL AND outcome IS NULL",
    )
    .bind(game_id)
    .bind(id_to_db(message))
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}
