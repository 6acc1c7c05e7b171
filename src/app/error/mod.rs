//! Why a command failed: a typed [`Refusal`] that carries its facts, the database being away, or
//! an internal error that keeps its source chain. The service never words anything for players:
//! every front end puts a refusal into words through [`crate::words::refusal`], giving only how
//! it writes a person and a moment.

mod refusal;

use crate::store::StoreError;
use crate::store::embedded::EmbeddedError;

pub use refusal::*;

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
