//! The standings of an event: points (a win 1, a draw ½, a loss 0, a bye 1) and tiebreaks.
//!
//! - Swiss: points, then Buchholz (the sum of the final points of the opponents met; a bye adds
//!   0), then Sonneborn-Berger (the sum of the final points of the opponents beaten, plus half
//!   of those drawn), then the rating at the start of the event.
//! - Round-robin: points, then Sonneborn-Berger, then the number of wins.
//!
//! Everything is counted in exact units: points in halves, Buchholz in halves, and
//! Sonneborn-Berger in quarters.

use std::collections::HashMap;

use super::{Format, PlayerId};

/// How a finished game ended. Resignation, loss on time and withdrawal are wins for the other
/// player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    FirstWon,
    SecondWon,
    Draw,
}

/// A game of the event: who moved first and second, and its result once it has ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventGame {
    pub first: PlayerId,
    pub second: PlayerId,
    pub result: Option<GameResult>,
}

impl EventGame {
    pub const fn new(first: PlayerId, second: PlayerId, result: Option<GameResult>) -> EventGame {
        EventGame {
            first,
            second,
            result,
        }
    }
}

/// A player of the event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entrant {
    pub id: PlayerId,
    /// The rating at the start of the event.
    pub rating: f64,
    /// Withdrawn players keep their place in the table (their finished games count).
    pub withdrawn: bool,
}

/// One line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1 for the leader; players equal on every criterion share a rank.
    pub rank: usize,
    pub id: PlayerId,
    pub half_points: u32,
    /// Swiss only (0 in a round-robin).
    pub buchholz_halves: u32,
    pub sonneborn_berger_quarters: u32,
    pub wins: u32,
    /// Games finished (a bye is not a game).
    pub played: u32,
    /// Games paired and not finished yet.
    pub left: u32,
    pub byes: u32,
    pub rating: f64,
    pub withdrawn: bool,
}

impl Standing {
    pub fn points(&self) -> f64 {
        f64::from(self.half_points) / 2.0
    }

    pub fn buchholz(&self) -> f64 {
        f64::from(self.buchholz_halves) / 2.0
    }

    pub fn sonneborn_berger(&self) -> f64 {
        f64::from(self.sonneborn_berger_quarters) / 4.0
    }
}

