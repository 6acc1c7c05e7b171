//! What the service refuses, as typed facts: [`Refusal`], and each use case's own refusal
//! ([`TournamentRefusal`], [`VacationRefusal`], …), which a front end words. They sit here, under
//! the features that refuse, so that the shared error imports no feature.

use chrono::{DateTime, Utc};

use crate::engine::{GameKind, MoveError, Side};
use crate::lessons::LessonMiss;
use crate::puzzles::Miss;
use crate::store::kinds::FollowKind;

use super::AppError;
use crate::app::{ChallengeState, ChannelId, UserId};

/// A command the service refused, with the facts a front end needs to say why and what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A challenge to oneself.
    SelfChallenge,
    /// A tournament command refused.
    Tournament(TournamentRefusal),
    /// A vacation command refused (or a clock a vacation holds).
    Vacation(VacationRefusal),
    /// A conditional move refused.
    Premove(PremoveRefusal),
    /// A puzzle command refused.
    Puzzle(PuzzleRefusal),
    /// A lesson command refused (or an answer that misses its step).
    Lesson(LessonRefusal),
    /// A challenge to another bot: bots other than this one do not play.
    ChallengeBot,
    /// A game asked for where it cannot be played (see [`crate::app::Place`]).
    Place(PlaceRefusal),
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

/// Why a tournament command was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRefusal {
    /// A Swiss event needs `rounds:` from 2 to 15 (given: what was asked, if anything).
    Rounds {
        given: Option<i64>,
    },
    /// `rounds:` on a round-robin, `double:` on a Swiss event.
    OptionNotForFormat {
        option: &'static str,
    },
    /// An empty or overlong name.
    Name {
        max: usize,
    },
    /// `max_players:` below 3.
    MaxPlayers {
        given: i64,
    },
    /// The channel's event has not ended.
    ChannelBusy {
        name: String,
    },
    /// No event here (or with that id in this server).
    NoTournament,
    /// Joining, leaving or cancelling after the start.
    Started {
        name: String,
    },
    /// The event is over.
    Over {
        name: String,
    },
    AlreadyJoined {
        name: String,
    },
    NotJoined {
        name: String,
    },
    Full {
        name: String,
        max: u32,
    },
    TooFewPlayers {
        have: usize,
        need: usize,
    },
    /// Starting or cancelling by someone other than the creator (or a server manager).
    NotCreator {
        creator: UserId,
    },
    /// Withdrawing twice.
    AlreadyWithdrawn {
        name: String,
    },
}

impl From<TournamentRefusal> for AppError {
    fn from(refusal: TournamentRefusal) -> AppError {
        Refusal::Tournament(refusal).into()
    }
}

/// Why a vacation command was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VacationRefusal {
    /// A vacation of a number of days outside 1..=30.
    Days { given: i64 },
    /// More days than the year has left.
    Budget { asked: u8, left: u8 },
    /// A vacation while one lasts.
    AlreadyOn { until: DateTime<Utc> },
    /// `/vacation end` with no vacation.
    NotOn,
    /// `/resume` of a clock that a vacation stopped: it restarts when the vacation ends.
    Holds {
        player: UserId,
        until: DateTime<Utc>,
    },
}

/// Why a conditional move was refused. Turns are counted from 1 along the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PremoveRefusal {
    /// It is the player's own turn: they play it with the move command.
    YourTurn,
    /// The line text is over [`MAX_PREMOVE_TEXT`](crate::app::MAX_PREMOVE_TEXT) characters.
    TooLong,
    /// A turn of the line is empty (`a ; ; b`), or the whole line is.
    EmptyTurn { turn: usize },
    /// The line ends with the opponent's turn: it has no reply to play.
    NoReply,
    /// More than [`MAX_PREMOVE_PAIRS`](crate::app::MAX_PREMOVE_PAIRS) pairs.
    TooManyPairs { pairs: usize },
    /// The player already keeps [`MAX_PREMOVE_LINES`](crate::app::MAX_PREMOVE_LINES) lines in this game.
    TooManyLines,
    /// The same line (turn for turn, by position) is already kept.
    Duplicate,
    /// A move of the line cannot be played there.
    Illegal {
        turn: usize,
        yours: bool,
        word: String,
        error: MoveError,
    },
    /// A turn of the line does not end the turn (a Fibonacci turn short of its allowance, a
    /// Fanorona chain that could go on): it needs `end`.
    Unfinished { turn: usize, yours: bool },
    /// A turn of the line goes on after its turn ended.
    TurnEndsBefore {
        turn: usize,
        yours: bool,
        word: String,
    },
    /// The turn that should come is not that player's: the rules skip it (a Fibonacci turn
    /// whose allowance is 0).
    Skipped { turn: usize, yours: bool },
    /// The game ends at this turn, before the rest of the line.
    GameEnds { turn: usize },
}

impl From<PremoveRefusal> for AppError {
    fn from(why: PremoveRefusal) -> Self {
        Refusal::Premove(why).into()
    }
}

/// Why a puzzle command was refused; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleRefusal {
    /// An answer, or Give up, with no puzzle open.
    NoneOpen,
    /// An answer that does not play: empty, a move refused, or moves after the turn's end.
    NotPlayed(Miss),
    /// A button of a puzzle that is not the user's open one (another's, or closed).
    NotOpen,
    /// No puzzles for this game (of this level).
    NoPuzzles { game: GameKind },
    /// The daily puzzle of a day the server did not get one.
    NoDaily,
}

/// Why a lesson command was refused; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonRefusal {
    /// This game has no lessons.
    NoLessons(GameKind),
    /// No lesson of this number: the game has `count`.
    NoSuchLesson {
        kind: GameKind,
        lesson: i64,
        count: u8,
    },
    /// An answer while no lesson is open.
    NoLessonOpen,
    /// A button for a step before the first or after the last (a stale or forged button).
    NoSuchStep { kind: GameKind, index: i64 },
    /// An answer that is longer than [`MAX_LESSON_ANSWER`](crate::app::MAX_LESSON_ANSWER) characters.
    TooLong,
    /// The answer misses the step's task.
    Missed {
        kind: GameKind,
        step: &'static str,
        miss: LessonMiss,
    },
}

impl From<LessonRefusal> for AppError {
    fn from(why: LessonRefusal) -> Self {
        Refusal::Lesson(why).into()
    }
}

/// Why a game cannot start where it was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceRefusal {
    /// A person challenged in the DM with the bot, where only the two of them are.
    BotDmIsForAi,
    /// A game against the AI where the bot can only answer interactions: it could not post
    /// its own moves.
    AiNeedsBotChannel,
    /// A server that did not install the bot and does not allow external apps: every answer
    /// would be seen by its recipient only.
    ExternalAppsOff,
}
