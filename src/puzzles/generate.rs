//! `puzzles generate`: puzzles from the positions of self-play games, each verified by an
//! exhaustive search of the turn to move, deterministic for a seed.
//!
//! - **Positions.** Self-play games, each from its own seed. Fanorona: the baseline players
//!   (greedy, one turn in four random), every turn's start. Fibonacci: unit moves picked by the
//!   AI's evaluation one move ahead (one in five at random); in a turn that won the game, every
//!   point where 1 to 4 unit moves were left (the position string carries the moves left). At
//!   most [`PER_GAME`] puzzles per game, none twice for one position.
//! - **Fibonacci, `win`.** Every sequence of unit moves the turn allows (stopping early
//!   included) is searched, positions met twice searched once. A puzzle when some sequence wins;
//!   its solutions are one sequence per winning position.
//! - **Fanorona.** Every whole turn (every chain and chain prefix) is listed with what it
//!   captures. `win` when a turn captures every enemy piece; else `capture N` when the best turn
//!   captures N ≥ 2 and some capturing turn takes fewer.
//! - **Grade.** The share of the turn's distinct outcomes that reach the goal (Fibonacci:
//!   winning positions among the positions where the turn can end, stopping early included;
//!   Fanorona: best turns among whole turns), cut into thirds per bank ([`Grade::of_rarity`]).

use std::collections::{HashMap, HashSet};

use crate::ai::{Rng, baseline};
use crate::engine::fibonacci::{self, UnitMove};
use crate::engine::{Codec, Config, Game, GameKind, Status, fanorona};

use super::{Goal, Grade, Puzzle};

/// Puzzles taken from one self-play game, at most.
pub const PER_GAME: usize = 3;
/// Turns of one self-play game, at most.
const MAX_TURNS: usize = 160;
/// Self-play games tried, at most, for one call.
const MAX_GAMES: usize = 20_000;
/// Fibonacci: positions searched for one candidate, at most (beyond: not a puzzle).
const FIBONACCI_NODES: usize = 400_000;
/// Solutions written per puzzle, at most.
const MAX_SOLUTIONS: usize = 12;

/// A puzzle found, before it is numbered.
struct Found {
    position: String,
    goal: Goal,
    solutions: Vec<String>,
    rarity: f64,
}

/// `count` puzzles of `config` (fewer if the games tried do not hold that many), from seed
/// `seed`, numbered under `bank` (`fibonacci`, `fanorona-escale`).
pub fn generate(config: Config, count: usize, seed: u64, bank: &str) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..MAX_GAMES {
        if out.len() >= count {
            break;
        }
        let game_seed = rng.next_u64();
        let mut taken = 0;
        self_play(config, game_seed, &mut |game| {
            if taken >= PER_GAME || out.len() >= count {
                return false;
            }
            let key = dedup_key(game);
            if seen.contains(&key) {
                return true;
            }
            if let Some(found) = solve(game) {
                seen.insert(key);
                taken += 1;
                let grade = Grade::of_rarity(config, found.rarity);
                out.push(Puzzle {
                    id: format!("{bank}-{:04}-{}", out.len() + 1, grade.as_str()),
                    config,
                    position: found.position,
                    goal: found.goal,
                    solutions: found.solutions,
                });
            }
            true
        });
    }
    out
}

/// The position without what does not change the puzzle (a Fibonacci turn's number).
fn dedup_key(game: &Game) -> String {
    let text = game.position_string();
    match game.kind() {
        GameKind::Fibonacci => text
            .rsplit_once(' ')
            .map_or(text.clone(), |(head, _)| head.to_string()),
        _ => text,
    }
}

/// Plays one self-play game from `seed`, showing `look` every candidate position until it
/// says stop: Fanorona, every turn's start; Fibonacci, the points of a turn that won the game.
fn self_play(config: Config, seed: u64, look: &mut dyn FnMut(&Game) -> bool) {
    let mut rng = Rng::new(seed ^ 0x5EED_0F9A_11E5);
    let mut game = Game::new(config, seed);
    for _ in 0..MAX_TURNS {
        if game.status() != Status::Ongoing {
            return;
        }
        let number = game.turn_number();
        match game.kind() {
            GameKind::Fibonacci => {
                // The turn's points, kept in case the turn wins.
                let mut points = Vec::new();
                while game.status() == Status::Ongoing && game.turn_number() == number {
                    if game
                        .moves_left()
                        .is_some_and(|left| (1..=4).contains(&left))
                    {
                        points.push(game.clone());
                    }
                    let word = fibonacci_pick(&game, &mut rng);
                    if game.play(&word).is_err() {
                        return;
                    }
                }
                if matches!(game.status(), Status::Won(..)) {
                    for point in &points {
                        if !look(point) {
                            return;
                        }
                    }
                    return;
                }
            }
            _ => {
                if !look(&game) {
                    return;
                }
                let turn = match &game {
                    Game::Fanorona(g) if rng.below(4) == 0 => {
                        baseline::fanorona_random(g, rng.next_u64())
                    }
                    Game::Fanorona(g) => baseline::fanorona_greedy(g, rng.next_u64()),
                    #[allow(unreachable_patterns)]
                    _ => return,
                };
                if turn.is_empty() {
                    return;
                }
                for word in &turn {
                    if game.play(word).is_err() || game.turn_number() != number {
                        break;
                    }
                }
            }
        }
    }
}

