//! The transposition table of one turn's search: positions already searched, with the depth,
//! the value (or the bound on it) and the best turn found, so that a position reached again (by
//! another order of turns, or by the next iteration of the deepening) is not searched again and
//! its best turn is tried first.
//!
//! A Fanorona position is two 45-bit boards and the side to move, so its key is a mix of those
//! three words, computed in a few instructions when needed: nothing has to be kept up to date
//! move by move (a Zobrist key kept incrementally by the engine would cost a table lookup per
//! captured piece for the same result). The table is new for every turn, so a turn depends on
//! its position and its seed alone.

use crate::engine::fanorona::{Color, Position};

/// What a stored value says about the position's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value itself.
    Exact,
    /// At least the value (the search stopped at a cut-off).
    Lower,
    /// At most the value (no turn reached alpha).
    Upper,
}

/// One stored position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    /// The full key: a different position in the same slot is told apart.
    pub key: u64,
    pub value: i32,
    /// The best turn, as its index in the generator's order of the position's turns.
    pub best: u16,
    /// Turns searched below the position (0: an empty slot).
    pub depth: u8,
    pub bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0,
    best: 0,
    depth: 0,
    bound: Bound::Upper,
};

/// A table of `2^k` entries, one per slot, the newest kept.
pub(super) struct Table {
    entries: Vec<Entry>,
    mask: u64,
}

/// The most entries a table has (16 bytes each: 16 MiB).
const MAX_ENTRIES: u64 = 1 << 20;

impl Table {
    /// A table sized for a search of `nodes` nodes (a smaller search gets a smaller table, so an
    /// easy turn does not clear megabytes).
    pub(super) fn for_nodes(nodes: u64) -> Table {
        let len = nodes.clamp(1 << 8, MAX_ENTRIES).next_power_of_two();
        Table {
            entries: vec![EMPTY; len as usize],
            mask: len - 1,
        }
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[(key & self.mask) as usize];
        (e.depth > 0 && e.key == key).then_some(e)
    }

    /// Stores a searched position (`depth` at least 1), replacing whatever held its slot unless
    /// that was the same position searched deeper.
    #[inline]
    pub(super) fn store(&mut self, key: u64, depth: u32, value: i32, bound: Bound, best: u16) {
        let slot = &mut self.entries[(key & self.mask) as usize];
        let depth = depth.clamp(1, u32::from(u8::MAX)) as u8;
        if slot.key == key && slot.depth > depth {
            return;
        }
        *slot = Entry {
            key,
            value,
            best,
            depth,
            bound,
        };
    }
}

/// The key of a position: its two boards and the side to move, mixed (SplitMix64's finaliser).
#[inline]
pub(super) fn key(position: &Position) -> u64 {
    let side = match position.side_to_move() {
        Color::White => 0,
        Color::Black => 0x9E37_79B9_7F4A_7C15,
    };
    let mut z = position.bits(Color::White)
        ^ position.bits(Color::Black).rotate_left(45)
        ^ side;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fanorona::{Options, for_each_turn};

    #[test]
    fn keys_tell_apart_every_turn_of_the_start_and_the_side_to_move() {
        let start = Position::start(Color::White);
        let mut keys = vec![key(&start), key(&Position::start(Color::Black))];
        for_each_turn(&start, Options::default(), &mut |_, next| keys.push(key(next)));
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n);
    }

    #[test]
    fn a_stored_position_is_found_and_a_shallower_search_does_not_replace_a_deeper() {
        let mut t = Table::for_nodes(1000);
        let k = key(&Position::start(Color::White));
        assert!(t.probe(k).is_none());
        t.store(k, 5, 40, Bound::Exact, 3);
        t.store(k, 2, -7, Bound::Lower, 1);
        let e = t.probe(k).expect("stored");
        assert_eq!((e.value, e.best, e.depth, e.bound), (40, 3, 5, Bound::Exact));
        // Another key in the same slot replaces it, and the first is then gone.
        let other = k ^ (t.mask + 1);
        t.store(other, 1, 9, Bound::Upper, 0);
        assert!(t.probe(k).is_none());
        assert_eq!(t.probe(other).map(|e| e.value), Some(9));
    }
}
