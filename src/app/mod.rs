//! The game service: every front end (Discord, the terminal, a future web page) goes through it.
//! It combines the engine and the store and knows nothing of Discord.
//!
//! CONTRACT (used by the Discord layer): the public names and signatures in this file. The
//! service's helper owns the bodies and may add items; renaming or removing needs the callers
//! updated in the same change.

use crate::engine::{Config, Game, Played, Side};

/// A user, channel or guild id (Discord snowflakes; opaque numbers to the service).
pub type UserId = u64;
pub type ChannelId = u64;
pub type GuildId = u64;

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

/// The game service.
#[derive(Clone, Debug)]
pub struct Service {
    _private: (),
}

impl Service {
    /// Connects to `database_url` and applies the migrations.
    pub async fn connect(database_url: &str) -> Result<Service, AppError> {
        todo!("{database_url}")
    }

    pub async fn challenge(&self, new: NewChallenge) -> Result<ChallengeView, AppError> {
        todo!("{new:?}")
    }

    /// Accepts the open challenge `id` (buttons carry the id).
    pub async fn accept(&self, id: i64, user: UserId) -> Result<GameView, AppError> {
        todo!("{id} {user}")
    }

    /// Accepts the open challenge of `channel` addressed to `user` (`/accept`).
    pub async fn accept_in_channel(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<GameView, AppError> {
        todo!("{channel} {user}")
    }

    pub async fn decline(&self, id: i64, user: UserId) -> Result<ChallengeView, AppError> {
        todo!("{id} {user}")
    }

    pub async fn decline_in_channel(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<ChallengeView, AppError> {
        todo!("{channel} {user}")
    }

    /// The challenger withdraws the open challenge of `channel`.
    pub async fn cancel(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<ChallengeView, AppError> {
        todo!("{channel} {user}")
    }

    /// Expires open challenges older than `max_age`; returns how many.
    pub async fn expire_challenges(&self, max_age: std::time::Duration) -> Result<u64, AppError> {
        todo!("{max_age:?}")
    }

    /// The open challenge with this id, whatever its state (for stale buttons).
    pub async fn challenge_by_id(&self, id: i64) -> Result<Option<ChallengeView>, AppError> {
        todo!("{id}")
    }

    /// Plays one or several moves separated by spaces (`g9-f9 f9-e9`, `d2-d3+,d3-c4-`).
    /// All or nothing: if one is illegal, none is kept and the error names it.
    pub async fn play(
        &self,
        channel: ChannelId,
        user: UserId,
        moves: &str,
    ) -> Result<MoveOutcome, AppError> {
        todo!("{channel} {user} {moves}")
    }

    /// Ends the Fibonacci turn early, or stops a Fanorona chain.
    pub async fn end_turn(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<MoveOutcome, AppError> {
        todo!("{channel} {user}")
    }

    /// Takes back the player's own last move of the turn still in progress.
    pub async fn undo(&self, channel: ChannelId, user: UserId) -> Result<MoveOutcome, AppError> {
        todo!("{channel} {user}")
    }

    pub async fn resign(&self, channel: ChannelId, user: UserId) -> Result<GameView, AppError> {
        todo!("{channel} {user}")
    }

    /// Offers a draw, or accepts the opponent's standing offer.
    pub async fn draw(&self, channel: ChannelId, user: UserId) -> Result<GameView, AppError> {
        todo!("{channel} {user}")
    }

    /// Declines the opponent's standing draw offer.
    pub async fn decline_draw(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<GameView, AppError> {
        todo!("{channel} {user}")
    }

    /// Withdraws one's own standing draw offer.
    pub async fn withdraw_draw(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<GameView, AppError> {
        todo!("{channel} {user}")
    }

    /// The active game of a channel, if any.
    pub async fn game_in_channel(&self, channel: ChannelId) -> Result<Option<GameView>, AppError> {
        todo!("{channel}")
    }

    /// The open challenge of a channel, if any.
    pub async fn challenge_in_channel(
        &self,
        channel: ChannelId,
    ) -> Result<Option<ChallengeView>, AppError> {
        todo!("{channel}")
    }

    /// A user's active games and open challenges in a guild.
    pub async fn overview(&self, guild: GuildId, user: UserId) -> Result<Overview, AppError> {
        todo!("{guild} {user}")
    }

    /// The history of the channel's game (the active one, or the last finished one).
    pub async fn history(
        &self,
        channel: ChannelId,
    ) -> Result<(GameView, Vec<HistoryEntry>), AppError> {
        todo!("{channel}")
    }

    /// The history as text in the notation of RULES.md, one turn per line, with timestamps.
    pub fn history_text(view: &GameView, entries: &[HistoryEntry]) -> String {
        todo!("{view:?} {entries:?}")
    }
}
