//! The game service: every front end (Discord, the terminal, a future web page) goes through it.
//! It combines the engine and the store and knows nothing of Discord: refusals are typed
//! ([`Refusal`]) and each front end words them.
//!
//! - [`challenges`](Service::challenge): challenges and their answers;
//! - `games`: moves, undo, resignation, and the locked load/save every game command goes through;
//! - `draws`: draw offers and their answers;
//! - `views`: what front ends get back; `replay`: loading a game by replaying its log;
//! - `history`: the text export of a game; `start`: the database and the service at start-up;
//! - `ratings`: Glicko-2 ratings updated as rated games end, the leaderboard and profiles;
//! - `panel`: moves picked from menus, each checked against the moment its panel was built from.

mod ai;
mod challenges;
pub mod clock;
pub mod colours;
mod draws;
mod error;
mod follow;

pub use ai::{AiPlayed, AiRunner, play_ai_turns};
pub use challenges::{Challenged, Opponent, who_plays};
pub use follow::FollowUp;
mod daily;
mod followed;
mod games;
mod held;
mod history;
mod input;
mod installation;
mod languages;
mod learn;
mod logs;
mod lookback;
mod panel;
mod pauses;
mod pictures;
mod premove;
mod puzzles;
mod ratings;
mod reach;
mod replay;
mod review;
mod schedule;
mod start;
mod tournaments;
mod turn_log;
mod vacation;
mod views;

use std::sync::Arc;
use std::time::Duration;

use crate::store::Store;

pub use crate::store::kinds::{
    ChallengeState, ColourChoice, Colours, FollowKind, NoticeKind, Notify,
};
pub use crate::store::locales::LocaleOwner;
pub use clock::{Clock, GameClock, ManualClock, SystemClock, TurnClock};
pub use daily::{DAILY_HOUR, DailyPost, day_number, day_of_number};
pub use error::{
    AppError, ChallengeAction, ChannelHolder, InternalError, LessonRefusal, NoVelaBecause,
    PlaceRefusal, PremoveRefusal, PuzzleRefusal, Refusal, StartError, TournamentRefusal,
    VacationRefusal, chain,
};
pub use languages::Languages;
pub use learn::{LessonAction, LessonEvent, LessonView, MAX_LESSON_ANSWER};
pub use lookback::{GameTurns, TurnStep};
pub use panel::{
    MAX_PICK, MENU_LIMIT, MenuMove, MoveEffect, PanelKey, Pick, by_piece, menu_moves, pieces,
};
pub use pauses::PauseStep;
pub use pictures::Pictures;
pub use premove::{MAX_PREMOVE_LINES, MAX_PREMOVE_PAIRS, MAX_PREMOVE_TEXT, Premoves};
pub use puzzles::{Answered, GaveUp, PuzzleStanding, PuzzleView};
pub use ratings::{
    GameRecord, LAST_RESULTS, LEADERBOARD_SIZE, Leaderboard, Profile, RatedResult, Rebuilt,
    Standing,
};
pub use reach::{Place, place_allows};
pub use review::{GameReview, review_game};
pub use schedule::{AiTurn, Notice, TickReport};
pub use start::{
    DatabaseConfig, LEGACY_DATA_DIR, Running, default_data_dir, default_data_dir_for,
    legacy_data_dir, start,
};
pub use tournaments::{
    Advanced, EventPlayer, GameToStart, NewTournament, PairedGame, Table, TournamentState,
    TournamentView,
};
pub use vacation::{AutoVacation, VACATION_DAYS_PER_YEAR, Vacation};
pub use views::{
    ChallengeView, ConditionalReply, EventTag, GameView, HistoryEntry, MoveOutcome, NewChallenge,
    Outcome, Overview, RatingChange,
};

/// A user, channel or guild id (Discord snowflakes; opaque numbers to the service).
pub type UserId = u64;
pub type ChannelId = u64;
pub type GuildId = u64;
pub type MessageId = u64;

/// The longest a command may take while the database answers, waits for a busy pool or a busy
/// game included: well within the 15 minutes Discord allows for a deferred answer, and short
/// enough that a pooled connection dead without a reset (which the probe, opening a fresh one,
/// does not see) holds nobody up for long.
pub const OPERATION_TIMEOUT: Duration = Duration::from_secs(2 * 60);

/// A command still running this long asks whether the database answers at all: a connection
/// that hangs (a network cut without a reset) ends as [`AppError::Unavailable`] once the server
/// is found not to answer, however long the command may otherwise wait.
pub const HANG_CHECK_AFTER: Duration = Duration::from_secs(5);

/// The most moves one `play` command may carry (a Fibonacci turn has at most 6).
pub const MAX_MOVES_PER_COMMAND: usize = 16;

