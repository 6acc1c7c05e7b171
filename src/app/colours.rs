//! The colours each player's own pictures are drawn in (`/settings colours:`): ephemeral
//! answers, the move panel, the move browser, puzzles and lessons. Public pictures keep the
//! default palette, which every colour vision tells apart (`render::palette`).
//!
//! Drawing a player's picture must not cost a statement (issue 59): once a process follows the
//! settings ([`Service::follow_colours`], which the bot does at start), it knows in memory who
//! chose colours other than the default, kept in step with every process on the database by
//! `NOTIFY` (see [`followed`]). Until then, and while the announcements are lost, the choice is
//! read from the database.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::render::{Palette, RenderOptions};
use crate::store::colours as store;
use crate::store::kinds::Colours;

use super::error::AppError;
use super::followed::{self, Followed};
use super::{Service, UserId};

/// The palette that draws `colours`.
pub fn palette(colours: Colours) -> Palette {
    match colours {
        Colours::Standard => Palette::Standard,
        Colours::ColourBlind => Palette::ColourBlind,
    }
}

/// Who chose colours other than the default (see the module's documentation).
#[derive(Debug, Default)]
pub(crate) struct ColoursIndex {
    /// `None`: not followed, so the database is asked.
    chosen: Mutex<Option<HashMap<UserId, Colours>>>,
}

impl ColoursIndex {
    /// `user`'s colours, if the index is followed.
    fn of(&self, user: UserId) -> Option<Colours> {
        let chosen = self.chosen.lock().ok()?;
        chosen
            .as_ref()
            .map(|c| c.get(&user).copied().unwrap_or_default())
    }

    /// `user` chose `colours` (kept only while followed).
    fn set(&self, user: UserId, colours: Colours) {
        if let Ok(mut chosen) = self.chosen.lock()
            && let Some(chosen) = chosen.as_mut()
        {
            if colours == Colours::default() {
                chosen.remove(&user);
            } else {
                chosen.insert(user, colours);
            }
        }
    }
}

impl Followed for ColoursIndex {
    const CHANNEL: &'static str = store::COLOURS_CHANNEL;
    const WHAT: &'static str = "players' colours";

    fn lost(&self) {
        if let Ok(mut chosen) = self.chosen.lock() {
            *chosen = None;
        }
    }

    fn announced(&self, payload: &str) {
        if let Some((user, colours)) = store::announced(payload) {
            self.set(user, colours);
        }
    }

    async fn read(&self, service: &Service) -> Result<(), AppError> {
        let found = service
            .guarded(async {
                let mut conn = service.store.acquire().await?;
                Ok(store::chosen(&mut conn).await?)
            })
            .await?;
        // What was announced since the follower listened is applied after this, in order, so
        // the last announcement of a user wins whether the table saw that change or not.
        if let Ok(mut chosen) = self.chosen.lock() {
            *chosen = Some(found.into_iter().collect());
        }
        Ok(())
    }
}

impl Service {
    /// The colours `user` chose for their own pictures.
    pub async fn colours_of(&self, user: UserId) -> Result<Colours, AppError> {
        if let Some(colours) = self.colours.of(user) {
            return Ok(colours);
        }
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            Ok(store::colours_of(&mut conn, user).await?)
        })
        .await
    }

    /// How to draw the pictures only `user` sees. A failure to read their choice (the database
    /// is down) draws them in the default colours: the picture is never lost for it.
    pub async fn picture_options(&self, user: UserId) -> RenderOptions {
        match self.colours_of(user).await {
            Ok(colours) => RenderOptions {
                palette: palette(colours),
            },
            Err(e) => {
                tracing::debug!(error = %e, user, "colours unknown: the default ones");
                RenderOptions::default()
            }
        }
    }

    /// Sets the colours of `user`'s own pictures.
    pub async fn set_colours(&self, user: UserId, colours: Colours) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            store::set_colours(&mut conn, user, colours).await?;
            Ok(())
        })
        .await?;
        self.colours.set(user, colours);
        Ok(())
    }

    /// Follows the colours every process's players choose, so that drawing a player's picture
    /// reads nothing (see the module's documentation).
    pub async fn follow_colours(&self) {
        followed::follow(self.for_follower(), &self.colours).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_index_not_followed_knows_nobody_and_a_followed_one_everybody() {
        let index = ColoursIndex::default();
        index.set(7, Colours::ColourBlind);
        assert_eq!(index.of(7), None, "not followed: the database is asked");
        index.chosen.lock().expect("lock").replace(HashMap::new());
        index.announced("7 colour-blind");
        assert_eq!(index.of(7), Some(Colours::ColourBlind));
        assert_eq!(
            index.of(8),
            Some(Colours::Standard),
            "no choice: the default"
        );
        index.announced("7 standard");
        assert_eq!(index.of(7), Some(Colours::Standard));
        index.lost();
        assert_eq!(index.of(7), None, "lost: the database is asked");
    }
}
