//! Challenges: opening one, accepting, declining, withdrawing, expiry, and the message that
//! carries a challenge's buttons.

use crate::ai::Level;
use crate::engine::{Game, Side};
use crate::store::challenges::{self, ChallengeRow, NewChallengeRow};
use crate::store::games::{self, GameRow, NewGameRow};
use crate::store::kinds::SideIndex;
use crate::store::{StoreError, Tx, id_from_db};

use super::error::{AppError, ChallengeAction, ChannelHolder, Refusal};
use super::views::{ChallengeView, GameView, NewChallenge};
use super::{ChallengeState, ChannelId, ColourChoice, MessageId, Service, UserId, random_u64};
use super::{clock, replay};

/// Which challenge a command answers: a button's, by id, or the open one of a channel.
#[derive(Clone, Copy, Debug)]
enum Which {
    Id(i64),
    Channel(ChannelId),
}

/// The refusal of an answer to a challenge that is no longer open.
fn closed(row: &ChallengeRow) -> AppError {
    Refusal::ChallengeClosed {
        challenge: row.id,
        channel: id_from_db(row.channel_id),
        state: row.state,
    }
    .into()
}

/// Refuses `user` answering `row` with `action` (accept or decline) unless they were challenged.
fn ensure_challenged(
    row: &ChallengeRow,
    user: UserId,
    action: ChallengeAction,
) -> Result<(), AppError> {
    if row.state != ChallengeState::Open {
        return Err(closed(row));
    }
    let challenged = id_from_db(row.challenged);
    if user == id_from_db(row.challenger) {
        return Err(Refusal::OwnChallenge { action, challenged }.into());
    }
    if user != challenged {
        return Err(Refusal::NotChallenged { action, challenged }.into());
    }
    Ok(())
}

/// What a new challenge stores.
fn new_row(new: &NewChallenge) -> NewChallengeRow {
    NewChallengeRow {
        challenger: new.challenger,
        challenged: new.challenged,
        guild: new.guild,
        channel: new.channel,
        options: new.config.to_string(),
        colour: new.colour,
        clock_secs: new.clock.secs(),
        clock_increment_secs: new.clock.increment_secs(),
        follows: None,
        rated: new.rated,
    }
}

/// Whom a challenge is to, as the front end knows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opponent {
    pub user: UserId,
    /// The account is a bot's (this one or another).
    pub is_bot: bool,
}

/// Who takes the other side of a challenge: the person challenged, or the AI at a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Challenged {
    Person,
    Ai(Level),
}

/// The rules of who may challenge whom, before anything is stored: no other bots; an AI `level`
/// only against `bot` (this bot), which plays `medium` when none is given; never a rated game
/// against the AI (`rated` as asked, `None` when not given); nobody challenges themselves.
pub fn who_plays(
    challenger: UserId,
    opponent: Opponent,
    bot: UserId,
    level: Option<Level>,
    rated: Option<bool>,
) -> Result<Challenged, Refusal> {
    let against_bot = opponent.user == bot;
    if opponent.is_bot && !against_bot {
        return Err(Refusal::ChallengeBot);
    }
    if level.is_some() && !against_bot {
        return Err(Refusal::LevelNeedsBot { bot });
    }
    if against_bot && rated == Some(true) {
        return Err(Refusal::AiNeverRated);
    }
    if opponent.user == challenger {
        return Err(Refusal::SelfChallenge);
    }
    Ok(if against_bot {
        Challenged::Ai(level.unwrap_or_default())
    } else {
        Challenged::Person
    })
}

impl Service {
    /// Opens a challenge in a channel. Refused when the channel already has an active game or an
    /// open challenge (the database constraint decides, so two simultaneous challenges cannot
    /// both win), or when a user challenges themselves.
    pub async fn challenge(&self, new: NewChallenge) -> Result<ChallengeView, AppError> {
        if new.challenger == new.challenged {
            return Err(Refusal::SelfChallenge.into());
        }
        let row = new_row(&new);
        self.insert_claiming(row, |tx: Tx, inserted: ChallengeRow| async move {
            tx.commit().await?;
            ChallengeView::try_from(inserted)
        })
        .await
    }

