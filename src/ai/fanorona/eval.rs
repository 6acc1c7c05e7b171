//! The static evaluation of a Fanorona position: material first, strong points, and the hunt
//! for the last enemy pieces when ahead.

use crate::engine::fanorona::Position;
use crate::engine::fanorona::board::points;

/// One piece.
const PIECE: i32 = 100;

/// Own and enemy pieces of the side to move.
#[inline]
pub(super) fn sides(position: &Position) -> (u64, u64) {
    let me = position.side_to_move();
    (position.bits(me), position.bits(me.opponent()))
}

/// Static evaluation for the side to move.
pub(super) fn evaluate(position: &Position) -> i32 {
    let (own, enemy) = sides(position);
    let (n_own, n_enemy) = (own.count_ones() as i32, enemy.count_ones() as i32);
    let mut score = (n_own - n_enemy) * PIECE;
    // Strong points have eight lines: more ways to capture and to escape.
    score += ((own & STRONG).count_ones() as i32 - (enemy & STRONG).count_ones() as i32) * 3;
    // With a lead and few pieces left, the stronger side must hunt the rest down, or the game
    // drifts to the move cap: reward closeness to the pieces still to catch.
    if n_own > n_enemy && n_enemy <= 6 {
        score -= spread(enemy, own) * 4;
    } else if n_enemy > n_own && n_own <= 6 {
        score += spread(own, enemy) * 4;
    }
    score
}

/// Sum over the `prey` pieces of the king-move distance to the nearest `hunter` piece.
fn spread(prey: u64, hunters: u64) -> i32 {
    points(prey)
        .map(|p| {
            points(hunters)
                .map(|h| p.col().abs_diff(h.col()).max(p.row().abs_diff(h.row())) as i32)
                .min()
                .unwrap_or(0)
        })
        .sum()
}

/// The strong points (column + row even), which have diagonal lines.
const STRONG: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < 45 {
        if (i % 9 + i / 9) % 2 == 0 {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};
