//! The evaluation of a Fibonacci position: how close each side's strike pieces stand to the
//! enemy centre, and how many could surround it, on the engine's own bit sets
//! ([`Position::bits`]: each neighbour direction a fixed shift, so a set's neighbours or a
//! connected group take a few shifts rather than a walk point by point).

use super::WIN;
use crate::engine::fibonacci::{Color, Kind, Position, Variant, dilate, flood};

/// (row, number − 1) of each bit of [`Position::bits`]'s layout.
const ROW_COL: [(i8, i8); 128] = {
    let mut t = [(0i8, 0i8); 128];
    let mut b = 0;
    while b < 128 {
        t[b] = ((b / 11) as i8, (b % 11) as i8);
        b += 1;
    }
    t
};

/// The distance in unit steps between two points, given as bits.
fn distance(a: u32, b: u32) -> i32 {
    let (ra, ca) = ROW_COL[a as usize];
    let (rb, cb) = ROW_COL[b as usize];
    // Axial coordinates q = number − row, r = row (RULES.md 1.1).
    let (dr, dn) = (i32::from(ra - rb), i32::from(ca - cb));
    (dn - dr).abs().max(dr.abs()).max(dn.abs())
}

/// The neighbours of the point on bit `b`.
fn ring(b: u32) -> u128 {
    dilate(1u128 << b)
}

/// Size of the largest connected group in `set`.
fn largest_group(set: u128) -> u32 {
    let mut rest = set;
    let mut best = 0;
    while rest != 0 {
        let group = flood(rest & rest.wrapping_neg(), set);
        rest &= !group;
        best = best.max(group.count_ones());
    }
    best
}

/// Value of `n` strike pieces next to an enemy centre that has six neighbours (can be
/// surrounded): steep, because the last ones are the hardest to place and six is the win.
const RING: [i32; 7] = [30, 40, 80, 140, 250, 450, WIN / 2];

/// Value of a pull threat: a group of the attacker's touches the enemy centre, so one exchange
/// drags the centre onto a member's point, where `n` of the attacker's strikes would then stand
/// next to it. Five is a surround in two unit moves.
const PULL: [i32; 7] = [0, 0, 10, 30, 70, 160, 300];

/// The best pull threat of `attacker` against the centre on bit `centre` (see [`PULL`]): the
/// most strikes that would stand next to the centre after one exchange of a group member with
/// it.
pub(super) fn pull_threat(position: &Position, attacker: Color, centre: u32) -> usize {
    let strikes = position.bits(attacker, Kind::Strike);
    let supports = position.bits(attacker, Kind::Support);
    let around = ring(centre);
    let mut best = 0;
    for (set, of_strikes) in [(strikes, true), (supports, false)] {
        let mut rest = set & around;
        while rest != 0 {
            let group = flood(rest & rest.wrapping_neg(), set);
            rest &= !group;
            if group.count_ones() < 2 {
                continue; // a lone piece cannot exchange
            }
            let mut members = group;
            while members != 0 {
                let x = members.trailing_zeros();
                members &= members - 1;
                let around_x = ring(x);
                if around_x.count_ones() != 6 {
                    continue; // the centre would land on the edge
                }
                // The member goes to the centre's point, the centre to the member's.
                let after = if of_strikes {
                    (strikes & !(1u128 << x)) | 1u128 << centre
                } else {
                    strikes
                };
                best = best.max((after & around_x).count_ones() as usize);
            }
        }
    }
    best
}

/// What `attacker` has against `defender`'s centre.
fn attack(position: &Position, attacker: Color, variant: Variant) -> i32 {
    let centre = position.bits(attacker.other(), Kind::Centre).trailing_zeros();
    let strikes = position.bits(attacker, Kind::Strike);
    let ring = ring(centre);
    let adjacent = (strikes & ring).count_ones() as usize;
    // Strike pieces near the enemy centre: steep close by, and a gentle slope across the whole
    // board, so that strikes far away still have a reason to come closer.
    let mut near = 0;
    let mut rest = strikes;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let d = distance(i, centre);
        near += (5 - d).max(0) * 3 + (11 - d).max(0) * 2;
    }
    let group = largest_group(strikes) as i32;
    let mut score = near + group * group;
    match variant {
        Variant::Standard => {
            if ring.count_ones() == 6 {
                score += RING[adjacent];
            } else {
                // A centre on the edge cannot be surrounded, but each strike next to it still
                // takes a unit move from its owner's allowance.
                score += adjacent as i32 * 12;
            }
            score += PULL[pull_threat(position, attacker, centre)];
        }
        Variant::Cards => {
            // The win is six connected strikes with three next to the enemy centre.
            score += [0, 30, 80, 160][adjacent.min(3)] + group * group * 3;
        }
    }
    score
}

