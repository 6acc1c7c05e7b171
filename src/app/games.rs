//! Game commands: moves, early ends, undo, resignation, and the lookups of a channel's game.
//! Every command locks the game row, replays the log, checks, writes, and commits in one
//! transaction ([`Service::save`]).

use crate::engine::{Game, Played, Side, Status};
use crate::store::games::{self, GameRow, GameUpdate, MoveRow, NewMove};
use crate::store::kinds::MoveKind;
use crate::store::premoves;
use crate::store::{StoreError, Tx, id_from_db, id_to_db};

use super::clock;
use super::error::{AppError, Refusal};
use super::input::{echo, split_moves};
use super::panel::{PanelKey, check_panel};
use super::premove::replies_seen;
use super::replay::Replayed;
use super::replay::{self, Loaded, LoggedPlay};
use super::turn_log::TurnLog;
use super::views::{GameView, HistoryEntry, MoveOutcome, Outcome, Overview};
use super::{ChallengeView, ChannelId, GuildId, Service, UserId};
use crate::store::challenges;

/// Finished games `/games` lists.
const RECENT_FINISHED: i64 = 5;

/// What a command changes in a locked game, written by [`Service::save`].
pub(super) struct Save {
    /// The new engine state, when the command played or took back moves.
    pub game: Option<Game>,
    /// The replayed moves the command added.
    pub plays: Vec<LoggedPlay>,
    /// The log entries to append.
    pub entries: Vec<NewMove>,
    /// A log entry to remove (an undone move).
    pub remove_ply: Option<i32>,
    pub outcome: Option<Outcome>,
    pub draw_offer: Option<Side>,
    /// The sides whose conditional replies were played after the command's own turn, in order
    /// (each turn gets its clock).
    pub replies: Vec<Side>,
}

impl Save {
    /// A command that adds one service entry to the log and leaves the position as it is.
    pub fn entry(entry: NewMove, outcome: Option<Outcome>, draw_offer: Option<Side>) -> Save {
        Save {
            game: None,
            plays: Vec::new(),
            entries: vec![entry],
            remove_ply: None,
            outcome,
            draw_offer,
            replies: Vec::new(),
        }
    }
}

/// How urgent a game is for `user`, most urgent first: their turn before the opponent's, then
/// the nearest deadline (a game without one, or paused, last), then the oldest game.
type Urgency = (bool, bool, Option<chrono::DateTime<chrono::Utc>>, i64);

fn urgency(view: &GameView, user: UserId) -> Urgency {
    let deadline = view.clock.deadline;
    (
        view.player_to_move() != Some(user),
        deadline.is_none(),
        deadline,
        view.id,
    )
}

impl Service {
    /// Locks the active game of `channel` for a command by `user`, who must play in it, and
    /// loads it (replaying and checking the log).
    pub(super) async fn lock_game(
        &self,
        tx: &mut Tx,
        channel: ChannelId,
        user: UserId,
    ) -> Result<(Loaded, Side), AppError> {
        self.lock_game_checked(tx, channel, user, None).await
    }

    /// [`Service::lock_game`] for a move panel built at `panel`, when given: a panel of another
    /// game, or of another moment of this one, is refused before anything else.
    async fn lock_game_checked(
        &self,
        tx: &mut Tx,
        channel: ChannelId,
        user: UserId,
        panel: Option<PanelKey>,
    ) -> Result<(Loaded, Side), AppError> {
        let row = games::lock_active_in_channel(tx, channel).await?;
        // The game may have ended while this command waited for its lock.
        let Some(row) = row.filter(|row| row.outcome.is_none()) else {
            return Err(Self::no_game(tx, channel).await);
        };
        let loaded = match self.logs.get(channel, row.id, row.version) {
            Some(log) => replay::checked(row, log)?,
            None => {
                let entries = games::moves(tx, row.id).await?;
                let loaded = replay::load(row, entries)?;
                self.keep_log(&loaded);
                loaded
            }
        };
        check_panel(&loaded, panel)?;
        let side = loaded.side_of(user).ok_or(Refusal::NotAPlayer {
            players: loaded.players,
        })?;
        Ok((loaded, side))
    }

