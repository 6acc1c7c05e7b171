//! Tournaments: a server's round-robin and Swiss events, from sign-up to final standings.
//!
//! The rules (pairing, standings) are the pure [`crate::tournament`] layer's; this module keeps
//! the events in the database and moves them on:
//! - `create`, `join`, `leave`, `cancel` while the event is open;
//! - `start` pairs the first round (a round-robin pairs every game at once);
//! - each paired game waits for a front end to give it a channel (its thread):
//!   [`Service::claim_tournament_game`], then [`Service::start_tournament_game`];
//! - the scheduler calls [`Service::advance_tournaments`]: a Swiss round over pairs the next
//!   one, the last round over ends the event. Two processes on one database pair each round
//!   exactly once (`FOR UPDATE SKIP LOCKED`).

use std::collections::HashMap;

use crate::engine::{Codec, Config};
use crate::rating::{Rating, RatingGame};
use crate::store::challenges::{self, NewChallengeRow};
use crate::store::id_from_db;
use crate::store::ratings;
use crate::store::tournaments::{self as store, EventGameRow, NewTournamentRow, TournamentRow};
use crate::tournament::standings::{Entrant, EventGame, GameResult, Standing, standings};
use crate::tournament::swiss::{self, Colour, SwissPlayer};
use crate::tournament::{Format, MIN_PLAYERS, SWISS_ROUNDS, round_robin};

use super::error::{AppError, InternalError, TournamentRefusal};
use super::views::GameView;
use super::{ChannelId, ColourChoice, GuildId, MessageId, Service, TurnClock, UserId, replay};

mod rounds;
mod signup;

/// The longest name of an event.
pub const MAX_NAME: usize = 100;

/// How long a front end may take to open a paired game's thread before another may try.
const CLAIM_LEASE_SECS: i64 = 120;

/// Where an event is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentState {
    Open,
    Running,
    Finished,
    Cancelled,
}

crate::codec!(TournamentState {
    Open => "open",
    Running => "running",
    Finished => "finished",
    Cancelled => "cancelled",
});

/// A new event, as `/tournament create` asks for it.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTournament {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub creator: UserId,
    pub name: String,
    pub format: Format,
    pub rounds: Option<i64>,
    pub double: bool,
    pub config: Config,
    pub clock: TurnClock,
    /// Whether a player's vacation stops their clock in the event's games (yes by default).
    pub vacation: bool,
    pub rated: bool,
    pub max_players: Option<i64>,
}

/// A player of an event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EventPlayer {
    pub user: UserId,
    /// The rating at the start (`None` before it).
    pub rating: Option<f64>,
    pub withdrawn: bool,
}

/// An event as front ends see it.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentView {
    pub id: i64,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub creator: UserId,
    pub name: String,
    pub format: Format,
    pub rounds: Option<u32>,
    pub double: bool,
    pub config: Config,
    pub clock: TurnClock,
    /// Whether a player's vacation stops their clock in the event's games.
    pub vacation: bool,
    pub rated: bool,
    pub max_players: Option<u32>,
    pub state: TournamentState,
    /// The last round paired (0 before the start).
    pub round: u32,
    /// The announcement with the Join / Leave buttons.
    pub message: Option<MessageId>,
    /// In the order they joined.
    pub players: Vec<EventPlayer>,
}

/// A game of an event, as the standings and the pairings list show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedGame {
    pub round: u32,
    pub board: u32,
    pub first: UserId,
    pub second: UserId,
    /// The game, once started, and its channel (thread).
    pub game: Option<(i64, ChannelId)>,
    pub result: Option<GameResult>,
}

impl PairedGame {
    /// The game as the standings and the cross table count it.
    pub fn event_game(&self) -> EventGame {
        EventGame::new(self.first, self.second, self.result)
    }
}

/// The table of an event.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub tournament: TournamentView,
    pub standings: Vec<Standing>,
    pub games: Vec<PairedGame>,
    /// The byes, by round.
    pub byes: Vec<(u32, UserId)>,
}

/// A paired game claimed for a front end to open its thread and start it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameToStart {
    pub pairing: i64,
    pub tournament: TournamentView,
    pub round: u32,
    pub board: u32,
    pub players: [UserId; 2],
}

