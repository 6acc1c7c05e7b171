//! The replayed logs of the games played lately, kept between commands so that a command on a
//! game whose row has not changed since this service last wrote or read it does not read and
//! replay its whole log again.
//!
//! A log is kept under its game's version (the row's `version`, raised by every write): a
//! command that finds its game at the kept version uses the kept log, any other version reads
//! the log afresh. The row is still checked against the kept log (position and outcome, as
//! [`replay::load`](super::replay::load) does), so the log stays the truth.
//!
//! Besides saving the replay, this spares the read of a log that outgrew PostgreSQL's 8 kB send
//! buffer: the server sends such an answer in two parts, and on loopback the second part often
//! waited for the client's delayed acknowledgement (40 ms). In the load benchmark that was a
//! sixth of all moves, each holding a pooled connection meanwhile.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use super::ChannelId;
use super::replay::Replayed;

/// At most this many log entries are kept in all (some 10 MB at the longest notations): the
/// logs of the games least recently used go first.
const MAX_ENTRIES: usize = 50_000;

impl Replayed {
    /// What it counts against [`MAX_ENTRIES`]: its entries, and at least one for the game.
    fn weight(&self) -> usize {
        self.entries.len().max(1)
    }
}

struct Kept {
    game_id: i64,
    version: i32,
    log: Replayed,
    /// When it was last used, to drop the least recently used first.
    used: u64,
}

#[derive(Default)]
struct Logs {
    by_channel: HashMap<ChannelId, Kept>,
    /// Log entries held in all.
    held: usize,
    uses: u64,
}

/// The kept logs, one per channel (a channel has at most one game in progress).
#[derive(Default)]
pub(crate) struct LogCache {
    logs: Mutex<Logs>,
}

impl std::fmt::Debug for LogCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let logs = self.logs.lock().unwrap_or_else(PoisonError::into_inner);
        f.debug_struct("LogCache")
            .field("games", &logs.by_channel.len())
            .field("entries", &logs.held)
            .finish()
    }
}

impl LogCache {
    /// The game and version whose log is kept for `channel`, if any.
    pub(crate) fn kept(&self, channel: ChannelId) -> Option<(i64, i32)> {
        let logs = self.logs.lock().unwrap_or_else(PoisonError::into_inner);
        logs.by_channel
            .get(&channel)
            .map(|kept| (kept.game_id, kept.version))
    }

    /// A copy of the log of game `game_id` at `version` in `channel`, if kept.
    pub(crate) fn get(&self, channel: ChannelId, game_id: i64, version: i32) -> Option<Replayed> {
        let mut logs = self.logs.lock().unwrap_or_else(PoisonError::into_inner);
        logs.uses += 1;
        let uses = logs.uses;
        let kept = logs.by_channel.get_mut(&channel)?;
        if (kept.game_id, kept.version) != (game_id, version) {
            return None;
        }
        kept.used = uses;
        Some(kept.log.clone())
    }

    /// Keeps the log of game `game_id` at `version` in `channel`, in place of an older one; a
    /// log older than the one kept is not kept.
    pub(crate) fn put(&self, channel: ChannelId, game_id: i64, version: i32, log: Replayed) {
        let size = log.weight();
        if size > MAX_ENTRIES {
            return;
        }
        let mut logs = self.logs.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(kept) = logs.by_channel.get(&channel)
            && kept.game_id == game_id
            && kept.version >= version
        {
            return;
        }
        if let Some(old) = logs.by_channel.remove(&channel) {
            logs.held -= old.log.weight();
        }
        while logs.held + size > MAX_ENTRIES {
            let oldest = logs
                .by_channel
                .iter()
                .min_by_key(|(_, kept)| kept.used)
                .map(|(&channel, _)| channel);
            let Some(gone) = oldest.and_then(|c| logs.by_channel.remove(&c)) else {
                break;
            };
            logs.held -= gone.log.weight();
        }
        logs.uses += 1;
        let used = logs.uses;
        logs.held += size;
        logs.by_channel.insert(
            channel,
            Kept {
                game_id,
                version,
                log,
                used,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, Game, GameKind};
    use crate::store::games::MoveRow;

    fn log(entries: usize) -> Replayed {
        let entry = MoveRow {
            ply: 1,
            turn: 1,
            side: crate::store::kinds::SideIndex::First,
            user_id: 1,
            kind: crate::store::kinds::MoveKind::Move,
            notation: "g9-f9".to_string(),
            played_at: chrono::DateTime::UNIX_EPOCH,
        };
        Replayed {
            game: Game::new(Config::default_for(GameKind::Fibonacci), 0),
            plays: Vec::new(),
            entries: vec![entry; entries],
        }
    }

    #[test]
    fn a_log_is_found_only_at_its_game_and_version() {
        let cache = LogCache::default();
        cache.put(7, 70, 3, log(2));
        assert_eq!(cache.kept(7), Some((70, 3)));
        assert!(cache.get(7, 70, 3).is_some());
        assert!(cache.get(7, 70, 4).is_none(), "another version");
        assert!(cache.get(7, 71, 3).is_none(), "another game");
        assert!(cache.get(8, 70, 3).is_none(), "another channel");
        // A newer version replaces it; an older one does not.
        cache.put(7, 70, 5, log(3));
        cache.put(7, 70, 4, log(1));
        assert_eq!(cache.kept(7), Some((70, 5)));
        assert_eq!(cache.get(7, 70, 5).map(|l| l.entries.len()), Some(3));
        // The channel's next game replaces the last one's log whatever the versions.
        cache.put(7, 90, 1, log(0));
        assert_eq!(cache.kept(7), Some((90, 1)));
    }

    #[test]
    fn the_least_recently_used_logs_go_past_the_budget() {
        let cache = LogCache::default();
        let third = MAX_ENTRIES / 3;
        cache.put(1, 10, 1, log(third));
        cache.put(2, 20, 1, log(third));
        cache.put(3, 30, 1, log(third));
        // Channel 1 is used again, so channel 2's log is the one to go for a fourth.
        assert!(cache.get(1, 10, 1).is_some());
        cache.put(4, 40, 1, log(third));
        assert_eq!(cache.kept(2), None);
        for (channel, game) in [(1, 10), (3, 30), (4, 40)] {
            assert_eq!(cache.kept(channel), Some((game, 1)), "channel {channel}");
        }
        // A log larger than the whole budget is not kept, and pushes nothing out.
        cache.put(5, 50, 1, log(MAX_ENTRIES + 1));
        assert_eq!(cache.kept(5), None);
        assert_eq!(cache.kept(1), Some((10, 1)));
    }
}
