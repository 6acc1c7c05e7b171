//! The search of a Fibonacci turn: a beam search over the unit moves of the turn, then each
//! best candidate checked against the opponent's best answer (and, at hard, against our win on
//! the turn after).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use super::super::{Limits, Rng, past};
use super::eval::{Attack, Weights, value_for};
use super::{FibonacciSearch, WIN};
use crate::engine::Status;
use crate::engine::fibonacci::{
    Color, Game, MAX_ALLOWANCE, Options, Position, UnitMove, Variant,
};

/// The hasher of the positions a turn's search has seen: a multiply-and-rotate mix of the
/// position's words, where the standard SipHash (made to resist chosen keys, which a search's
/// own positions are not) took a sixth of a hard turn's time.
#[derive(Default)]
struct PositionHasher(u64);

impl Hasher for PositionHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The unit moves of a partial turn, kept inline (a turn has at most [`MAX_ALLOWANCE`]): the
/// search copies a partial turn for every move it tries, and a list on the heap cost an
/// allocation each time.
#[derive(Clone, Copy, Default)]
struct Moves {
    list: [Option<UnitMove>; MAX_ALLOWANCE as usize],
    len: usize,
}

impl Moves {
    /// These moves and then `m`.
    fn and(mut self, m: UnitMove) -> Moves {
        self.list[self.len] = Some(m);
        self.len += 1;
        self
    }

    fn to_vec(self) -> Vec<UnitMove> {
        self.list[..self.len].iter().flatten().copied().collect()
    }
}

/// A partial turn: the moves so far and the game after them.
#[derive(Clone)]
struct Partial {
    moves: Moves,
    game: Game,
    score: i32,
    /// The opponent's attack after these moves.
    theirs: Attack,
}

/// One turn's search.
struct Searcher {
    limits: Limits,
    start: Instant,
    nodes: u64,
    rng: Rng,
    noise: i32,
    weights: Weights,
    buffer: Vec<UnitMove>,
}

impl Searcher {
    fn spent(&self) -> bool {
        self.nodes >= self.limits.nodes || past(self.start, self.limits.cap)
    }

    /// Beam search of `game`'s current turn for its side to move. Returns the partial turns
    /// kept at every depth (the empty turn first), best first, and whether the first is a win.
    fn turn(&mut self, game: &Game, width: usize) -> Vec<Partial> {
        let me = game.position().side_to_move();
        let variant = game.options().variant;
        let group = game.options().group;
        let turn = game.position().turn();
        let theirs = Attack::of(game.position(), me.other(), variant);
        let root = Partial {
            moves: Moves::default(),
            game: game.clone(),
            score: theirs.value_against(self.weights, game.position(), me, variant),
            theirs,
        };
        let mut kept = vec![root.clone()];
        let mut beam = vec![root];
        let mut seen: HashSet<Position, BuildHasherDefault<PositionHasher>> = HashSet::default();
        while !beam.is_empty() && !self.spent() {
            let mut children: Vec<Partial> = Vec::new();
            for p in &beam {
                let pos = *p.game.position();
                if p.game.status() != Status::Ongoing || pos.turn() != turn {
                    continue; // the turn is over
                }
                self.buffer.clear();
                pos.unit_moves(group, &mut self.buffer);
                for &m in &self.buffer {
                    let mut next = p.game.clone();
                    if next.play(m).is_err() {
                        continue;
                    }
                    self.nodes += 1;
                    let mut theirs = p.theirs;
                    let score = match next.status() {
                        // A position reached by another order of the same moves is not valued
                        // again (its random bonus is still drawn, so that the seed's later
                        // bonuses stay where they were).
                        Status::Ongoing if seen.contains(next.position()) => {
                            self.rng.jitter(self.noise);
                            continue;
                        }
                        Status::Ongoing => {
                            theirs = p.theirs.after(next.position(), me.other(), variant);
                            theirs.value_against(self.weights, next.position(), me, variant)
                                + self.rng.jitter(self.noise)
                        }
                        Status::Draw => 0,
                        Status::Won(side, _) if side == me.side() => {
                            // A win ends the search: the shortest one found first.
                            return vec![Partial {
                                moves: p.moves.and(m),
                                game: next,
                                score: WIN,
                                theirs,
                            }];
                        }
                        Status::Won(..) => -WIN,
                    };
                    if !seen.insert(*next.position()) {
                        continue; // reached by another order of the same moves
                    }
                    children.push(Partial {
                        moves: p.moves.and(m),
                        game: next,
                        score,
                        theirs,
                    });
                }
            }
            // The best `width` children, best first, ties in the order they were found: the
            // keys are sorted rather than the children themselves, which are large.
            let mut order: Vec<(std::cmp::Reverse<i32>, usize)> = children
                .iter()
                .enumerate()
                .map(|(i, c)| (std::cmp::Reverse(c.score), i))
                .collect();
            if order.len() > width {
                order.select_nth_unstable(width);
                order.truncate(width);
            }
            order.sort_unstable();
            beam = order.iter().map(|&(_, i)| children[i].clone()).collect();
            kept.extend(beam.iter().cloned());
        }
        kept.sort_by_key(|k| std::cmp::Reverse(k.score));
        kept
    }
}

