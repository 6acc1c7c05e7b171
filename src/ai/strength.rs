//! How strong each [`Level`] is, as a rating (issue 36): fitted to the `ai` bench's games
//! (`benches/ai.rs`, `AI_BENCH_RECORD`) and shown beside each level in `/challenge`.
//!
//! The scale is the logistic one of Elo and of the server's Glicko-2 ratings: a player 400 points
//! above another is expected to score 10 to 1 against it. Games against the bot are never rated
//! ([`crate::app::challenges`]), so the bench's games alone place the levels, and one anchor ties
//! them to the players' scale: **medium, the default level, at 1500, the rating every player
//! starts from**. An estimate, then: what a new player would meet at medium, if new players were
//! as strong as that level.

use super::Level;

/// The rating the anchor level ([`ANCHOR`]) is given: a new player's rating.
pub const ANCHOR_RATING: f64 = 1500.0;

/// The level that [`ANCHOR_RATING`] is pinned to.
pub const ANCHOR: Level = Level::Medium;

impl Level {
    /// The level's estimated rating, rounded to ten points: [`fit`] over the bench games recorded
    /// in issue 36's stop-49 note (fanorona escale and standard, fibonacci; medium–easy,
    /// hard–medium, expert–hard), anchored at medium = 1500.
    pub fn estimated_rating(self) -> u32 {
        match self {
            Level::Easy => 1060,
            Level::Medium => 1500,
            Level::Hard => 1890,
            Level::Expert => 1960,
        }
    }
}

/// One game's result for a rating fit: the players' indices and the first one's score
/// (1 a win, ½ a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    pub first: usize,
    pub second: usize,
    pub score: f64,
}

/// The expected score of a player `diff` rating points above its opponent.
pub fn expected(diff: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-diff / 400.0))
}

/// The ratings of `players` players that make `games` most likely, with `anchor` at `at`.
///
/// Maximum likelihood on the logistic scale, with one imagined draw between every two players
/// that met: without it, a player that won every game would be infinitely strong (the bench's
/// medium never loses to easy). Players that met nobody keep the anchor's rating. Solved by
/// Newton steps, one player at a time, until nothing moves by more than a hundredth of a point.
pub fn fit(players: usize, games: &[Game], anchor: usize, at: f64) -> Vec<f64> {
    let mut points: Vec<(usize, usize, f64, f64)> = Vec::new(); // (a, b, a's points, games)
    for g in games {
        let (a, b, s) = if g.first < g.second {
            (g.first, g.second, g.score)
        } else {
            (g.second, g.first, 1.0 - g.score)
        };
        match points.iter_mut().find(|p| p.0 == a && p.1 == b) {
            Some(p) => {
                p.2 += s;
                p.3 += 1.0;
            }
            // The imagined draw.
            None => points.push((a, b, s + 0.5, 2.0)),
        }
    }
    let scale = 10f64.ln() / 400.0;
    let mut r = vec![0.0; players];
    for _ in 0..10_000 {
        let mut moved: f64 = 0.0;
        for i in 0..players {
            // First and second derivatives of the log-likelihood in r[i].
            let (mut grad, mut curv) = (0.0, 0.0);
            for &(a, b, s, n) in &points {
                let (mine, other, score) = match i {
                    _ if i == a => (a, b, s),
                    _ if i == b => (b, a, n - s),
                    _ => continue,
                };
                let p = expected(r[mine] - r[other]);
                grad += scale * (score - n * p);
                curv += scale * scale * n * p * (1.0 - p);
            }
            if curv > 0.0 {
                let step = grad / curv;
                r[i] += step;
                moved = moved.max(step.abs());
            }
        }
        if moved < 0.01 {
            break;
        }
    }
    let shift = at - r[anchor];
    r.iter().map(|x| x + shift).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(first: usize, second: usize, wins: u32, draws: u32, losses: u32) -> Vec<Game> {
        let mut out = Vec::new();
        for (n, score) in [(wins, 1.0), (draws, 0.5), (losses, 0.0)] {
            out.extend((0..n).map(|_| Game {
                first,
                second,
                score,
            }));
        }
        out
    }

    #[test]
    fn a_score_becomes_the_rating_difference_the_logistic_scale_gives() {
        // 74.5 of 99 points, plus the imagined draw: 75 of 100, 400·log10(3) ≈ 190.85 points.
        let r = fit(2, &games(0, 1, 71, 7, 21), 1, 1500.0);
        assert_eq!(r[1], 1500.0);
        assert!((r[0] - 1500.0 - 190.85).abs() < 0.1, "{r:?}");
        assert!((expected(r[0] - r[1]) - 0.75).abs() < 1e-4);
        // The same games listed from the other side give the same ratings.
        let flipped = fit(2, &games(1, 0, 21, 7, 71), 1, 1500.0);
        assert!((flipped[0] - r[0]).abs() < 0.01);
    }

    #[test]
    fn a_chain_of_pairings_adds_up_and_a_clean_sweep_stays_finite() {
        // 0 beats 1 by 75%, 1 beats 2 by 75%; 2 never played 0. Anchored on the middle.
        let mut all = games(0, 1, 71, 7, 21);
        all.extend(games(1, 2, 71, 7, 21));
        let r = fit(3, &all, 1, 1500.0);
        assert!(
            (r[0] - 1690.85).abs() < 0.5 && (r[2] - 1309.15).abs() < 0.5,
            "{r:?}"
        );
        // Every game won: far above, but a number.
        let sweep = fit(2, &games(0, 1, 100, 0, 0), 1, 0.0);
        assert!(
            sweep[0].is_finite() && sweep[0] > 700.0 && sweep[0] < 1000.0,
            "{sweep:?}"
        );
        // Someone who played nobody keeps the anchor's rating.
        assert_eq!(fit(3, &games(0, 1, 3, 0, 3), 1, 1500.0)[2], 1500.0);
    }

    #[test]
    fn the_levels_ratings_rise_with_the_level_and_medium_is_the_anchor() {
        assert_eq!(f64::from(ANCHOR.estimated_rating()), ANCHOR_RATING);
        let ratings = Level::ALL.map(Level::estimated_rating);
        assert!(ratings.windows(2).all(|w| w[0] < w[1]), "{ratings:?}");
    }
}
