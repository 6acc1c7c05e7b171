//! Fibonacci: a beam search over the unit moves of a turn, then a check of the best candidate
//! turns against the opponent's best answer.
//!
//! A turn is up to six unit moves with some fifty to three hundred choices each, so whole turns
//! cannot be listed, and a unit move is worth little on its own: the point of a turn is usually
//! a plan of two to six moves (drag the enemy centre off the edge by an exchange, then close the
//! ring of strike pieces round it). A beam search follows the best few partial turns move by
//! move, which finds such plans when each step raises the evaluation, and ending the turn early
//! is simply keeping a shorter partial turn. The best candidate turns are then played out
//! against the opponent's own beam search (a two-turn minimax): that is what keeps the AI from
//! leaving its centre where the opponent can surround it. At hard, each of the opponent's best
//! few answers is then checked for a winning turn of ours after it: a candidate that leaves a
//! threat every such answer fails to stop is worth nearly a win, which is how the AI makes
//! progress instead of waiting.
//!
//! The evaluation slopes gently towards the enemy centre across the whole board (without that,
//! far-off strikes had no reason to advance and two careful players shuffled until the turn
//! cap), values the strikes that would surround the enemy centre once a group member exchanges
//! with it (how a centre sitting on the edge, which cannot be surrounded, is dragged inside),
//! and counts the strikes already round an interior centre steeply.

use std::collections::HashSet;
use std::sync::OnceLock;
use std::time::Instant;

use super::{AiError, Level, Limits, Rng, past};
use crate::engine::Status;
use crate::engine::fibonacci::{Cell, Color, Game, Kind, Options, Position, UnitMove, Variant};

/// Score of a won position.
const WIN: i32 = 1_000_000;

/// How a Fibonacci turn is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FibonacciSearch {
    pub limits: Limits,
    /// Partial turns kept after each unit move.
    pub width: usize,
    /// Candidate turns checked against the opponent's answer (0: no check, the best evaluation
    /// after the turn wins).
    pub replies: usize,
    /// Beam width of the opponent's answer.
    pub reply_width: usize,
    /// The opponent's best answers (by their evaluation) after which the search looks for a
    /// win of its own on the turn after (0: none). A candidate is worth the least of these
    /// answers, counting an answer that leaves a win as lost for the opponent: this is what
    /// finds turns that set up a surround the opponent cannot stop.
    pub follow_replies: usize,
    /// Beam width of that own next turn.
    pub follow_width: usize,
    /// Random bonus in `0..noise` added to every evaluation (a strike next to an interior
    /// enemy centre is worth about 40).
    pub noise: i32,
}

impl FibonacciSearch {
    /// The settings of a level. The node budgets stay under the level's time budget with a wide
    /// margin on the machine the benchmark ran on (see the note on issue 12 for the numbers).
    /// Hard's 6 000 000 nodes took a median of 0.48 s and at most 1.52 s per turn in the
    /// release build on a shared two-core machine under load (`benches/ai.rs`).
    pub fn for_level(level: Level) -> FibonacciSearch {
        let cap = Some(level.time_budget());
        match level {
            Level::Easy => FibonacciSearch {
                limits: Limits { nodes: 15_000, cap },
                width: 2,
                replies: 0,
                reply_width: 0,
                follow_replies: 0,
                follow_width: 0,
                noise: 40,
            },
            Level::Medium => FibonacciSearch {
                limits: Limits {
                    nodes: 120_000,
                    cap,
                },
                width: 6,
                replies: 6,
                reply_width: 3,
                follow_replies: 0,
                follow_width: 0,
                noise: 6,
            },
            Level::Hard => FibonacciSearch {
                limits: Limits {
                    nodes: 6_000_000,
                    cap,
                },
                width: 32,
                replies: 40,
                reply_width: 12,
                follow_replies: 6,
                follow_width: 8,
                noise: 2,
            },
        }
    }
}

