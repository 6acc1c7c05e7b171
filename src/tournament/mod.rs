//! Tournaments, as pure rules: who meets whom (a Swiss round's pairing, a round-robin's games)
//! and the standings with their tiebreaks. No storage and no Discord here: the service keeps an
//! event's players and games, and asks this layer what comes next.
//!
//! - [`swiss`]: pairing a Swiss round (no rematch, the bye rule, the least sum of squared score
//!   differences, then balanced colours), by an exact minimum-cost perfect matching
//!   ([`matching`]);
//! - [`round_robin`]: every game of a round-robin, with balanced colours;
//! - [`standings`]: points and tiebreaks (Buchholz, Sonneborn-Berger, wins, rating);
//! - [`cross`]: a round-robin's cross table.

pub mod cross;
pub mod matching;
pub mod round_robin;
pub mod standings;
pub mod swiss;

/// A player: their Discord user id.
pub type PlayerId = u64;

/// How an event pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    RoundRobin,
    Swiss,
}

crate::codec!(Format {
    RoundRobin => "round-robin",
    Swiss => "swiss",
});

/// The fewest and most rounds of a Swiss event.
pub const SWISS_ROUNDS: std::ops::RangeInclusive<u32> = 2..=15;

/// The fewest players an event starts with.
pub const MIN_PLAYERS: usize = 3;
