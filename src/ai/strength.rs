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
use crate::engine::{Config, fanorona, fibonacci};

/// The rating the anchor level ([`ANCHOR`]) is given: a new player's rating.
pub const ANCHOR_RATING: f64 = 1500.0;

/// The level that [`ANCHOR_RATING`] is pinned to.
pub const ANCHOR: Level = Level::Medium;

impl Level {
    /// The level's estimated rating, rounded to ten points: [`from_record`] over the 350 bench
    /// games of `tests/data/ai_bench_games.tsv` (issue 36: medium–easy, hard–medium and
    /// expert–hard in Fibonacci and both Fanorona rule sets, two random turns a pair; the
    /// Fibonacci hard–medium and expert–hard games replayed in stop 50 with hard's and expert's
    /// three-turn search, the Fibonacci medium–easy and hard–medium games in stop 52 with
    /// medium's fitted weights), with medium at 1500. A test holds these figures to that file.
    pub fn estimated_rating(self) -> u32 {
        match self {
            Level::Easy => 790,
            Level::Medium => 1500,
            Level::Hard => 1640,
            Level::Expert => 1680,
        }
    }

    /// The level's estimated rating at the game `config` describes, when the bench measured
    /// that game on its own ([`bench_set`]): the fit of that game set's games alone, medium at
    /// 1500 as everywhere, rounded to ten. Otherwise (the cards variant, any-friendly groups,
    /// a vela round, a game the bench does not play) the figure over all games,
    /// [`Level::estimated_rating`]. A test holds these figures to the record too.
    pub fn estimated_rating_at(self, config: &Config) -> u32 {
        // In the order of `Level::ALL`, weakest first.
        let by_level = match bench_set(config) {
            Some("fibonacci") => [850, 1500, 1550, 1590],
            Some("fanorona-escale") => [850, 1500, 1770, 1790],
            Some("fanorona-standard") => [980, 1500, 1820, 1870],
            _ => return self.estimated_rating(),
        };
        Level::ALL
            .iter()
            .zip(by_level)
            .find_map(|(&l, rating)| (l == self).then_some(rating))
            .unwrap_or_else(|| self.estimated_rating())
    }
}

/// The bench's game set (`benches/ai.rs`, `AI_BENCH_GAMESETS`) that plays the game `config`
/// describes, if one does: `fibonacci` (standard variant, groups of one category),
/// `fanorona-escale` or `fanorona-standard` (a first round).
pub fn bench_set(config: &Config) -> Option<&'static str> {
    match config {
        Config::Fibonacci(fibonacci::Options {
            variant: fibonacci::Variant::Standard,
            group: fibonacci::GroupRule::SameCategory,
            swap: fibonacci::Swap::Off,
        }) => Some("fibonacci"),
        Config::Fanorona(fanorona::Options { rules, vela: None }) => Some(match rules {
            fanorona::RuleSet::Escale => "fanorona-escale",
            fanorona::RuleSet::Standard => "fanorona-standard",
        }),
        _ => None,
    }
}

/// One game as a line of a bench record (without its newline): `game-set<TAB>first<TAB>
/// second<TAB>score`, the first player's score written `1`, `0.5` or `0` (`won`: `Some(true)`
/// when the first player won, `None` for a draw). [`from_record`] reads these lines.
pub fn record_line(set: &str, first: &str, second: &str, won: Option<bool>) -> String {
    let score = match won {
        Some(true) => "1",
        Some(false) => "0",
        None => "0.5",
    };
    format!("{set}\t{first}\t{second}\t{score}")
}

