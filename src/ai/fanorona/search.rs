//! The alpha-beta search over whole turns: iterative deepening at the root, negamax below, and
//! a capture-only quiescence beyond the horizon. Turns come from the engine's generator
//! ([`for_each_turn`]), so the search plays by exactly the rules the engine checks.

use std::time::Instant;

use super::super::{Limits, Rng, past};
use super::endgame::{self, Endgames, Outcome};
use super::eval::{self, Weights, evaluate_with, sides};
use super::{FanoronaSearch, WIN};
use crate::engine::fanorona::{Options, Position, Step, for_each_turn};

/// Pieces of the side not to move that a turn took: what it captured.
#[inline]
fn taken(position: &Position, next: &Position) -> u32 {
    let enemy = position.side_to_move().opponent();
    position.count(enemy) - next.count(enemy)
}

/// The value of a game already decided for the side to move (it or its opponent has no piece
/// left), reached `ply` plies from the root.
#[inline]
fn decided(position: &Position, ply: i32) -> Option<i32> {
    let (own, enemy) = sides(position);
    if own == 0 {
        Some(-(WIN - ply))
    } else if enemy == 0 {
        Some(WIN - ply)
    } else {
        None
    }
}

/// Takes a child's value `v` into its node's `best` and `alpha`; true on a beta cut-off.
#[inline]
fn raise(v: i32, best: &mut i32, alpha: &mut i32, beta: i32) -> bool {
    if v > *best {
        *best = v;
        if v > *alpha {
            *alpha = v;
            return *alpha >= beta;
        }
    }
    false
}

/// The points a turn moved the mover's piece from and to, as a mask of the two (a chain never
/// comes back to a point it left): what the killer and history tables remember of a turn.
#[inline]
fn moved(position: &Position, next: &Position) -> u64 {
    let me = position.side_to_move();
    position.bits(me) ^ next.bits(me)
}

/// Index of a turn's origin and destination in the history table.
#[inline]
fn history_index(position: &Position, moved: u64) -> usize {
    let from = (position.bits(position.side_to_move()) & moved).trailing_zeros() as usize;
    let to = (moved & !(1 << from)).trailing_zeros() as usize;
    from * POINTS + to
}

/// Points of the board (the history table is indexed by origin and destination).
const POINTS: usize = 45;

/// The turns that cut the search off at each ply (the two most recent), and how often
/// each origin-destination pair did, weighted by the depth left: the order in which the
/// search tries turns that capture equally much (captures by their number first).
struct Ordering {
    killers: Vec<[u64; 2]>,
    history: Vec<u32>,
}

impl Ordering {
    fn new() -> Ordering {
        Ordering {
            killers: Vec::new(),
            history: vec![0; POINTS * POINTS],
        }
    }

    /// The rank of a child: its captures, then whether it is a killer here, then its history.
    fn rank(&self, position: &Position, ply: usize, taken: u32, next: &Position) -> u64 {
        let m = moved(position, next);
        let killer = self.killers.get(ply).is_some_and(|k| k.contains(&m));
        (u64::from(taken) << 40)
            | (u64::from(killer) << 32)
            | u64::from(self.history[history_index(position, m)])
    }

    /// Remembers the turn to `next` for cutting the search off at `ply` with `depth` left.
    fn cut(&mut self, position: &Position, next: &Position, ply: usize, depth: u32) {
        let m = moved(position, next);
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [0; 2]);
        }
        let k = &mut self.killers[ply];
        if k[0] != m {
            *k = [m, k[0]];
        }
        let h = &mut self.history[history_index(position, m)];
        *h = h.saturating_add(depth * depth);
    }
}

/// One turn's alpha-beta search.
pub(super) struct Searcher {
    options: Options,
    limits: Limits,
    start: Instant,
    nodes: u64,
    stopped: bool,
    /// Exact values of the positions with few pieces, when the search plays with them.
    endgames: Option<&'static Endgames>,
    /// Killer and history move ordering, when the search plays with it.
    ordering: Option<Ordering>,
    /// The deepest iteration completed at the root.
    pub(super) depth: u32,
    /// The weights of the static evaluation.
    weights: &'static Weights,
}

/// How far below [`WIN`] the values of won positions in the endgame tables start: a win the
/// search sees to the end ranks above one the tables promise, and both stay beyond any
/// evaluation (the root stops deepening once its value is within 1000 of a win).
const TABLE_WIN: i32 = WIN - 100;