    /// Inserts the challenge `row` (which claims its channel) and goes on with `then` in the
    /// same transaction. A channel already claimed is refused, naming what holds it (the
    /// database constraint decides, so two simultaneous claims cannot both win).
    async fn insert_claiming<T, F, Then>(
        &self,
        row: NewChallengeRow,
        then: Then,
    ) -> Result<T, AppError>
    where
        Then: FnOnce(Tx, ChallengeRow) -> F,
        F: Future<Output = Result<T, AppError>>,
    {
        let channel = row.channel;
        let done = self
            .guarded(async {
                let mut tx = self.store.begin().await?;
                match challenges::insert(&mut tx, &row).await {
                    Ok(inserted) => Ok(Some(then(tx, inserted).await?)),
                    // The claim's primary key said no; the transaction is dropped (rolled back).
                    Err(StoreError::ChannelTaken(_)) => Ok(None),
                    Err(e) => Err(e.into()),
                }
            })
            .await?;
        match done {
            Some(done) => Ok(done),
            None => Err(self.channel_taken(channel).await),
        }
    }

    /// The refusal of a second claim on `channel`, naming what holds it.
    pub(super) async fn channel_taken(&self, channel: ChannelId) -> AppError {
        let holder = self
            .guarded(async {
                let mut tx = self.store.begin_read().await?;
                if let Some(game) = games::active_in_channel(&mut tx, channel).await? {
                    return Ok(ChannelHolder::Game {
                        players: [
                            id_from_db(game.first_player),
                            id_from_db(game.second_player),
                        ],
                    });
                }
                if let Some(c) = challenges::open_in_channel(&mut tx, channel).await? {
                    return Ok(ChannelHolder::Challenge {
                        challenger: id_from_db(c.challenger),
                        challenged: id_from_db(c.challenged),
                    });
                }
                Ok(ChannelHolder::JustTaken)
            })
            .await;
        match holder {
            Ok(holder) => Refusal::ChannelBusy(holder).into(),
            Err(e) => e,
        }
    }

    /// Accepts the open challenge `id` (buttons carry the id).
    pub async fn accept(&self, id: i64, user: UserId) -> Result<GameView, AppError> {
        self.accept_which(Which::Id(id), user).await
    }

