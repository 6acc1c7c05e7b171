//! The evaluation of a Fibonacci position: how close each side's strike pieces stand to the
//! enemy centre, how many could surround it, and the board geometry (neighbours, distances,
//! groups) that measures it, on bit sets in the compact layout.

use std::sync::OnceLock;

use super::WIN;
use crate::engine::fibonacci::{Cell, Color, Kind, Position, Variant};

/// Precomputed geometry in the compact layout (bit = [`Cell::index`]).
pub(super) struct Geometry {
    neighbours: [u128; Cell::COUNT],
    /// Axial coordinates (q, r) for distances.
    axial: [(i8, i8); Cell::COUNT],
}

pub(super) fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| {
        let mut g = Geometry {
            neighbours: [0; Cell::COUNT],
            axial: [(0, 0); Cell::COUNT],
        };
        for c in Cell::all() {
            g.neighbours[c.index()] = c.neighbors().fold(0, |m, n| m | 1u128 << n.index());
            g.axial[c.index()] = (c.number() as i8 - c.row() as i8, c.row() as i8);
        }
        g
    })
}

fn distance(g: &Geometry, a: usize, b: usize) -> i32 {
    let (aq, ar) = g.axial[a];
    let (bq, br) = g.axial[b];
    let (dq, dr) = (i32::from(aq - bq), i32::from(ar - br));
    dq.abs().max(dr.abs()).max((dq + dr).abs())
}

fn mask(position: &Position, color: Color, kind: Kind) -> u128 {
    position
        .cells_of(color, kind)
        .fold(0, |m, c| m | 1u128 << c.index())
}

fn dilate(g: &Geometry, set: u128) -> u128 {
    let mut out = set;
    let mut rest = set;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out |= g.neighbours[i];
    }
    out
}

/// Size of the largest connected group in `set`.
fn largest_group(g: &Geometry, set: u128) -> u32 {
    let mut rest = set;
    let mut best = 0;
    while rest != 0 {
        let mut group = rest & rest.wrapping_neg();
        loop {
            let grown = dilate(g, group) & set;
            if grown == group {
                break;
            }
            group = grown;
        }
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

/// Members of `set` connected to `seed` (which must be in `set`).
fn flood(g: &Geometry, seed: u128, set: u128) -> u128 {
    let mut group = seed;
    loop {
        let grown = dilate(g, group) & set;
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// The best pull threat of `attacker` against the centre on `centre` (see [`PULL`]): the most
/// strikes that would stand next to the centre after one exchange of a group member with it.
pub(super) fn pull_threat(
    g: &Geometry,
    position: &Position,
    attacker: Color,
    centre: usize,
) -> usize {
    let strikes = mask(position, attacker, Kind::Strike);
    let supports = mask(position, attacker, Kind::Support);
    let around = g.neighbours[centre];
    let mut best = 0;
    for set in [strikes, supports] {
        let mut rest = set & around;
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let group = flood(g, seed, set);
            rest &= !group;
            if group.count_ones() < 2 {
                continue; // a lone piece cannot exchange
            }
            let mut members = group;
            while members != 0 {
                let x = members.trailing_zeros() as usize;
                members &= members - 1;
                let ring = g.neighbours[x];
                if ring.count_ones() != 6 {
                    continue; // the centre would land on the edge
                }
                // The member goes to the centre's point, the centre to the member's.
                let after = if set == strikes {
                    (strikes & !(1u128 << x)) | 1u128 << centre
                } else {
                    strikes
                };
                best = best.max((after & ring).count_ones() as usize);
            }
        }
    }
    best
}

/// What `attacker` has against `defender`'s centre.
fn attack(g: &Geometry, position: &Position, attacker: Color, variant: Variant) -> i32 {
    let defender = attacker.other();
    let centre = position.centre(defender).index();
    let strikes = mask(position, attacker, Kind::Strike);
    let ring = g.neighbours[centre];
    let adjacent = (strikes & ring).count_ones() as usize;
    // Strike pieces near the enemy centre: steep close by, and a gentle slope across the whole
    // board, so that strikes far away still have a reason to come closer.
    let mut near = 0;
    let mut rest = strikes;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let d = distance(g, i, centre);
        near += (5 - d).max(0) * 3 + (11 - d).max(0) * 2;
    }
    let group = largest_group(g, strikes) as i32;
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
            score += PULL[pull_threat(g, position, attacker, centre)];
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
    let g = geometry();
    attack(g, position, me, variant) - attack(g, position, me.other(), variant)
}
