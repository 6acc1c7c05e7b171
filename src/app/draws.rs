//! Draw offers: offering, accepting, declining and withdrawing. An offer stands until the
//! opponent accepts or declines it, the offerer withdraws it, or the opponent plays a move.

use crate::store::kinds::MoveKind;

use super::error::{AppError, Refusal};
use super::games::Save;
use super::views::{GameView, Outcome};
use super::{ChannelId, MessageId, Service, UserId};
use crate::store::games;

/// What a player does about a standing draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// The opponent's offer is refused.
    Decline,
    /// One's own offer is taken back.
    Withdraw,
}

impl Service {
    /// Offers a draw, or accepts the opponent's standing offer.
    pub async fn draw(&self, channel: ChannelId, user: UserId) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (loaded, side) = self.lock_game(&mut tx, channel, user).await?;
            let (kind, outcome, draw_offer) = match loaded.draw_offer {
                Some(offer) if offer == side => {
                    return Err(Refusal::DrawAlreadyOffered {
                        opponent: loaded.player(side.other()),
                    }
                    .into());
                }
                Some(_) => (MoveKind::DrawAccept, Some(Outcome::DrawAgreed), None),
                None => (MoveKind::DrawOffer, None, Some(side)),
            };
            let entry = Self::service_entry(&loaded, side, user, kind);
            let loaded = self
                .save(tx, loaded, Save::entry(entry, outcome, draw_offer))
                .await?;
            Ok(loaded.view())
        })
        .await
    }

    /// Declines the opponent's standing draw offer.
    pub async fn decline_draw(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<GameView, AppError> {
        self.answer_draw(channel, user, Answer::Decline).await
    }

    /// Withdraws one's own standing draw offer.
    pub async fn withdraw_draw(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<GameView, AppError> {
        self.answer_draw(channel, user, Answer::Withdraw).await
    }

    /// Removes a standing draw offer: the opponent's (declined) or one's own (withdrawn).
    async fn answer_draw(
        &self,
        channel: ChannelId,
        user: UserId,
        answer: Answer,
    ) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (loaded, side) = self.lock_game(&mut tx, channel, user).await?;
            let mine = loaded.draw_offer.map(|offer| offer == side);
            let kind = match (mine, answer) {
                (Some(false), Answer::Decline) => MoveKind::DrawDecline,
                (Some(true), Answer::Withdraw) => MoveKind::DrawWithdraw,
                (Some(true), Answer::Decline) => return Err(Refusal::DrawOfferIsYours.into()),
                (Some(false), Answer::Withdraw) => {
                    return Err(Refusal::DrawOfferIsTheirs {
                        offerer: loaded.player(side.other()),
                    }
                    .into());
                }
                (None, Answer::Decline) => return Err(Refusal::NoDrawToDecline.into()),
                (None, Answer::Withdraw) => return Err(Refusal::NoDrawToWithdraw.into()),
            };
            let entry = Self::service_entry(&loaded, side, user, kind);
            let loaded = self
                .save(tx, loaded, Save::entry(entry, None, None))
                .await?;
            Ok(loaded.view())
        })
        .await
    }

    /// Records the message that carries the buttons of game `game`'s standing draw offer, so that
    /// they can be taken away once the offer ends some other way. Returns false when no offer
    /// stands any more (answered before its message was recorded).
    pub async fn record_draw_offer_message(
        &self,
        game: i64,
        message: MessageId,
    ) -> Result<bool, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            Ok(games::set_draw_offer_message(&mut conn, game, message).await?)
        })
        .await
    }
}
