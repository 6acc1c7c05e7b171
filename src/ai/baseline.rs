//! The simple opponents the AI is measured against (issue 12): *random* and *greedy*, for both
//! games. Deterministic for a given seed, like the AI.
//!
//! - Fibonacci *random*: at each unit move, one of the legal unit moves or `end`, uniformly.
//!   (A uniform draw over whole turns is out of reach: there are billions of them.)
//! - Fibonacci *greedy*: unit move by unit move, the move that most raises own strike pieces
//!   next to the enemy centre minus the enemy's next to its own; it ends the turn when no move
//!   raises it. Ties are broken at random.
//! - Fanorona *random*: a uniformly random legal whole turn (every step and chain prefix).
//! - Fanorona *greedy*: the whole turn that leaves the most material (own minus enemy pieces),
//!   ties at random.
//!
//! Turns are returned as notation strings, in the same form as the AI's.

use super::Rng;
use crate::engine::Status;
use crate::engine::fanorona;
use crate::engine::fibonacci::{self, UnitMove};

/// A Fibonacci turn of the random player.
pub fn fibonacci_random(game: &fibonacci::Game, seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    fibonacci_by(game, |g| {
        let moves = g.legal_moves();
        let pick = rng.below(moves.len() + 1);
        moves.get(pick).copied()
    })
}

/// A Fibonacci turn of the greedy player.
pub fn fibonacci_greedy(game: &fibonacci::Game, seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let me = game.position().side_to_move();
    let measure = |p: &fibonacci::Position| {
        p.strikes_next_to_centre(me.other(), me) as i32
            - p.strikes_next_to_centre(me, me.other()) as i32
    };
    fibonacci_by(game, |g| {
        let now = measure(g.position());
        let mut best = now;
        let mut ties: Vec<UnitMove> = Vec::new();
        for m in g.legal_moves() {
            let mut next = g.clone();
            if next.play(m).is_err() {
                continue;
            }
            let v = match next.status() {
                Status::Won(side, _) if side == me.side() => i32::MAX,
                Status::Won(..) => i32::MIN,
                _ => measure(next.position()),
            };
            if v > best {
                best = v;
                ties.clear();
            }
            if v == best && v > now {
                ties.push(m);
            }
        }
        (!ties.is_empty()).then(|| ties[rng.below(ties.len())])
    })
}

/// Plays `choose`'s unit moves until it says stop (`None`) or the turn ends.
fn fibonacci_by(
    game: &fibonacci::Game,
    mut choose: impl FnMut(&fibonacci::Game) -> Option<UnitMove>,
) -> Vec<String> {
    let mut g = game.clone();
    let turn = g.position().turn();
    let mut out = Vec::new();
    while g.status() == Status::Ongoing && g.position().turn() == turn {
        match choose(&g) {
            Some(m) if g.play(m).is_ok() => out.push(m.to_string()),
            _ => {
                out.push("end".to_string());
                break;
            }
        }
    }
    out
}

/// A Fanorona turn of the random player.
pub fn fanorona_random(game: &fanorona::Game, seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let turns = game.legal_turns();
    if turns.is_empty() {
        return Vec::new();
    }
    fanorona_whole(game, &turns[rng.below(turns.len())])
}

/// A Fanorona turn of the greedy player.
pub fn fanorona_greedy(game: &fanorona::Game, seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let me = game.position().side_to_move();
    let mut best = i64::MIN;
    let mut ties: Vec<String> = Vec::new();
    for t in game.legal_turns() {
        let mut g = game.clone();
        if g.play_str(&t).is_err() {
            continue;
        }
        let p = g.position();
        let v = i64::from(p.count(me)) - i64::from(p.count(me.opponent()));
        if v > best {
            best = v;
            ties.clear();
        }
        if v == best {
            ties.push(t);
        }
    }
    if ties.is_empty() {
        return Vec::new();
    }
    let pick = rng.below(ties.len());
    fanorona_whole(game, &ties[pick])
}