/// The table of `format`'s event among `entrants`, from its `games` and `byes` (the players
/// given one, once per bye), best first.
pub fn standings(
    format: Format,
    entrants: &[Entrant],
    games: &[EventGame],
    byes: &[PlayerId],
) -> Vec<Standing> {
    let mut lines: Vec<Standing> = entrants
        .iter()
        .map(|e| Standing {
            rank: 0,
            id: e.id,
            half_points: 0,
            buchholz_halves: 0,
            sonneborn_berger_quarters: 0,
            wins: 0,
            played: 0,
            left: 0,
            byes: 0,
            rating: e.rating,
            withdrawn: e.withdrawn,
        })
        .collect();
    let index: HashMap<PlayerId, usize> =
        lines.iter().enumerate().map(|(i, s)| (s.id, i)).collect();
    for bye in byes {
        if let Some(&i) = index.get(bye) {
            lines[i].half_points += 2;
            lines[i].byes += 1;
        }
    }
    // (player, opponent, the player's score in half points) per finished game.
    let mut scores: Vec<(usize, usize, u32)> = Vec::new();
    for g in games {
        let (Some(&a), Some(&b)) = (index.get(&g.first), index.get(&g.second)) else {
            continue;
        };
        let Some(result) = g.result else {
            lines[a].left += 1;
            lines[b].left += 1;
            continue;
        };
        let (sa, sb) = match result {
            GameResult::FirstWon => (2, 0),
            GameResult::SecondWon => (0, 2),
            GameResult::Draw => (1, 1),
        };
        scores.push((a, b, sa));
        scores.push((b, a, sb));
    }
    for &(p, _, s) in &scores {
        lines[p].half_points += s;
        lines[p].played += 1;
        lines[p].wins += u32::from(s == 2);
    }
    let final_points: Vec<u32> = lines.iter().map(|s| s.half_points).collect();
    for &(p, o, s) in &scores {
        if format == Format::Swiss {
            lines[p].buchholz_halves += final_points[o];
        }
        // A win counts the opponent's points whole, a draw half: in quarters, 2× or 1× the
        // halves.
        lines[p].sonneborn_berger_quarters += s * final_points[o];
    }
    let key = |s: &Standing| -> (u32, u32, u32, u32) {
        match format {
            Format::Swiss => (
                s.half_points,
                s.buchholz_halves,
                s.sonneborn_berger_quarters,
                0,
            ),
            Format::RoundRobin => (s.half_points, s.sonneborn_berger_quarters, s.wins, 0),
        }
    };
    let rating_counts = format == Format::Swiss;
    lines.sort_by(|a, b| {
        key(b)
            .cmp(&key(a))
            .then_with(|| {
                if rating_counts {
                    b.rating.total_cmp(&a.rating)
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .then(a.id.cmp(&b.id))
    });
    for i in 0..lines.len() {
        let tied = i > 0
            && key(&lines[i]) == key(&lines[i - 1])
            && (!rating_counts || lines[i].rating == lines[i - 1].rating);
        lines[i].rank = if tied { lines[i - 1].rank } else { i + 1 };
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrants(ids: &[PlayerId]) -> Vec<Entrant> {
        ids.iter()
            .map(|&id| Entrant {
                id,
                rating: 1500.0 + id as f64,
                withdrawn: false,
            })
            .collect()
    }

    /// A round-robin of four, worked by hand:
    /// 1 beats 2, 1 draws 3, 4 beats 1; 2 beats 3, 2 beats 4; 3 beats 4.
    /// Points: 1: 1.5, 2: 2, 3: 1.5, 4: 1.
    /// Sonneborn-Berger: 1: 2 (beat 2) + ½·1.5 (drew 3) = 2.75; 2: 1.5 + 1 = 2.5;
    /// 3: 1 (beat 4) + ½·1.5 (drew 1) = 1.75; 4: 1.5 (beat 1).
    #[test]
    fn a_round_robin_worked_by_hand() {
        use GameResult::*;
        let games = [
            EventGame::new(1, 2, Some(FirstWon)),
            EventGame::new(3, 1, Some(Draw)),
            EventGame::new(4, 1, Some(FirstWon)),
            EventGame::new(2, 3, Some(FirstWon)),
            EventGame::new(4, 2, Some(SecondWon)),
            EventGame::new(3, 4, Some(FirstWon)),
        ];
        let table = standings(Format::RoundRobin, &entrants(&[1, 2, 3, 4]), &games, &[]);
        let got: Vec<(usize, PlayerId, f64, f64, u32)> = table
            .iter()
            .map(|s| (s.rank, s.id, s.points(), s.sonneborn_berger(), s.wins))
            .collect();
        assert_eq!(
            got,
            vec![
                (1, 2, 2.0, 2.5, 2),
                (2, 1, 1.5, 2.75, 1),
                (3, 3, 1.5, 1.75, 1),
                (4, 4, 1.0, 1.5, 1),
            ]
        );
        assert!(table.iter().all(|s| s.played == 3 && s.left == 0));
    }

    /// A Swiss of five after two rounds, worked by hand.
    /// Round 1: 1 beats 2, 3 draws 4, 5 has the bye. Round 2: 5 beats 1, 2 beats 3, 4 has the
    /// bye. Points: 1: 1, 2: 1, 3: 0.5, 4: 1.5, 5: 2.
    /// Buchholz (a bye adds 0): 1: 1 (2) + 2 (5) = 3; 2: 1 (1) + 0.5 (3) = 1.5;
    /// 3: 1.5 (4) + 1 (2) = 2.5; 4: 0.5 (3) = 0.5; 5: 1 (1) = 1.
    /// Sonneborn-Berger: 1: 1 (beat 2); 2: 0.5 (beat 3); 3: ½·1.5 = 0.75; 4: ½·0.5 = 0.25;
    /// 5: 1 (beat 1).
    /// Order: 5 (2), 4 (1.5), then 1 and 2 on 1 point (Buchholz 3 against 1.5), then 3.
    #[test]
    fn a_swiss_worked_by_hand_with_byes_and_a_game_in_progress() {
        use GameResult::*;
        let games = [
            EventGame::new(1, 2, Some(FirstWon)),
            EventGame::new(3, 4, Some(Draw)),
            EventGame::new(5, 1, Some(FirstWon)),
            EventGame::new(2, 3, Some(FirstWon)),
            EventGame::new(4, 5, None),
        ];
        let table = standings(Format::Swiss, &entrants(&[1, 2, 3, 4, 5]), &games, &[5, 4]);
        let got: Vec<(usize, PlayerId, f64, f64, f64)> = table
            .iter()
            .map(|s| (s.rank, s.id, s.points(), s.buchholz(), s.sonneborn_berger()))
            .collect();
        assert_eq!(
            got,
            vec![
                (1, 5, 2.0, 1.0, 1.0),
                (2, 4, 1.5, 0.5, 0.25),
                (3, 1, 1.0, 3.0, 1.0),
                (4, 2, 1.0, 1.5, 0.5),
                (5, 3, 0.5, 2.5, 0.75),
            ]
        );
        let five = &table[0];
        assert_eq!((five.played, five.left, five.byes), (1, 1, 1));
    }

    #[test]
    fn equal_on_every_criterion_shares_a_rank_and_rating_breaks_swiss_ties() {
        use GameResult::*;
        let mut e = entrants(&[1, 2, 3, 4]);
        for x in &mut e {
            x.rating = 1500.0;
        }
        let games = [
            EventGame::new(1, 2, Some(Draw)),
            EventGame::new(3, 4, Some(Draw)),
        ];
        let table = standings(Format::Swiss, &e, &games, &[]);
        assert!(table.iter().all(|s| s.rank == 1), "{table:?}");
        let table = standings(Format::Swiss, &entrants(&[1, 2, 3, 4]), &games, &[]);
        let order: Vec<PlayerId> = table.iter().map(|s| s.id).collect();
        assert_eq!(order, vec![4, 3, 2, 1], "the higher rating first");
        assert_eq!(table[3].rank, 4);
    }
}