    /// The refusal for a command that needs a game in a channel that has none.
    async fn no_game(tx: &mut Tx, channel: ChannelId) -> AppError {
        match challenges::open_in_channel(tx, channel).await {
            Ok(Some(c)) => Refusal::GameNotStarted {
                challenged: id_from_db(c.challenged),
            }
            .into(),
            Ok(None) => Refusal::NoGame.into(),
            Err(e) => e.into(),
        }
    }

    /// Refuses a move by `side` when it is not their turn.
    fn ensure_turn(loaded: &Loaded, side: Side) -> Result<(), Refusal> {
        let to_move = loaded.game.side_to_move();
        if to_move == side {
            return Ok(());
        }
        Err(Refusal::NotYourTurn {
            player: loaded.player(to_move),
            side: to_move,
            game: loaded.game.kind(),
        })
    }

    /// After a COMMIT whose answer was lost with its connection: true when game `game_id`
    /// reads `version` and `position`, the values that transaction wrote (a version is written
    /// once), so it was carried out. False when it was not, or when the server does not answer
    /// (the outcome is then unknown, as for any outage).
    async fn landed(&self, game_id: i64, version: i32, position: &str) -> bool {
        let Ok(mut conn) = self.store.acquire().await else {
            return false;
        };
        matches!(
            games::get(&mut conn, game_id).await,
            Ok(Some(row)) if row.version == version && row.position == position
        )
    }

