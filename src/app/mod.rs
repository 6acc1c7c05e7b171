//! The game service: every front end (Discord, the terminal, a future web page) goes through it.
//! It combines the engine and the store and knows nothing of Discord.
//!
//! CONTRACT (used by the Discord layer): the public names and signatures in this file. The
//! service's helper owns the bodies and may add items; renaming or removing needs the callers
//! updated in the same change.

mod history;
mod replay;

use std::path::PathBuf;
use std::time::Duration;

use crate::engine::{Config, Game, GameKind, Played, Side, Status};
use crate::store::challenges::{self, ChallengeRow, NewChallengeRow};
use crate::store::config::ConfigColumns;
use crate::store::embedded::{EmbeddedError, EmbeddedServer};
use crate::store::games::{self, GameRow, GameUpdate, MoveRow, NewGameRow, NewMove};
use crate::store::{Store, StoreError, Tx, id_from_db, id_to_db};

use replay::{Loaded, LoggedPlay};

/// A user, channel or guild id (Discord snowflakes; opaque numbers to the service).
pub type UserId = u64;
pub type ChannelId = u64;
pub type GuildId = u64;
pub type MessageId = u64;

/// Who plays the first side (Red / White).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourChoice {
    /// The challenger plays the first side (Red / White).
    ChallengerFirst,
    /// The challenger plays the second side (Green / Black).
    ChallengerSecond,
    /// Decided at random when the challenge is accepted.
    Random,
}

/// A new challenge.
#[derive(Clone, Debug)]
pub struct NewChallenge {
    pub challenger: UserId,
    pub challenged: UserId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub config: Config,
    pub colour: ColourChoice,
}

/// An open (or just answered) challenge.
#[derive(Clone, Debug)]
pub struct ChallengeView {
    pub id: i64,
    pub challenger: UserId,
    pub challenged: UserId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub config: Config,
    pub colour: ColourChoice,
    pub state: ChallengeState,
    /// The message (in `channel`) that carries the challenge's buttons, once recorded.
    pub message: Option<MessageId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeState {
    Open,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Won by the rules (the engine's reason).
    Won(Side, crate::engine::WinReason),
    /// The other side resigned.
    Resigned {
        winner: Side,
    },
    Draw,
    DrawAgreed,
}

/// A game as the front ends see it: who plays, the current engine state, the last turn.
#[derive(Clone, Debug)]
pub struct GameView {
    pub id: i64,
    /// The challenge the game came from.
    pub challenge: i64,
    pub guild: GuildId,
    pub channel: ChannelId,
    /// Players by side: `players[0]` plays Red / White.
    pub players: [UserId; 2],
    /// The current state (replayed from the move log and checked against the stored position).
    pub game: Game,
    /// The moves of the last completed turn, or of the turn in progress if it has any.
    pub last_turn: Vec<Played>,
    /// `None` while the game is on.
    pub outcome: Option<Outcome>,
    /// The side with a standing draw offer, if any.
    pub draw_offer: Option<Side>,
    /// The message of a draw offer that this command ended (accepted, declined by playing on,
    /// withdrawn, or the game over): its buttons no longer apply.
    pub ended_draw_offer: Option<MessageId>,
}

impl GameView {
    /// The user to move, if the game is on.
    pub fn player_to_move(&self) -> Option<UserId> {
        self.outcome
            .is_none()
            .then(|| self.players[self.game.side_to_move().index()])
    }

    /// The side `user` plays, if they play in this game.
    pub fn side_of(&self, user: UserId) -> Option<Side> {
        if self.players[0] == user {
            Some(Side::First)
        } else if self.players[1] == user {
            Some(Side::Second)
        } else {
            None
        }
    }
}

/// The result of a command that changed a game.
#[derive(Clone, Debug)]
pub struct MoveOutcome {
    /// The game after the command.
    pub view: GameView,
    /// What this command played (several for `g9-f9 f9-e9`).
    pub played: Vec<Played>,
    /// True when the turn passed to the other player (mention them in a new message).
    pub turn_passed: bool,
}

/// One entry of a game's history.
#[derive(Clone, Debug)]
pub struct HistoryEntry {
    pub ply: i32,
    pub turn: u32,
    pub side: Side,
    pub user: UserId,
    /// Canonical notation (`g9-f9`, `d2-d3+,d3-c4-`, `end`, `skip`, `resign`, …).
    pub notation: String,
    pub at: chrono::DateTime<chrono::Utc>,
}

/// A user's active games and open challenges in one guild.
#[derive(Clone, Debug, Default)]
pub struct Overview {
    pub games: Vec<GameView>,
    pub challenges: Vec<ChallengeView>,
}

/// Why a command failed. `User` errors carry a message for the person who typed the command;
/// `Unavailable` means the database could not be reached; `Internal` is logged and shown only as
/// an apology.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    User(String),
    #[error("the game service is temporarily unavailable; please try again in a minute")]
    Unavailable,
    #[error("internal error: {0}")]
    Internal(String),
}

/// Where the game database lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatabaseConfig {
    /// An existing PostgreSQL server (`DATABASE_URL`).
    Url(String),
    /// An embedded PostgreSQL (the `postgresql_embedded` crate) whose data lives in `data_dir`,
    /// kept across restarts.
    Embedded { data_dir: std::path::PathBuf },
}