/// The AI's whole turn at `level`: unit moves in the notation `rules play` accepts, followed by
/// `end` when it stops before its allowance is used up (a turn of no move at all is `["end"]`).
pub fn fibonacci_turn(game: &Game, level: Level, seed: u64) -> Result<Vec<String>, AiError> {
    fibonacci_turn_with(game, &FibonacciSearch::for_level(level), seed)
}

/// [`fibonacci_turn`] with explicit settings.
pub fn fibonacci_turn_with(
    game: &Game,
    search: &FibonacciSearch,
    seed: u64,
) -> Result<Vec<String>, AiError> {
    if game.status() != Status::Ongoing {
        return Err(AiError::GameOver);
    }
    let moves = best_turn(game, search, seed);
    let mut turn: Vec<String> = moves.iter().map(UnitMove::to_string).collect();
    // Replay on the real game: the search may have used guessed cards (see `search_game`).
    let mut check = game.clone();
    let start = check.position().turn();
    for m in &moves {
        check.play(*m).map_err(|e| AiError::Refused {
            turn: turn.join(" "),
            reason: e.to_string(),
        })?;
    }
    if check.status() == Status::Ongoing && check.position().turn() == start {
        turn.push("end".to_string());
    }
    Ok(turn)
}

/// A quick judgement of the position for the side to move: positive when it stands better;
/// ±1 000 000 for a finished game. A strike piece next to an enemy centre that can be
/// surrounded is worth about 40. Cheap enough to call on every draw offer.
pub fn evaluate_fibonacci(game: &Game) -> i32 {
    let me = game.position().side_to_move();
    match game.status() {
        Status::Ongoing => evaluate(game.position(), me, game.options().variant),
        Status::Draw => 0,
        Status::Won(side, _) if side == me.side() => WIN,
        Status::Won(..) => -WIN,
    }
}

/// Precomputed geometry in the compact layout (bit = [`Cell::index`]).
struct Geometry {
    neighbours: [u128; Cell::COUNT],
    /// Axial coordinates (q, r) for distances.
    axial: [(i8, i8); Cell::COUNT],
}

fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| {
        let mut g = Geometry {
            neighbours: [0; Cell::COUNT],
            axial: [(0, 0); Cell::COUNT],
        };
        for c in Cell::all() {
            g.neighbours[c.index()] = c.neighbors().fold(0, |m, n| m | 1u128 << n.index());
            g.axial[c.index()] = (c.number() as i8 - c.row() as i8, c.row() as i8);
        }
        g
    })
}

fn distance(g: &Geometry, a: usize, b: usize) -> i32 {
    let (aq, ar) = g.axial[a];
    let (bq, br) = g.axial[b];
    let (dq, dr) = (i32::from(aq - bq), i32::from(ar - br));
    dq.abs().max(dr.abs()).max((dq + dr).abs())
}

fn mask(position: &Position, color: Color, kind: Kind) -> u128 {
    position
        .cells_of(color, kind)
        .fold(0, |m, c| m | 1u128 << c.index())
}

fn dilate(g: &Geometry, set: u128) -> u128 {
    let mut out = set;
    let mut rest = set;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out |= g.neighbours[i];
    }
    out
}

/// Size of the largest connected group in `set`.
fn largest_group(g: &Geometry, set: u128) -> u32 {
    let mut rest = set;
    let mut best = 0;
    while rest != 0 {
        let mut group = rest & rest.wrapping_neg();
        loop {
            let grown = dilate(g, group) & set;
            if grown == group {
                break;
            }
            group = grown;
        }
        rest &= !group;
        best = best.max(group.count_ones());
    }
    best
}

/// Value of `n` strike pieces next to an enemy centre that has six neighbours (can be
/// surrounded): steep, because the last ones are the hardest to place and six is the win.
const RING: [i32; 7] = [30, 40, 80, 140, 250, 450, WIN / 2];

/// Value of a pull threat: a group of the attacker's touches the enemy centre, so one exchange
/// drags the centre onto a member's point, where `n` of the attacker's strikes would then stand
/// next to it. Five is a surround in two unit moves.
const PULL: [i32; 7] = [0, 0, 10, 30, 70, 160, 300];

