//! Where a game can be played on Discord, and how its notices reach its players there.
//!
//! Discord sends an interaction from a server channel, from the DM with the bot, or from a
//! private channel (a DM between users, a group DM). The bot is a member of the first two only
//! when it is installed to the server (or, for its own DM, always); in the others it can only
//! answer interactions. A game in such a channel is *interaction-only*: every board goes out as
//! an interaction's answer, and the scheduler's notices go to the players by DM, or are held
//! for their next interaction when Discord refuses the DM.

use crate::store::reach;

use super::challenges::Challenged;
use super::error::{AppError, PlaceRefusal, Refusal};
use super::{ChannelId, Service};

/// Where an interaction comes from, as its `context` and `authorizing_integration_owners` say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A channel of a server that installed the bot.
    Server,
    /// The DM between the user and the bot.
    BotDm,
    /// A DM between users or a group DM: the bot is not a member.
    Private,
    /// A channel of a server where only a user installed the app. Without Use External Apps
    /// (`external_apps`), Discord makes every answer there ephemeral.
    Foreign { external_apps: bool },
}

impl Place {
    /// Whether the bot reaches the channel only through interactions (it cannot post there).
    pub fn interaction_only(self) -> bool {
        matches!(self, Place::Private | Place::Foreign { .. })
    }

    /// Whether the bot can open a thread here for a game.
    pub fn threads(self) -> bool {
        self == Place::Server
    }
}

/// Whether a game against `challenged` may start at `place`.
pub fn place_allows(place: Place, challenged: Challenged) -> Result<(), Refusal> {
    let refusal = match (place, challenged) {
        (
            Place::Foreign {
                external_apps: false,
            },
            _,
        ) => PlaceRefusal::ExternalAppsOff,
        (Place::BotDm, Challenged::Person) => PlaceRefusal::BotDmIsForAi,
        (Place::Private | Place::Foreign { .. }, Challenged::Ai(_)) => {
            PlaceRefusal::AiNeedsBotChannel
        }
        _ => return Ok(()),
    };
    Err(Refusal::Place(refusal))
}

impl Service {
    /// Records how the bot reaches `channel`: only through interactions, or by posting there.
    pub async fn set_reach(&self, channel: ChannelId, place: Place) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            reach::set(&mut conn, channel, place.interaction_only()).await?;
            Ok(())
        })
        .await
    }

    /// Whether the bot reaches `channel` only through interactions (see [`Place`]).
    pub async fn interaction_only(&self, channel: ChannelId) -> Result<bool, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            Ok(reach::interaction_only(&mut conn, channel).await?)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    #[test]
    fn each_place_takes_the_games_it_can_show() {
        let ai = Challenged::Ai(Level::Medium);
        let person = Challenged::Person;
        assert_eq!(place_allows(Place::Server, person), Ok(()));
        assert_eq!(place_allows(Place::Server, ai), Ok(()));
        assert_eq!(place_allows(Place::BotDm, ai), Ok(()));
        assert_eq!(
            place_allows(Place::BotDm, person),
            Err(Refusal::Place(PlaceRefusal::BotDmIsForAi))
        );
        assert_eq!(place_allows(Place::Private, person), Ok(()));
        assert_eq!(
            place_allows(Place::Private, ai),
            Err(Refusal::Place(PlaceRefusal::AiNeedsBotChannel))
        );
        let open = Place::Foreign {
            external_apps: true,
        };
        let closed = Place::Foreign {
            external_apps: false,
        };
        assert_eq!(place_allows(open, person), Ok(()));
        for who in [person, ai] {
            assert_eq!(
                place_allows(closed, who),
                Err(Refusal::Place(PlaceRefusal::ExternalAppsOff))
            );
        }
        assert!(Place::Private.interaction_only() && open.interaction_only());
        assert!(!Place::Server.interaction_only() && !Place::BotDm.interaction_only());
        assert!(Place::Server.threads() && !Place::BotDm.threads() && !Place::Private.threads());
    }
}