/// The game the search plays in. In the cards variant the real seed would tell the search the
/// opponent's coming cards, which a player cannot know: the search gets the same position with
/// its own seed, so later cards are guesses.
fn search_game(game: &Game, seed: u64) -> Game {
    if game.options().variant != Variant::Cards {
        return game.clone();
    }
    let options: Options = game.options();
    Game::from_position(options, seed ^ 0x5EED_CA4D, &game.position().to_string())
        .unwrap_or_else(|_| game.clone())
}

/// The unit moves of the chosen turn (the turn then ends by itself, or by `end`), with its value
/// for the side to move: after the opponent's best answer when candidates are checked against
/// one, else right after the turn (random bonus included).
pub(super) fn best_turn(
    game: &Game,
    search: &FibonacciSearch,
    seed: u64,
) -> (Vec<UnitMove>, i32) {
    let root = search_game(game, seed);
    let me = root.position().side_to_move();
    let variant = root.options().variant;
    let mut s = Searcher {
        limits: search.limits,
        start: Instant::now(),
        nodes: 0,
        rng: Rng::new(seed),
        noise: search.noise,
        weights: search.weights,
        buffer: Vec::with_capacity(256),
    };
    let candidates = s.turn(&root, search.width.max(1));
    let Some(first) = candidates.first() else {
        return (
            Vec::new(),
            -value_for(search.weights, root.position(), me.other(), variant),
        );
    };
    if first.score >= WIN || search.replies == 0 {
        return (first.moves.to_vec(), first.score);
    }
    // Two-turn minimax: each candidate is worth what is left after the opponent's best answer,
    // and (follow_replies > 0) an answer after which we win at once does not count as best.
    let mut best: Option<(i32, usize)> = None;
    let mut per_candidate = 0;
    for (i, c) in candidates.iter().take(search.replies).enumerate() {
        // Stop before a candidate whose check the budget could not finish: a check cut short
        // misses answers and overrates its candidate.
        if i > 0 && (s.spent() || s.nodes + per_candidate > s.limits.nodes) {
            break;
        }
        let before = s.nodes;
        let mut after = c.game.clone();
        end_partial_turn(&mut after, root.position().turn());
        let value = match after.status() {
            Status::Ongoing if after.position().side_to_move() != me => {
                let answers = s.turn(&after, search.reply_width.max(1));
                match answers.first() {
                    // The answers' scores are from the opponent's side.
                    Some(a) if a.score >= WIN => -WIN,
                    Some(_) => {
                        let mut worst = i32::MAX;
                        let theirs = after.position().turn();
                        for a in answers.iter().take(search.follow_replies.max(1)) {
                            // The opponent has just moved.
                            let v = -value_for(search.weights, a.game.position(), me.other(), variant);
                            let next = if search.follow_replies > 0 {
                                s.next_turn(&a.game, theirs, me, search.follow_width)
                            } else {
                                None
                            };
                            let v = match next {
                                Some(n) if n >= WIN => WIN / 4 + v.clamp(-WIN / 8, WIN / 8),
                                Some(n) if search.follow_value => n,
                                _ => v,
                            };
                            worst = worst.min(v);
                        }
                        worst
                    }
                    None => c.score,
                }
            }
            // The opponent's turns were skipped (allowance 0), or the game ended: judge as is.
            _ => c.score,
        };
        per_candidate = per_candidate.max(s.nodes - before);
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, i));
        }
    }
    let (value, index) = best.unwrap_or((first.score, 0));
    (candidates[index].moves.to_vec(), value)
}

/// Ends the turn `turn` in `game` if a partial turn stopped early within it.
fn end_partial_turn(game: &mut Game, turn: u32) {
    if game.status() == Status::Ongoing && game.position().turn() == turn {
        let _ = game.end_turn();
    }
}

impl Searcher {
    /// The value for `me` of its best next turn that a beam of `width` finds, after the
    /// opponent's (possibly partial) turn `theirs` in `game` ([`WIN`] for a winning turn);
    /// `None` when `me` does not move next.
    fn next_turn(&mut self, game: &Game, theirs: u32, me: Color, width: usize) -> Option<i32> {
        let mut next = game.clone();
        end_partial_turn(&mut next, theirs);
        if next.status() != Status::Ongoing || next.position().side_to_move() != me {
            return None;
        }
        self.turn(&next, width.max(1)).first().map(|p| p.score)
    }
}