/// What one call of [`Service::advance_tournaments`] did to one event.
#[derive(Clone, Debug, PartialEq)]
pub enum Advanced {
    /// A new Swiss round was paired; its games wait for their threads.
    Paired {
        tournament: TournamentView,
        round: u32,
    },
    /// The last round is over: the final table.
    Finished(Box<Table>),
}

fn view_of(row: TournamentRow, players: Vec<EventPlayer>) -> Result<TournamentView, AppError> {
    let bad = |what: &str| {
        AppError::from(InternalError::Corrupt(format!(
            "tournament {}: {what}",
            row.id
        )))
    };
    Ok(TournamentView {
        id: row.id,
        guild: id_from_db(row.guild_id),
        channel: id_from_db(row.channel_id),
        creator: id_from_db(row.creator),
        format: Format::from_word(&row.format).ok_or_else(|| bad("format"))?,
        rounds: row.rounds.map(|r| r.max(0) as u32),
        double: row.double_games,
        config: row.options.parse().map_err(|_| bad("options"))?,
        clock: TurnClock::from_secs(row.clock_secs, row.clock_increment_secs),
        vacation: row.vacation,
        rated: row.rated,
        max_players: row.max_players.map(|m| m.max(0) as u32),
        state: TournamentState::from_word(&row.state).ok_or_else(|| bad("state"))?,
        round: row.round.max(0) as u32,
        message: row.message_id.map(id_from_db),
        players,
        name: row.name,
    })
}

/// A change to an open event.
#[derive(Clone, Copy, Debug)]
enum OpenChange {
    Join(UserId),
    Leave(UserId),
    Cancel { user: UserId, manager: bool },
    Start { user: UserId, manager: bool },
}

/// Only the creator, or a server manager, may start or cancel an event.
fn ensure_creator(view: &TournamentView, user: UserId, manager: bool) -> Result<(), AppError> {
    if view.creator == user || manager {
        Ok(())
    } else {
        Err(TournamentRefusal::NotCreator {
            creator: view.creator,
        }
        .into())
    }
}

fn result_of(row: &EventGameRow) -> Option<GameResult> {
    row.outcome.as_ref()?;
    Some(match row.winner {
        Some(0) => GameResult::FirstWon,
        Some(_) => GameResult::SecondWon,
        // A draw (an event's games are never aborted: running out of time loses).
        None => GameResult::Draw,
    })
}

fn paired(row: &EventGameRow) -> PairedGame {
    PairedGame {
        round: row.round.max(0) as u32,
        board: row.board.max(0) as u32,
        first: id_from_db(row.first_player),
        second: id_from_db(row.second_player),
        game: row
            .game_id
            .zip(row.channel_id)
            .map(|(g, c)| (g, id_from_db(c))),
        result: result_of(row),
    }
}

/// Each player's Swiss record from the games and byes so far.
fn swiss_players(
    players: &[EventPlayer],
    games: &[PairedGame],
    byes: &[(u32, UserId)],
) -> Vec<SwissPlayer> {
    let mut by_id: HashMap<UserId, SwissPlayer> = players
        .iter()
        .map(|p| {
            (
                p.user,
                SwissPlayer::new(p.user, p.rating.unwrap_or_default()),
            )
        })
        .collect();
    for &(_, user) in byes {
        if let Some(p) = by_id.get_mut(&user) {
            p.had_bye = true;
            p.half_points += 2;
        }
    }
    for g in games {
        let (pf, ps) = match g.result {
            Some(GameResult::FirstWon) => (2, 0),
            Some(GameResult::SecondWon) => (0, 2),
            Some(GameResult::Draw) => (1, 1),
            None => (0, 0),
        };
        for (me, other, colour, points) in [
            (g.first, g.second, Colour::First, pf),
            (g.second, g.first, Colour::Second, ps),
        ] {
            if let Some(p) = by_id.get_mut(&me) {
                p.half_points += points;
                p.opponents.push(other);
                p.colours.push(colour);
            }
        }
    }
    // In the order the players joined (the bye's last tie order: the latest to join).
    players
        .iter()
        .filter(|p| !p.withdrawn)
        .filter_map(|p| by_id.remove(&p.user))
        .collect()
}
