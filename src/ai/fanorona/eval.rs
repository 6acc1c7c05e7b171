//! The static evaluation of a Fanorona position: material, then a weighted sum of features
//! ([`features`]): the points the pieces stand on, the hunt for the last enemy pieces when
//! ahead, the steps each side has, and the pieces each side could capture next.
//!
//! The weights are either the hand-set ones of issue 12 ([`HAND`]: strong points and the hunt)
//! or weights fitted to game results by the tuner ([`super::tune`], [`TUNED`]).

use crate::engine::fanorona::Position;
use crate::engine::fanorona::board::points;
use crate::engine::fanorona::reach;

/// One piece: the unit of every value (material is not tuned, so values stay in hundredths of
/// a piece).
pub const PIECE: i32 = 100;

/// Point classes: the board's four symmetries (left-right, top-bottom) leave 5 columns by 3
/// rows, so a weight per class values a point the same for either colour.
pub const CLASSES: usize = 15;
/// Index of the hunt feature: the distance from the pieces still to catch to the nearest
/// hunter, counted against the side that leads once the trailing side has 6 pieces or fewer.
pub const HUNT: usize = CLASSES;
/// Steps the side to move has, minus its opponent's.
pub const MOBILITY: usize = CLASSES + 1;
/// Enemy pieces the side to move could hit with a capturing first step now.
pub const THREATS: usize = CLASSES + 2;
/// Own pieces the opponent could hit with a capturing first step if it moved now.
pub const EXPOSED: usize = CLASSES + 3;
/// Number of features (and of weights).
pub const FEATURES: usize = CLASSES + 4;

/// What a feature is called, for the tuner's output.
pub fn feature_name(i: usize) -> String {
    match i {
        HUNT => "hunt".into(),
        MOBILITY => "mobility".into(),
        THREATS => "threats".into(),
        EXPOSED => "exposed".into(),
        c => {
            let (col, row) = (c % 5, c / 5);
            format!("point {}{}", (b'a' + col as u8) as char, row + 1)
        }
    }
}

/// The weight of each feature, in hundredths of a piece per unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [i32; FEATURES]);

/// The weights of issue 12, set by hand: 3 for each strong point (one with diagonal lines,
/// column + row even) more than the opponent, 4 per point of the hunt.
pub const HAND: Weights = {
    let mut w = [0; FEATURES];
    let mut c = 0;
    while c < CLASSES {
        if (c % 5 + c / 5) % 2 == 0 {
            w[c] = 3;
        }
        c += 1;
    }
    w[HUNT] = 4;
    Weights(w)
};

/// Weights fitted by the tuner (issue 36) to 52,075 positions (42,459 of them quiet) of 480
/// games between two medium AIs, 312 under the standard rules and 168 under escale, two random
/// turns at the start of each:
/// `fibonacci-bot selfplay --rules standard --games 500 --level medium --seed 1000` (and
/// `--rules escale`), stopped early, then `fibonacci-bot tune --data standard.tsv --data
/// escale.tsv --iterations 3000`. The mean squared error of the predicted results fell from
/// 0.0640 (the hand weights) to 0.0572 (k = 0.00767).
///
/// Every point class is worth less than nothing here: their sum over a side is its material,
/// so the fit made a piece worth about 80 against the other features, and what counts between
/// two points is their difference (c2 and b3 best, e1 and b2 worst). A piece the opponent could
/// take next costs half a piece (`exposed`); each step more than the opponent, 0.09. `threats`
/// stays 0: a quiet position has none for the side to move, so the data cannot fit it.
///
/// No level plays these weights yet: medium with them beat medium (84% and 76% in 50 games a
/// rule set), but hard and expert with them lost their variety (8 seeds gave one or two 4-turn
/// openings at expert, with a random bonus of up to 40 or a margin of 50 in the opening), so
/// their games repeat (see the notes on issue 36).
pub const TUNED: Weights = Weights([
    -19, -18, -30, -29, -35, -10, -31, 1, -25, -25, -27, 4, -19, -6, -29, 8, 9, 0, -52,
]);

/// Own and enemy pieces of the side to move.
#[inline]
pub(super) fn sides(position: &Position) -> (u64, u64) {
    let me = position.side_to_move();
    (position.bits(me), position.bits(me.opponent()))
}

/// Static evaluation for the side to move: material plus the weighted features. A feature
/// whose weight is 0 is not computed (the hand weights never pay for [`reach`]).
pub fn evaluate_with(position: &Position, weights: &Weights) -> i32 {
    let (own, enemy) = sides(position);
    let w = &weights.0;
    let f = compute(own, enemy, |i| w[i] != 0);
    let material = (own.count_ones() as i32 - enemy.count_ones() as i32) * PIECE;
    material + f.iter().zip(w).map(|(f, w)| f * w).sum::<i32>()
}

/// The material (in pieces, side to move first) and the features of a position, such that
/// [`evaluate_with`] is `material * PIECE` plus the weighted sum of the features.
pub fn features(position: &Position) -> (i32, [i32; FEATURES]) {
    let (own, enemy) = sides(position);
    let f = compute(own, enemy, |_| true);
    (own.count_ones() as i32 - enemy.count_ones() as i32, f)
}