/// Members of `set` connected to `seed` (which must be in `set`).
fn flood(g: &Geometry, seed: u128, set: u128) -> u128 {
    let mut group = seed;
    loop {
        let grown = dilate(g, group) & set;
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// The best pull threat of `attacker` against the centre on `centre` (see [`PULL`]): the most
/// strikes that would stand next to the centre after one exchange of a group member with it.
fn pull_threat(g: &Geometry, position: &Position, attacker: Color, centre: usize) -> usize {
    let strikes = mask(position, attacker, Kind::Strike);
    let supports = mask(position, attacker, Kind::Support);
    let around = g.neighbours[centre];
    let mut best = 0;
    for set in [strikes, supports] {
        let mut rest = set & around;
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let group = flood(g, seed, set);
            rest &= !group;
            if group.count_ones() < 2 {
                continue; // a lone piece cannot exchange
            }
            let mut members = group;
            while members != 0 {
                let x = members.trailing_zeros() as usize;
                members &= members - 1;
                let ring = g.neighbours[x];
                if ring.count_ones() != 6 {
                    continue; // the centre would land on the edge
                }
                // The member goes to the centre's point, the centre to the member's.
                let after = if set == strikes {
                    (strikes & !(1u128 << x)) | 1u128 << centre
                } else {
                    strikes
                };
                best = best.max((after & ring).count_ones() as usize);
            }
        }
    }
    best
}

/// What `attacker` has against `defender`'s centre.
fn attack(g: &Geometry, position: &Position, attacker: Color, variant: Variant) -> i32 {
    let defender = attacker.other();
    let centre = position.centre(defender).index();
    let strikes = mask(position, attacker, Kind::Strike);
    let ring = g.neighbours[centre];
    let adjacent = (strikes & ring).count_ones() as usize;
    // Strike pieces near the enemy centre: steep close by, and a gentle slope across the whole
    // board, so that strikes far away still have a reason to come closer.
    let mut near = 0;
    let mut rest = strikes;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let d = distance(g, i, centre);
        near += (5 - d).max(0) * 3 + (11 - d).max(0) * 2;
    }
    let group = largest_group(g, strikes) as i32;
    let mut score = near + group * group;
    match variant {
        Variant::Standard => {
            if ring.count_ones() == 6 {
                score += RING[adjacent];
            } else {
                // A centre on the edge cannot be surrounded, but each strike next to it still
                // takes a unit move from its owner's allowance.
                score += adjacent as i32 * 12;
            }
            score += PULL[pull_threat(g, position, attacker, centre)];
        }
        Variant::Cards => {
            // The win is six connected strikes with three next to the enemy centre.
            score += [0, 30, 80, 160][adjacent.min(3)] + group * group * 3;
        }
    }
    score
}

/// Static evaluation from `me`'s point of view, whoever is to move.
fn evaluate(position: &Position, me: Color, variant: Variant) -> i32 {
    let g = geometry();
    attack(g, position, me, variant) - attack(g, position, me.other(), variant)
}

/// A partial turn: the moves so far and the game after them.
#[derive(Clone)]
struct Partial {
    moves: Vec<UnitMove>,
    game: Game,
    score: i32,
}

/// One turn's search.
struct Searcher {
    limits: Limits,
    start: Instant,
    nodes: u64,
    rng: Rng,
    noise: i32,
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
        let root = Partial {
            moves: Vec::new(),
            game: game.clone(),
            score: evaluate(game.position(), me, variant),
        };
        let mut kept = vec![root.clone()];
        let mut beam = vec![root];
        let mut seen: HashSet<Position> = HashSet::new();
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
                    let score = match next.status() {
                        Status::Ongoing => {
                            evaluate(next.position(), me, variant) + self.rng.jitter(self.noise)
                        }
                        Status::Draw => 0,
                        Status::Won(side, _) if side == me.side() => {
                            // A win ends the search: the shortest one found first.
                            let mut moves = p.moves.clone();
                            moves.push(m);
                            return vec![Partial {
                                moves,
                                game: next,
                                score: WIN,
                            }];
                        }
                        Status::Won(..) => -WIN,
                    };
                    if !seen.insert(*next.position()) {
                        continue; // reached by another order of the same moves
                    }
                    let mut moves = p.moves.clone();
                    moves.push(m);
                    children.push(Partial {
                        moves,
                        game: next,
                        score,
                    });
                }
            }
            children.sort_by_key(|c| std::cmp::Reverse(c.score));
            children.truncate(width);
            kept.extend(children.iter().cloned());
            beam = children;
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