impl DatabaseConfig {
    /// From the environment: `DATABASE_URL` when set, else an embedded server with its data under
    /// `FIBONACCI_BOT_DATA_DIR` (default `./data/postgres`).
    pub fn from_env() -> DatabaseConfig {
        match std::env::var("DATABASE_URL") {
            Ok(url) if !url.trim().is_empty() => DatabaseConfig::Url(url.trim().to_string()),
            _ => DatabaseConfig::Embedded {
                data_dir: std::env::var_os("FIBONACCI_BOT_DATA_DIR")
                    .filter(|dir| !dir.is_empty())
                    .map_or_else(|| PathBuf::from("data/postgres"), PathBuf::from),
            },
        }
    }
}

/// A started service and, when embedded, the database server it started.
#[derive(Debug)]
pub struct Running {
    pub service: Service,
    server: Option<EmbeddedServer>,
}

impl Running {
    /// Closes the pool and stops the embedded server, if any.
    pub async fn shutdown(self) {
        self.service.store.close().await;
        if let Some(server) = self.server
            && let Err(e) = server.stop().await
        {
            tracing::error!("could not stop the embedded PostgreSQL: {e}");
        }
    }
}

/// Starts the database (embedded when so configured; refused clearly as root), connects,
/// applies the migrations.
pub async fn start(config: DatabaseConfig) -> Result<Running, AppError> {
    match config {
        DatabaseConfig::Url(url) => Ok(Running {
            service: Service::connect(&url).await?,
            server: None,
        }),
        DatabaseConfig::Embedded { data_dir } => {
            let server = EmbeddedServer::start(&data_dir)
                .await
                .map_err(|e| match e {
                    EmbeddedError::Root => AppError::User(e.to_string()),
                    other => {
                        tracing::error!("{other}");
                        AppError::Internal(other.to_string())
                    }
                })?;
            match Service::connect(server.url()).await {
                Ok(service) => Ok(Running {
                    service,
                    server: Some(server),
                }),
                Err(e) => {
                    if let Err(stop) = server.stop().await {
                        tracing::error!("could not stop the embedded PostgreSQL: {stop}");
                    }
                    Err(e)
                }
            }
        }
    }
}

/// The longest a command may take, waits for a busy game included. A connection that hangs
/// (a network cut without a reset) ends here as [`AppError::Unavailable`].
pub const OPERATION_TIMEOUT: Duration = Duration::from_secs(10);

/// The most moves one `play` command may carry (a Fibonacci turn has at most 6).
pub const MAX_MOVES_PER_COMMAND: usize = 16;

/// The longest move text accepted (a long Fanorona chain written in full stays far below).
const MAX_MOVE_LEN: usize = 200;

/// The game service.
#[derive(Clone, Debug)]
pub struct Service {
    store: Store,
}

impl From<StoreError> for AppError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::Unavailable(e) => {
                tracing::warn!("database unavailable: {e}");
                AppError::Unavailable
            }
            StoreError::ChannelTaken(channel) => {
                AppError::User(format!("Channel {channel} is busy. {THREAD_HINT}"))
            }
            other => {
                tracing::error!("database error: {other}");
                AppError::Internal(other.to_string())
            }
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        StoreError::from(error).into()
    }
}

const THREAD_HINT: &str = "A channel holds one game or open challenge at a time: start a thread \
                           and challenge there (`/challenge … thread:true`).";

fn user_error(message: impl Into<String>) -> AppError {
    AppError::User(message.into())
}

/// How a player is named in a message: the chat mention `<@id>` (Discord renders it as the
/// person's name; other front ends may rewrite it).
pub fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// A fresh random number from the operating system.
fn random_u64() -> Result<u64, AppError> {
    getrandom::u64().map_err(|e| {
        tracing::error!("no random source: {e}");
        AppError::Internal(format!("no random source: {e}"))
    })
}

/// What a command changes in a locked game, written by [`Service::save`].
struct Save {
    /// The new engine state, when the command played or took back moves.
    game: Option<Game>,
    /// The replayed moves the command added.
    plays: Vec<LoggedPlay>,
    /// The log entries to append.
    entries: Vec<NewMove>,
    /// A log entry to remove (an undone move).
    remove_ply: Option<i32>,
    outcome: Option<Outcome>,
    draw_offer: Option<Side>,
}

fn colour_to_db(colour: ColourChoice) -> &'static str {
    match colour {
        ColourChoice::ChallengerFirst => "challenger-first",
        ColourChoice::ChallengerSecond => "challenger-second",
        ColourChoice::Random => "random",
    }
}

fn challenge_view(row: ChallengeRow) -> Result<ChallengeView, AppError> {
    let config = row.config.to_config()?;
    let colour = match row.colour.as_str() {
        "challenger-first" => ColourChoice::ChallengerFirst,
        "challenger-second" => ColourChoice::ChallengerSecond,
        "random" => ColourChoice::Random,
        other => return Err(StoreError::BadRow(format!("colour {other:?}")).into()),
    };
    let state = match row.state.as_str() {
        "open" => ChallengeState::Open,
        "accepted" => ChallengeState::Accepted,
        "declined" => ChallengeState::Declined,
        "cancelled" => ChallengeState::Cancelled,
        "expired" => ChallengeState::Expired,
        other => return Err(StoreError::BadRow(format!("challenge state {other:?}")).into()),
    };
    Ok(ChallengeView {
        id: row.id,
        challenger: id_from_db(row.challenger),
        challenged: id_from_db(row.challenged),
        guild: id_from_db(row.guild_id),
        channel: id_from_db(row.channel_id),
        config,
        colour,
        state,
        message: row.message_id.map(id_from_db),
    })
}

