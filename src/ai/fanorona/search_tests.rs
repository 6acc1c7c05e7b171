//! Tests of the levels' search: its values against a plain minimax, and the variety the seed
//! brings.

use super::eval::{HAND, evaluate_with};
use super::*;
use crate::ai::baseline;
use crate::engine::fanorona::{Options, Position, RuleSet, for_each_turn};

/// Plain minimax to `depth` whole turns on the static evaluation, no pruning, no table: what
/// the search must agree with when it searches that deep without quiescence.
fn minimax(options: Options, position: &Position, depth: u32, ply: i32) -> i32 {
    let me = position.side_to_move();
    if position.count(me) == 0 {
        return -(WIN - ply);
    }
    if position.count(me.opponent()) == 0 {
        return WIN - ply;
    }
    if depth == 0 {
        return evaluate_with(position, &HAND);
    }
    let mut best = None;
    for_each_turn(position, options, &mut |_, next| {
        let v = -minimax(options, next, depth - 1, ply + 1);
        best = Some(best.map_or(v, |b: i32| b.max(v)));
    });
    best.unwrap_or(-(WIN - ply))
}

/// A search to exactly `depth` turns, no quiescence, no random bonus.
fn exact(depth: u32) -> FanoronaSearch {
    FanoronaSearch {
        limits: Limits {
            nodes: u64::MAX,
            cap: None,
        },
        max_depth: depth,
        quiescence: 0,
        noise: 0,
        endgame_nodes: 0,
        endgames: 0,
        ordering: false,
        weights: &eval::HAND,
    }
}

/// Positions of games played at random for `turns` turns.
fn random_positions(rules: RuleSet, games: u64, turns: u32) -> Vec<Game> {
    let options = Options { rules, vela: None };
    let mut out = Vec::new();
    for g in 0..games {
        let mut game = Game::new(options);
        for t in 0..turns {
            if game.status() != Status::Ongoing {
                break;
            }
            let turn = baseline::fanorona_random(&game, g * 1000 + u64::from(t));
            play_turn(&mut game, &turn).expect("legal");
        }
        if game.status() == Status::Ongoing {
            out.push(game);
        }
    }
    out
}

#[test]
fn the_search_values_positions_as_plain_minimax_does() {
    // The ordering and the null windows prune, but never change the value.
    for rules in [RuleSet::Escale, RuleSet::Standard] {
        for game in random_positions(rules, 6, 14) {
            let want = minimax(game.options(), game.position(), 3, 0);
            let ordered = FanoronaSearch {
                ordering: true,
                ..exact(3)
            };
            for (search, find) in [
                (exact(3), search::best_turn as Find),
                (ordered, search::best_turn),
            ] {
                let got = choose(&game, &search, 0, true, find).expect("a turn");
                assert_eq!(got.value, want, "{rules:?} {}", game.position());
                // The turn chosen is worth that value.
                let mut after = game.clone();
                play_turn(&mut after, &got.turn).expect("legal");
                let of_turn = -minimax(game.options(), after.position(), 2, 1);
                assert_eq!(of_turn, want, "{:?} from {}", got.turn, game.position());
            }
        }
    }
}

/// The first `turns` turns of a game between two players of `search` (by `find`), with seed
/// `seed`.
fn opening(search: &FanoronaSearch, find: Find, seed: u64, turns: u32) -> Vec<Vec<String>> {
    let mut game = Game::new(Options::default());
    let mut out = Vec::new();
    for t in 0..turns {
        let turn = choose(&game, search, seed * 100 + u64::from(t), false, find)
            .expect("a turn")
            .turn;
        play_turn(&mut game, &turn).expect("legal");
        out.push(turn);
    }
    out
}

/// `search` on a budget a test can afford.
fn small(search: FanoronaSearch) -> FanoronaSearch {
    FanoronaSearch {
        limits: Limits {
            nodes: 20_000,
            cap: None,
        },
        endgame_nodes: 20_000,
        endgames: 0,
        ..search
    }
}

#[test]
fn seeds_vary_the_opening_and_each_seed_repeats_its_game() {
    // Expert's random bonus.
    let search = small(FanoronaSearch::for_level(Level::Expert));
    let find = search::best_turn as Find;
    let games: Vec<_> = (0..8).map(|seed| opening(&search, find, seed, 4)).collect();
    for seed in [0, 5] {
        assert_eq!(opening(&search, find, seed, 4), games[seed as usize]);
    }
    // f2-e3+ is two pieces up at once and nothing else comes within the bonus, so the first
    // turn may repeat; of 8 seeds' 4-turn openings, at least 4 are distinct.
    let whole: std::collections::HashSet<_> = games.iter().collect();
    assert!(whole.len() >= 4, "{whole:?}");
    // Without the bonus, the seed changes nothing.
    let fixed = FanoronaSearch { noise: 0, ..search };
    assert_eq!(opening(&fixed, find, 1, 4), opening(&fixed, find, 2, 4));
}

#[test]
fn a_won_ending_is_played_the_quickest_way_whatever_the_seed() {
    // d1 can take every black piece in one chain: the bonus never picks a slower win.
    let game = Game::from_position(
        Options::default(),
        "...W...../.....BB../..BB...../....B..../....B.... w",
    )
    .expect("valid");
    for seed in 0..6 {
        let turn = fanorona_turn(&game, Level::Expert, seed).expect("a turn");
        let mut g = game.clone();
        play_turn(&mut g, &turn).expect("legal");
        assert!(matches!(g.status(), Status::Won(..)), "{seed}: {turn:?}");
    }
}

#[test]
fn killer_and_history_ordering_keeps_every_value_and_saves_nodes() {
    let (mut plain_nodes, mut ordered_nodes) = (0, 0);
    for rules in [RuleSet::Escale, RuleSet::Standard] {
        for game in random_positions(rules, 4, 16) {
            let plain = exact(5);
            let ordered = FanoronaSearch {
                ordering: true,
                ..plain
            };
            let (o, p) = (game.options(), game.position());
            let (_, want, a) = search::searched(o, p, &plain, 0, true).expect("a turn");
            let (_, got, b) = search::searched(o, p, &ordered, 0, true).expect("a turn");
            assert_eq!(got, want, "{rules:?} {p}");
            assert_eq!(a.depth, b.depth, "{rules:?} {p}");
            plain_nodes += a.nodes;
            ordered_nodes += b.nodes;
        }
    }
    assert!(
        ordered_nodes * 10 < plain_nodes * 9,
        "ordering saves at least a tenth (a quarter when measured): {ordered_nodes} against \
         {plain_nodes}"
    );
}

#[test]
fn every_level_stops_its_search_before_its_time_budget() {
    for level in Level::ALL {
        let budget = level.time_budget();
        let fanorona = FanoronaSearch::for_level(level).limits.cap;
        let fibonacci = crate::ai::fibonacci::FibonacciSearch::for_level(level).limits.cap;
        for cap in [fanorona, fibonacci] {
            let cap = cap.expect("every level has a wall-clock cap");
            // Room for the clock's last check and the turn's writing (issue 36).
            assert!(cap <= budget * 19 / 20 && cap >= budget * 9 / 10, "{level}: {cap:?}");
        }
    }
}
