//! Why a command failed: a typed [`Refusal`] that carries its facts, the database being away, or
//! an internal error that keeps its source chain. The service never words anything for players:
//! each front end puts a refusal into words in one place (the Discord layer's `words` module).

use crate::engine::{GameKind, MoveError, Side};
use crate::store::StoreError;
use crate::store::embedded::EmbeddedError;

use super::{ChallengeState, ChannelId, UserId};
use crate::store::kinds::FollowKind;

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The command is not allowed now; nothing changed. The front end words it.
    #[error("refused: {0:?}")]
    Refused(Refusal),
    /// The database could not be reached; nothing changed, try again later.
    #[error("the game service is temporarily unavailable; please try again in a minute")]
    Unavailable,
    /// A bug or a damaged database: logged with its causes, shown only as an apology.
    #[error("internal error")]
    Internal(#[source] InternalError),
}

impl From<Refusal> for AppError {
    fn from(refusal: Refusal) -> Self {
        AppError::Refused(refusal)
    }
}

impl From<InternalError> for AppError {
    fn from(error: InternalError) -> Self {
        AppError::Internal(error)
    }
}

impl AppError {
    /// The refusal, if this is one.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            AppError::Refused(r) => Some(r),
            _ => None,
        }
    }
}

/// What went wrong inside, with its source chain for the log.
#[derive(Debug, thiserror::Error)]
pub enum InternalError {
    /// The store's error says what failed ("database error: …") and its cause.
    #[error(transparent)]
    Store(StoreError),
    /// A row the program cannot read, or a move log that does not replay to its game row.
    #[error("inconsistent data: {0}")]
    Corrupt(String),
    /// (getrandom's error is not a `std` error without its `std` feature: kept as its text.)
    #[error("no random source: {0}")]
    Random(String),
    /// The AI's thread refused or dropped a search (its queue full, or the thread gone).
    #[error("the AI could not search: {0}")]
    Ai(String),
}

/// A command the service refused, with the facts a front end needs to say why and what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A challenge to oneself.
    SelfChallenge,
    /// A tournament command refused.
    Tournament(super::tournaments::TournamentRefusal),
    /// A vacation command refused (or a clock a vacation holds).
    Vacation(super::vacation::VacationRefusal),
    /// A conditional move refused.
    Premove(super::premove::PremoveRefusal),
    /// A puzzle command refused.
    Puzzle(super::puzzles::PuzzleRefusal),
    /// A lesson command refused (or an answer that misses its step).
    Lesson(super::learn::LessonRefusal),
    /// A challenge to another bot: bots other than this one do not play.
    ChallengeBot,
    /// A game asked for where it cannot be played (see [`super::reach::Place`]).
    Place(super::reach::PlaceRefusal),
    /// An AI level asked of a challenge to a person: a level is for a game against `bot`.
    LevelNeedsBot {
        bot: UserId,
    },
    /// A rated game asked against the AI: games against the AI are never rated.
    AiNeverRated,
    /// The channel already holds a game or an open challenge.
    ChannelBusy(ChannelHolder),
    /// No challenge has this id (a button of a deleted challenge).
    NoSuchChallenge(ChallengeAction),
    /// The channel has no open challenge to answer.
    NoOpenChallenge(ChallengeAction),
    /// The challenge was answered already.
    ChallengeClosed {
        challenge: i64,
        channel: ChannelId,
        state: ChallengeState,
    },
    /// The challenger tried to accept or decline their own challenge.
    OwnChallenge {
        action: ChallengeAction,
        challenged: UserId,
    },
    /// Someone other than the challenged player tried to accept or decline.
    NotChallenged {
        action: ChallengeAction,
        challenged: UserId,
    },
    /// Someone other than the challenger tried to withdraw a challenge.
    NotChallenger {
        challenger: UserId,
        /// The one asking is the challenged player (who can decline instead).
        asked_by_challenged: bool,
    },
    /// The channel has no game in progress.
    NoGame,
    /// The channel's challenge has not been accepted yet.
    GameNotStarted {
        challenged: UserId,
    },
    /// The user does not play in the channel's game.
    NotAPlayer {
        players: [UserId; 2],
    },
    /// Another player is to move.
    NotYourTurn {
        player: UserId,
        side: Side,
        game: GameKind,
    },
    /// A move command without a move.
    NoMoveGiven,
    /// More moves than one command takes.
    TooManyMoves {
        count: usize,
        max: usize,
    },
    /// A word far too long to be a move (quoted, cut to 40 characters).
    MoveTooLong {
        word: String,
    },
    /// A move sent after the move that ended the game (`batch`: several moves were sent).
    GameEndsBefore {
        last: String,
        next: String,
        batch: bool,
    },
    /// A move sent after the move that ended the player's turn.
    TurnEndsBefore {
        last: String,
        next: String,
        batch: bool,
    },
    /// `end` with no capture chain to stop (a Fanorona turn ends by itself).
    NoChainToStop {
        batch: bool,
    },
    /// The engine refused a move.
    IllegalMove {
        word: String,
        error: MoveError,
        batch: bool,
    },
    /// No move has been played in the game.
    NothingToUndo,
    /// The player's turn has passed to the opponent.
    TurnPassed {
        opponent: UserId,
    },
    /// It is the opponent's turn and the player has no move in it.
    OpponentsTurn {
        opponent: UserId,
    },
    /// The player has not moved yet in the turn in progress.
    NotMovedThisTurn,
    /// A move panel of a game that is no longer the channel's game in progress (it ended, or
    /// the id is forged).
    PanelGone,
    /// A move panel built from another moment of the game (it moved on since, or the turn and
    /// version are forged): nothing was played.
    PanelStale,
    /// The player's own draw offer stands already.
    DrawAlreadyOffered {
        opponent: UserId,
    },
    /// Declining one's own offer.
    DrawOfferIsYours,
    /// Withdrawing the opponent's offer.
    DrawOfferIsTheirs {
        offerer: UserId,
    },
    NoDrawToDecline,
    NoDrawToWithdraw,
    /// `/history` in a channel that never had a game.
    NoGameYet,
    /// A game id that names no game of this server (none at all, or another server's).
    NoSuchGame {
        id: i64,
    },
    /// A turn the game has not reached (a forged or stale button of the move browser).
    NoSuchTurn {
        id: i64,
        turn: u32,
        turns: u32,
    },
    /// A review asked of a game still in progress: it would be advice to its players.
    ReviewInProgress {
        id: i64,
    },
    /// A pause of a number of days outside 1..=14.
    PauseDays {
        given: i64,
    },
    /// The game has no clock: there is nothing to pause or resume.
    NoClock,
    /// The game is paused already.
    AlreadyPaused {
        until: chrono::DateTime<chrono::Utc>,
    },
    /// The player's own request to pause stands already.
    PauseAlreadyAsked {
        opponent: UserId,
        days: u8,
    },
    /// The pause would take the player past their paused days for the game.
    PauseBudget {
        asked: u8,
        left: u8,
    },
    /// `/resume` while the clock runs.
    NotPaused,
    /// Answering a request to pause when none stands.
    NoPauseOffer,
    /// Answering one's own request to pause.
    OwnPauseOffer {
        opponent: UserId,
    },
    /// A rematch or vela round asked in a channel whose last game is still on (or never was).
    NoFinishedGame,
    /// A rematch or vela round asked by someone who did not play the game.
    NotInFinishedGame {
        players: [UserId; 2],
    },
    /// The game already has a follow-up of this kind offered or accepted.
    FollowUpTaken {
        kind: FollowKind,
        state: ChallengeState,
    },
    /// A vela round asked after a game that cannot have one.
    NoVela(NoVelaBecause),
}

