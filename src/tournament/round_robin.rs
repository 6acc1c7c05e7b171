//! A round-robin's games: every pair of players meets once (twice with `double`, colours
//! swapped). All of them start at once, as in OGS's correspondence round-robins, so no rounds
//! are needed: only who moves first.
//!
//! Colours: of the pair of players listed `i`th and `j`th (`i < j`), the `i`th moves first when
//! `i + j` is even. Every player then moves first in half their games, give or take one.

use super::PlayerId;

/// Every game of a round-robin among `players`, as (who moves first, who moves second).
pub fn games(players: &[PlayerId], double: bool) -> Vec<(PlayerId, PlayerId)> {
    let mut games = Vec::new();
    for (i, &a) in players.iter().enumerate() {
        for (j, &b) in players.iter().enumerate().skip(i + 1) {
            let pair = if (i + j) % 2 == 0 { (a, b) } else { (b, a) };
            games.push(pair);
            if double {
                games.push((pair.1, pair.0));
            }
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_meets_once_or_twice_and_colours_balance() {
        for n in 2..=40u64 {
            let players: Vec<PlayerId> = (100..100 + n).collect();
            for double in [false, true] {
                let g = games(&players, double);
                let times = if double { 2 } else { 1 };
                assert_eq!(g.len() as u64, times * n * (n - 1) / 2);
                for &a in &players {
                    for &b in &players {
                        if a < b {
                            let met = g
                                .iter()
                                .filter(|&&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
                                .count() as u64;
                            assert_eq!(met, times, "{a} {b}");
                        }
                    }
                    let first = g.iter().filter(|x| x.0 == a).count() as i64;
                    let second = g.iter().filter(|x| x.1 == a).count() as i64;
                    assert!((first - second).abs() <= 1, "n {n}: {a} {first}/{second}");
                    if double {
                        assert_eq!(first, second);
                    }
                }
            }
        }
    }
}