/// The unit moves of the chosen turn (the turn then ends by itself, or by `end`).
fn best_turn(game: &Game, search: &FibonacciSearch, seed: u64) -> Vec<UnitMove> {
    let root = search_game(game, seed);
    let me = root.position().side_to_move();
    let variant = root.options().variant;
    let mut s = Searcher {
        limits: search.limits,
        start: Instant::now(),
        nodes: 0,
        rng: Rng::new(seed),
        noise: search.noise,
        buffer: Vec::with_capacity(256),
    };
    let candidates = s.turn(&root, search.width.max(1));
    let Some(first) = candidates.first() else {
        return Vec::new();
    };
    if first.score >= WIN || search.replies == 0 {
        return first.moves.clone();
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
                            let v = evaluate(a.game.position(), me, variant);
                            let v = if search.follow_replies > 0
                                && s.wins_next_turn(&a.game, theirs, me, search.follow_width)
                            {
                                WIN / 4 + v.clamp(-WIN / 8, WIN / 8)
                            } else {
                                v
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
    let index = best.map_or(0, |(_, i)| i);
    candidates[index].moves.clone()
}

/// Ends the turn `turn` in `game` if a partial turn stopped early within it.
fn end_partial_turn(game: &mut Game, turn: u32) {
    if game.status() == Status::Ongoing && game.position().turn() == turn {
        let _ = game.end_turn();
    }
}

impl Searcher {
    /// True when `me`, after the opponent's (possibly partial) turn `theirs` in `game`, has a
    /// winning turn that a beam of `width` finds.
    fn wins_next_turn(&mut self, game: &Game, theirs: u32, me: Color, width: usize) -> bool {
        let mut next = game.clone();
        end_partial_turn(&mut next, theirs);
        if next.status() != Status::Ongoing || next.position().side_to_move() != me {
            return false;
        }
        self.turn(&next, width.max(1))
            .first()
            .is_some_and(|p| p.score >= WIN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fibonacci::GroupRule;

    /// A position string from piece tokens (`Ca1 Sf5 …`) and the tail.
    fn board(pieces: &str, tail: &str) -> String {
        let mut squares = ['.'; Cell::COUNT];
        for token in pieces.split_whitespace() {
            let (letter, point) = token.split_at(1);
            let c: Cell = point.parse().expect("a point");
            squares[c.index()] = letter.chars().next().expect("a letter");
        }
        let mut rows: Vec<String> = vec![String::new(); 11];
        for c in Cell::all() {
            rows[c.row() as usize].push(squares[c.index()]);
        }
        format!("{} {tail}", rows.join("/"))
    }

    const GREEN: &str = "cf6 sk7 sk8 sk9 sk10 sk11 sj11 uj5 uj6 uj7 uj8 uj9 uj10";
    const RED_SUPPORTS: &str = "Ub1 Ub2 Ub3 Ub4 Ub5 Ub6";

    fn game(red: &str, tail: &str, options: Options) -> Game {
        let text = board(&format!("{red} {RED_SUPPORTS} {GREEN}"), tail);
        Game::from_position(options, 0, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn finds_a_surround_two_unit_moves_away() {
        // Four Red strikes round Green's centre on f6 (f5 f7 g6 g7) and two more, e4 and d4,
        // in the same group (e4 touches f5): two moves (e4-e5, then d4-e6) close the ring.
        let g = game("Ca1 Sf5 Sf7 Sg6 Sg7 Se4 Sd4", "r 6 7", Options::default());
        for level in Level::ALL {
            let turn = fibonacci_turn(&g, level, 5).expect("a turn");
            let mut after = g.clone();
            for m in &turn {
                after.play_str(m).expect("legal");
            }
            assert_eq!(
                after.status(),
                Status::Won(Color::Red.side(), crate::engine::WinReason::Surrounded),
                "{level}: {turn:?}"
            );
        }
    }

    #[test]
    fn a_short_turn_ends_with_end_and_a_full_one_does_not() {
        let g = game("Ca1 Sa3 Sa4 Sa5 Sd5 Se5 Se6", "r 6 7", Options::default());
        for seed in 0..4 {
            let turn = fibonacci_turn(&g, Level::Easy, seed).expect("a turn");
            let units = turn.iter().filter(|m| *m != "end").count();
            assert_eq!(
                turn.last().map(String::as_str) == Some("end"),
                units < 6,
                "{turn:?}"
            );
        }
    }

    #[test]
    fn same_seed_same_turn_and_game_over_is_refused() {
        let g = Game::new(
            Options {
                variant: Variant::Standard,
                group: GroupRule::AnyFriendly,
            },
            0,
        );
        let a = fibonacci_turn(&g, Level::Medium, 17).expect("turn");
        assert_eq!(a, fibonacci_turn(&g, Level::Medium, 17).expect("turn"));
        let over = game("Ca1 Sf5 Sf7 Sg6 Sg7 Se5 Se6", "g 6 8", Options::default());
        assert_eq!(
            fibonacci_turn(&over, Level::Hard, 0),
            Err(AiError::GameOver)
        );
    }

    /// Green's centre in the k6 corner, its other pieces out of the way, and Red's `red`.
    fn corner(red: &str) -> Game {
        let green = "ck6 sk7 sk8 sk9 sk10 sk11 sj11 ue1 ue2 ue3 ue4 ue5 ue6";
        let text = board(&format!("{red} {RED_SUPPORTS} {green}"), "r 6 7");
        Game::from_position(Options::default(), 0, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn far_strikes_still_gain_by_coming_closer() {
        // With the centre in a corner, nothing is within four points of it: one step of one
        // strike towards it must still count, or the AI has no reason to advance at all.
        let far = corner("Ca1 Sa2 Sa3 Sa4 Sa5 Sa6 Sb7");
        let closer = corner("Ca1 Sa3 Sa4 Sa5 Sa6 Sb7 Sc7");
        assert!(evaluate_fibonacci(&closer) > evaluate_fibonacci(&far));
    }

    #[test]
    fn drags_a_corner_centre_inside_and_surrounds_it() {
        // Red's strike group touches k6 through j5; exchanging i5 with the centre puts it on
        // i5 next to five strikes (i4 i6 j5 h4 h5), and the strike now on k6 closes j6.
        let g = corner("Ca1 Si5 Sj5 Si4 Sh4 Sh5 Si6");
        let p = g.position();
        let centre = p.centre(Color::Green).index();
        assert_eq!(pull_threat(geometry(), p, Color::Red, centre), 5);
        for level in Level::ALL {
            let turn = fibonacci_turn(&g, level, 3).expect("a turn");
            let mut after = g.clone();
            for m in &turn {
                after.play_str(m).expect("legal");
            }
            assert_eq!(
                after.status(),
                Status::Won(Color::Red.side(), crate::engine::WinReason::Surrounded),
                "{level}: {turn:?}"
            );
        }
    }

    #[test]
    fn evaluation_is_antisymmetric_and_likes_strikes_round_an_interior_centre() {
        let g = game("Ca1 Sf5 Sf7 Sg6 Sa3 Sa4 Sa5", "r 6 7", Options::default());
        let p = g.position();
        for variant in [Variant::Standard, Variant::Cards] {
            assert_eq!(
                evaluate(p, Color::Red, variant),
                -evaluate(p, Color::Green, variant)
            );
        }
        assert!(evaluate_fibonacci(&g) > 100, "three strikes round f6");
        let quiet = game("Ca1 Sa2 Sa3 Sa4 Sa5 Sa6 Sb7", "r 6 7", Options::default());
        assert!(evaluate_fibonacci(&g) > evaluate_fibonacci(&quiet));
    }
}
