//! Which users may have notices held for them, so that an answer looks in `held_notices` only
//! for them, not after every interaction (issue 59: that look was one statement on every
//! command, for a table that is nearly always empty).
//!
//! Until a process follows the table ([`Service::follow_held_notices`], which the bot does at
//! start), every user may have some, and every answer looks. Once it follows, the set holds the
//! users with notices in the table when it was read, and every user a notice is held for since,
//! by this process (at once) or by any other process on the database (announced with
//! `NOTIFY` in the statement that holds it). When the announcements' connection is lost, the
//! process looks for everyone again until it has listened on a new connection and read the
//! table again: what was announced in between is not missed.
//!
//! A user leaves the set just before their notices are taken, so a notice held while they are
//! taken puts them back in it. A notice held by another process in the instant before an
//! interaction, before its announcement arrives, is shown on the interaction after.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use crate::store::reach;

use super::error::AppError;
use super::{Service, UserId};

/// How often the follower looks whether the service is still there.
const FOLLOW_CHECK: Duration = Duration::from_secs(30);

/// The users who may have notices held (see the module's documentation).
#[derive(Debug, Default)]
pub(crate) struct HeldIndex {
    /// `None`: not followed, so anyone may have notices held.
    users: Mutex<Option<HashSet<UserId>>>,
}

impl HeldIndex {
    /// Whether `user` may have notices held.
    fn may_have(&self, user: UserId) -> bool {
        match self.users.lock() {
            Ok(users) => users.as_ref().is_none_or(|u| u.contains(&user)),
            Err(_) => true,
        }
    }

    /// `user` may have notices held.
    fn add(&self, user: UserId) {
        if let Ok(mut users) = self.users.lock()
            && let Some(users) = users.as_mut()
        {
            users.insert(user);
        }
    }

    /// `user`'s notices are being taken.
    fn remove(&self, user: UserId) {
        if let Ok(mut users) = self.users.lock()
            && let Some(users) = users.as_mut()
        {
            users.remove(&user);
        }
    }

    /// Not followed any more: anyone may have notices held.
    fn lost(&self) {
        if let Ok(mut users) = self.users.lock() {
            *users = None;
        }
    }

    /// Followed again: the users of the table, with those announced meanwhile.
    fn read(&self, found: Vec<UserId>) {
        if let Ok(mut users) = self.users.lock() {
            users.get_or_insert_with(HashSet::new).extend(found);
        }
    }

    /// How many users may have notices held, or `None` when not followed.
    #[cfg(test)]
    fn followed(&self) -> Option<usize> {
        self.users
            .lock()
            .ok()
            .and_then(|u| u.as_ref().map(HashSet::len))
    }
}

impl Service {
    /// Holds `text` for `user`, who could not be sent it, until their next interaction.
    pub async fn hold_notice(&self, user: UserId, text: &str) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            reach::hold(&mut conn, user, text).await?;
            Ok(())
        })
        .await?;
        self.held.add(user);
        Ok(())
    }

    /// Takes the notices held for `user`, oldest first (each is given once). Reads nothing
    /// when the user is known to have none.
    pub async fn take_held_notices(&self, user: UserId) -> Result<Vec<String>, AppError> {
        if !self.held.may_have(user) {
            return Ok(Vec::new());
        }
        self.held.remove(user);
        let taken = self
            .guarded(async {
                let mut conn = self.store.acquire().await?;
                Ok(reach::take(&mut conn, user).await?)
            })
            .await;
        if taken.is_err() {
            self.held.add(user);
        }
        taken
    }

    /// Follows the notices held by every process on the database, so that answers look for
    /// them only where there may be some (see the module's documentation). Until it has read
    /// the table, every answer looks.
    pub async fn follow_held_notices(&self) {
        let index = Arc::downgrade(&self.held);
        let listener = self.listen_and_read(&index).await;
        if listener.is_none() {
            tracing::warn!("cannot follow the notices held yet: every answer looks for them");
        }
        follow(self.clone(), listener, index);
    }
}

/// Follows the announcements of notices held until the index is gone; listens and reads the
/// table again when the connection was lost.
fn follow(
    service: Service,
    mut listener: Option<sqlx::postgres::PgListener>,
    index: Weak<HeldIndex>,
) {
    let service = service.without_held();
    tokio::spawn(async move {
        while let Some(held) = index.upgrade() {
            let Some(active) = listener.as_mut() else {
                held.lost();
                drop(held);
                tokio::time::sleep(Duration::from_secs(1)).await;
                listener = service.listen_and_read(&index).await;
                continue;
            };
            drop(held);
            match tokio::time::timeout(FOLLOW_CHECK, active.try_recv()).await {
                Err(_) => {}
                Ok(Ok(Some(note))) => {
                    if let (Some(held), Some(user)) =
                        (index.upgrade(), reach::held_user(note.payload()))
                    {
                        held.add(user);
                    }
                }
                // The connection was lost: listen anew, then read the table (what was
                // announced meanwhile is in it).
                Ok(Ok(None)) => {
                    tracing::debug!("notices held: the connection was lost; listening again");
                    listener = None;
                }
                Ok(Err(e)) => {
                    tracing::debug!(error = %e, "notices held: listening again");
                    listener = None;
                }
            }
        }
    });
}

impl Service {
    /// Listens to the notices held, then reads the table into `index` (listening first: a
    /// notice held meanwhile is not missed). `None` when it cannot listen. The listener does not
    /// reconnect by itself: a lost connection is seen as such (`Ok(None)`), never mended
    /// silently inside a wait that was then given up, so the follower always reads the table
    /// again after listening anew.
    async fn listen_and_read(&self, index: &Weak<HeldIndex>) -> Option<sqlx::postgres::PgListener> {
        let mut listener = match self.store.listen(reach::HELD_CHANNEL).await {
            Ok(listener) => listener,
            Err(e) => {
                tracing::debug!(error = %e, "notices held: cannot listen");
                return None;
            }
        };
        listener.eager_reconnect(false);
        if self.read_held_into(index).await {
            tracing::debug!("following the notices held");
        }
        Some(listener)
    }

    /// A clone that does not keep the held index alive (the follower's own, so that the index
    /// goes when the last service does).
    fn without_held(&self) -> Service {
        let mut service = self.clone();
        service.held = Arc::default();
        service
    }

    /// Reads who has notices held into `index`, if it is still there; on failure, every answer
    /// looks for them until the next read.
    async fn read_held_into(&self, index: &Weak<HeldIndex>) -> bool {
        let Some(held) = index.upgrade() else {
            return false;
        };
        let found = self
            .guarded(async {
                let mut conn = self.store.acquire().await?;
                Ok(reach::held_users(&mut conn).await?)
            })
            .await;
        match found {
            Ok(found) => {
                held.read(found);
                true
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not read who has notices held: every answer looks for them");
                held.lost();
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_index_not_followed_lets_everyone_look_and_a_followed_one_only_those_it_holds() {
        let index = HeldIndex::default();
        assert!(index.may_have(7), "not followed: anyone may have some");
        index.add(7);
        assert_eq!(index.followed(), None, "adding does not start following");
        index.read(vec![1, 2]);
        assert_eq!(index.followed(), Some(2));
        assert!(index.may_have(1) && !index.may_have(7));
        index.add(7);
        index.remove(1);
        assert!(index.may_have(7) && !index.may_have(1));
        index.lost();
        assert!(
            index.may_have(1) && index.may_have(99),
            "lost: everyone looks"
        );
        index.read(vec![5]);
        assert!(
            index.may_have(5) && !index.may_have(7),
            "read again from the table"
        );
    }
}