/// A Fibonacci unit move (or `end`) of the self-play player: one in five at random, else the
/// best by the AI's evaluation one move ahead (a win first), ties at random.
fn fibonacci_pick(game: &Game, rng: &mut Rng) -> String {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return "end".to_string();
    }
    if rng.below(5) == 0 {
        return moves[rng.below(moves.len())].clone();
    }
    let me = game.side_to_move();
    let mut best = i64::MIN;
    let mut ties: Vec<&String> = Vec::new();
    for m in &moves {
        let mut next = game.clone();
        if next.play(m).is_err() {
            continue;
        }
        let score = match next.status() {
            Status::Won(side, _) if side == me => i64::MAX,
            Status::Won(..) => i64::MIN + 1,
            _ if next.side_to_move() == me => i64::from(crate::ai::evaluate(&next)),
            _ => -i64::from(crate::ai::evaluate(&next)),
        };
        if score > best {
            best = score;
            ties.clear();
        }
        if score == best {
            ties.push(m);
        }
    }
    match ties.len() {
        0 => "end".to_string(),
        n => ties[rng.below(n)].clone(),
    }
}

/// The puzzle at `game`'s position, if it holds one.
fn solve(game: &Game) -> Option<Found> {
    match game {
        Game::Fibonacci(g) => solve_fibonacci(g).map(|(solutions, rarity)| Found {
            position: game.position_string(),
            goal: Goal::Win,
            solutions,
            rarity,
        }),
        Game::Fanorona(g) => solve_fanorona(g).map(|(goal, solutions, rarity)| Found {
            position: game.position_string(),
            goal,
            solutions,
            rarity,
        }),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// Every way the turn to move can go: the winning positions (each with one sequence that
/// reaches it) and the distinct positions the turn can end in.
struct TurnSearch {
    me: fibonacci::Color,
    turn: u32,
    seen: HashSet<fibonacci::Position>,
    ends: HashSet<fibonacci::Position>,
    wins: HashMap<fibonacci::Position, Vec<UnitMove>>,
    nodes: usize,
}

impl TurnSearch {
    fn walk(&mut self, game: &fibonacci::Game, path: &mut Vec<UnitMove>) -> bool {
        if !path.is_empty() {
            self.ends.insert(*game.position());
        }
        if !self.seen.insert(*game.position()) {
            return true;
        }
        for m in game.legal_moves() {
            self.nodes += 1;
            if self.nodes > FIBONACCI_NODES {
                return false;
            }
            let mut next = game.clone();
            if next.play(m).is_err() {
                continue;
            }
            path.push(m);
            let position = *next.position();
            match next.status() {
                Status::Won(side, _) if side == self.me.side() => {
                    self.ends.insert(position);
                    self.wins.entry(position).or_insert_with(|| path.clone());
                }
                Status::Ongoing if position.turn() == self.turn => {
                    if !self.walk(&next, path) {
                        return false;
                    }
                }
                _ => {
                    self.ends.insert(position);
                }
            }
            path.pop();
        }
        true
    }
}

/// A Fibonacci "win this turn": its solutions and how rare they are.
fn solve_fibonacci(game: &fibonacci::Game) -> Option<(Vec<String>, f64)> {
    let mut search = TurnSearch {
        me: game.position().side_to_move(),
        turn: game.position().turn(),
        seen: HashSet::new(),
        ends: HashSet::new(),
        wins: HashMap::new(),
        nodes: 0,
    };
    if !search.walk(game, &mut Vec::new()) || search.wins.is_empty() {
        return None;
    }
    let rarity = search.wins.len() as f64 / search.ends.len().max(1) as f64;
    if rarity > 0.5 {
        return None;
    }
    let mut solutions: Vec<String> = search
        .wins
        .values()
        .map(|path| {
            path.iter()
                .map(UnitMove::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    // The shortest first, then in notation order: the same for a seed whatever the hashing.
    solutions.sort_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
    solutions.truncate(MAX_SOLUTIONS);
    Some((solutions, rarity))
}

/// A Fanorona "win" or "capture N": the goal, its solutions and how rare they are.
fn solve_fanorona(game: &fanorona::Game) -> Option<(Goal, Vec<String>, f64)> {
    if game.chain_in_progress() {
        return None;
    }
    let enemy = game.position().side_to_move().opponent();
    let before = game.position().count(enemy);
    let mut turns = 0usize;
    let mut capturing_counts: Vec<u32> = Vec::new();
    let mut best = 0u32;
    let mut best_turns: Vec<String> = Vec::new();
    fanorona::for_each_turn(game.position(), game.options(), &mut |steps, after| {
        turns += 1;
        let captured = before - after.count(enemy);
        if captured > 0 {
            capturing_counts.push(captured);
        }
        if captured > best {
            best = captured;
            best_turns.clear();
        }
        if captured == best && captured > 0 {
            best_turns.push(
                steps
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
            );
        }
    });
    let goal = if best > 0 && best == before {
        Goal::Win
    } else if best >= 2 && capturing_counts.iter().any(|&c| c < best) {
        Goal::Capture(best)
    } else {
        return None;
    };
    let rarity = best_turns.len() as f64 / turns.max(1) as f64;
    if rarity > 0.5 {
        return None;
    }
    best_turns.sort_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
    best_turns.truncate(MAX_SOLUTIONS);
    Some((goal, best_turns, rarity))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::judge;

    #[test]
    fn a_few_puzzles_of_each_game_are_solved_by_their_solutions_and_the_same_for_a_seed() {
        for text in [
            "fibonacci",
            "fanorona rules=escale",
            "fanorona rules=standard",
        ] {
            let config: Config = text.parse().expect("config");
            let puzzles = generate(config, 6, 7, "t");
            assert_eq!(puzzles.len(), 6, "{text}");
            assert_eq!(puzzles, generate(config, 6, 7, "t"), "deterministic");
            for p in &puzzles {
                for s in &p.solutions {
                    assert_eq!(judge(p, s), Ok(()), "{} {s}", p.line());
                }
            }
        }
    }
}