/// The estimated ratings of the players of recorded bench games (lines
/// `game-set<TAB>first<TAB>second<TAB>1|0.5|0`, the first player's score, as `AI_BENCH_RECORD`
/// writes them), over the games of game set `set` (`None`: all of them), with [`ANCHOR`] at
/// [`ANCHOR_RATING`]: every player linked to the anchor by games, weakest first. A line that is
/// not such a game is an error naming it.
pub fn from_record(text: &str, set: Option<&str>) -> Result<Vec<(String, f64)>, String> {
    let mut names: Vec<&str> = vec![ANCHOR.as_str()];
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [game_set, first, second, score] = fields[..] else {
            return Err(format!("line {}: expected 4 fields: {line:?}", n + 1));
        };
        let score: f64 = match score.trim() {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            other => return Err(format!("line {}: a score is 1, 0.5 or 0: {other:?}", n + 1)),
        };
        if set.is_some_and(|s| s != game_set) {
            continue;
        }
        let mut index = |name| match names.iter().position(|n| *n == name) {
            Some(i) => i,
            None => {
                names.push(name);
                names.len() - 1
            }
        };
        let (first, second) = (index(first), index(second));
        games.push(Game {
            first,
            second,
            score,
        });
    }
    // Only who is linked to the anchor by games has a rating on its scale.
    let mut linked = vec![false; names.len()];
    linked[0] = true;
    while let Some(g) = games.iter().find(|g| linked[g.first] != linked[g.second]) {
        linked[g.first] = true;
        linked[g.second] = true;
    }
    let ratings = fit(names.len(), &games, 0, ANCHOR_RATING);
    let mut out: Vec<(String, f64)> = (0..names.len())
        .filter(|&i| linked[i])
        .map(|i| (names[i].to_string(), ratings[i]))
        .collect();
    out.sort_by(|x, y| x.1.total_cmp(&y.1));
    Ok(out)
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
    fn the_levels_ratings_are_the_fit_of_the_recorded_bench_games() {
        let record = include_str!("../../tests/data/ai_bench_games.tsv");
        let fitted = from_record(record, None).expect("the record parses");
        let names: Vec<&str> = fitted.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["easy", "medium", "hard", "expert"], "weakest first");
        for (name, rating) in &fitted {
            let level: Level = name.parse().expect("a level");
            assert_eq!(
                level.estimated_rating(),
                (rating / 10.0).round() as u32 * 10,
                "{name}: the figure shown is not the record's fit ({rating:.1})"
            );
        }
        assert_eq!(f64::from(ANCHOR.estimated_rating()), ANCHOR_RATING);
        // Each game's own figures are its games' fit.
        let configs = [
            Config::Fibonacci(fibonacci::Options::default()),
            Config::Fanorona(fanorona::Options::default()),
            Config::Fanorona(fanorona::Options {
                rules: fanorona::RuleSet::Standard,
                vela: None,
            }),
        ];
        for config in &configs {
            let set = bench_set(config).expect("a game the bench plays");
            let fitted = from_record(record, Some(set)).expect("parses");
            assert_eq!(fitted.len(), 4, "{set}");
            for (name, rating) in &fitted {
                let level: Level = name.parse().expect("a level");
                assert_eq!(
                    level.estimated_rating_at(config),
                    (rating / 10.0).round() as u32 * 10,
                    "{set}, {name}: not the record's fit ({rating:.1})"
                );
            }
        }
        let cards = Config::Fibonacci(fibonacci::Options {
            variant: fibonacci::Variant::Cards,
            ..Default::default()
        });
        assert_eq!(bench_set(&cards), None);
        assert_eq!(
            Level::Hard.estimated_rating_at(&cards),
            Level::Hard.estimated_rating()
        );
        // One game set alone, and a player that never met medium's group is left out.
        let escale = from_record(record, Some("fanorona-escale")).expect("parses");
        assert_eq!(escale.len(), 4);
        let apart = format!("{record}fibonacci\trandom\tgreedy\t1\n");
        assert_eq!(from_record(&apart, None).expect("parses").len(), 4);
        // What the bench writes is what the fit reads.
        let line = record_line("fibonacci", "hard", "medium", None);
        assert_eq!(line, "fibonacci\thard\tmedium\t0.5");
        let drawn = from_record(&format!("{line}\n"), None).expect("parses");
        assert_eq!(drawn.len(), 2);
        assert!(
            drawn.iter().all(|(_, r)| (r - ANCHOR_RATING).abs() < 0.01),
            "{drawn:?}"
        );
        // Bad lines are named.
        let bad = from_record("fibonacci\thard\tmedium\t2\n", None).expect_err("a bad score");
        assert!(bad.starts_with("line 1:"), "{bad}");
        assert!(from_record("fibonacci\thard\n", None).is_err());
    }
}