/// The features `wanted` accepts (by index; the others stay 0), for the side owning `own`.
#[inline]
fn compute(own: u64, enemy: u64, wanted: impl Fn(usize) -> bool) -> [i32; FEATURES] {
    let mut f = [0; FEATURES];
    for (c, mask) in CLASS_MASKS.iter().enumerate() {
        if wanted(c) {
            f[c] = (own & mask).count_ones() as i32 - (enemy & mask).count_ones() as i32;
        }
    }
    if wanted(HUNT) {
        f[HUNT] = hunt(own, enemy);
    }
    if wanted(MOBILITY) || wanted(THREATS) || wanted(EXPOSED) {
        let (hit, steps) = reach(own, enemy);
        let (hit_back, steps_back) = reach(enemy, own);
        f[MOBILITY] = steps as i32 - steps_back as i32;
        f[THREATS] = hit.count_ones() as i32;
        f[EXPOSED] = hit_back.count_ones() as i32;
    }
    f
}

/// With a lead and few enemy pieces left, the stronger side must hunt the rest down, or the
/// game drifts to the move cap: minus the distance of the prey to the hunters, for the side
/// that leads (plus it, for the side that trails).
fn hunt(own: u64, enemy: u64) -> i32 {
    let (n_own, n_enemy) = (own.count_ones(), enemy.count_ones());
    if n_own > n_enemy && n_enemy <= 6 {
        -spread(enemy, own)
    } else if n_enemy > n_own && n_own <= 6 {
        spread(own, enemy)
    } else {
        0
    }
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

/// The points of each class: column folded to a..e, row folded to 1..3.
const CLASS_MASKS: [u64; CLASSES] = {
    let mut m = [0u64; CLASSES];
    let mut i = 0;
    while i < 45 {
        let (col, row) = (i % 9, i / 9);
        let c = if col > 4 { 8 - col } else { col };
        let r = if row > 2 { 4 - row } else { row };
        m[r * 5 + c] |= 1 << i;
        i += 1;
    }
    m
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fanorona::{Game, Options};

    /// The evaluation before the weights (issue 12), to check that [`HAND`] is exactly it.
    fn issue_12(position: &Position) -> i32 {
        let (own, enemy) = sides(position);
        let (n_own, n_enemy) = (own.count_ones() as i32, enemy.count_ones() as i32);
        let strong: u64 = (0..45)
            .filter(|i| (i % 9 + i / 9) % 2 == 0)
            .fold(0, |m, i| m | 1 << i);
        let mut score = (n_own - n_enemy) * PIECE;
        score += ((own & strong).count_ones() as i32 - (enemy & strong).count_ones() as i32) * 3;
        if n_own > n_enemy && n_enemy <= 6 {
            score -= spread(enemy, own) * 4;
        } else if n_enemy > n_own && n_own <= 6 {
            score += spread(own, enemy) * 4;
        }
        score
    }

    fn positions() -> Vec<Position> {
        let mut out = Vec::new();
        for g in 0..20u64 {
            let mut game = Game::new(Options::default());
            for t in 0..60u64 {
                if game.status() != crate::engine::Status::Ongoing {
                    break;
                }
                out.push(*game.position());
                let turn = crate::ai::baseline::fanorona_random(&game, g * 100 + t);
                crate::ai::play_fanorona_turn(&mut game, &turn).expect("legal");
            }
        }
        out
    }

    #[test]
    fn hand_weights_are_the_evaluation_of_issue_12_and_features_sum_to_the_value() {
        let tuned_like = Weights(std::array::from_fn(|i| (i as i32 % 7) - 3));
        for p in positions() {
            assert_eq!(evaluate_with(&p, &HAND), issue_12(&p), "{p}");
            for w in [HAND, tuned_like] {
                let (material, f) = features(&p);
                let sum: i32 = f.iter().zip(w.0).map(|(f, w)| f * w).sum();
                assert_eq!(evaluate_with(&p, &w), material * PIECE + sum, "{p}");
            }
        }
    }

    #[test]
    fn classes_fold_the_board_by_its_symmetries() {
        assert_eq!(CLASS_MASKS.iter().fold(0, |m, c| m | c), (1u64 << 45) - 1);
        assert_eq!(CLASS_MASKS.iter().map(|c| c.count_ones()).sum::<u32>(), 45);
        // The centre e3 is alone; a corner class holds the four corners.
        assert_eq!(CLASS_MASKS[2 * 5 + 4].count_ones(), 1);
        assert_eq!(CLASS_MASKS[0].count_ones(), 4);
        assert_eq!(feature_name(0), "point a1");
        assert_eq!(feature_name(14), "point e3");
    }

    #[test]
    fn threats_and_exposed_count_the_first_pieces_a_capture_would_hit() {
        // c3 and e3 face each other across the empty d3: either can step there and approach
        // the other.
        let game = Game::from_position(
            Options::default(),
            "........./........./..W.B..../........./......... w",
        )
        .expect("valid");
        let (_, f) = features(game.position());
        assert_eq!(f[THREATS], 1, "c3-d3 approaches e3");
        assert_eq!(f[EXPOSED], 1, "e3-d3 approaches c3");
        // Two points apart on a diagonal through weak points: no line joins them.
        let game = Game::from_position(
            Options::default(),
            "........./W......../........./..B....../......... w",
        )
        .expect("valid");
        let (_, f) = features(game.position());
        assert_eq!((f[THREATS], f[EXPOSED]), (0, 0));
    }
}
