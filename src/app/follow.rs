//! What follows a finished game: a rematch (same options and clock, colours swapped) or, after a
//! decisive Fanorona game, its vela round (docs/fanorona.md, The vela round: the loser moves first,
//! the winner plays under the vela restrictions). Either player offers it; it is a challenge to the
//! other, in the same channel, answered like any challenge.

use crate::engine::{Config, NoSecondRound, Side};
use crate::store::challenges::{self, NewChallengeRow};
use crate::store::games::{self, GameRow};
use crate::store::kinds::Word;
use crate::store::{StoreError, Tx, id_from_db};

use super::error::{AppError, NoVelaBecause, Refusal};
use super::replay;
use super::views::{ChallengeView, GameView, Outcome};
use super::{ChannelId, ColourChoice, FollowKind, Service, UserId};

/// What a follow-up did: offered to the other player, or (against the AI) started at once.
#[derive(Clone, Debug)]
pub enum FollowUp {
    Offered(ChallengeView),
    Started(Box<GameView>),
}

/// Which finished game a follow-up is asked for: a button's, by id, or the channel's last one.
#[derive(Clone, Copy, Debug)]
enum Which {
    Game(i64),
    Channel(ChannelId),
}

/// The options of the follow-up of `kind` after a game played with `config` that ended with
/// `outcome`, or why there is none. Each game says what its rematch and its second round are.
fn follow_up_config(
    config: Config,
    outcome: Outcome,
    kind: FollowKind,
) -> Result<Config, NoVelaBecause> {
    match kind {
        FollowKind::Rematch => Ok(config.rematch()),
        FollowKind::Vela => {
            // A game without a second round says so whoever won.
            config
                .second_round(Side::First)
                .map_err(NoVelaBecause::from)?;
            let winner = outcome.winner().ok_or(NoVelaBecause::NoWinner)?;
            config.second_round(winner).map_err(NoVelaBecause::from)
        }
    }
}

impl GameView {
    /// True when a second round (a vela round) can follow this finished game: a decisive game
    /// of a game that has one, not itself a second round.
    pub fn second_round_possible(&self) -> bool {
        self.outcome
            .and_then(Outcome::winner)
            .is_some_and(|winner| self.game.config().second_round(winner).is_ok())
    }
}

impl From<NoSecondRound> for NoVelaBecause {
    fn from(why: NoSecondRound) -> NoVelaBecause {
        match why {
            NoSecondRound::NotThisGame => NoVelaBecause::NotFanorona,
            NoSecondRound::AlreadySecondRound => NoVelaBecause::AlreadyVela,
        }
    }
}

impl Service {
    /// `user` offers a follow-up of `kind` after the finished game `game` (its buttons carry
    /// the id).
    pub async fn follow_up(
        &self,
        game: i64,
        user: UserId,
        kind: FollowKind,
    ) -> Result<FollowUp, AppError> {
        self.follow_up_which(Which::Game(game), user, kind).await
    }

    /// `user` offers a follow-up of `kind` after the last game of `channel` (`/rematch`,
    /// `/vela`).
    pub async fn follow_up_in_channel(
        &self,
        channel: ChannelId,
        user: UserId,
        kind: FollowKind,
    ) -> Result<FollowUp, AppError> {
        self.follow_up_which(Which::Channel(channel), user, kind)
            .await
    }

    async fn follow_up_which(
        &self,
        which: Which,
        user: UserId,
        kind: FollowKind,
    ) -> Result<FollowUp, AppError> {
        let offered = self
            .guarded(async {
                let mut tx = self.store.begin().await?;
                let row = match which {
                    Which::Game(id) => games::get(&mut tx, id).await?,
                    Which::Channel(channel) => games::latest_in_channel(&mut tx, channel).await?,
                }
                .ok_or(Refusal::NoFinishedGame)?;
                let ai = row.ai_level.map(|Word(level)| level);
                let new = Self::follow_up_row(&mut tx, row, user, kind).await?;
                match challenges::insert(&mut tx, &new).await {
                    // Against the AI there is nobody to accept: the game starts at once.
                    Ok(inserted) if ai.is_some() => {
                        let bot = new.challenged;
                        let view = self.accept_locked(tx, inserted, bot, ai).await?;
                        Ok(Ok(FollowUp::Started(Box::new(view))))
                    }
                    Ok(inserted) => {
                        tx.commit().await?;
                        Ok(Ok(FollowUp::Offered(inserted.try_into()?)))
                    }
                    // The transaction is dropped (rolled back); say what holds the place.
                    Err(e @ (StoreError::ChannelTaken(_) | StoreError::FollowUpTaken(_))) => {
                        Ok(Err((e, new)))
                    }
                    Err(e) => Err(e.into()),
                }
            })
            .await?;
        match offered {
            Ok(done) => {
                if let FollowUp::Started(view) = &done {
                    self.ai_owes_turn(view);
                }
                Ok(done)
            }
            Err((StoreError::FollowUpTaken(game), _)) => {
                Err(self.follow_up_taken(game, kind).await)
            }
            Err((_, new)) => Err(self.channel_taken(new.channel).await),
        }
    }

