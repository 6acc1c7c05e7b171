//! Texel tuning, shared by the games' evaluations: positions from self-play games, each labelled
//! with its game's result, and the weights that best predict those results.
//!
//! A position's value `v` (the evaluation's own scale, for the side the sample is scored for)
//! predicts its result as `1 / (1 + e^(-k v))`. The tuner first fits `k` to the starting
//! weights, then moves every weight down the gradient of the mean squared error between
//! prediction and result (1 a win, ½ a draw, 0 a loss); a part of the value that is not tuned
//! (Fanorona's material) is carried as [`Sample::fixed`].
//!
//! Each game keeps what a sample is and which positions are worth one: Fanorona's in
//! [`crate::ai::fanorona::tune`], Fibonacci's in [`crate::ai::fibonacci::tune`].

/// How a self-play game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player who moves first (Fanorona's White, Fibonacci's Red) won.
    FirstWins,
    SecondWins,
    /// By the rules, or at the turn cap.
    Draw,
}

impl Outcome {
    /// As written in a data line.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::FirstWins => "1-0",
            Outcome::SecondWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// The outcome a data line gives, or why it is wrong.
    pub fn parse(s: &str) -> Result<Outcome, String> {
        match s.trim() {
            "1-0" => Ok(Outcome::FirstWins),
            "0-1" => Ok(Outcome::SecondWins),
            "1/2-1/2" => Ok(Outcome::Draw),
            other => Err(format!("unknown result {other:?}: 1-0, 0-1 or 1/2-1/2")),
        }
    }

    /// The score of the first player (`first`) or of the second: 1, ½ or 0.
    pub fn score_for(self, first: bool) -> f64 {
        match (self, first) {
            (Outcome::Draw, _) => 0.5,
            (Outcome::FirstWins, true) | (Outcome::SecondWins, false) => 1.0,
            _ => 0.0,
        }
    }
}

/// Plays a self-play game out in `game`: before each of at most `cap` turns, while `ongoing`,
/// records `position`, then plays `turn` (told whether the turn is one of the first
/// `random_turns`, to be played at random, and given the turn's own seed, drawn from `seed`).
/// Returns the positions recorded.
pub fn play_out<G, P>(
    game: &mut G,
    cap: u32,
    random_turns: u32,
    seed: u64,
    ongoing: impl Fn(&G) -> bool,
    position: impl Fn(&G) -> P,
    mut turn: impl FnMut(&mut G, bool, u64),
) -> Vec<P> {
    let mut seen = Vec::new();
    for t in 0..cap {
        if !ongoing(game) {
            break;
        }
        seen.push(position(game));
        let turn_seed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(t));
        turn(game, t < random_turns, turn_seed);
    }
    seen
}

/// One labelled position: the part of its value that is not tuned, its features, and the
/// score of the side it is valued for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample<const N: usize> {
    pub fixed: i32,
    pub features: [i32; N],
    pub score: f64,
}

impl<const N: usize> Sample<N> {
    fn value(&self, w: &[f64; N]) -> f64 {
        f64::from(self.fixed)
            + self
                .features
                .iter()
                .zip(w)
                .map(|(f, w)| f64::from(*f) * w)
                .sum::<f64>()
    }
}

/// What a fit found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit<const N: usize> {
    pub weights: [i32; N],
    /// The scale of the prediction.
    pub k: f64,
    /// The mean squared error of the starting weights and of the fitted ones (rounded).
    pub before: f64,
    pub after: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of the predictions with weights `w` and scale `k`.
pub fn error<const N: usize>(samples: &[Sample<N>], w: &[f64; N], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (s.score - sigmoid(k * s.value(w))).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

fn as_f64<const N: usize>(w: &[i32; N]) -> [f64; N] {
    w.map(f64::from)
}

/// The scale `k` that fits `w` best (a golden-section search: the error is unimodal in `k`).
fn fit_k<const N: usize>(samples: &[Sample<N>], w: &[f64; N]) -> f64 {
    let (mut lo, mut hi) = (1e-6_f64, 1.0_f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Fits the weights to `samples` from `start`, in `iterations` steps of Adam (a gradient step
/// scaled per weight, `rate` at most per step), and rounds them.
pub fn fit<const N: usize>(
    samples: &[Sample<N>],
    start: &[i32; N],
    iterations: u32,
    rate: f64,
) -> Fit<N> {
    let mut w = as_f64(start);
    let k = fit_k(samples, &w);
    let before = error(samples, &w, k);
    let (b1, b2) = (0.9, 0.999);
    let (mut m, mut v) = ([0.0; N], [0.0; N]);
    let n = samples.len().max(1) as f64;
    for t in 1..=iterations {
        let mut grad = [0.0; N];
        for s in samples {
            let p = sigmoid(k * s.value(&w));
            let common = -2.0 * (s.score - p) * p * (1.0 - p) * k / n;
            for (g, f) in grad.iter_mut().zip(s.features) {
                *g += common * f64::from(f);
            }
        }
        for i in 0..N {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let m_hat = m[i] / (1.0 - b1.powi(t as i32));
            let v_hat = v[i] / (1.0 - b2.powi(t as i32));
            w[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
    }
    let weights = w.map(|x| x.round() as i32);
    let after = error(samples, &as_f64(&weights), k);
    Fit {
        weights,
        k,
        before,
        after,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_read_back_and_score_each_side() {
        for o in [Outcome::FirstWins, Outcome::SecondWins, Outcome::Draw] {
            assert_eq!(Outcome::parse(o.as_str()), Ok(o));
            assert_eq!(o.score_for(true) + o.score_for(false), 1.0);
        }
        assert_eq!(Outcome::FirstWins.score_for(true), 1.0);
        assert_eq!(Outcome::SecondWins.score_for(true), 0.0);
        assert!(Outcome::parse("2-0").is_err());
    }

    #[test]
    fn a_fixed_part_is_left_alone_and_a_useless_feature_gets_no_weight() {
        // The result follows the fixed part and feature 0; feature 1 is noise.
        let samples: Vec<Sample<2>> = (0..600)
            .map(|i| {
                let (fixed, f0, f1) = (i % 3 - 1, i % 7 - 3, (i * 5) % 9 - 4);
                let v = 40 * fixed + 20 * f0;
                Sample {
                    fixed: 40 * fixed,
                    features: [f0, f1],
                    score: match v {
                        v if v > 0 => 1.0,
                        0 => 0.5,
                        _ => 0.0,
                    },
                }
            })
            .collect();
        let fit = fit(&samples, &[0, 0], 400, 0.5);
        assert!(fit.weights[0] >= 10, "{fit:?}");
        assert!(fit.weights[1].abs() * 4 <= fit.weights[0], "{fit:?}");
        assert!(fit.after < fit.before, "{fit:?}");
    }
}