    /// Writes what a command changed in a locked game and commits; returns the game after it.
    /// The clock follows: a new turn gets a new deadline (a paused game keeps a whole turn for
    /// when it resumes), and a game that ends stops its clock.
    pub(super) async fn save(
        &self,
        mut tx: Tx,
        mut loaded: Loaded,
        save: Save,
    ) -> Result<Loaded, AppError> {
        let game_id = loaded.row.id;
        if let Some(ply) = save.remove_ply {
            games::delete_move(&mut tx, game_id, ply).await?;
        }
        let turn_before = (loaded.game.side_to_move(), loaded.game.turn_number());
        let swapped_before = loaded.game.sides_swapped();
        if let Some(game) = save.game {
            loaded.game = game;
        }
        let turn_after = (loaded.game.side_to_move(), loaded.game.turn_number());
        // The swap rule: the players exchange sides, each with what is theirs (their time
        // bank, paused days, vacation; the bot's side), and the player now to move starts a new
        // turn though the side to move is the same.
        let swapped = !swapped_before && loaded.game.sides_swapped();
        let mut draw_offer = save.draw_offer;
        if swapped {
            exchange_sides(&mut loaded);
            draw_offer = draw_offer.map(Side::other);
            premoves::clear(&mut tx, game_id, None).await?;
        }
        let now = self.now();
        if save.outcome.is_some() {
            clock::stop(&mut loaded.row.clock);
        } else if turn_after != turn_before || swapped {
            let clock = &mut loaded.row.clock;
            // The turn that ended was played by the player who now has the other side.
            let mut finished = if swapped {
                turn_before.0.other()
            } else {
                turn_before.0
            };
            for &replied in &save.replies {
                clock::new_turn(clock, now, finished, replied);
                finished = replied;
            }
            clock::new_turn(clock, now, finished, turn_after.0);
            // A turn that comes back to a player on vacation starts its clock when it ends.
            let until = clock::vacation_until(clock, turn_after.0);
            clock::hold_for_vacation(clock, now, turn_after.0, until);
        }
        // Against the bot: the AI's turn is due as soon as it starts (a lease taken meanwhile
        // stands while the turn does not change).
        let ai_to_move = loaded
            .row
            .ai_side
            .is_some_and(|ai| Side::from(ai) == loaded.game.side_to_move());
        loaded.row.clock.ai_due_at = if save.outcome.is_none() && ai_to_move {
            let kept = loaded
                .row
                .clock
                .ai_due_at
                .filter(|_| turn_after == turn_before);
            Some(kept.unwrap_or(now))
        } else {
            None
        };
        let (outcome, winner, win_reason) = replay::outcome_columns(save.outcome);
        let update = GameUpdate {
            position: loaded.game.position_string(),
            outcome,
            winner,
            win_reason,
            draw_offer: draw_offer.map(Into::into),
            at: now,
            players: [loaded.row.first_player, loaded.row.second_player],
            ai_side: loaded.row.ai_side,
        };
        games::update(
            &mut tx,
            game_id,
            loaded.row.version,
            &update,
            &loaded.row.clock,
            &save.entries,
        )
        .await?;
        let ratings = match save.outcome {
            Some(outcome) => {
                // Conditional moves end with their game.
                premoves::clear(&mut tx, game_id, None).await?;
                Self::rate(&mut tx, &loaded, outcome, now).await?
            }
            None => Vec::new(),
        };
        if let Err(e) = tx.commit().await {
            let error = StoreError::from(e);
            // The connection died with the COMMIT sent: it may have been carried out. Said
            // "unavailable", a move that was played would be refused as out of turn when sent
            // again: look first.
            if !matches!(error, StoreError::Unavailable(_))
                || !self
                    .landed(game_id, loaded.row.version + 1, &update.position)
                    .await
            {
                return Err(error.into());
            }
            tracing::warn!(
                game_id,
                "a commit whose answer was lost had been carried out"
            );
        }
        loaded.ratings = ratings;

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
                kind: e.kind,
                notation: e.notation,
                played_at: now,
            }));
        loaded.plays.extend(save.plays);
        loaded.row.position = update.position;
        loaded.row.version += 1;
        loaded.row.outcome = update.outcome;
        loaded.row.winner = update.winner;
        loaded.row.win_reason = update.win_reason;
        loaded.row.draw_offer = update.draw_offer;
        if update.draw_offer.is_none() {
            loaded.ended_offer_message = loaded.row.draw_offer_message.take().map(id_from_db);
        }
        loaded.outcome = save.outcome;
        loaded.draw_offer = draw_offer;
        self.keep_log(&loaded);
        Ok(loaded)
    }

    /// Keeps the log of `loaded` for the next command on its game (see [`super::logs`]).
    pub(super) fn keep_log(&self, loaded: &Loaded) {
        self.logs.put(
            id_from_db(loaded.row.channel_id),
            loaded.row.id,
            loaded.row.version,
            Replayed {
                game: loaded.game.clone(),
                plays: loaded.plays.clone(),
                entries: loaded.entries.clone(),
            },
        );
    }

    /// A service entry of the log (resignation, draw events) by `user` playing `side`.
    pub(super) fn service_entry(
        loaded: &Loaded,
        side: Side,
        user: UserId,
        kind: MoveKind,
    ) -> NewMove {
        NewMove {
            ply: loaded.next_ply(),
            turn: i32::try_from(loaded.game.turn_number()).unwrap_or(i32::MAX),
            side: side.into(),
            user,
            kind,
            notation: kind.service_notation().to_string(),
        }
    }

    /// Plays `words` (moves, or `end`) for `user` in the game of `channel`, all or nothing.
    pub(super) async fn play_words(
        &self,
        channel: ChannelId,
        user: UserId,
        words: &[&str],
        panel: Option<PanelKey>,
    ) -> Result<MoveOutcome, AppError> {
        let mut tx = self.store.begin().await?;
        let (loaded, side) = self
            .lock_game_checked(&mut tx, channel, user, panel)
            .await?;
        Self::ensure_turn(&loaded, side)?;
        let batch = words.len() > 1;
        let mut game = loaded.game.clone();
        let mut log = TurnLog::new(&loaded);
        let mut played_all = Vec::new();
        for (i, word) in words.iter().enumerate() {
            if i > 0 {
                let (last, next) = (echo(words[i - 1]), echo(word));
                if game.status() != Status::Ongoing {
                    return Err(Refusal::GameEndsBefore { last, next, batch }.into());
                }
                // A swap ends the turn, though the side to move stays: its player changes.
                let swapped = played_all.last().is_some_and(Played::swapped_sides);
                if game.side_to_move() != side || swapped {
                    return Err(Refusal::TurnEndsBefore { last, next, batch }.into());
                }
            }
            let turn = game.turn_number();
            let played = game.play(word).map_err(|error| {
                if word.eq_ignore_ascii_case("end") && error.nothing_to_end() {
                    Refusal::NoChainToStop { batch }
                } else {
                    Refusal::IllegalMove {
                        word: echo(word),
                        error,
                        batch,
                    }
                }
            })?;
            log.add(&played, turn, side, user, loaded.players);
            played_all.push(played);
        }
        let turn_passed =
            game.status() == Status::Ongoing && played_all.iter().any(Played::turn_ended);
        // After a swap, every conditional line was set for the other side: none plays (the save
        // clears them).
        let swapped = played_all.iter().any(Played::swapped_sides);
        let replies = if turn_passed && !swapped {
            Self::conditional_replies(&mut tx, &loaded, &mut game, &mut log).await?
        } else {
            Vec::new()
        };
        let outcome = replay::outcome_of(game.status());
        // Playing on declines the opponent's standing offer; one's own offer stands (until a
        // conditional reply plays on).
        let draw_offer = loaded
            .draw_offer
            .filter(|&offer| offer == side && outcome.is_none() && replies.is_empty());
        let save = Save {
            game: Some(game),
            plays: log.plays,
            entries: log.entries,
            remove_ply: None,
            outcome,
            draw_offer,
            replies: replies.iter().map(|r| r.side).collect(),
        };
        let loaded = self.save(tx, loaded, save).await?;
        let view = loaded.view();
        let (before_replies, replies) = replies_seen(&loaded, &view, replies);
        Ok(MoveOutcome {
            view,
            played: played_all,
            turn_passed,
            replies,
            before_replies,
        })
    }

    /// Plays one or several moves separated by spaces (`g9-f9 f9-e9`, `d2-d3+,d3-c4-`).
    /// All or nothing: if one is illegal, none is kept and the refusal names it.
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
        let outcome = self
            .guarded(self.play_words(channel, user, &words, None))
            .await?;
        self.ai_owes_turn(&outcome.view);
        Ok(outcome)
    }

    /// Ends the Fibonacci turn early, or stops a Fanorona chain.
    pub async fn end_turn(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<MoveOutcome, AppError> {
        let outcome = self
            .guarded(self.play_words(channel, user, &["end"], None))
            .await?;
        self.ai_owes_turn(&outcome.view);
        Ok(outcome)
    }

    /// Takes back the player's own last move of the turn still in progress. The result's
    /// `played` holds the move taken back.
    pub async fn undo(&self, channel: ChannelId, user: UserId) -> Result<MoveOutcome, AppError> {
        self.undo_checked(channel, user, None).await
    }

    /// [`Service::undo`], from a move panel built at `panel` when given.
    pub(super) async fn undo_checked(
        &self,
        channel: ChannelId,
        user: UserId,
        panel: Option<PanelKey>,
    ) -> Result<MoveOutcome, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (loaded, side) = self
                .lock_game_checked(&mut tx, channel, user, panel)
                .await?;
            let Some(last) = loaded.plays.last() else {
                return Err(Refusal::NothingToUndo.into());
            };
            let to_move = loaded.game.side_to_move();
            if to_move != side {
                let opponent = loaded.player(to_move);
                return Err(if last.user == user {
                    Refusal::TurnPassed { opponent }
                } else {
                    Refusal::OpponentsTurn { opponent }
                }
                .into());
            }
            if last.user != user || last.played.turn_ended() {
                return Err(Refusal::NotMovedThisTurn.into());
            }
            let undone = last.clone();
            let (game, _) = replay::replay(
                loaded.config,
                loaded.seed,
                loaded.entries.iter().filter(|e| e.ply != undone.ply),
            )
            .map_err(|e| replay::corrupt(loaded.row.id, &e))?;
            let draw_offer = loaded.draw_offer;
            let save = Save {
                game: Some(game),
                plays: Vec::new(),
                entries: Vec::new(),
                remove_ply: Some(undone.ply),
                outcome: None,
                draw_offer,
                replies: Vec::new(),
            };
            let loaded = self.save(tx, loaded, save).await?;
            Ok(MoveOutcome {
                view: loaded.view(),
                played: vec![undone.played],
                turn_passed: false,
                replies: Vec::new(),
                before_replies: None,
            })
        })
        .await
    }

    /// A player resigns (on either side's turn); the opponent wins and the channel is free.
    pub async fn resign(&self, channel: ChannelId, user: UserId) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (loaded, side) = self.lock_game(&mut tx, channel, user).await?;
            let entry = Self::service_entry(&loaded, side, user, MoveKind::Resign);
            let outcome = Outcome::Resigned {
                winner: side.other(),
            };
            let loaded = self
                .save(tx, loaded, Save::entry(entry, Some(outcome), None))
                .await?;
            Ok(loaded.view())
        })
        .await
    }

    /// Loads a game row and its log from one snapshot.
    pub(super) async fn load_row(tx: &mut Tx, row: GameRow) -> Result<Loaded, AppError> {
        let entries = games::moves(tx, row.id).await?;
        replay::load(row, entries)
    }

    /// The active game of a channel, if any.
    pub async fn game_in_channel(&self, channel: ChannelId) -> Result<Option<GameView>, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            let mut known = self.logs.kept(channel);
            loop {
                let loaded =
                    match games::active_in_channel_with_moves(&mut conn, channel, known).await? {
                        None => return Ok(None),
                        Some((row, Some(entries))) => {
                            let loaded = replay::load(row, entries)?;
                            self.keep_log(&loaded);
                            loaded
                        }
                        Some((row, None)) => match self.logs.get(channel, row.id, row.version) {
                            Some(log) => replay::checked(row, log)?,
                            // Dropped from the cache meanwhile: read again, log included (the store
                            // leaves a log out only for a `known` game).
                            None => {
                                known = None;
                                continue;
                            }
                        },
                    };
                return Ok(Some(loaded.view()));
            }
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
            overview.games.sort_by_key(|view| urgency(view, user));
            for row in games::finished_for_user(&mut tx, guild, user, RECENT_FINISHED).await? {
                overview
                    .finished
                    .push(Self::load_row(&mut tx, row).await?.view());
            }
            for row in challenges::open_for_user(&mut tx, guild, user).await? {
                overview.challenges.push(ChallengeView::try_from(row)?);
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
                .ok_or(Refusal::NoGameYet)?;
            let loaded = Self::load_row(&mut tx, row).await?;
            let entries = loaded
                .entries
                .iter()
                .map(|e| HistoryEntry {
                    ply: e.ply,
                    turn: u32::try_from(e.turn).unwrap_or(0),
                    side: e.side.into(),
                    user: id_from_db(e.user_id),
                    notation: e.notation.clone(),
                    is_move: e.kind == MoveKind::Move,
                    at: e.played_at,
                })
                .collect();
            Ok((loaded.view(), entries))
        })
        .await
    }
}

/// The swap rule's exchange: each player takes the other side, with what is theirs in the row
/// (their time bank, paused days and vacation, a pause they asked for, the bot's side).
fn exchange_sides(loaded: &mut Loaded) {
    let other = |side: crate::store::kinds::SideIndex| Side::from(side).other().into();
    let row = &mut loaded.row;
    std::mem::swap(&mut row.first_player, &mut row.second_player);
    loaded.players.swap(0, 1);
    row.ai_side = row.ai_side.map(other);
    let clock = &mut row.clock;
    std::mem::swap(&mut clock.bank_first_secs, &mut clock.bank_second_secs);
    std::mem::swap(&mut clock.pause_days_first, &mut clock.pause_days_second);
    std::mem::swap(
        &mut clock.first_vacation_until,
        &mut clock.second_vacation_until,
    );
    clock.paused_by = clock.paused_by.map(other);
    clock.pause_offer = clock.pause_offer.map(other);
}