    /// The challenge that offers the follow-up of `kind` of the finished game `row` by `user`.
    async fn follow_up_row(
        tx: &mut Tx,
        row: GameRow,
        user: UserId,
        kind: FollowKind,
    ) -> Result<NewChallengeRow, AppError> {
        let id = row.id;
        let entries = games::moves(tx, id).await?;
        let loaded = replay::load(row, entries)?;
        let Some(outcome) = loaded.outcome else {
            return Err(Refusal::NoFinishedGame.into());
        };
        let side = loaded.side_of(user).ok_or(Refusal::NotInFinishedGame {
            players: loaded.players,
        })?;
        if let Some(taken) = challenges::follow_up_of(tx, id, kind).await? {
            return Err(Refusal::FollowUpTaken {
                kind,
                state: taken.state,
            }
            .into());
        }
        let config = follow_up_config(loaded.config, outcome, kind).map_err(Refusal::NoVela)?;
        // A rematch swaps the colours; a vela round keeps them (its loser moves first).
        let new_side = match kind {
            FollowKind::Rematch => side.other(),
            FollowKind::Vela => side,
        };
        Ok(NewChallengeRow {
            challenger: user,
            challenged: loaded.player(side.other()),
            guild: id_from_db(loaded.row.guild_id),
            channel: id_from_db(loaded.row.channel_id),
            options: config.to_string(),
            colour: match new_side {
                Side::First => ColourChoice::ChallengerFirst,
                Side::Second => ColourChoice::ChallengerSecond,
            },
            clock_secs: loaded.row.clock.clock_secs,
            clock_increment_secs: loaded.row.clock.clock_increment_secs,
            follows: Some((id, kind)),
            rated: loaded.row.rated,
        })
    }

    /// The refusal of a second follow-up of `kind` of `game`, saying what became of the first.
    async fn follow_up_taken(&self, game: i64, kind: FollowKind) -> AppError {
        let found = self
            .guarded(async {
                let mut conn = self.store.acquire().await?;
                Ok(challenges::follow_up_of(&mut conn, game, kind).await?)
            })
            .await;
        match found {
            Ok(Some(c)) => Refusal::FollowUpTaken {
                kind,
                state: c.state,
            }
            .into(),
            Ok(None) => Refusal::ChannelBusy(super::ChannelHolder::JustTaken).into(),
            Err(e) => e,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameKind, WinReason, fanorona};

    fn fanorona(vela: Option<fanorona::Color>) -> Config {
        Config::Fanorona(fanorona::Options {
            vela,
            ..Default::default()
        })
    }

    #[test]
    fn a_vela_round_follows_a_decisive_fanorona_game_and_names_its_winner() {
        let won = Outcome::Won(Side::Second, WinReason::AllCaptured);
        assert_eq!(
            follow_up_config(fanorona(None), won, FollowKind::Vela),
            Ok(fanorona(Some(fanorona::Color::Black)))
        );
        let timeout = Outcome::Timeout {
            winner: Side::First,
        };
        assert_eq!(
            follow_up_config(fanorona(None), timeout, FollowKind::Vela),
            Ok(fanorona(Some(fanorona::Color::White)))
        );
        assert_eq!(
            follow_up_config(fanorona(None), Outcome::DrawAgreed, FollowKind::Vela),
            Err(NoVelaBecause::NoWinner)
        );
        assert_eq!(
            follow_up_config(
                fanorona(Some(fanorona::Color::White)),
                won,
                FollowKind::Vela
            ),
            Err(NoVelaBecause::AlreadyVela)
        );
        let fibonacci = Config::default_for(GameKind::Fibonacci);
        assert_eq!(
            follow_up_config(fibonacci, won, FollowKind::Vela),
            Err(NoVelaBecause::NotFanorona)
        );
    }

    #[test]
    fn a_rematch_keeps_the_options_but_not_the_vela_restrictions() {
        let fibonacci = Config::default_for(GameKind::Fibonacci);
        assert_eq!(
            follow_up_config(fibonacci, Outcome::Draw, FollowKind::Rematch),
            Ok(fibonacci)
        );
        assert_eq!(
            follow_up_config(
                fanorona(Some(fanorona::Color::White)),
                Outcome::Aborted,
                FollowKind::Rematch
            ),
            Ok(fanorona(None))
        );
    }
}