/// The value of an exact result `ply` plies from the root: quicker wins and slower losses rank
/// higher, as for the wins the search finds itself.
#[inline]
fn table_value(outcome: Outcome, ply: i32) -> i32 {
    match outcome {
        Outcome::Win(d) => TABLE_WIN - ply - i32::from(d),
        Outcome::Loss(d) => -(TABLE_WIN - ply - i32::from(d)),
        Outcome::Draw => 0,
    }
}

impl Searcher {
    pub(super) fn new(options: Options, limits: Limits) -> Searcher {
        Searcher {
            options,
            limits,
            start: Instant::now(),
            nodes: 0,
            stopped: false,
            endgames: None,
            ordering: None,
            depth: 0,
            weights: &eval::HAND,
        }
    }

    /// The exact value of a position the endgame tables hold.
    #[inline]
    fn exact(&self, position: &Position, ply: i32) -> Option<i32> {
        // `probe` answers None beyond the tables' pieces, after counting them.
        self.endgames?.probe(position).map(|o| table_value(o, ply))
    }

    /// Counts a node; true when the budget is spent (and from then on).
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limits.nodes
            || (self.nodes.is_multiple_of(1024) && past(self.start, self.limits.cap))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The turns of the side to move as positions after them, captures first (the most pieces
    /// first); with move ordering, then the killers of `ply`, then by history.
    fn children(&self, position: &Position, captures_only: bool, ply: i32) -> Vec<(u64, Position)> {
        let mut out = Vec::with_capacity(48);
        for_each_turn(position, self.options, &mut |_, next| {
            let taken = taken(position, next);
            if !captures_only || taken > 0 {
                out.push((u64::from(taken), *next));
            }
        });
        if let Some(o) = self.ordering.as_ref().filter(|_| !captures_only) {
            for c in &mut out {
                c.0 = o.rank(position, ply as usize, c.0 as u32, &c.1);
            }
        }
        out.sort_by_key(|c| std::cmp::Reverse(c.0));
        out
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        q: u32,
    ) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        if let Some(v) = decided(position, ply) {
            return v;
        }
        if let Some(v) = self.exact(position, ply) {
            return v;
        }
        if depth == 0 {
            return self.quiesce(position, ply, q, alpha, beta);
        }
        let children = self.children(position, false, ply);
        if children.is_empty() {
            return -(WIN - ply);
        }
        let mut best = -WIN - 1;
        for (_, child) in &children {
            let v = -self.negamax(child, depth - 1, ply + 1, -beta, -alpha, q);
            if self.stopped {
                return 0;
            }
            if raise(v, &mut best, &mut alpha, beta) {
                if let Some(o) = &mut self.ordering {
                    o.cut(position, child, ply as usize, depth);
                }
                break;
            }
        }
        best
    }

    /// Beyond the horizon: the side to move may stand pat or play a capturing turn, for `q` more
    /// turns, so a search never stops in the middle of an exchange it could see.
    pub(super) fn quiesce(
        &mut self,
        position: &Position,
        ply: i32,
        q: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if let Some(v) = decided(position, ply) {
            return v;
        }
        if let Some(v) = self.exact(position, ply) {
            return v;
        }
        let stand = evaluate_with(position, self.weights);
        if q == 0 || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        for (_, child) in self.children(position, true, ply) {
            if self.out_of_budget() {
                return 0;
            }
            let v = -self.quiesce(&child, ply + 1, q - 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if raise(v, &mut best, &mut alpha, beta) {
                break;
            }
        }
        best
    }
}

/// Values beyond this are wins or losses (found by the search or by the tables).
const NEAR_WIN: i32 = WIN - 1000;

/// True for the value of a won or lost game.
#[inline]
fn forced(value: i32) -> bool {
    value >= NEAR_WIN || value <= -NEAR_WIN
}

/// Pieces on the board up to which a search may reach the endgame tables within its horizon
/// (captures can take many pieces a turn), and so gets them, built if this process has not yet.
const TABLES_IN_REACH: u32 = 16;

/// The endgame tables a search from `position` plays with, if any: built before the search's
/// clock starts.
fn endgames_within_reach(
    options: Options,
    position: &Position,
    search: &FanoronaSearch,
) -> Option<&'static Endgames> {
    let (own, enemy) = sides(position);
    (search.endgames > 0 && (own | enemy).count_ones() <= TABLES_IN_REACH)
        .then(|| endgame::for_rules(options.rules, search.endgames))
}