/// Why an answered challenge can no longer be answered.
fn not_open(row: &ChallengeRow) -> AppError {
    let what = match row.state.as_str() {
        "accepted" => "was already accepted",
        "declined" => "was declined",
        "cancelled" => "was cancelled by its sender",
        "expired" => "has expired",
        _ => "is closed",
    };
    user_error(format!(
        "This challenge {what}. Start a new one with /challenge."
    ))
}

/// The log entries of one accepted move: the move itself, then one `skip` entry per turn the
/// engine skipped after it (a Fibonacci turn whose allowance was 0), attributed to the player
/// whose turn it was.
fn log_entries(
    played: &Played,
    ply: i32,
    turn: i32,
    side: Side,
    user: UserId,
    players: [UserId; 2],
) -> Vec<NewMove> {
    let mut entries = vec![NewMove {
        ply,
        turn,
        side: replay::side_to_db(side),
        user,
        kind: replay::KIND_MOVE,
        notation: played.notation(),
    }];
    if let Played::Fibonacci(p) = played {
        for (&(skipped_turn, colour), next) in p.skipped.iter().zip(1..) {
            let skipped_side = colour.side();
            entries.push(NewMove {
                ply: ply.saturating_add(next),
                turn: i32::try_from(skipped_turn).unwrap_or(i32::MAX),
                side: replay::side_to_db(skipped_side),
                user: players[skipped_side.index()],
                kind: "skip",
                notation: "skip".to_string(),
            });
        }
    }
    entries
}

/// A word the player typed, quoted as code for a reply: backticks removed (they would end the
/// quote and let the rest be read as formatting or mentions) and cut to 40 characters.
fn echo(word: &str) -> String {
    let clean: String = word.chars().filter(|&c| c != '`').take(40).collect();
    format!("`{clean}`")
}

/// The move words of a `play` command, checked for size before anything is locked.
fn split_moves(moves: &str) -> Result<Vec<&str>, AppError> {
    let words: Vec<&str> = moves.split_whitespace().collect();
    if words.is_empty() {
        return Err(user_error(
            "Type a move, for example `g9-f9` (Fibonacci) or `d2-d3` (Fanorona); several \
             Fibonacci moves are separated by spaces.",
        ));
    }
    if words.len() > MAX_MOVES_PER_COMMAND {
        return Err(user_error(format!(
            "That is {} moves; one command takes at most {MAX_MOVES_PER_COMMAND}.",
            words.len()
        )));
    }
    if let Some(long) = words.iter().find(|w| w.chars().count() > MAX_MOVE_LEN) {
        return Err(user_error(format!(
            "{} is too long to be a move: write moves like `g9-f9` or `d2-d3+,d3-c4-`.",
            echo(long)
        )));
    }
    Ok(words)
}

impl Service {
    /// Connects to `database_url` and applies the migrations.
    pub async fn connect(database_url: &str) -> Result<Service, AppError> {
        Ok(Service {
            store: Store::connect(database_url).await?,
        })
    }

    /// Runs one command under [`OPERATION_TIMEOUT`].
    async fn guarded<T>(
        &self,
        command: impl Future<Output = Result<T, AppError>>,
    ) -> Result<T, AppError> {
        match tokio::time::timeout(OPERATION_TIMEOUT, command).await {
            Ok(result) => result,
            Err(_) => {
                tracing::warn!("a command took longer than {OPERATION_TIMEOUT:?}; giving up");
                Err(AppError::Unavailable)
            }
        }
    }

    /// Opens a challenge in a channel. Refused when the channel already has an active game or an
    /// open challenge (the database constraint decides, so two simultaneous challenges cannot
    /// both win), or when a user challenges themselves.
    pub async fn challenge(&self, new: NewChallenge) -> Result<ChallengeView, AppError> {
        if new.challenger == new.challenged {
            return Err(user_error(
                "You cannot challenge yourself: name the player you want to play.",
            ));
        }
        let channel = new.channel;
        let row = NewChallengeRow {
            challenger: new.challenger,
            challenged: new.challenged,
            guild: new.guild,
            channel: new.channel,
            config: ConfigColumns::from_config(&new.config),
            colour: colour_to_db(new.colour),
        };
        let inserted = self
            .guarded(async {
                let mut tx = self.store.begin().await?;
                match challenges::insert(&mut tx, &row).await {
                    Ok(inserted) => {
                        tx.commit().await?;
                        Ok(Some(inserted))
                    }
                    // The claim's primary key said no; the transaction is dropped (rolled back).
                    Err(StoreError::ChannelTaken(_)) => Ok(None),
                    Err(e) => Err(e.into()),
                }
            })
            .await?;
        match inserted {
            Some(row) => challenge_view(row),
            None => Err(self.channel_taken(channel).await),
        }
    }

