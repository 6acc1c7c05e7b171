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
use std::sync::Mutex;

use crate::store::reach;

use super::error::AppError;
use super::followed::{self, Followed};
use super::{Service, UserId};

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

    /// Followed again: the users of the table, with those announced meanwhile.
    fn fill(&self, found: Vec<UserId>) {
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

impl Followed for HeldIndex {
    const CHANNEL: &'static str = reach::HELD_CHANNEL;
    const WHAT: &'static str = "notices held";

    fn lost(&self) {
        if let Ok(mut users) = self.users.lock() {
            *users = None;
        }
    }

    fn announced(&self, payload: &str) {
        if let Some(user) = reach::held_user(payload) {
            self.add(user);
        }
    }

    async fn read(&self, service: &Service) -> Result<(), AppError> {
        let found = service
            .guarded(async {
                let mut conn = service.store.acquire().await?;
                Ok(reach::held_users(&mut conn).await?)
            })
            .await?;
        self.fill(found);
        Ok(())
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
        followed::follow(self.for_follower(), &self.held).await;
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
        index.fill(vec![1, 2]);
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
        index.fill(vec![5]);
        assert!(
            index.may_have(5) && !index.may_have(7),
            "read again from the table"
        );
    }
}