/// Pieces on the board (both sides) from which on the search gets its endgame budget.
const ENDGAME_PIECES: u32 = 12;

/// The node budget for a turn from `position`: the endgame's when few pieces are left (the
/// decisive mistakes are made there, and each node costs less).
fn budget(position: &Position, search: &FanoronaSearch) -> Limits {
    let (own, enemy) = sides(position);
    let pieces = own.count_ones() + enemy.count_ones();
    let mut limits = search.limits;
    if pieces <= ENDGAME_PIECES {
        limits.nodes = limits.nodes.max(search.endgame_nodes);
    }
    limits
}

/// The steps of the turn the search prefers with its value for the side to move (the random
/// bonus included), `None` when the side to move has no turn. A position with one turn only is
/// searched just the same when `value` is asked for; otherwise its turn is returned at once,
/// valued 0.
pub(super) fn best_turn(
    options: Options,
    position: &Position,
    search: &FanoronaSearch,
    seed: u64,
    value: bool,
) -> Option<(Vec<Step>, i32)> {
    searched(options, position, search, seed, value).map(|(steps, v, _)| (steps, v))
}

/// What a search from the root did: the deepest iteration it completed and the nodes it
/// spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchStats {
    pub depth: u32,
    pub nodes: u64,
}

/// [`best_turn`] with what the search did.
pub(super) fn searched(
    options: Options,
    position: &Position,
    search: &FanoronaSearch,
    seed: u64,
    value: bool,
) -> Option<(Vec<Step>, i32, SearchStats)> {
    let mut rng = Rng::new(seed);
    // Root turns with their fixed random bonus. Different chains can reach the same position;
    // keep the first (shortest) of them.
    let mut root: Vec<(Vec<Step>, Position, u32, i32)> = Vec::new();
    for_each_turn(position, options, &mut |steps, next| {
        if !root.iter().any(|r| r.1 == *next) {
            root.push((steps.to_vec(), *next, taken(position, next), 0));
        }
    });
    if root.is_empty() {
        return None;
    }
    let endgames = endgames_within_reach(options, position, search);
    // In a position the tables hold, the exact result decides alone: a random bonus could
    // choose a slower win over a quicker one, and so never convert it.
    let exact = endgames.is_some_and(|t| t.probe(position).is_some());
    for r in &mut root {
        r.3 = if exact { 0 } else { rng.jitter(search.noise) };
    }
    root.sort_by_key(|r| std::cmp::Reverse(r.2));
    if root.len() == 1 && !value {
        let none = SearchStats { depth: 0, nodes: 0 };
        return root.pop().map(|r| (r.0, 0, none));
    }
    let mut s = Searcher::new(options, budget(position, search));
    s.endgames = endgames;
    s.ordering = search.ordering.then(Ordering::new);
    s.weights = search.weights;
    // Index into `root` of the best turn of the last completed iteration, and its value.
    let mut best = 0;
    let mut best_value = None;
    for depth in 1..=search.max_depth.max(1) {
        let mut alpha = -WIN - 1;
        let mut scores = Vec::with_capacity(root.len());
        let mut best_here = 0;
        for (i, (_, child, _, bonus)) in root.iter().enumerate() {
            let v = -s.negamax(
                child,
                depth - 1,
                1,
                -WIN - 1,
                -(alpha - bonus),
                search.quiescence,
            ) + bonus;
            if s.stopped {
                break;
            }
            scores.push(v);
            if v > alpha {
                alpha = v;
                best_here = i;
            }
        }
        if s.stopped {
            // A partial iteration that already found a better first move is still informative
            // (the previous best was searched first), so take it. Its value is exact: only a
            // turn that fails low is bounded rather than valued.
            if !scores.is_empty() && best_here != 0 {
                best = best_here;
                best_value = Some(alpha);
            }
            break;
        }
        best = best_here;
        best_value = Some(alpha);
        s.depth = depth;
        if forced(alpha) {
            break; // a forced result: deeper search changes nothing
        }
        // Search the best turn first next time; the others keep their order.
        let first = root.remove(best);
        root.insert(0, first);
        best = 0;
    }
    let (steps, child, _, bonus) = root.swap_remove(best);
    // A budget too small for even the first iteration leaves the static evaluation.
    let value = best_value.unwrap_or_else(|| bonus - evaluate_with(&child, search.weights));
    let stats = SearchStats {
        depth: s.depth,
        nodes: s.nodes,
    };
    Some((steps, value, stats))
}