/// Why a finished game cannot be followed by a vela round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoVelaBecause {
    /// Only Fanorona has a vela round.
    NotFanorona,
    /// The game was itself a vela round.
    AlreadyVela,
    /// Nobody won the game (a draw or an abort).
    NoWinner,
}

/// What holds a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelHolder {
    Game {
        players: [UserId; 2],
    },
    Challenge {
        challenger: UserId,
        challenged: UserId,
    },
    /// Taken in the same moment by another command.
    JustTaken,
}

/// The answer a command gives to a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeAction {
    Accept,
    Decline,
    Cancel,
}

impl From<StoreError> for AppError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::Unavailable(e) => {
                tracing::warn!("database unavailable: {e}");
                AppError::Unavailable
            }
            StoreError::ChannelTaken(_) => Refusal::ChannelBusy(ChannelHolder::JustTaken).into(),
            // Offered by someone else in the same moment; the command re-reads what won.
            StoreError::FollowUpTaken(_) => Refusal::ChannelBusy(ChannelHolder::JustTaken).into(),
            other => InternalError::Store(other).into(),
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        StoreError::from(error).into()
    }
}

/// Why the service could not start, in words for the host (whoever runs the bot or the command
/// line), never the players' ones: each names the database server and says what to do. The
/// text says the whole cause and there is no `source`, so that printing the text alone and
/// printing the whole chain ([`chain`]) both say the cause once.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Embedded(#[from] EmbeddedError),
    /// `DATABASE_URL` or the pool's size cannot be used: the host's settings, not the server.
    #[error("{0}")]
    Settings(String),
    /// The server at `at` (`host:port`) did not answer: `error` when connecting, none when it
    /// stopped answering once connected.
    #[error(
        "the database server at {at} does not answer{}; check that PostgreSQL runs there and \
         that DATABASE_URL names it, then try again",
        error.as_ref().map_or_else(String::new, |e| format!(" ({e})"))
    )]
    Unreachable {
        at: String,
        error: Option<sqlx::Error>,
    },
    /// The server at `at` answered, but the service could not start on it (migrations that do
    /// not apply, a damaged database).
    #[error(
        "the database server at {at} answered, but the game service could not start on it: {}",
        match error { AppError::Internal(inner) => chain(inner), other => chain(other) }
    )]
    Failed { at: String, error: AppError },
}

impl StartError {
    /// What the store's `error` means for the start on the server at `at`.
    pub fn from_store(at: &str, error: StoreError) -> StartError {
        match error {
            StoreError::Settings(why) => StartError::Settings(why),
            StoreError::Unavailable(error) => StartError::Unreachable {
                at: at.to_string(),
                error: Some(error),
            },
            other => StartError::Failed {
                at: at.to_string(),
                error: InternalError::Store(other).into(),
            },
        }
    }

    /// What the service's `error` means for the start on the server at `at`.
    pub fn from_service(at: &str, error: AppError) -> StartError {
        match error {
            AppError::Unavailable => StartError::Unreachable {
                at: at.to_string(),
                error: None,
            },
            error => StartError::Failed {
                at: at.to_string(),
                error,
            },
        }
    }
}

/// An error and every cause under it, on one line, for the log.
pub fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
