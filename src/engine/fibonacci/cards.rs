//! The cards variant's decks (docs/fibonacci.md, The cards variant), drawn from the game's secret
//! seed.
//!
//! Each player owns a deck of twelve cards, 1,1,2,2,…,6,6. A player's k-th turn (k from 0)
//! reveals card `k % 12` of shuffle number `k / 12` of their deck, so the card of any turn is a
//! pure function of (seed, turn): replaying a move log gives the same cards without storing any
//! deck state, and a used-up deck is "reshuffled" simply by moving to the next shuffle number.
//!
//! The generator is SplitMix64 and the shuffle Fisher–Yates with rejection sampling, both written
//! out here in integer arithmetic so the cards are identical on every platform and every version
//! of every dependency.

use super::Color;

/// The twelve cards of a fresh deck, in order.
pub const DECK: [u8; 12] = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6];

/// SplitMix64: a tiny, well-mixed 64-bit generator; fixed here so shuffles never change.
#[derive(Clone, Copy, Debug)]
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in 0..bound (bound ≥ 1), without modulo bias.
    fn below(&mut self, bound: u64) -> u64 {
        // Values at or above the largest multiple of `bound` would favour small results.
        let limit = u64::MAX - (u64::MAX % bound);
        loop {
            let v = self.next();
            if v < limit {
                return v % bound;
            }
        }
    }
}

/// Shuffle number `round` (from 0) of `color`'s deck in a game with this seed.
pub fn deck(seed: u64, color: Color, round: u32) -> [u8; 12] {
    let stream = (u64::from(round) << 1) | color as u64;
    // Mix the seed first so that neighbouring seeds and streams do not share a state sequence.
    let mut mixer = SplitMix64(seed);
    let base = mixer.next();
    let mut rng = SplitMix64(base ^ stream.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let mut cards = DECK;
    for i in (1..cards.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        cards.swap(i, j);
    }
    cards
}

/// The card revealed at the start of turn `turn` (from 1; Red plays odd turns, Green even ones).
pub fn card_for_turn(seed: u64, turn: u32) -> u8 {
    let turn = turn.max(1);
    let color = if turn % 2 == 1 {
        Color::Red
    } else {
        Color::Green
    };
    // Red's turns 1,3,5,… and Green's turns 2,4,6,… are each player's turns 0,1,2,…
    let k = (turn - 1) / 2;
    deck(seed, color, k / 12)[(k % 12) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shuffle_holds_two_of_each_card_from_1_to_6() {
        for seed in [0, 1, 42, u64::MAX] {
            for color in [Color::Red, Color::Green] {
                for round in 0..5 {
                    let mut d = deck(seed, color, round);
                    d.sort();
                    assert_eq!(d, DECK);
                }
            }
        }
    }

    #[test]
    fn decks_are_reproducible_and_differ_between_players_rounds_and_seeds() {
        assert_eq!(deck(7, Color::Red, 0), deck(7, Color::Red, 0));
        let distinct = [
            deck(7, Color::Red, 0),
            deck(7, Color::Green, 0),
            deck(7, Color::Red, 1),
            deck(8, Color::Red, 0),
        ];
        for a in 0..distinct.len() {
            for b in a + 1..distinct.len() {
                assert_ne!(distinct[a], distinct[b], "decks {a} and {b}");
            }
        }
    }

    #[test]
    fn shuffles_are_frozen_across_platforms() {
        // Frozen output: a change here would change the cards of every stored game on replay.
        assert_eq!(
            deck(0, Color::Red, 0),
            [3, 6, 3, 5, 4, 4, 2, 6, 1, 1, 5, 2],
            "seed 0 red round 0"
        );
    }

    #[test]
    fn turns_draw_from_each_players_own_deck_and_reshuffle_after_twelve() {
        let seed = 99;
        let red: Vec<u8> = (0..24).map(|k| card_for_turn(seed, 2 * k + 1)).collect();
        let green: Vec<u8> = (0..24).map(|k| card_for_turn(seed, 2 * k + 2)).collect();
        assert_eq!(red[..12], deck(seed, Color::Red, 0));
        assert_eq!(red[12..], deck(seed, Color::Red, 1));
        assert_eq!(green[..12], deck(seed, Color::Green, 0));
        assert_eq!(green[12..], deck(seed, Color::Green, 1));
    }

    #[test]
    fn shuffles_are_roughly_uniform() {
        // The first card of a deck over many seeds: each value 1..6 should come up about 1/6.
        let mut counts = [0u32; 7];
        for seed in 0..6000 {
            counts[deck(seed, Color::Red, 0)[0] as usize] += 1;
        }
        for (v, &c) in counts.iter().enumerate().skip(1) {
            assert!((800..1200).contains(&c), "value {v} came up {c} times");
        }
    }
}
