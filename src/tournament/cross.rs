//! A round-robin's cross table: each player's results against every other player, rows and
//! columns in the order of the standings. A double round-robin has two results per meeting, in
//! the order the games were paired.

use std::collections::HashMap;

use super::PlayerId;
use super::standings::{EventGame, GameResult};

/// One game's result for the row's player in half points (2 a win, 1 a draw, 0 a loss), or
/// `None` while the game is in progress.
pub type Half = Option<u8>;

/// The table for the players of `order` (rank order): `table[i][j]` holds row player `i`'s
/// results against player `j`, empty on the diagonal and where the two have no game. Games of
/// players not in `order` are left out.
pub fn cross_table(order: &[PlayerId], games: &[EventGame]) -> Vec<Vec<Vec<Half>>> {
    let index: HashMap<PlayerId, usize> = order.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let n = order.len();
    let mut table = vec![vec![Vec::new(); n]; n];
    for g in games {
        let (Some(&a), Some(&b)) = (index.get(&g.first), index.get(&g.second)) else {
            continue;
        };
        let (first, second) = match g.result {
            Some(GameResult::FirstWon) => (Some(2), Some(0)),
            Some(GameResult::SecondWon) => (Some(0), Some(2)),
            Some(GameResult::Draw) => (Some(1), Some(1)),
            None => (None, None),
        };
        table[a][b].push(first);
        table[b][a].push(second);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_double_round_robin_has_two_results_per_meeting_in_standings_order() {
        use GameResult::*;
        let games = [
            EventGame::new(1, 2, Some(FirstWon)),
            EventGame::new(2, 1, Some(Draw)),
            EventGame::new(1, 3, Some(SecondWon)),
            EventGame::new(3, 1, None),
            EventGame::new(2, 3, Some(FirstWon)),
            EventGame::new(3, 2, Some(FirstWon)),
            // Someone not in the table (never happens in an event) is left out.
            EventGame::new(9, 1, Some(FirstWon)),
        ];
        let table = cross_table(&[3, 1, 2], &games);
        assert_eq!(
            table,
            vec![
                vec![vec![], vec![Some(2), None], vec![Some(0), Some(2)]],
                vec![vec![Some(0), None], vec![], vec![Some(2), Some(1)]],
                vec![vec![Some(2), Some(0)], vec![Some(0), Some(1)], vec![]],
            ]
        );
        // Every finished meeting adds up to one point a game for the two players.
        for (i, row) in table.iter().enumerate() {
            for (j, cell) in row.iter().enumerate() {
                for (a, b) in cell.iter().zip(&table[j][i]) {
                    if let (Some(a), Some(b)) = (a, b) {
                        assert_eq!(a + b, 2);
                    }
                }
            }
        }
    }
}