    /// The refusal of a second claim on `channel`, naming what holds it.
    async fn channel_taken(&self, channel: ChannelId) -> AppError {
        let holder = self
            .guarded(async {
                let mut tx = self.store.begin_read().await?;
                if let Some(game) = games::active_in_channel(&mut tx, channel).await? {
                    return Ok(format!(
                        "This channel already has a game in progress ({} against {}).",
                        mention(id_from_db(game.first_player)),
                        mention(id_from_db(game.second_player))
                    ));
                }
                if let Some(c) = challenges::open_in_channel(&mut tx, channel).await? {
                    return Ok(format!(
                        "This channel already has an open challenge ({} challenged {}).",
                        mention(id_from_db(c.challenger)),
                        mention(id_from_db(c.challenged))
                    ));
                }
                Ok("This channel was just taken by another challenge.".to_string())
            })
            .await;
        match holder {
            Ok(holder) => user_error(format!("{holder} {THREAD_HINT}")),
            Err(e) => e,
        }
    }

    /// Accepts the open challenge `id` (buttons carry the id).
    pub async fn accept(&self, id: i64, user: UserId) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let row = challenges::get(&mut tx, id, true).await?.ok_or_else(|| {
                user_error("That challenge does not exist. Start one with /challenge.")
            })?;
            Self::accept_locked(tx, row, user).await
        })
        .await
    }

    /// Accepts the open challenge of `channel` addressed to `user` (`/accept`).
    pub async fn accept_in_channel(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let row = Self::lock_open_challenge(&mut tx, channel, "accept").await?;
            Self::accept_locked(tx, row, user).await
        })
        .await
    }

    /// The open challenge of `channel`, row-locked and still open.
    async fn lock_open_challenge(
        tx: &mut Tx,
        channel: ChannelId,
        verb: &str,
    ) -> Result<ChallengeRow, AppError> {
        let none = || {
            user_error(format!(
                "There is no open challenge in this channel to {verb}. Start one with /challenge."
            ))
        };
        let open = challenges::open_in_channel(tx, channel)
            .await?
            .ok_or_else(none)?;
        let row = challenges::get(tx, open.id, true).await?.ok_or_else(none)?;
        if row.state != "open" {
            return Err(not_open(&row));
        }
        Ok(row)
    }

    async fn accept_locked(
        mut tx: Tx,
        row: ChallengeRow,
        user: UserId,
    ) -> Result<GameView, AppError> {
        if row.state != "open" {
            return Err(not_open(&row));
        }
        let challenger = id_from_db(row.challenger);
        let challenged = id_from_db(row.challenged);
        if user == challenger {
            return Err(user_error(format!(
                "You cannot accept your own challenge: wait for {} to answer, or withdraw it \
                 with /cancel.",
                mention(challenged)
            )));
        }
        if user != challenged {
            return Err(user_error(format!(
                "This challenge is for {}: only they can accept it. Challenge someone yourself \
                 with /challenge.",
                mention(challenged)
            )));
        }
        let view = challenge_view(row.clone())?;
        let challenger_first = match view.colour {
            ColourChoice::ChallengerFirst => true,
            ColourChoice::ChallengerSecond => false,
            ColourChoice::Random => random_u64()? & 1 == 0,
        };
        let players = if challenger_first {
            [challenger, challenged]
        } else {
            [challenged, challenger]
        };
        let seed = random_u64()?;
        let game = Game::new(view.config, seed);
        let new = NewGameRow {
            challenge_id: row.id,
            guild: view.guild,
            channel: view.channel,
            config: row.config.clone(),
            seed,
            players,
            position: game.position_string(),
        };
        let game_row = games::insert(&mut tx, &new).await?;
        challenges::accept(&mut tx, row.id, game_row.id).await?;
        tx.commit().await?;
        Ok(replay::load(game_row, Vec::new())?.view())
    }

    /// The challenged player refuses the challenge `id`; its channel is free again.
    pub async fn decline(&self, id: i64, user: UserId) -> Result<ChallengeView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let row = challenges::get(&mut tx, id, true)
                .await?
                .ok_or_else(|| user_error("That challenge does not exist."))?;
            Self::decline_locked(tx, row, user).await
        })
        .await
    }

    /// The challenged player refuses the open challenge of `channel` (`/decline`).
    pub async fn decline_in_channel(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<ChallengeView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let row = Self::lock_open_challenge(&mut tx, channel, "decline").await?;
            Self::decline_locked(tx, row, user).await
        })
        .await
    }

    async fn decline_locked(
        mut tx: Tx,
        row: ChallengeRow,
        user: UserId,
    ) -> Result<ChallengeView, AppError> {
        if row.state != "open" {
            return Err(not_open(&row));
        }
        let challenged = id_from_db(row.challenged);
        if user == id_from_db(row.challenger) {
            return Err(user_error(
                "You cannot decline your own challenge: withdraw it with /cancel.",
            ));
        }
        if user != challenged {
            return Err(user_error(format!(
                "This challenge is for {}: only they can decline it.",
                mention(challenged)
            )));
        }
        challenges::close(&mut tx, row.id, "declined").await?;
        tx.commit().await?;
        let mut view = challenge_view(row)?;
        view.state = ChallengeState::Declined;
        Ok(view)
    }

    /// The challenger withdraws the open challenge of `channel`.
    pub async fn cancel(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<ChallengeView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let row = Self::lock_open_challenge(&mut tx, channel, "cancel").await?;
            let challenger = id_from_db(row.challenger);
            if user != challenger {
                let hint = if user == id_from_db(row.challenged) {
                    " To refuse it, use /decline."
                } else {
                    ""
                };
                return Err(user_error(format!(
                    "Only {}, who sent this challenge, can cancel it.{hint}",
                    mention(challenger)
                )));
            }
            challenges::close(&mut tx, row.id, "cancelled").await?;
            tx.commit().await?;
            let mut view = challenge_view(row)?;
            view.state = ChallengeState::Cancelled;
            Ok(view)
        })
        .await
    }

    /// Expires open challenges older than `max_age`; returns them, now expired.
    pub async fn expire_challenges(
        &self,
        max_age: std::time::Duration,
    ) -> Result<Vec<ChallengeView>, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let expired = challenges::expire(&mut tx, max_age).await?;
            tx.commit().await?;
            expired.into_iter().map(challenge_view).collect()
        })
        .await
    }

    /// Records the message that carries the buttons of game `game`'s standing draw offer, so that
    /// they can be taken away once the offer ends some other way. Returns false when no offer
    /// stands any more (answered before its message was recorded).
    pub async fn record_draw_offer_message(
        &self,
        game: i64,
        message: MessageId,
    ) -> Result<bool, AppError> {
        self.guarded(async {
            let mut conn = self.store.pool().acquire().await?;
            Ok(games::set_draw_offer_message(&mut conn, game, message).await?)
        })
        .await
    }

    /// Records the message that carries the buttons of challenge `id`, so that they can be taken
    /// away once the challenge is answered some other way. Returns the challenge as it is now:
    /// one answered before its message was recorded is no longer open.
    pub async fn record_challenge_message(
        &self,
        id: i64,
        message: MessageId,
    ) -> Result<Option<ChallengeView>, AppError> {
        self.guarded(async {
            let mut conn = self.store.pool().acquire().await?;
            challenges::set_message(&mut conn, id, message)
                .await?
                .map(challenge_view)
                .transpose()
        })
        .await
    }

    /// The open challenge with this id, whatever its state (for stale buttons).
    pub async fn challenge_by_id(&self, id: i64) -> Result<Option<ChallengeView>, AppError> {
        self.guarded(async {
            let mut conn = self.store.pool().acquire().await?;
            challenges::get(&mut conn, id, false)
                .await?
                .map(challenge_view)
                .transpose()
        })
        .await
    }

    /// Locks the active game of `channel` for a command by `user`, who must play in it, and
    /// loads it (replaying and checking the log).
    async fn lock_game(
        tx: &mut Tx,
        channel: ChannelId,
        user: UserId,
    ) -> Result<(Loaded, Side), AppError> {
        let row = games::lock_active_in_channel(tx, channel).await?;
        // The game may have ended while this command waited for its lock.
        let Some(row) = row.filter(|row| row.outcome.is_none()) else {
            return Err(Self::no_game(tx, channel).await);
        };
        let entries = games::moves(tx, row.id).await?;
        let loaded = replay::load(row, entries)?;
        let side = loaded.side_of(user).ok_or_else(|| {
            user_error(format!(
                "You are not playing in this game ({} against {}). Start your own with \
                 /challenge in another channel or a thread.",
                mention(loaded.players[0]),
                mention(loaded.players[1])
            ))
        })?;
        Ok((loaded, side))
    }

    /// The refusal for a command that needs a game in a channel that has none.
    async fn no_game(tx: &mut Tx, channel: ChannelId) -> AppError {
        match challenges::open_in_channel(tx, channel).await {
            Ok(Some(c)) => user_error(format!(
                "The game has not started yet: {} can accept the challenge with /accept.",
                mention(id_from_db(c.challenged))
            )),
            Ok(None) => user_error("There is no game in this channel: start one with /challenge."),
            Err(e) => e.into(),
        }
    }

    /// Refuses a move by `side` when it is not their turn.
    fn ensure_turn(loaded: &Loaded, side: Side) -> Result<(), AppError> {
        let to_move = loaded.game.side_to_move();
        if to_move == side {
            return Ok(());
        }
        let name = loaded.game.kind().side_names()[to_move.index()];
        Err(user_error(format!(
            "It is {}'s turn ({name}): wait for their move.",
            mention(loaded.player(to_move))
        )))
    }

    /// Writes what a command changed in a locked game and commits; returns the game after it.
    async fn save(mut tx: Tx, mut loaded: Loaded, save: Save) -> Result<Loaded, AppError> {
        let game_id = loaded.row.id;
        if let Some(ply) = save.remove_ply {
            games::delete_move(&mut tx, game_id, ply).await?;
        }
        games::append_moves(&mut tx, game_id, &save.entries).await?;
        if let Some(game) = save.game {
            loaded.game = game;
        }
        let (outcome, winner, win_reason) = replay::outcome_columns(save.outcome);
        let update = GameUpdate {
            position: loaded.game.position_string(),
            outcome,
            winner,
            win_reason,
            draw_offer: save.draw_offer.map(replay::side_to_db),
        };
        games::update(&mut tx, game_id, loaded.row.version, &update).await?;
        tx.commit().await?;

        let now = chrono::Utc::now();
        if let Some(ply) = save.remove_ply {
            loaded.entries.retain(|e| e.ply != ply);
            loaded.plays.retain(|p| p.ply != ply);
        }
        loaded
            .entries
            .extend(save.entries.into_iter().map(|e| MoveRow {
                ply: e.ply,
                turn: e.turn,
                side: e.side,
                user_id: id_to_db(e.user),
                kind: e.kind.to_string(),
                notation: e.notation,
                played_at: now,
            }));
        loaded.plays.extend(save.plays);
        loaded.row.position = update.position;
        loaded.row.version += 1;
        loaded.row.outcome = update.outcome.map(str::to_string);
        loaded.row.winner = update.winner;
        loaded.row.win_reason = update.win_reason.map(str::to_string);
        loaded.row.draw_offer = update.draw_offer;
        if update.draw_offer.is_none() {
            loaded.ended_offer_message = loaded.row.draw_offer_message.take().map(id_from_db);
        }
        loaded.outcome = save.outcome;
        loaded.draw_offer = save.draw_offer;
        Ok(loaded)
    }

    /// A service entry of the log (resignation, draw events) by `user` playing `side`.
    fn service_entry(loaded: &Loaded, side: Side, user: UserId, kind: &'static str) -> NewMove {
        let notation = match kind {
            "draw-offer" => "draw offered",
            "draw-accept" => "draw accepted",
            "draw-decline" => "draw declined",
            "draw-withdraw" => "draw withdrawn",
            other => other,
        };
        NewMove {
            ply: loaded.next_ply(),
            turn: i32::try_from(loaded.game.turn_number()).unwrap_or(i32::MAX),
            side: replay::side_to_db(side),
            user,
            kind,
            notation: notation.to_string(),
        }
    }

    /// Plays `words` (moves, or `end`) for `user` in the game of `channel`, all or nothing.
    async fn play_words(
        &self,
        channel: ChannelId,
        user: UserId,
        words: &[&str],
    ) -> Result<MoveOutcome, AppError> {
        let mut tx = self.store.begin().await?;
        let (loaded, side) = Self::lock_game(&mut tx, channel, user).await?;
        Self::ensure_turn(&loaded, side)?;
        let nothing_kept = if words.len() > 1 {
            " Nothing was played."
        } else {
            ""
        };
        let mut game = loaded.game.clone();
        let mut ply = loaded.next_ply();
        let mut entries = Vec::new();
        let mut plays = Vec::new();
        let mut played_all = Vec::new();
        for (i, word) in words.iter().enumerate() {
            if i > 0 {
                let before = words[i - 1];
                if game.status() != Status::Ongoing {
                    return Err(user_error(format!(
                        "The game ends with {}, so {} cannot follow it: send the moves up to \
                         {} only.{nothing_kept}",
                        echo(before),
                        echo(word),
                        echo(before)
                    )));
                }
                if game.side_to_move() != side {
                    return Err(user_error(format!(
                        "Your turn ends with {}, so {} cannot follow it: send the moves of this \
                         turn only.{nothing_kept}",
                        echo(before),
                        echo(word)
                    )));
                }
            }
            if word.eq_ignore_ascii_case("end")
                && game.kind() == GameKind::Fanorona
                && !game.chain_in_progress()
            {
                return Err(user_error(format!(
                    "There is no capture chain to stop: a Fanorona turn ends by itself, so play \
                     a move.{nothing_kept}"
                )));
            }
            let turn = i32::try_from(game.turn_number()).unwrap_or(i32::MAX);
            let played = game.play(word).map_err(|e| {
                user_error(format!(
                    "{} cannot be played: {}.{nothing_kept}",
                    echo(word),
                    e.to_string().trim_end_matches('.')
                ))
            })?;
            let logged = log_entries(&played, ply, turn, side, user, loaded.players);
            plays.push(LoggedPlay {
                ply,
                user,
                played: played.clone(),
            });
            ply += i32::try_from(logged.len()).unwrap_or(1);
            entries.extend(logged);
            played_all.push(played);
        }
        let outcome = replay::outcome_of(game.status());
        let turn_passed = outcome.is_none() && played_all.iter().any(replay::turn_ended);
        // Playing on declines the opponent's standing offer; one's own offer stands.
        let draw_offer = loaded
            .draw_offer
            .filter(|&offer| offer == side && outcome.is_none());
        let loaded = Self::save(
            tx,
            loaded,
            Save {
                game: Some(game),
                plays,
                entries,
                remove_ply: None,
                outcome,
                draw_offer,
            },
        )
        .await?;
        Ok(MoveOutcome {
            view: loaded.view(),
            played: played_all,
            turn_passed,
        })
    }

    /// Plays one or several moves separated by spaces (`g9-f9 f9-e9`, `d2-d3+,d3-c4-`).
    /// All or nothing: if one is illegal, none is kept and the error names it.
    ///
    /// `turn_passed` in the result is true when a turn ended and the game goes on; the player to
    /// move may still be the same one when the opponent's turn was skipped (allowance 0).
    pub async fn play(
        &self,
        channel: ChannelId,
        user: UserId,
        moves: &str,
    ) -> Result<MoveOutcome, AppError> {
        let words = split_moves(moves)?;
        self.guarded(self.play_words(channel, user, &words)).await
    }

    /// Ends the Fibonacci turn early, or stops a Fanorona chain.
    pub async fn end_turn(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<MoveOutcome, AppError> {
        self.guarded(self.play_words(channel, user, &["end"])).await
    }

    /// Takes back the player's own last move of the turn still in progress. The result's
    /// `played` holds the move taken back.
    pub async fn undo(&self, channel: ChannelId, user: UserId) -> Result<MoveOutcome, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (loaded, side) = Self::lock_game(&mut tx, channel, user).await?;
            let Some(last) = loaded.plays.last() else {
                return Err(user_error(
                    "There is nothing to take back: no move has been played.",
                ));
            };
            let to_move = loaded.game.side_to_move();
            if to_move != side {
                let opponent = mention(loaded.player(to_move));
                return Err(if last.user == user {
                    user_error(format!(
                        "Your turn is over and has passed to {opponent}: only a move of a turn \
                         still in progress can be taken back."
                    ))
                } else {
                    user_error(format!(
                        "It is {opponent}'s turn: you have no move in it to take back."
                    ))
                });
            }
            if last.user != user || replay::turn_ended(&last.played) {
                return Err(user_error(
                    "You have not moved yet in this turn: only a move of the turn in progress \
                     can be taken back.",
                ));
            }
            let undone = last.clone();
            let (game, _) = replay::replay(
                loaded.config,
                loaded.seed,
                loaded.entries.iter().filter(|e| e.ply != undone.ply),
            )
            .map_err(|e| replay::corrupt(loaded.row.id, &e))?;
            let draw_offer = loaded.draw_offer;
            let loaded = Self::save(
                tx,
                loaded,
                Save {
                    game: Some(game),
                    plays: Vec::new(),
                    entries: Vec::new(),
                    remove_ply: Some(undone.ply),
                    outcome: None,
                    draw_offer,
                },
            )
            .await?;
            Ok(MoveOutcome {
                view: loaded.view(),
                played: vec![undone.played],
                turn_passed: false,
            })
        })
        .await
    }

    /// A player resigns (on either side's turn); the opponent wins and the channel is free.
    pub async fn resign(&self, channel: ChannelId, user: UserId) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (loaded, side) = Self::lock_game(&mut tx, channel, user).await?;
            let entry = Self::service_entry(&loaded, side, user, "resign");
            let loaded = Self::save(
                tx,
                loaded,
                Save {
                    game: None,
                    plays: Vec::new(),
                    entries: vec![entry],
                    remove_ply: None,
                    outcome: Some(Outcome::Resigned {
                        winner: side.other(),
                    }),
                    draw_offer: None,
                },
            )
            .await?;
            Ok(loaded.view())
        })
        .await
    }

    /// Offers a draw, or accepts the opponent's standing offer. An offer stands until the
    /// opponent accepts or declines it, the offerer withdraws it, or the opponent plays a move.
    pub async fn draw(&self, channel: ChannelId, user: UserId) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (loaded, side) = Self::lock_game(&mut tx, channel, user).await?;
            let opponent = mention(loaded.player(side.other()));
            let (kind, outcome, draw_offer) = match loaded.draw_offer {
                Some(offer) if offer == side => {
                    return Err(user_error(format!(
                        "You have already offered a draw: wait for {opponent} to answer, or \
                         withdraw your offer."
                    )));
                }
                Some(_) => ("draw-accept", Some(Outcome::DrawAgreed), None),
                None => ("draw-offer", None, Some(side)),
            };
            let entry = Self::service_entry(&loaded, side, user, kind);
            let loaded = Self::save(
                tx,
                loaded,
                Save {
                    game: None,
                    plays: Vec::new(),
                    entries: vec![entry],
                    remove_ply: None,
                    outcome,
                    draw_offer,
                },
            )
            .await?;
            Ok(loaded.view())
        })
        .await
    }

    /// Declines the opponent's standing draw offer.
    pub async fn decline_draw(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<GameView, AppError> {
        self.answer_draw(channel, user, "draw-decline").await
    }

    /// Withdraws one's own standing draw offer.
    pub async fn withdraw_draw(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<GameView, AppError> {
        self.answer_draw(channel, user, "draw-withdraw").await
    }

    /// Removes a standing draw offer: the opponent's (`draw-decline`) or one's own
    /// (`draw-withdraw`).
    async fn answer_draw(
        &self,
        channel: ChannelId,
        user: UserId,
        kind: &'static str,
    ) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (loaded, side) = Self::lock_game(&mut tx, channel, user).await?;
            let declining = kind == "draw-decline";
            match (loaded.draw_offer, declining) {
                (Some(offer), true) if offer != side => {}
                (Some(offer), false) if offer == side => {}
                (Some(_), true) => {
                    return Err(user_error(
                        "The draw offer is yours: withdraw it instead of declining it.",
                    ));
                }
                (Some(_), false) => {
                    return Err(user_error(format!(
                        "The draw offer is {}'s, not yours: you can accept or decline it.",
                        mention(loaded.player(side.other()))
                    )));
                }
                (None, true) => return Err(user_error("There is no draw offer to decline.")),
                (None, false) => {
                    return Err(user_error("You have no draw offer to withdraw."));
                }
            }
            let entry = Self::service_entry(&loaded, side, user, kind);
            let loaded = Self::save(
                tx,
                loaded,
                Save {
                    game: None,
                    plays: Vec::new(),
                    entries: vec![entry],
                    remove_ply: None,
                    outcome: None,
                    draw_offer: None,
                },
            )
            .await?;
            Ok(loaded.view())
        })
        .await
    }

    /// Loads a game row and its log from one snapshot.
    async fn load_row(tx: &mut Tx, row: GameRow) -> Result<Loaded, AppError> {
        let entries = games::moves(tx, row.id).await?;
        replay::load(row, entries)
    }

    /// The active game of a channel, if any.
    pub async fn game_in_channel(&self, channel: ChannelId) -> Result<Option<GameView>, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            match games::active_in_channel(&mut tx, channel).await? {
                Some(row) => Ok(Some(Self::load_row(&mut tx, row).await?.view())),
                None => Ok(None),
            }
        })
        .await
    }

    /// The open challenge of a channel, if any.
    pub async fn challenge_in_channel(
        &self,
        channel: ChannelId,
    ) -> Result<Option<ChallengeView>, AppError> {
        self.guarded(async {
            let mut conn = self.store.pool().acquire().await?;
            challenges::open_in_channel(&mut conn, channel)
                .await?
                .map(challenge_view)
                .transpose()
        })
        .await
    }

    /// A user's active games and open challenges in a guild.
    pub async fn overview(&self, guild: GuildId, user: UserId) -> Result<Overview, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            let mut overview = Overview::default();
            for row in games::active_for_user(&mut tx, guild, user).await? {
                overview
                    .games
                    .push(Self::load_row(&mut tx, row).await?.view());
            }
            for row in challenges::open_for_user(&mut tx, guild, user).await? {
                overview.challenges.push(challenge_view(row)?);
            }
            Ok(overview)
        })
        .await
    }

    /// The history of the channel's game (the active one, or the last finished one).
    pub async fn history(
        &self,
        channel: ChannelId,
    ) -> Result<(GameView, Vec<HistoryEntry>), AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            let row = games::latest_in_channel(&mut tx, channel)
                .await?
                .ok_or_else(|| {
                    user_error(
                        "No game has been played in this channel: start one with /challenge.",
                    )
                })?;
            let loaded = Self::load_row(&mut tx, row).await?;
            let entries = loaded
                .entries
                .iter()
                .map(|e| {
                    Ok(HistoryEntry {
                        ply: e.ply,
                        turn: u32::try_from(e.turn).unwrap_or(0),
                        side: replay::side_from_db(e.side)
                            .map_err(|what| replay::corrupt(loaded.row.id, &what))?,
                        user: id_from_db(e.user_id),
                        notation: e.notation.clone(),
                        at: e.played_at,
                    })
                })
                .collect::<Result<Vec<_>, AppError>>()?;
            Ok((loaded.view(), entries))
        })
        .await
    }

    /// The history as text in the notation of RULES.md, one turn per line, with timestamps.
    pub fn history_text(view: &GameView, entries: &[HistoryEntry]) -> String {
        history::text(view, entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(result: Result<Vec<&str>, AppError>) -> String {
        match result {
            Err(AppError::User(message)) => message,
            other => panic!("expected a user error, got {other:?}"),
        }
    }

    #[test]
    fn moves_are_split_on_any_whitespace() {
        assert_eq!(
            split_moves(" g9-f9\tf9-e9\n end ").ok(),
            Some(vec!["g9-f9", "f9-e9", "end"])
        );
        assert_eq!(
            split_moves("d2-d3+,d3-c4-").ok(),
            Some(vec!["d2-d3+,d3-c4-"])
        );
    }

    #[test]
    fn empty_oversized_and_overlong_move_lists_are_refused_before_any_work() {
        assert!(message(split_moves(" \n")).contains("Type a move"));
        let many = vec!["a1-a2"; MAX_MOVES_PER_COMMAND + 1].join(" ");
        assert!(message(split_moves(&many)).contains("at most"));
        let long = "a".repeat(MAX_MOVE_LEN + 1);
        assert!(message(split_moves(&long)).contains("too long"));
    }

    /// Echoed input cannot break out of its code quote (no mention or formatting injection).
    #[test]
    fn echoed_words_lose_their_backticks_and_are_cut() {
        assert_eq!(echo("g9-f9"), "`g9-f9`");
        assert_eq!(echo("x`@everyone`"), "`x@everyone`");
        assert_eq!(echo(&"b".repeat(100)).len(), 42);
    }

    /// RULES 1.3: a turn whose allowance is 0 is skipped and recorded in the move log.
    #[test]
    fn turns_the_engine_skipped_are_logged_after_the_move_for_the_skipped_player() {
        use crate::engine::fibonacci::{self, Color};
        let played = Played::Fibonacci(fibonacci::Played {
            unit: None,
            moved: None,
            exchanged: None,
            skipped: vec![(4, Color::Green)],
            turn_ended: true,
        });
        let entries = log_entries(&played, 9, 3, Side::First, 11, [11, 22]);
        let summary: Vec<(i32, i32, i16, u64, &str, &str)> = entries
            .iter()
            .map(|e| (e.ply, e.turn, e.side, e.user, e.kind, e.notation.as_str()))
            .collect();
        assert_eq!(
            summary,
            [(9, 3, 0, 11, "move", "end"), (10, 4, 1, 22, "skip", "skip")]
        );
        let played = Played::Fanorona(crate::engine::fanorona::Played {
            steps: Vec::new(),
            turn_ended: true,
        });
        assert_eq!(
            log_entries(&played, 1, 1, Side::Second, 22, [11, 22]).len(),
            1
        );
    }

    #[test]
    fn players_are_named_by_mention() {
        assert_eq!(mention(42), "<@42>");
    }
}
