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

use super::error::{AppError, InternalError, Refusal};
use super::views::GameView;
use super::{ChannelId, ColourChoice, GuildId, MessageId, Service, TurnClock, UserId, replay};

/// The longest name of an event.
pub const MAX_NAME: usize = 100;

/// How long a front end may take to open a paired game's thread before another may try.
const CLAIM_LEASE_SECS: i64 = 120;

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
        clock: TurnClock::from_secs(row.clock_secs),
        rated: row.rated,
        max_players: row.max_players.map(|m| m.max(0) as u32),
        state: TournamentState::from_word(&row.state).ok_or_else(|| bad("state"))?,
        round: row.round.max(0) as u32,
        message: row.message_id.map(id_from_db),
        players,
        name: row.name,
    })
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

impl Service {
    async fn event_view(
        &self,
        tx: &mut crate::store::Tx,
        row: TournamentRow,
    ) -> Result<TournamentView, AppError> {
        let players = store::players(tx, row.id)
            .await?
            .into_iter()
            .map(|p| EventPlayer {
                user: id_from_db(p.user_id),
                rating: p.rating,
                withdrawn: p.withdrawn_at.is_some(),
            })
            .collect();
        view_of(row, players)
    }

    /// Creates an event in `new.channel`, open for sign-up.
    pub async fn create_tournament(&self, new: NewTournament) -> Result<TournamentView, AppError> {
        let name = new.name.trim().to_string();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Err(TournamentRefusal::Name { max: MAX_NAME }.into());
        }
        let rounds = match (new.format, new.rounds) {
            (Format::Swiss, Some(r)) if SWISS_ROUNDS.contains(&(r.clamp(0, 1000) as u32)) => {
                Some(r as i16)
            }
            (Format::Swiss, given) => return Err(TournamentRefusal::Rounds { given }.into()),
            (Format::RoundRobin, Some(_)) => {
                return Err(TournamentRefusal::OptionNotForFormat { option: "rounds" }.into());
            }
            (Format::RoundRobin, None) => None,
        };
        if new.double && new.format == Format::Swiss {
            return Err(TournamentRefusal::OptionNotForFormat { option: "double" }.into());
        }
        let max_players = match new.max_players {
            Some(m) if !(MIN_PLAYERS as i64..=1000).contains(&m) => {
                return Err(TournamentRefusal::MaxPlayers { given: m }.into());
            }
            m => m.map(|m| m as i16),
        };
        let row = NewTournamentRow {
            guild: new.guild,
            channel: new.channel,
            creator: new.creator,
            name,
            format: new.format.as_str(),
            rounds,
            double_games: new.double,
            options: new.config.to_string(),
            clock_secs: new.clock.secs(),
            rated: new.rated,
            max_players,
            at: self.now(),
        };
        let done = self
            .guarded(async {
                let mut tx = self.store.begin().await?;
                match store::insert(&mut tx, &row).await {
                    Ok(inserted) => {
                        let view = self.event_view(&mut tx, inserted).await?;
                        tx.commit().await?;
                        Ok(Ok(view))
                    }
                    Err(crate::store::StoreError::ChannelTaken(_)) => Ok(Err(())),
                    Err(e) => Err(e.into()),
                }
            })
            .await?;
        match done {
            Ok(view) => Ok(view),
            Err(()) => {
                let holder = self.tournament_of(new.channel).await?;
                Err(TournamentRefusal::ChannelBusy {
                    name: holder.map(|t| t.name).unwrap_or_default(),
                }
                .into())
            }
        }
    }

    /// The event `channel` means (the one created there, or the one whose game it holds).
    pub async fn tournament_of(
        &self,
        channel: ChannelId,
    ) -> Result<Option<TournamentView>, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            match store::of_channel(&mut tx, channel).await? {
                Some(row) => Ok(Some(self.event_view(&mut tx, row).await?)),
                None => Ok(None),
            }
        })
        .await
    }

    /// Event `id` of `guild`.
    pub async fn tournament(&self, guild: GuildId, id: i64) -> Result<TournamentView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            let row = store::by_id(&mut tx, id)
                .await?
                .filter(|r| id_from_db(r.guild_id) == guild)
                .ok_or(TournamentRefusal::NoTournament)?;
            self.event_view(&mut tx, row).await
        })
        .await
    }

    /// The events of `guild`, latest first (for autocomplete).
    pub async fn tournaments_of_guild(
        &self,
        guild: GuildId,
        limit: i64,
    ) -> Result<Vec<(i64, String, TournamentState)>, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            Ok(store::of_guild(&mut tx, guild, limit)
                .await?
                .into_iter()
                .filter_map(|r| Some((r.id, r.name, TournamentState::from_word(&r.state)?)))
                .collect())
        })
        .await
    }

    /// Locks event `id` and runs `change` on it while it is open; returns the event after.
    async fn change_open<F>(&self, id: i64, change: F) -> Result<TournamentView, AppError>
    where
        F: AsyncFnOnce(&mut crate::store::Tx, &TournamentView) -> Result<(), AppError>,
    {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let row = store::lock(&mut tx, id)
                .await?
                .ok_or(TournamentRefusal::NoTournament)?;
            let view = self.event_view(&mut tx, row).await?;
            match view.state {
                TournamentState::Open => {}
                TournamentState::Running => {
                    return Err(TournamentRefusal::Started { name: view.name }.into());
                }
                TournamentState::Finished | TournamentState::Cancelled => {
                    return Err(TournamentRefusal::Over { name: view.name }.into());
                }
            }
            change(&mut tx, &view).await?;
            let row = store::by_id(&mut tx, id)
                .await?
                .ok_or(TournamentRefusal::NoTournament)?;
            let after = self.event_view(&mut tx, row).await?;
            tx.commit().await?;
            Ok(after)
        })
        .await
    }

    /// `user` joins event `id`.
    pub async fn join_tournament(&self, id: i64, user: UserId) -> Result<TournamentView, AppError> {
        let now = self.now();
        self.change_open(id, async |tx, view| {
            if view.players.iter().any(|p| p.user == user) {
                return Err(TournamentRefusal::AlreadyJoined {
                    name: view.name.clone(),
                }
                .into());
            }
            if let Some(max) = view.max_players
                && view.players.len() >= max as usize
            {
                return Err(TournamentRefusal::Full {
                    name: view.name.clone(),
                    max,
                }
                .into());
            }
            store::add_player(tx, view.id, user, now).await?;
            Ok(())
        })
        .await
    }

    /// `user` leaves event `id` before its start.
    pub async fn leave_tournament(
        &self,
        id: i64,
        user: UserId,
    ) -> Result<TournamentView, AppError> {
        self.change_open(id, async |tx, view| {
            if !store::remove_player(tx, view.id, user).await? {
                return Err(TournamentRefusal::NotJoined {
                    name: view.name.clone(),
                }
                .into());
            }
            Ok(())
        })
        .await
    }

    /// The creator (or a server manager: `manager`) cancels event `id` before its start.
    pub async fn cancel_tournament(
        &self,
        id: i64,
        user: UserId,
        manager: bool,
    ) -> Result<TournamentView, AppError> {
        let now = self.now();
        self.change_open(id, async |tx, view| {
            ensure_creator(view, user, manager)?;
            store::set_state(tx, view.id, TournamentState::Cancelled.as_str(), 0, now).await?;
            Ok(())
        })
        .await
    }

    /// The creator (or a server manager) starts event `id`: the players' ratings are recorded
    /// and the first round (a round-robin: every game) is paired. Its games wait for their
    /// threads ([`Service::claim_tournament_game`]).
    pub async fn start_tournament(
        &self,
        id: i64,
        user: UserId,
        manager: bool,
    ) -> Result<TournamentView, AppError> {
        let now = self.now();
        self.change_open(id, async |tx, view| {
            ensure_creator(view, user, manager)?;
            if view.players.len() < MIN_PLAYERS {
                return Err(TournamentRefusal::TooFewPlayers {
                    have: view.players.len(),
                    need: MIN_PLAYERS,
                }
                .into());
            }
            let game = RatingGame::of(&view.config);
            let mut rated = Vec::with_capacity(view.players.len());
            for p in &view.players {
                let rows = ratings::of_player(tx, view.guild, p.user).await?;
                let rating = rows
                    .iter()
                    .find(|r| r.game.0 == game)
                    .map_or(Rating::default().rating, |r| r.rating);
                rated.push((p.user, rating));
            }
            store::set_ratings(tx, view.id, &rated).await?;
            let players: Vec<EventPlayer> = rated
                .iter()
                .map(|&(user, rating)| EventPlayer {
                    user,
                    rating: Some(rating),
                    withdrawn: false,
                })
                .collect();
            let (games, bye) = match view.format {
                Format::RoundRobin => {
                    let ids: Vec<UserId> = players.iter().map(|p| p.user).collect();
                    (round_robin::games(&ids, view.double), None)
                }
                Format::Swiss => {
                    let pairing = swiss::pair(&swiss_players(&players, &[], &[])).map_err(|e| {
                        InternalError::Corrupt(format!("tournament {}: {e}", view.id))
                    })?;
                    (pairing.games, pairing.bye)
                }
            };
            store::insert_round(tx, view.id, 1, &games, bye).await?;
            store::set_state(tx, view.id, TournamentState::Running.as_str(), 1, now).await?;
            Ok(())
        })
        .await
    }

    /// The table of event `id`.
    pub async fn tournament_table(&self, id: i64) -> Result<Table, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            let row = store::by_id(&mut tx, id)
                .await?
                .ok_or(TournamentRefusal::NoTournament)?;
            self.table_in(&mut tx, row).await
        })
        .await
    }

    async fn table_in(
        &self,
        tx: &mut crate::store::Tx,
        row: TournamentRow,
    ) -> Result<Table, AppError> {
        let id = row.id;
        let tournament = self.event_view(tx, row).await?;
        let games: Vec<PairedGame> = store::games(tx, id).await?.iter().map(paired).collect();
        let byes: Vec<(u32, UserId)> = store::byes(tx, id)
            .await?
            .into_iter()
            .map(|(r, u)| (r.max(0) as u32, u))
            .collect();
        let entrants: Vec<Entrant> = tournament
            .players
            .iter()
            .map(|p| Entrant {
                id: p.user,
                rating: p.rating.unwrap_or_default(),
                withdrawn: p.withdrawn,
            })
            .collect();
        let event_games: Vec<EventGame> = games
            .iter()
            .map(|g| EventGame {
                first: g.first,
                second: g.second,
                result: g.result,
            })
            .collect();
        let bye_players: Vec<UserId> = byes.iter().map(|b| b.1).collect();
        let standings = standings(tournament.format, &entrants, &event_games, &bye_players);
        Ok(Table {
            tournament,
            standings,
            games,
            byes,
        })
    }

    /// `user` withdraws from running event `id`: they are not paired again, and each of their
    /// games in progress counts as lost (resigned). Returns those games as they ended.
    pub async fn withdraw_from_tournament(
        &self,
        id: i64,
        user: UserId,
    ) -> Result<(TournamentView, Vec<GameView>), AppError> {
        let now = self.now();
        let (view, channels) = self
            .guarded(async {
                let mut tx = self.store.begin().await?;
                let row = store::lock(&mut tx, id)
                    .await?
                    .ok_or(TournamentRefusal::NoTournament)?;
                let view = self.event_view(&mut tx, row).await?;
                let Some(me) = view.players.iter().find(|p| p.user == user) else {
                    return Err(TournamentRefusal::NotJoined {
                        name: view.name.clone(),
                    }
                    .into());
                };
                match view.state {
                    TournamentState::Running => {}
                    TournamentState::Open => {
                        return Err(TournamentRefusal::NotJoined {
                            name: view.name.clone(),
                        }
                        .into());
                    }
                    _ => {
                        return Err(TournamentRefusal::Over {
                            name: view.name.clone(),
                        }
                        .into());
                    }
                }
                let games = store::games(&mut tx, id).await?;
                let open: Vec<ChannelId> = games
                    .iter()
                    .filter(|g| {
                        g.outcome.is_none()
                            && (id_from_db(g.first_player) == user
                                || id_from_db(g.second_player) == user)
                    })
                    .filter_map(|g| g.channel_id.map(id_from_db))
                    .collect();
                if me.withdrawn && open.is_empty() {
                    return Err(TournamentRefusal::AlreadyWithdrawn {
                        name: view.name.clone(),
                    }
                    .into());
                }
                store::withdraw(&mut tx, id, user, now).await?;
                tx.commit().await?;
                Ok((view, open))
            })
            .await?;
        let mut ended = Vec::new();
        for channel in channels {
            ended.push(self.resign(channel, user).await?);
        }
        let after = self.tournament_table(view.id).await?.tournament;
        Ok((after, ended))
    }

    /// Claims one paired game that waits for its thread; the caller opens it and calls
    /// [`Service::start_tournament_game`]. `None` when no game waits.
    pub async fn claim_tournament_game(&self) -> Result<Option<GameToStart>, AppError> {
        let now = self.now();
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let Some(p) =
                store::claim_waiting(&mut tx, now, chrono::Duration::seconds(CLAIM_LEASE_SECS))
                    .await?
            else {
                return Ok(None);
            };
            let row = store::by_id(&mut tx, p.tournament_id)
                .await?
                .ok_or(TournamentRefusal::NoTournament)?;
            let tournament = self.event_view(&mut tx, row).await?;
            tx.commit().await?;
            Ok(Some(GameToStart {
                pairing: p.id,
                tournament,
                round: p.round.max(0) as u32,
                board: p.board.max(0) as u32,
                players: [id_from_db(p.first_player), id_from_db(p.second_player)],
            }))
        })
        .await
    }

    /// Starts paired game `pairing` in `channel` (its thread), with the event's options and
    /// clock. Started already (by another process): the game as it is.
    pub async fn start_tournament_game(
        &self,
        pairing: i64,
        channel: ChannelId,
    ) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let p = store::lock_pairing(&mut tx, pairing)
                .await?
                .ok_or(TournamentRefusal::NoTournament)?;
            if let Some(game) = p.game_id {
                let row = crate::store::games::get(&mut tx, game)
                    .await?
                    .ok_or(TournamentRefusal::NoTournament)?;
                return Ok(Self::load_row(&mut tx, row).await?.view());
            }
            let t = store::by_id(&mut tx, p.tournament_id)
                .await?
                .ok_or(TournamentRefusal::NoTournament)?;
            let (first, second) = (id_from_db(p.first_player), id_from_db(p.second_player));
            let challenge = challenges::insert(
                &mut tx,
                &NewChallengeRow {
                    challenger: first,
                    challenged: second,
                    guild: id_from_db(t.guild_id),
                    channel,
                    options: t.options.clone(),
                    colour: ColourChoice::ChallengerFirst,
                    clock_secs: t.clock_secs,
                    follows: None,
                    rated: t.rated,
                },
            )
            .await?;
            let round = (t.format == Format::Swiss.as_str()).then_some(p.round);
            let (game, _) = self
                .start_locked(&mut tx, challenge, second, None, Some((t.id, round)))
                .await?;
            store::attach_game(&mut tx, pairing, game.id).await?;
            tx.commit().await?;
            Ok(replay::load(game, Vec::new())?.view())
        })
        .await
    }

    /// Moves on every event whose round is over: pairs the next Swiss round, or ends the event.
    /// Each event is claimed under its row lock, so two processes never pair a round twice.
    pub async fn advance_tournaments(&self) -> Result<Vec<Advanced>, AppError> {
        let now = self.now();
        self.guarded(async {
            let mut done = Vec::new();
            let mut tx = self.store.begin().await?;
            for row in store::claim_round_over(&mut tx, 16).await? {
                let table = self.table_in(&mut tx, row).await?;
                let t = &table.tournament;
                let last = match t.format {
                    Format::RoundRobin => true,
                    Format::Swiss => t.round >= t.rounds.unwrap_or(0),
                };
                let next = if last {
                    None
                } else {
                    let players = swiss_players(&t.players, &table.games, &table.byes);
                    // A round that cannot be paired (only rematches left, or fewer than two
                    // players still in) ends the event early.
                    swiss::pair(&players).ok()
                };
                match next {
                    Some(pairing) => {
                        let round = t.round + 1;
                        store::insert_round(
                            &mut tx,
                            t.id,
                            round as i16,
                            &pairing.games,
                            pairing.bye,
                        )
                        .await?;
                        store::set_state(
                            &mut tx,
                            t.id,
                            TournamentState::Running.as_str(),
                            round as i16,
                            now,
                        )
                        .await?;
                        let mut tournament = t.clone();
                        tournament.round = round;
                        done.push(Advanced::Paired { tournament, round });
                    }
                    None => {
                        store::set_state(
                            &mut tx,
                            t.id,
                            TournamentState::Finished.as_str(),
                            t.round as i16,
                            now,
                        )
                        .await?;
                        let mut table = table;
                        table.tournament.state = TournamentState::Finished;
                        done.push(Advanced::Finished(Box::new(table)));
                    }
                }
            }
            tx.commit().await?;
            Ok(done)
        })
        .await
    }

    /// Remembers event `id`'s announcement.
    pub async fn record_tournament_message(
        &self,
        id: i64,
        message: MessageId,
    ) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.pool().acquire().await?;
            store::set_message(&mut conn, id, message).await?;
            Ok(())
        })
        .await
    }
}
