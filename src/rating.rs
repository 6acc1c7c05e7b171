//! Glicko-2 ratings (through the `skillratings` crate; no formula is written here): which rating
//! a game counts for, one game as one rating period, and the deviation's growth over idle
//! periods.
//!
//! Pure: no I/O, no clock. The service (`crate::app`) decides when a game counts and stores the
//! numbers.

use chrono::{DateTime, Utc};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2, glicko2_rating_period};

use std::fmt;

use crate::engine::{Codec, Config, GameKind};

/// A player whose deviation is above this is provisional: listed apart on the leaderboard.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// One rating period without games is added per this many idle days.
pub const DAYS_PER_PERIOD: i64 = 30;

/// The Glicko-2 system constant (tau): how fast volatility may change.
pub const TAU: f64 = 0.5;

/// A rating a server keeps for each player, named by its key (`fibonacci`, `fibonacci-cards`,
/// `fanorona`). Each game says which ratings it keeps and which one a game counts for
/// ([`GameOptions::RATINGS`](crate::engine::GameOptions::RATINGS)): the Fanorona rule sets share
/// one, and vela rounds count for it; the Fibonacci cards variant has its own. Ordered as the
/// games are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RatingGame(&'static str);

/// Every game's ratings, in the order of the list of games.
macro_rules! all_ratings {
    ($($(#[$attr:meta])* $kind:ident => $module:ident),+ $(,)?) => {
        const RATING_COUNT: usize = {
            let mut n = 0;
            $($(#[$attr])* { n += GameKind::$kind.ratings().len(); })+
            n
        };
        const ALL_RATINGS: [RatingGame; RATING_COUNT] = {
            let mut all = [RatingGame(""); RATING_COUNT];
            let mut n = 0;
            $($(#[$attr])* {
                let keys = GameKind::$kind.ratings();
                let mut i = 0;
                while i < keys.len() {
                    all[n] = RatingGame(keys[i]);
                    n += 1;
                    i += 1;
                }
            })+
            all
        };
    };
}

crate::with_games!(all_ratings);

impl Codec for RatingGame {
    const ALL: &'static [RatingGame] = &ALL_RATINGS;
    fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for RatingGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::str::FromStr for RatingGame {
    type Err = crate::engine::UnknownWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RatingGame::from_word(s)
            .ok_or_else(|| crate::engine::UnknownWord::new(s, RatingGame::words()))
    }
}

impl PartialOrd for RatingGame {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for RatingGame {
    /// In the order of the list of games, then of each game's ratings.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let position = |r: &RatingGame| ALL_RATINGS.iter().position(|a| a == r);
        position(self).cmp(&position(other))
    }
}

// The first games' ratings keep the names they had as enum variants.
#[allow(non_upper_case_globals)]
impl RatingGame {
    pub const Fibonacci: RatingGame = RatingGame(GameKind::Fibonacci.ratings()[0]);
    pub const FibonacciCards: RatingGame = RatingGame(GameKind::Fibonacci.ratings()[1]);
    pub const Fanorona: RatingGame = RatingGame(GameKind::Fanorona.ratings()[0]);
}

impl RatingGame {
    /// The rating a game with these options counts for.
    pub fn of(config: &Config) -> RatingGame {
        RatingGame(config.rating())
    }

    /// The main rating of `kind` (the one its default options count for).
    pub fn main(kind: GameKind) -> RatingGame {
        RatingGame(kind.ratings()[0])
    }
}

/// A Glicko-2 rating on the usual scale (1500 ± 350 to start).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500, deviation 350, volatility 0.06.
    fn default() -> Rating {
        Rating::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

/// A result, from one player's side: 1 for a win, 0.5 for a draw, 0 for a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    pub fn points(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    /// The score of the points stored in the database.
    pub fn from_points(points: f64) -> Option<Score> {
        [Score::Win, Score::Draw, Score::Loss]
            .into_iter()
            .find(|s| s.points() == points)
    }

    /// The other player's score.
    pub fn other(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }

    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }
}

impl Rating {
    /// A player's rating after one rating period with these games (Glicko-2 step by step).
    pub fn after_period(self, results: &[(Rating, Score)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = results
            .iter()
            .map(|&(opponent, score)| (opponent.into(), score.outcome()))
            .collect();
        glicko2_rating_period(&self.into(), &results, &config()).into()
    }

    /// Both players' ratings after one game between them, the game being its own rating period
    /// for both; `score` is the first player's.
    pub fn after_game(first: Rating, second: Rating, score: Score) -> (Rating, Rating) {
        let (a, b) = glicko2(&first.into(), &second.into(), &score.outcome(), &config());
        (a.into(), b.into())
    }

    /// The rating as of `now` for a player whose last rated game was at `last`: one empty rating
    /// period per whole [`DAYS_PER_PERIOD`] days in between, each widening the deviation as
    /// Glicko-2 prescribes (up to 350).
    pub fn idle(self, last: DateTime<Utc>, now: DateTime<Utc>) -> Rating {
        let periods = (now - last).num_days().max(0) / DAYS_PER_PERIOD;
        let mut rating = self;
        for _ in 0..periods {
            let next = rating.after_period(&[]);
            if next == rating {
                // At the ceiling: more empty periods change nothing.
                break;
            }
            rating = next;
        }
        rating
    }

    /// True while the rating is too uncertain to rank (deviation above 110).
    pub fn is_provisional(self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating rounded to an integer, as players read it.
    pub fn shown(self) -> i64 {
        round(self.rating)
    }

    /// Twice the deviation, rounded: the "±" players read.
    pub fn margin(self) -> i64 {
        round(2.0 * self.deviation)
    }
}

/// `value` rounded to the nearest integer (ratings stay far inside `i64`).
pub fn round(value: f64) -> i64 {
    // Ratings and deviations are bounded (a few thousand at most); the cast cannot truncate.
    #[allow(clippy::cast_possible_truncation)]
    let rounded = value.round() as i64;
    rounded
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    /// Glickman, "Example of the Glicko-2 system" (glicko2.pdf): a 1500/200/0.06 player beats a
    /// 1400/30 player and loses to 1550/100 and 1700/300 players in one period.
    #[test]
    fn glickmans_worked_example() {
        let player = r(1500.0, 200.0, 0.06);
        let after = player.after_period(&[
            (r(1400.0, 30.0, 0.06), Score::Win),
            (r(1550.0, 100.0, 0.06), Score::Loss),
            (r(1700.0, 300.0, 0.06), Score::Loss),
        ]);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn one_game_is_one_period_for_each_player() {
        let (a, b) = (r(1620.0, 80.0, 0.059), r(1480.0, 210.0, 0.061));
        let (a2, b2) = Rating::after_game(a, b, Score::Draw);
        assert_eq!(a2, a.after_period(&[(b, Score::Draw)]));
        assert_eq!(b2, b.after_period(&[(a, Score::Draw)]));
        let (w, l) = Rating::after_game(Rating::default(), Rating::default(), Score::Win);
        assert_eq!((w.shown(), l.shown()), (1662, 1338));
        assert_eq!((w.margin(), l.margin()), (581, 581));
    }

    #[test]
    fn idle_periods_widen_the_deviation_one_per_thirty_days() {
        let at = DateTime::from_timestamp(1_900_000_000, 0).expect("time");
        let player = r(1700.0, 60.0, 0.06);
        assert_eq!(player.idle(at, at + chrono::Duration::days(29)), player);
        let one = player.idle(at, at + chrono::Duration::days(30));
        assert_eq!(one, player.after_period(&[]));
        assert!(one.deviation > 60.0 && one.rating == 1700.0);
        let three = player.idle(at, at + chrono::Duration::days(95));
        assert_eq!(three, one.after_period(&[]).after_period(&[]));
        let forever = player.idle(at, at + chrono::Duration::days(365 * 400));
        assert!((forever.deviation - 350.0).abs() < 1e-9, "{forever:?}");
        // A clock that went backwards changes nothing.
        assert_eq!(player.idle(at, at - chrono::Duration::days(90)), player);
    }

    #[test]
    fn provisional_above_110() {
        assert!(Rating::default().is_provisional());
        assert!(!r(1500.0, 110.0, 0.06).is_provisional());
        assert!(r(1500.0, 110.01, 0.06).is_provisional());
    }

    #[test]
    fn rating_games_of_configs() {
        let mut cards = Config::default_for(GameKind::Fibonacci);
        assert_eq!(RatingGame::of(&cards).as_str(), "fibonacci");
        cards.set("variant", "cards").expect("cards");
        assert_eq!(RatingGame::of(&cards).as_str(), "fibonacci-cards");
        let mut fanorona = Config::default_for(GameKind::Fanorona);
        fanorona.set("rules", "standard").expect("rules");
        fanorona.set("vela", "white").expect("vela");
        assert_eq!(
            RatingGame::of(&fanorona),
            RatingGame::main(GameKind::Fanorona)
        );
        assert_eq!(
            RatingGame::words()[..3],
            ["fibonacci", "fibonacci-cards", "fanorona"],
            "the ratings in the order of the games, as the leaderboard's menu shows them"
        );
        assert!(RatingGame::main(GameKind::Fibonacci) < RatingGame::of(&cards));
        assert!(RatingGame::of(&cards) < RatingGame::main(GameKind::Fanorona));
    }
}
