//! What the service hands to front ends: challenges and games as they stand, and the results of
//! commands. Rows of the store become views here.

use crate::ai::Level;
use crate::engine::{Config, Game, Played, Side, WinReason};
use crate::rating::{Rating, RatingGame, Score};
use crate::store::challenges::ChallengeRow;
use crate::store::id_from_db;

use super::clock::{GameClock, TurnClock};
use super::error::{AppError, InternalError};
use super::{ChallengeState, ChannelId, ColourChoice, FollowKind, GuildId, MessageId, UserId};

/// What one rated game did to one player's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub user: UserId,
    pub game: RatingGame,
    pub score: Score,
    /// As the game found it (idle periods applied).
    pub before: Rating,
    pub after: Rating,
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
    pub clock: TurnClock,
    /// Whether the game will count for the ratings (`/challenge rated:`, true by default).
    pub rated: bool,
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
    pub clock: TurnClock,
    /// The finished game this challenge follows, and how (a rematch, a vela round).
    pub follows: Option<(FollowKind, i64)>,
    pub rated: bool,
}

impl TryFrom<ChallengeRow> for ChallengeView {
    type Error = AppError;
    fn try_from(row: ChallengeRow) -> Result<Self, AppError> {
        let config = parse_config(&row.options).map_err(|what| {
            AppError::from(InternalError::Corrupt(format!(
                "challenge {}: {what}",
                row.id
            )))
        })?;
        Ok(ChallengeView {
            id: row.id,
            challenger: id_from_db(row.challenger),
            challenged: id_from_db(row.challenged),
            guild: id_from_db(row.guild_id),
            channel: id_from_db(row.channel_id),
            config,
            colour: row.colour,
            state: row.state,
            message: row.message_id.map(id_from_db),
            clock: TurnClock::from_secs(row.clock_secs, row.clock_increment_secs),
            follows: row.follows.zip(row.follow_kind).map(|(g, k)| (k, g)),
            rated: row.rated,
        })
    }
}

/// The engine's options from their stored text.
pub(super) fn parse_config(options: &str) -> Result<Config, String> {
    options
        .parse()
        .map_err(|e| format!("options {options:?}: {e}"))
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Won by the rules (the engine's reason).
    Won(Side, WinReason),
    /// The other side resigned.
    Resigned {
        winner: Side,
    },
    Draw,
    DrawAgreed,
    /// The other side ran out of time.
    Timeout {
        winner: Side,
    },
    /// The side to move (it still is) ran out of time without ever having moved: no result.
    Aborted,
}

impl Outcome {
    /// The winner, if the game had one.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Won(side, _) => Some(side),
            Outcome::Resigned { winner } | Outcome::Timeout { winner } => Some(winner),
            Outcome::Draw | Outcome::DrawAgreed | Outcome::Aborted => None,
        }
    }
}

/// The tournament a game belongs to: its id, name and (Swiss) round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventTag {
    pub id: i64,
    pub name: String,
    pub round: Option<u32>,
}

/// A game as the front ends see it: who plays, the current engine state, the last turn.
#[derive(Clone, Debug)]
pub struct GameView {
    pub id: i64,
    /// Bumped by every command that changes the game: the same id and version show the same
    /// board.
    pub version: i32,
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
    /// The challenge this command accepted (so the game began): the buttons of its message no
    /// longer apply. `None` from every other command.
    pub accepted_challenge: Option<ChallengeView>,
    /// The tournament the game belongs to, if any.
    pub tournament: Option<EventTag>,
    /// The clock: time per turn, deadline, pause.
    pub clock: GameClock,
    /// The game this one follows, and how (a rematch, a vela round).
    pub follows: Option<(FollowKind, i64)>,
    /// A game against the bot: the side the AI plays, and its level.
    pub ai: Option<(Side, Level)>,
    /// Whether the game counts for the ratings.
    pub rated: bool,
    /// What the game did to its players' ratings, when it just ended rated (filled by the
    /// command or notice that ended it; empty otherwise).
    pub ratings: Vec<RatingChange>,
    /// A moment inside one command (a turn, before the conditional move that answered it):
    /// not the stored state of `version`, so its board is not that version's board.
    pub interim: bool,
}

impl GameView {
    /// The user to move, if the game is on.
    pub fn player_to_move(&self) -> Option<UserId> {
        self.outcome
            .is_none()
            .then(|| self.player(self.game.side_to_move()))
    }

    /// The user playing `side`.
    pub fn player(&self, side: Side) -> UserId {
        self.players[side.index()]
    }

    /// The side `user` plays, if they play in this game.
    pub fn side_of(&self, user: UserId) -> Option<Side> {
        side_of(self.players, user)
    }
}

/// The side `user` plays among `players`, if any.
pub(super) fn side_of(players: [UserId; 2], user: UserId) -> Option<Side> {
    Side::BOTH
        .into_iter()
        .find(|side| players[side.index()] == user)
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
    /// The conditional replies played at once after the command's turn, in order (the last
    /// one's view is `view`).
    pub replies: Vec<ConditionalReply>,
    /// With replies: the game after the command's own moves, before the first reply.
    pub before_replies: Option<Box<GameView>>,
}

impl MoveOutcome {
    /// The game right after the command's own moves (before any conditional reply).
    pub fn own_view(&self) -> &GameView {
        self.before_replies.as_deref().unwrap_or(&self.view)
    }
}

/// A conditional move (`/premove`) played at once in answer to a turn.
#[derive(Clone, Debug)]
pub struct ConditionalReply {
    /// The player whose line it was.
    pub user: UserId,
    /// The turn, in the notation of the move log, moves joined by spaces.
    pub moves: String,
    /// The game after it.
    pub view: GameView,
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
    /// True for what the engine played (as opposed to skips, resignation and draw events).
    pub is_move: bool,
    pub at: chrono::DateTime<chrono::Utc>,
}

/// A user's active games (most urgent first), open challenges and last finished games in one
/// guild.
#[derive(Clone, Debug, Default)]
pub struct Overview {
    pub games: Vec<GameView>,
    pub challenges: Vec<ChallengeView>,
    /// The last few finished games, newest first.
    pub finished: Vec<GameView>,
}