/// A turn as `legal_turns` lists it, with `end` added when it stops a chain that could go on.
fn fanorona_whole(game: &fanorona::Game, turn: &str) -> Vec<String> {
    let mut g = game.clone();
    let mut out = vec![turn.to_string()];
    if g.play_str(turn).is_ok() && g.chain_in_progress() {
        out.push("end".to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Fibonacci position string from the pieces on it (every other point empty).
    pub(crate) fn board(pieces: &[(&str, char)], tail: &str) -> String {
        let mut rows = Vec::new();
        for (i, letter) in ('a'..='k').enumerate() {
            let (lo, hi) = (i.saturating_sub(4).max(1), (i + 6).min(11));
            let row: String = (lo..=hi)
                .map(|n| {
                    let name = format!("{letter}{n}");
                    pieces
                        .iter()
                        .find(|(c, _)| *c == name)
                        .map_or('.', |(_, p)| *p)
                })
                .collect();
            rows.push(row);
        }
        format!("{} {tail}", rows.join("/"))
    }

    /// Green's centre on f6 with Red strikes on e5 e6 and d5 (one group): d5 can reach f5 or
    /// f7, next to the centre.
    fn near_centre() -> fibonacci::Game {
        let mut pieces = vec![("a1", 'C'), ("f6", 'c')];
        for c in ["e5", "e6", "d5", "a3", "a4", "a5"] {
            pieces.push((c, 'S'));
        }
        for c in ["b1", "b2", "b3", "b4", "b5", "b6"] {
            pieces.push((c, 'U'));
        }
        for c in ["k7", "k8", "k9", "k10", "k11", "j11"] {
            pieces.push((c, 's'));
        }
        for c in ["j5", "j6", "j7", "j8", "j9", "j10"] {
            pieces.push((c, 'u'));
        }
        let text = board(&pieces, "r 6 7");
        fibonacci::Game::from_position(fibonacci::Options::default(), 0, &text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn play_fibonacci(game: &fibonacci::Game, turn: &[String]) -> fibonacci::Game {
        let mut g = game.clone();
        for m in turn {
            g.play_str(m)
                .unwrap_or_else(|e| panic!("{turn:?}: {m}: {e}"));
        }
        g
    }

    #[test]
    fn fibonacci_greedy_raises_strikes_next_to_the_enemy_centre() {
        use fibonacci::Color::{Green, Red};
        let game = near_centre();
        assert_eq!(game.position().strikes_next_to_centre(Green, Red), 2);
        for seed in 0..5 {
            let after = play_fibonacci(&game, &fibonacci_greedy(&game, seed));
            assert!(after.position().strikes_next_to_centre(Green, Red) > 2);
        }
    }

    #[test]
    fn fibonacci_greedy_ends_at_once_when_nothing_improves() {
        let game = fibonacci::Game::new(fibonacci::Options::default(), 0);
        assert_eq!(fibonacci_greedy(&game, 3), vec!["end".to_string()]);
    }

    #[test]
    fn fibonacci_random_turns_are_legal_and_whole() {
        let game = near_centre();
        for seed in 0..20 {
            let turn = fibonacci_random(&game, seed);
            let after = play_fibonacci(&game, &turn);
            assert!(
                after.position().turn() > game.position().turn()
                    || after.status() != Status::Ongoing
            );
        }
    }

    #[test]
    fn fanorona_greedy_takes_the_biggest_capture() {
        // d1 can take everything in one chain; greedy must find a turn that does.
        let game = fanorona::Game::from_position(
            fanorona::Options::default(),
            "...W...../.....BB../..BB...../....B..../....B.... w",
        )
        .expect("valid");
        let turn = fanorona_greedy(&game, 1);
        let mut g = game.clone();
        crate::ai::play_fanorona_turn(&mut g, &turn).expect("legal");
        assert_eq!(g.position().count(fanorona::Color::Black), 0);
    }

    #[test]
    fn fanorona_random_turns_are_legal_and_whole() {
        let game = fanorona::Game::new(fanorona::Options::default());
        for seed in 0..20 {
            let mut g = game.clone();
            crate::ai::play_fanorona_turn(&mut g, &fanorona_random(&game, seed)).expect("legal");
            assert!(!g.chain_in_progress());
            assert_eq!(g.turn(), 2);
        }
    }
}