/// The game service.
#[derive(Clone, Debug)]
pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    /// The logs of the games played lately, shared by the service's clones.
    logs: Arc<logs::LogCache>,
    /// Rung when a command leaves the AI to move: its player ([`play_ai_turns`]) looks at once.
    ai_bell: Arc<tokio::sync::Notify>,
    /// Who may have notices held (see [`held`]).
    held: Arc<held::HeldIndex>,
    /// Who chose other colours for their own pictures (see [`colours`]).
    colours: Arc<colours::ColoursIndex>,
}

impl Service {
    /// Connects to `database_url` and applies the migrations. The service reads the system's
    /// clock ([`Service::with_clock`] gives it another).
    /// A database that holds finished games but no ratings yet (from before ratings existed)
    /// gets them rebuilt here.
    pub async fn connect(database_url: &str) -> Result<Service, AppError> {
        Service::open(Store::connect(database_url).await?).await
    }

    /// [`Service::connect`] with the host's words for what failed, naming the server
    /// (see [`StartError`]).
    pub(crate) async fn connect_for_host(database_url: &str) -> Result<Service, StartError> {
        let at = match crate::store::server_address(database_url) {
            Ok(at) => at,
            Err(e) => return Err(StartError::from_store("", e)),
        };
        let store = Store::connect(database_url)
            .await
            .map_err(|e| StartError::from_store(&at, e))?;
        Service::open(store)
            .await
            .map_err(|e| StartError::from_service(&at, e))
    }

    /// The service on a connected store, the shipped puzzles loaded and the ratings rebuilt if
    /// missing.
    async fn open(store: Store) -> Result<Service, AppError> {
        let service = Service {
            store,
            clock: Arc::new(SystemClock),
            logs: Arc::default(),
            ai_bell: Arc::default(),
            held: Arc::default(),
            colours: Arc::default(),
        };
        let added = service.load_puzzles().await?;
        if added > 0 {
            tracing::info!(added, "loaded the shipped puzzles");
        }
        if service.rebuild_ratings_if_missing().await? {
            tracing::info!("rebuilt the ratings of the games played before ratings existed");
        }
        Ok(service)
    }

    /// The same service reading `clock` (tests move it by days).
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Service {
        self.clock = clock;
        self
    }

    /// The database server, as `host:port`, for the host's messages (never the password).
    pub fn database_address(&self) -> String {
        self.store.address()
    }

    /// Connections the database pool holds, and how many of them are idle.
    pub fn pool_use(&self) -> (u32, usize) {
        let pool = self.store.pool();
        (pool.size(), pool.num_idle())
    }

    /// True when the database answers, on a connection of its own: a busy pool is healthy.
    pub async fn healthy(&self) -> bool {
        self.store.answers(Duration::ZERO).await
    }

    /// How many games are in progress.
    pub async fn games_in_progress(&self) -> Result<i64, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            Ok(crate::store::games::count_in_progress(&mut conn).await?)
        })
        .await
    }

    /// The service's time now.
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.clock.now()
    }

    /// Runs one command while the database answers, at most [`OPERATION_TIMEOUT`].
    async fn guarded<T>(
        &self,
        command: impl Future<Output = Result<T, AppError>>,
    ) -> Result<T, AppError> {
        tokio::select! {
            result = command => result,
            () = self.store.until_down(HANG_CHECK_AFTER) => {
                tracing::warn!("the database stopped answering during a command; giving up");
                Err(AppError::Unavailable)
            }
            () = tokio::time::sleep(OPERATION_TIMEOUT) => {
                tracing::warn!("a command took longer than {OPERATION_TIMEOUT:?}; giving up");
                Err(AppError::Unavailable)
            }
        }
    }

    /// The history as text in the game's notation (docs/<game>.md, Notation), one turn per line,
    /// with timestamps; players are named by `name` (a front end's way of naming a user).
    pub fn history_text(
        view: &GameView,
        entries: &[HistoryEntry],
        name: impl Fn(UserId) -> String,
    ) -> String {
        history::text(view, entries, name)
    }
}

/// A fresh random number from the operating system.
fn random_u64() -> Result<u64, AppError> {
    getrandom::u64().map_err(|e| {
        tracing::error!("no random source: {e}");
        InternalError::Random(e.to_string()).into()
    })
}

/// The `/metrics` endpoint's readings are the service's own.
impl crate::metrics::Readings for Service {
    fn pool_use(&self) -> (u32, usize) {
        Service::pool_use(self)
    }

    async fn games_in_progress(&self) -> Result<i64, String> {
        Service::games_in_progress(self)
            .await
            .map_err(|e| e.to_string())
    }

    async fn healthy(&self) -> bool {
        Service::healthy(self).await
    }
}
