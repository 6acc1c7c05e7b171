//! Swiss pairing on many random event histories, checked against brute force (every perfect
//! matching of up to 10 players): no rematch, the bye rule, the least sum of squared score
//! differences, and colour balance among the pairings of that least sum.

use fibonacci_bot::tournament::PlayerId;
use fibonacci_bot::tournament::swiss::{Colour, PairingError, SwissPlayer, pair};
use proptest::prelude::*;

/// Every perfect matching of `ids` with no rematch, as lists of pairs.
fn matchings(ids: &[usize], players: &[SwissPlayer]) -> Vec<Vec<(usize, usize)>> {
    let Some((&a, rest)) = ids.split_first() else {
        return vec![Vec::new()];
    };
    let mut all = Vec::new();
    for (k, &b) in rest.iter().enumerate() {
        if players[a].opponents.contains(&players[b].id) {
            continue;
        }
        let others: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != k)
            .map(|(_, &x)| x)
            .collect();
        for mut m in matchings(&others, players) {
            m.push((a, b));
            all.push(m);
        }
    }
    all
}

fn squared(players: &[SwissPlayer], m: &[(usize, usize)]) -> i64 {
    m.iter()
        .map(|&(a, b)| {
            let d = i64::from(players[a].half_points) - i64::from(players[b].half_points);
            d * d
        })
        .sum()
}

/// The fewest colour rules a pair's best colours break.
fn faults(a: &SwissPlayer, b: &SwissPlayer) -> u32 {
    (a.colour_faults(Colour::First) + b.colour_faults(Colour::Second))
        .min(a.colour_faults(Colour::Second) + b.colour_faults(Colour::First))
}

fn colour_faults(players: &[SwissPlayer], m: &[(usize, usize)]) -> u32 {
    m.iter()
        .map(|&(a, b)| faults(&players[a], &players[b]))
        .sum()
}

/// The bye order of the rule: no bye yet, lowest score, lowest rating, latest listed.
fn bye_candidates(players: &[SwissPlayer]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&a, &b| {
        (players[a].half_points, players[a].rating)
            .partial_cmp(&(players[b].half_points, players[b].rating))
            .expect("ratings are numbers")
            .then(b.cmp(&a))
    });
    let fresh: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| !players[i].had_bye)
        .collect();
    if fresh.is_empty() { order } else { fresh }
}

fn position(players: &[SwissPlayer], id: PlayerId) -> usize {
    players.iter().position(|p| p.id == id).expect("a player")
}

/// Checks one round's pairing of `players` against brute force.
fn check_round(
    players: &[SwissPlayer],
    first_round: bool,
) -> Result<Option<Vec<(PlayerId, PlayerId)>>, TestCaseError> {
    let all: Vec<usize> = (0..players.len()).collect();
    let result = pair(players);
    let (bye, expected_seated) = if players.len() % 2 == 1 {
        // The bye goes to the first candidate whose absence leaves a rematch-free pairing.
        let found = bye_candidates(players).into_iter().find(|&c| {
            let rest: Vec<usize> = all.iter().copied().filter(|&i| i != c).collect();
            !matchings(&rest, players).is_empty()
        });
        match found {
            Some(c) => (
                Some(c),
                all.iter().copied().filter(|&i| i != c).collect::<Vec<_>>(),
            ),
            None => {
                prop_assert_eq!(result, Err(PairingError::OnlyRematches));
                return Ok(None);
            }
        }
    } else {
        (None, all.clone())
    };
    let options = matchings(&expected_seated, players);
    if options.is_empty() {
        prop_assert_eq!(result, Err(PairingError::OnlyRematches));
        return Ok(None);
    }
    let pairing = result.map_err(|e| TestCaseError::fail(format!("{e}")))?;
    if !first_round {
        prop_assert_eq!(pairing.bye, bye.map(|i| players[i].id), "the bye rule");
    } else if let Some(b) = pairing.bye {
        let lowest = players
            .iter()
            .min_by(|a, b| a.rating.total_cmp(&b.rating))
            .map(|p| p.id);
        prop_assert_eq!(Some(b), lowest, "round 1: the lowest rated sits out");
    }
    let seated: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&i| Some(players[i].id) != pairing.bye)
        .collect();
    let ours: Vec<(usize, usize)> = pairing
        .games
        .iter()
        .map(|&(f, s)| (position(players, f), position(players, s)))
        .collect();
    let mut met: Vec<usize> = ours.iter().flat_map(|&(a, b)| [a, b]).collect();
    met.sort_unstable();
    prop_assert_eq!(&met, &seated, "everyone but the bye plays once");
    for &(a, b) in &ours {
        prop_assert!(!players[a].opponents.contains(&players[b].id), "no rematch");
    }
    let least = matchings(&seated, players)
        .iter()
        .map(|m| squared(players, m))
        .min()
        .expect("a pairing");
    prop_assert_eq!(
        squared(players, &ours),
        least,
        "the least sum of squared differences"
    );
    if !first_round {
        let best_colours = matchings(&seated, players)
            .iter()
            .filter(|m| squared(players, m) == least)
            .map(|m| colour_faults(players, m))
            .min()
            .expect("a pairing");
        prop_assert_eq!(colour_faults(players, &ours), best_colours, "colours");
        for &(f, s) in &ours {
            let given =
                players[f].colour_faults(Colour::First) + players[s].colour_faults(Colour::Second);
            prop_assert_eq!(
                given,
                faults(&players[f], &players[s]),
                "the better colours"
            );
        }
    }
    Ok(Some(pairing.games.clone()).map(|g| {
        let mut g = g;
        if let Some(b) = pairing.bye {
            g.push((b, b));
        }
        g
    }))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn swiss_pairings_obey_every_rule(
        n in 3usize..=10,
        rounds in 2usize..=7,
        ratings in proptest::collection::vec(1000u32..2500, 10),
        results in proptest::collection::vec(0u8..3, 80),
    ) {
        let mut players: Vec<SwissPlayer> = (0..n)
            .map(|i| SwissPlayer::new(1000 + i as u64, f64::from(ratings[i]) + i as f64 / 100.0))
            .collect();
        let mut next_result = results.iter().cycle();
        for round in 0..rounds {
            let Some(games) = check_round(&players, round == 0)? else {
                break;
            };
            for (f, s) in games {
                let (fi, si) = (position(&players, f), position(&players, s));
                if fi == si {
                    players[fi].had_bye = true;
                    players[fi].half_points += 2;
                    continue;
                }
                let (pf, ps) = match next_result.next().expect("cycled") {
                    0 => (2, 0),
                    1 => (0, 2),
                    _ => (1, 1),
                };
                players[fi].half_points += pf;
                players[si].half_points += ps;
                players[fi].opponents.push(s);
                players[si].opponents.push(f);
                players[fi].colours.push(Colour::First);
                players[si].colours.push(Colour::Second);
            }
        }
    }
}