/// Static evaluation from `me`'s point of view, whoever is to move.
pub(super) fn evaluate(position: &Position, me: Color, variant: Variant) -> i32 {
    attack(position, me, variant) - attack(position, me.other(), variant)
}

/// One side's [`attack`] with the pieces it was computed from: the attacker's strikes and
/// supports and the defender's centre, all it depends on. A unit move of the defender's that
/// leaves them where they were (no exchange with them) leaves the attack as it was, so a turn's
/// search keeps the opponent's attack from one move to the next instead of computing it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Attack {
    pieces: [u128; 3],
    value: i32,
}

impl Attack {
    fn pieces(position: &Position, attacker: Color) -> [u128; 3] {
        [
            position.bits(attacker, Kind::Strike),
            position.bits(attacker, Kind::Support),
            position.bits(attacker.other(), Kind::Centre),
        ]
    }

    /// `attacker`'s attack in `position`.
    pub(super) fn of(position: &Position, attacker: Color, variant: Variant) -> Attack {
        Attack {
            pieces: Attack::pieces(position, attacker),
            value: attack(position, attacker, variant),
        }
    }

    /// `attacker`'s attack in `position`, this one's when its pieces have not moved.
    pub(super) fn after(self, position: &Position, attacker: Color, variant: Variant) -> Attack {
        let pieces = Attack::pieces(position, attacker);
        if pieces == self.pieces {
            self
        } else {
            Attack {
                pieces,
                value: attack(position, attacker, variant),
            }
        }
    }

    /// [`evaluate`] for `me` when this is the opponent's attack in `position`.
    pub(super) fn evaluate_against(self, position: &Position, me: Color, variant: Variant) -> i32 {
        attack(position, me, variant) - self.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Rng;
    use crate::engine::Status;
    use crate::engine::fibonacci::{Cell, Game, Options};

    /// A point's bit in [`Position::bits`]'s layout, as its documentation gives it.
    fn bit(c: Cell) -> u32 {
        u32::from(c.row()) * 11 + u32::from(c.number()) - 1
    }

    #[test]
    fn distances_and_rings_on_bits_are_the_boards() {
        for a in Cell::all() {
            let neighbours = a.neighbors().fold(0u128, |m, n| m | 1u128 << bit(n));
            assert_eq!(ring(bit(a)), neighbours, "{a}");
            for b in Cell::all() {
                // Steps on the board: the shortest walk through neighbours, found by widening
                // rings from `a`.
                let mut reached = 1u128 << bit(a);
                let mut steps = 0;
                while reached & 1u128 << bit(b) == 0 {
                    reached |= dilate(reached);
                    steps += 1;
                }
                assert_eq!(distance(bit(a), bit(b)), steps, "{a} to {b}");
            }
        }
    }

    #[test]
    fn an_attack_kept_across_a_unit_move_is_the_attack_computed_afresh() {
        // Random unit moves (exchanges with every kind of piece among them): whenever the kept
        // attack is reused, it must be what a fresh computation gives.
        let (mut kept, mut recomputed) = (0, 0);
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            let mut game = Game::new(Options::default(), seed);
            for _ in 0..300 {
                let moves = game.legal_moves();
                if game.status() != Status::Ongoing || moves.is_empty() {
                    break;
                }
                let before = *game.position();
                game.play(moves[rng.below(moves.len())]).expect("a legal move");
                for attacker in [Color::Red, Color::Green] {
                    for variant in [Variant::Standard, Variant::Cards] {
                        let old = Attack::of(&before, attacker, variant);
                        let new = old.after(game.position(), attacker, variant);
                        assert_eq!(new, Attack::of(game.position(), attacker, variant));
                        if new == old {
                            kept += 1;
                        } else {
                            recomputed += 1;
                        }
                    }
                }
            }
        }
        assert!(kept > 100 && recomputed > 100, "{kept} kept, {recomputed} recomputed");

        // Rare in random play: a move of a support alone changes the attack. Red's supports f5
        // and e4 touch Green's centre on f6, and five strikes stand round e4, where an exchange
        // would drag the centre (a pull threat of five); f5-g5 breaks that group.
        let pieces = "Ca1 Se3 Se5 Sf4 Sd3 Sd4 Sa3 Uf5 Ue4 Ub1 Ub2 Ub3 Ub4 \
                      cf6 sk7 sk8 sk9 sk10 sk11 sj11 uj5 uj6 uj7 uj8 uj9 uj10";
        let text = crate::ai::fibonacci::tests::board(pieces, "r 6 7");
        let mut game = Game::from_position(Options::default(), 0, &text).expect("a position");
        let before = Attack::of(game.position(), Color::Red, Variant::Standard);
        game.play_str("f5-g5").expect("a legal move");
        let fresh = Attack::of(game.position(), Color::Red, Variant::Standard);
        assert_ne!(before.value, fresh.value, "the support's move must change the attack");
        assert_eq!(before.after(game.position(), Color::Red, Variant::Standard), fresh);
    }
}
