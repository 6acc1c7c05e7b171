//! The matching against brute force on random graphs.
use super::*;

/// The least cost of a perfect matching, by trying them all.
fn brute(n: usize, cost: &dyn Fn(usize, usize) -> Option<i64>) -> Option<i64> {
    fn go(free: &[usize], cost: &dyn Fn(usize, usize) -> Option<i64>) -> Option<i64> {
        let Some(&a) = free.first() else {
            return Some(0);
        };
        let mut best: Option<i64> = None;
        for idx in 1..free.len() {
            let b = free[idx];
            let Some(c) = cost(a, b) else { continue };
            let rest: Vec<usize> = free.iter().copied().filter(|&x| x != a && x != b).collect();
            if let Some(r) = go(&rest, cost) {
                best = Some(best.map_or(c + r, |x: i64| x.min(c + r)));
            }
        }
        best
    }
    go(&(0..n).collect::<Vec<_>>(), cost)
}

fn lcg(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

#[test]
fn finds_the_cheapest_perfect_matching_on_random_graphs() {
    let mut seed = 7;
    for round in 0..3000 {
        let n = 2 * (1 + (lcg(&mut seed) % 6) as usize);
        let density = 40 + lcg(&mut seed) % 61;
        let range = [3, 10, 1000][round % 3];
        let mut table = vec![vec![None; n]; n];
        let mut edges = Vec::new();
        for (u, v) in (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))) {
            if lcg(&mut seed) % 100 < density {
                let c = (lcg(&mut seed) % range) as i64;
                table[u][v] = Some(c);
                table[v][u] = Some(c);
                edges.push((u, v, c));
            }
        }
        let expected = brute(n, &|a, b| table[a][b]);
        let got = min_cost_perfect(n, &edges);
        match (expected, got) {
            (None, None) => {}
            (Some(best), Some(pairs)) => {
                let total: i64 = pairs
                    .iter()
                    .map(|&(a, b)| table[a][b].expect("an edge of the graph"))
                    .sum();
                assert_eq!(pairs.len(), n / 2);
                assert_eq!(total, best, "round {round}: {edges:?}");
            }
            (e, g) => panic!("round {round}: expected {e:?}, got {g:?} for {edges:?}"),
        }
    }
}

#[test]
fn odd_or_empty_graphs() {
    assert_eq!(min_cost_perfect(3, &[(0, 1, 1), (1, 2, 1)]), None);
    assert_eq!(min_cost_perfect(0, &[]), Some(vec![]));
    assert_eq!(min_cost_perfect(4, &[(0, 1, 1)]), None);
}