    /// Accepts the open challenge of `channel` addressed to `user` (`/accept`).
    pub async fn accept_in_channel(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<GameView, AppError> {
        self.accept_which(Which::Channel(channel), user).await
    }

    async fn accept_which(&self, which: Which, user: UserId) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let row = Self::lock_challenge(&mut tx, which, ChallengeAction::Accept).await?;
            self.accept_locked(tx, row, user, None).await
        })
        .await
    }

    /// Starts a game against the bot (`bot`, the challenged user) at once, with no accept step:
    /// the AI plays its side at `level`. The channel is claimed as for any challenge.
    pub async fn challenge_ai(
        &self,
        new: NewChallenge,
        bot: UserId,
        level: Level,
    ) -> Result<GameView, AppError> {
        if new.challenger == bot {
            return Err(Refusal::SelfChallenge.into());
        }
        // Games against the bot never count for the ratings.
        let row = NewChallengeRow {
            challenged: bot,
            rated: false,
            ..new_row(&new)
        };
        let view = self
            .insert_claiming(row, |tx: Tx, inserted: ChallengeRow| {
                self.accept_locked(tx, inserted, bot, Some(level))
            })
            .await?;
        self.ai_owes_turn(&view);
        Ok(view)
    }

    /// The challenge a command answers, row-locked.
    async fn lock_challenge(
        tx: &mut Tx,
        which: Which,
        action: ChallengeAction,
    ) -> Result<ChallengeRow, AppError> {
        match which {
            Which::Id(id) => Ok(challenges::get(tx, id, true)
                .await?
                .ok_or(Refusal::NoSuchChallenge(action))?),
            Which::Channel(channel) => Self::lock_open_challenge(tx, channel, action).await,
        }
    }

    /// The open challenge of `channel`, row-locked and still open.
    async fn lock_open_challenge(
        tx: &mut Tx,
        channel: ChannelId,
        action: ChallengeAction,
    ) -> Result<ChallengeRow, AppError> {
        let none = || AppError::from(Refusal::NoOpenChallenge(action));
        let open = challenges::open_in_channel(tx, channel)
            .await?
            .ok_or_else(none)?;
        let row = challenges::get(tx, open.id, true).await?.ok_or_else(none)?;
        if row.state != ChallengeState::Open {
            return Err(closed(&row));
        }
        Ok(row)
    }

    /// Accepts `row` for `user` and starts its game; `ai`: the challenged user is the bot, whose
    /// side the AI plays at this level.
    pub(super) async fn accept_locked(
        &self,
        mut tx: Tx,
        row: ChallengeRow,
        user: UserId,
        ai: Option<Level>,
    ) -> Result<GameView, AppError> {
        let (game_row, view) = self.start_locked(&mut tx, row, user, ai, None).await?;
        tx.commit().await?;
        // The new game's log (empty) is kept: its first move reads no log.
        let loaded = replay::load(game_row, Vec::new())?;
        self.keep_log(&loaded);
        let mut game = loaded.view();
        game.accepted_challenge = Some(ChallengeView {
            state: ChallengeState::Accepted,
            ..view
        });
        Ok(game)
    }

    /// Starts the game of challenge `row` (locked, open), accepted by `user`, in `tx`: the
    /// colours are drawn, the game inserted and the channel's claim moved to it. `tournament`:
    /// the event (and Swiss round) the game belongs to.
    pub(super) async fn start_locked(
        &self,
        tx: &mut Tx,
        row: ChallengeRow,
        user: UserId,
        ai: Option<Level>,
        tournament: Option<(i64, Option<i16>)>,
    ) -> Result<(GameRow, ChallengeView), AppError> {
        ensure_challenged(&row, user, ChallengeAction::Accept)?;
        let view = ChallengeView::try_from(row.clone())?;
        let challenger_first = match view.colour {
            ColourChoice::ChallengerFirst => true,
            ColourChoice::ChallengerSecond => false,
            ColourChoice::Random => random_u64()? & 1 == 0,
        };
        let players = if challenger_first {
            [view.challenger, view.challenged]
        } else {
            [view.challenged, view.challenger]
        };
        let seed = random_u64()?;
        let game = Game::new(view.config, seed);
        let now = self.now();
        let new = NewGameRow {
            challenge_id: row.id,
            guild: view.guild,
            channel: view.channel,
            options: row.options.clone(),
            seed,
            players,
            position: game.position_string(),
            clock_secs: row.clock_secs,
            clock_increment_secs: row.clock_increment_secs,
            deadline: row
                .clock_secs
                .map(|secs| now + chrono::Duration::seconds(i64::from(secs))),
            started_at: now,
            follows: row.follows.zip(row.follow_kind),
            ai: ai.map(|level| {
                let side = if players[0] == view.challenged {
                    SideIndex::First
                } else {
                    SideIndex::Second
                };
                (level, side)
            }),
            rated: row.rated && ai.is_none(),
            tournament,
        };
        let mut game_row = games::insert(tx, &new).await?;
        // A first mover on vacation: the first turn's clock starts when the vacation ends.
        if let Some(until) =
            clock::vacation_until(&game_row.clock, Side::First).filter(|&u| u > now)
            && game_row.clock.deadline.is_some()
        {
            game_row = games::hold_new(tx, game_row.id, until, now).await?;
        }
        challenges::accept(tx, row.id, game_row.id).await?;
        Ok((game_row, view))
    }

    /// The challenged player refuses the challenge `id`; its channel is free again.
    pub async fn decline(&self, id: i64, user: UserId) -> Result<ChallengeView, AppError> {
        self.decline_which(Which::Id(id), user).await
    }

    /// The challenged player refuses the open challenge of `channel` (`/decline`).
    pub async fn decline_in_channel(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<ChallengeView, AppError> {
        self.decline_which(Which::Channel(channel), user).await
    }

    async fn decline_which(&self, which: Which, user: UserId) -> Result<ChallengeView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let row = Self::lock_challenge(&mut tx, which, ChallengeAction::Decline).await?;
            Self::decline_locked(tx, row, user).await
        })
        .await
    }

    async fn decline_locked(
        mut tx: Tx,
        row: ChallengeRow,
        user: UserId,
    ) -> Result<ChallengeView, AppError> {
        ensure_challenged(&row, user, ChallengeAction::Decline)?;
        let view = Self::close(&mut tx, row, ChallengeState::Declined).await?;
        tx.commit().await?;
        Ok(view)
    }

    /// Closes an open challenge as `state` (the caller commits) and returns it closed.
    async fn close(
        tx: &mut Tx,
        row: ChallengeRow,
        state: ChallengeState,
    ) -> Result<ChallengeView, AppError> {
        challenges::close(tx, row.id, state).await?;
        let mut view = ChallengeView::try_from(row)?;
        view.state = state;
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
            let row = Self::lock_open_challenge(&mut tx, channel, ChallengeAction::Cancel).await?;
            let challenger = id_from_db(row.challenger);
            if user != challenger {
                return Err(Refusal::NotChallenger {
                    challenger,
                    asked_by_challenged: user == id_from_db(row.challenged),
                }
                .into());
            }
            let view = Self::close(&mut tx, row, ChallengeState::Cancelled).await?;
            tx.commit().await?;
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
            expired.into_iter().map(ChallengeView::try_from).collect()
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
            let mut conn = self.store.acquire().await?;
            challenges::set_message(&mut conn, id, message)
                .await?
                .map(ChallengeView::try_from)
                .transpose()
        })
        .await
    }

    /// The challenge with this id, whatever its state (for stale buttons).
    pub async fn challenge_by_id(&self, id: i64) -> Result<Option<ChallengeView>, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            challenges::get(&mut conn, id, false)
                .await?
                .map(ChallengeView::try_from)
                .transpose()
        })
        .await
    }

    /// The open challenge of a channel, if any.
    pub async fn challenge_in_channel(
        &self,
        channel: ChannelId,
    ) -> Result<Option<ChallengeView>, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            challenges::open_in_channel(&mut conn, channel)
                .await?
                .map(ChallengeView::try_from)
                .transpose()
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ME: UserId = 1;
    const ANN: UserId = 2;
    const BEN: UserId = 3;
    const OTHER_BOT: UserId = 4;

    fn person(user: UserId) -> Opponent {
        Opponent {
            user,
            is_bot: false,
        }
    }

    fn a_bot(user: UserId) -> Opponent {
        Opponent { user, is_bot: true }
    }

    #[test]
    fn who_may_challenge_whom() {
        assert_eq!(
            who_plays(ANN, person(BEN), ME, None, None),
            Ok(Challenged::Person)
        );
        assert_eq!(
            who_plays(ANN, person(BEN), ME, None, Some(true)),
            Ok(Challenged::Person)
        );
        assert_eq!(
            who_plays(ANN, a_bot(ME), ME, None, None),
            Ok(Challenged::Ai(Level::Medium)),
            "the AI plays medium unless asked"
        );
        assert_eq!(
            who_plays(ANN, a_bot(ME), ME, Some(Level::Hard), Some(false)),
            Ok(Challenged::Ai(Level::Hard))
        );
        assert_eq!(
            who_plays(ANN, a_bot(OTHER_BOT), ME, None, None),
            Err(Refusal::ChallengeBot)
        );
        assert_eq!(
            who_plays(ANN, person(BEN), ME, Some(Level::Easy), None),
            Err(Refusal::LevelNeedsBot { bot: ME })
        );
        assert_eq!(
            who_plays(ANN, a_bot(ME), ME, None, Some(true)),
            Err(Refusal::AiNeverRated)
        );
        assert_eq!(
            who_plays(ANN, person(ANN), ME, None, None),
            Err(Refusal::SelfChallenge)
        );
        // The first rule broken is the one named: a level for another bot names the bot.
        assert_eq!(
            who_plays(ANN, a_bot(OTHER_BOT), ME, Some(Level::Easy), Some(true)),
            Err(Refusal::ChallengeBot)
        );
    }
}
