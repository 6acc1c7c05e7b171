//! Fanorona: alpha-beta over whole turns.
//!
//! A Fanorona turn is one step or one capture chain, so whole turns are few (tens, rarely a few
//! hundred) and a turn-level alpha-beta searches several turns deep inside the budgets. The
//! evaluation is material first (the game is won by capturing everything), with small terms for
//! strong points and, when ahead, for closing in on the remaining enemy pieces so that a won
//! ending is actually converted.
//!
//! The turn generator here walks the same rules as the engine's (RULES.md 2.2 and 2.3) on two bit
//! boards; the engine keeps its own generator private, so this one is checked against the
//! engine's public `perft` in the tests below and every chosen turn is replayed through
//! [`Game::play_str`] before it is returned.

use std::time::Instant;

use super::{AiError, Level, Limits, Rng, past};
use crate::engine::Status;
use crate::engine::fanorona::board::{BOARD, points, run};
use crate::engine::fanorona::{
    CaptureKind, Color, Dir, Game, Options, Point, Position, RuleSet, Step,
};

/// Score of a won position (minus the plies it takes, so quicker wins score higher).
const WIN: i32 = 1_000_000;
/// One piece.
const PIECE: i32 = 100;

/// Pieces a vela winner may still have while the restrictions last (RULES.md 2.3: "more than 5").
const VELA_LIMIT: u32 = 5;

/// What the side to move may capture this turn (RULES.md 2.3), fixed when the turn starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Whole lines, chains allowed.
    Full,
    /// Vela round, the first-round loser: the one piece next to the mover, no chain.
    Single,
    /// Vela round, the first-round winner: no capture.
    Never,
}

fn mode_of(options: Options, position: &Position) -> Mode {
    match options.vela {
        Some(winner) if position.count(winner) > VELA_LIMIT => {
            if position.side_to_move() == winner {
                Mode::Never
            } else {
                Mode::Single
            }
        }
        _ => Mode::Full,
    }
}

/// The points a step captures by approach and by withdrawal (0 where it does not).
#[inline]
fn caught(enemy: u64, from: Point, to: Point, dir: Dir, mode: Mode) -> [u64; 2] {
    let take = |target: Option<Point>, line: Dir| match target {
        Some(t) if enemy & t.bit() != 0 => match mode {
            Mode::Full => run(enemy, t, line),
            Mode::Single => t.bit(),
            Mode::Never => 0,
        },
        _ => 0,
    };
    [
        take(to.step(dir), dir),
        take(from.step(dir.opposite()), dir.opposite()),
    ]
}

const KINDS: [CaptureKind; 2] = [CaptureKind::Approach, CaptureKind::Withdrawal];

/// Own and enemy pieces of the side to move.
#[inline]
fn sides(position: &Position) -> (u64, u64) {
    let me = position.side_to_move();
    (position.bits(me), position.bits(me.opponent()))
}

/// The position after a turn of `mover`, the opponent to move.
#[inline]
fn after(mover: Color, own: u64, enemy: u64) -> Position {
    Position::with(mover, own, enemy, mover.opponent())
}

/// Enumerates whole turns depth first, reusing one step buffer.
struct Turns<'f, F: FnMut(&[Step], Position, u32)> {
    mover: Color,
    steps: Vec<Step>,
    visit: &'f mut F,
}

impl<F: FnMut(&[Step], Position, u32)> Turns<'_, F> {
    /// Plays a capturing step, reports the turn that stops there, then every chain going on
    /// from it. `before` is the number of pieces the turn captured before this step.
    #[allow(clippy::too_many_arguments)]
    fn capture(
        &mut self,
        (own, enemy): (u64, u64),
        from: Point,
        to: Point,
        dir: Dir,
        kind: CaptureKind,
        taken: u64,
        visited: u64,
        chain: bool,
        before: u32,
    ) {
        let own = (own & !from.bit()) | to.bit();
        let enemy = enemy & !taken;
        let total = before + taken.count_ones();
        self.steps.push(Step {
            from,
            to,
            capture: Some(kind),
        });
        (self.visit)(&self.steps, after(self.mover, own, enemy), total);
        if chain && enemy != 0 {
            let empty = BOARD & !(own | enemy) & !visited;
            for d in Dir::ALL {
                if d == dir {
                    continue;
                }
                let Some(next) = to.step(d) else { continue };
                if empty & next.bit() == 0 {
                    continue;
                }
                let c = caught(enemy, to, next, d, Mode::Full);
                for (k, t) in KINDS.into_iter().zip(c) {
                    if t != 0 {
                        let seen = visited | next.bit();
                        self.capture((own, enemy), to, next, d, k, t, seen, true, total);
                    }
                }
            }
        }
        self.steps.pop();
    }
}

/// True when some first step of the side to move captures under `mode`.
fn any_capture(own: u64, enemy: u64, mode: Mode) -> bool {
    let empty = BOARD & !(own | enemy);
    mode != Mode::Never
        && points(own).any(|from| {
            Dir::ALL.into_iter().any(|d| {
                from.step(d).is_some_and(|to| {
                    empty & to.bit() != 0 && caught(enemy, from, to, d, mode) != [0, 0]
                })
            })
        })
}

/// Calls `visit(steps, position after, pieces captured)` for every legal whole turn of the side
/// to move: every step, and every prefix of every capture chain (RULES.md section 3). Nothing
/// when either side has no piece.
fn for_each_turn<F: FnMut(&[Step], Position, u32)>(
    position: &Position,
    options: Options,
    visit: &mut F,
) {
    let mode = mode_of(options, position);
    let (own, enemy) = sides(position);
    if own == 0 || enemy == 0 {
        return;
    }
    let empty = BOARD & !(own | enemy);
    let quiet_allowed = options.rules == RuleSet::Escale || !any_capture(own, enemy, mode);
    let mut turns = Turns {
        mover: position.side_to_move(),
        steps: Vec::with_capacity(16),
        visit,
    };
    for from in points(own) {
        for d in Dir::ALL {
            let Some(to) = from.step(d) else { continue };
            if empty & to.bit() == 0 {
                continue;
            }
            let c = caught(enemy, from, to, d, mode);
            if c == [0, 0] {
                // A step that reaches a capturing position must capture, so only a step with
                // nothing to take is quiet.
                if quiet_allowed {
                    turns.steps.push(Step {
                        from,
                        to,
                        capture: None,
                    });
                    let next = after(turns.mover, (own & !from.bit()) | to.bit(), enemy);
                    (turns.visit)(&turns.steps, next, 0);
                    turns.steps.pop();
                }
                continue;
            }
            let visited = from.bit() | to.bit();
            for (k, t) in KINDS.into_iter().zip(c) {
                if t != 0 {
                    turns.capture(
                        (own, enemy),
                        from,
                        to,
                        d,
                        k,
                        t,
                        visited,
                        mode == Mode::Full,
                        0,
                    );
                }
            }
        }
    }
}

/// How a Fanorona turn is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FanoronaSearch {
    pub limits: Limits,
    /// Deepest iteration of the iterative deepening, in whole turns.
    pub max_depth: u32,
    /// Capture-only turns searched beyond the horizon (0 = none).
    pub quiescence: u32,
    /// Each root turn gets a random bonus in `0..noise` (one piece is 100): variety between
    /// games, and the weakness of the easy level.
    pub noise: i32,
}

impl FanoronaSearch {
    /// The settings of a level. The node budgets stay under the level's time budget with a wide
    /// margin on the machine the benchmark ran on (see the note on issue 12 for the numbers).
    pub fn for_level(level: Level) -> FanoronaSearch {
        let cap = Some(level.time_budget());
        match level {
            Level::Easy => FanoronaSearch {
                limits: Limits { nodes: 3_000, cap },
                max_depth: 2,
                quiescence: 0,
                noise: 120,
            },
            Level::Medium => FanoronaSearch {
                limits: Limits {
                    nodes: 150_000,
                    cap,
                },
                max_depth: 6,
                quiescence: 2,
                noise: 8,
            },
            Level::Hard => FanoronaSearch {
                limits: Limits {
                    nodes: 1_000_000,
                    cap,
                },
                max_depth: 12,
                quiescence: 4,
                noise: 3,
            },
        }
    }
}

/// The AI's whole turn at `level`, as the strings [`Game::play_str`] (and `rules play`) accept, in
/// order: the step or chain, then `end` when a single capturing step stops short of a possible
/// chain.
pub fn fanorona_turn(game: &Game, level: Level, seed: u64) -> Result<Vec<String>, AiError> {
    fanorona_turn_with(game, &FanoronaSearch::for_level(level), seed)
}

/// [`fanorona_turn`] with explicit settings.
pub fn fanorona_turn_with(
    game: &Game,
    search: &FanoronaSearch,
    seed: u64,
) -> Result<Vec<String>, AiError> {
    if game.status() != Status::Ongoing {
        return Err(AiError::GameOver);
    }
    if game.chain_in_progress() {
        return Err(AiError::ChainInProgress);
    }
    let steps =
        best_turn(game.options(), game.position(), search, seed).ok_or(AiError::GameOver)?;
    let chain = steps
        .iter()
        .map(Step::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let mut check = game.clone();
    let refused = |reason: String| AiError::Refused {
        turn: chain.clone(),
        reason,
    };
    check.play_str(&chain).map_err(|e| refused(e.to_string()))?;
    let mut turn = vec![chain.clone()];
    if check.chain_in_progress() {
        check.end_turn().map_err(|e| refused(e.to_string()))?;
        turn.push("end".to_string());
    }
    Ok(turn)
}

/// Plays a turn as [`fanorona_turn`] returns it (`end` stops a chain in progress, as in
/// `rules play`); on error the game may hold the steps before the refused one.
pub fn play_turn(
    game: &mut Game,
    turn: &[String],
) -> Result<(), crate::engine::fanorona::MoveError> {
    for m in turn {
        if m.trim().eq_ignore_ascii_case("end") {
            game.end_turn()?;
        } else {
            game.play_str(m)?;
        }
    }
    Ok(())
}

/// A quick judgement of the position for the side to move, in hundredths of a piece: positive
/// when it stands better (one piece up is about +100); ±1 000 000 for a finished game. Cheap
/// enough to call on every draw offer.
pub fn evaluate_fanorona(game: &Game) -> i32 {
    match game.status() {
        Status::Ongoing => {}
        Status::Draw => return 0,
        Status::Won(side, _) => {
            return if side == game.position().side_to_move().side() {
                WIN
            } else {
                -WIN
            };
        }
    }
    let mut s = Searcher::new(
        game.options(),
        Limits {
            nodes: 20_000,
            cap: None,
        },
    );
    s.quiesce(game.position(), 0, 3, -WIN - 1, WIN + 1)
}

/// Static evaluation for the side to move.
fn evaluate(position: &Position) -> i32 {
    let (own, enemy) = sides(position);
    let (n_own, n_enemy) = (own.count_ones() as i32, enemy.count_ones() as i32);
    let mut score = (n_own - n_enemy) * PIECE;
    // Strong points have eight lines: more ways to capture and to escape.
    score += ((own & STRONG).count_ones() as i32 - (enemy & STRONG).count_ones() as i32) * 3;
    // With a lead and few pieces left, the stronger side must hunt the rest down, or the game
    // drifts to the move cap: reward closeness to the pieces still to catch.
    if n_own > n_enemy && n_enemy <= 6 {
        score -= spread(enemy, own) * 4;
    } else if n_enemy > n_own && n_own <= 6 {
        score += spread(own, enemy) * 4;
    }
    score
}

/// Sum over the `prey` pieces of the king-move distance to the nearest `hunter` piece.
fn spread(prey: u64, hunters: u64) -> i32 {
    points(prey)
        .map(|p| {
            points(hunters)
                .map(|h| p.col().abs_diff(h.col()).max(p.row().abs_diff(h.row())) as i32)
                .min()
                .unwrap_or(0)
        })
        .sum()
}

/// The strong points (column + row even), which have diagonal lines.
const STRONG: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < 45 {
        if (i % 9 + i / 9) % 2 == 0 {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};

/// One turn's alpha-beta search.
struct Searcher {
    options: Options,
    limits: Limits,
    start: Instant,
    nodes: u64,
    stopped: bool,
}

impl Searcher {
    fn new(options: Options, limits: Limits) -> Searcher {
        Searcher {
            options,
            limits,
            start: Instant::now(),
            nodes: 0,
            stopped: false,
        }
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

    /// The turns of the side to move as positions after them, captures first.
    fn children(&self, position: &Position, captures_only: bool) -> Vec<(u32, Position)> {
        let mut out = Vec::with_capacity(48);
        for_each_turn(position, self.options, &mut |_, next, taken| {
            if !captures_only || taken > 0 {
                out.push((taken, next));
            }
        });
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
        let (own, enemy) = sides(position);
        if own == 0 {
            return -(WIN - ply);
        }
        if enemy == 0 {
            return WIN - ply;
        }
        if depth == 0 {
            return self.quiesce(position, ply, q, alpha, beta);
        }
        let children = self.children(position, false);
        if children.is_empty() {
            return -(WIN - ply);
        }
        let mut best = -WIN - 1;
        for (_, child) in &children {
            let v = -self.negamax(child, depth - 1, ply + 1, -beta, -alpha, q);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Beyond the horizon: the side to move may stand pat or play a capturing turn, for `q` more
    /// turns, so a search never stops in the middle of an exchange it could see.
    fn quiesce(&mut self, position: &Position, ply: i32, q: u32, mut alpha: i32, beta: i32) -> i32 {
        let (own, enemy) = sides(position);
        if own == 0 {
            return -(WIN - ply);
        }
        if enemy == 0 {
            return WIN - ply;
        }
        let stand = evaluate(position);
        if q == 0 || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        for (_, child) in self.children(position, true) {
            if self.out_of_budget() {
                return 0;
            }
            let v = -self.quiesce(&child, ply + 1, q - 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// The steps of the turn the search prefers, `None` when the side to move has no turn.
fn best_turn(
    options: Options,
    position: &Position,
    search: &FanoronaSearch,
    seed: u64,
) -> Option<Vec<Step>> {
    let mut rng = Rng::new(seed);
    // Root turns with their fixed random bonus. Different chains can reach the same position;
    // keep the first (shortest) of them.
    let mut root: Vec<(Vec<Step>, Position, u32, i32)> = Vec::new();
    for_each_turn(position, options, &mut |steps, next, taken| {
        if !root.iter().any(|r| r.1 == next) {
            root.push((steps.to_vec(), next, taken, 0));
        }
    });
    if root.is_empty() {
        return None;
    }
    for r in &mut root {
        r.3 = rng.jitter(search.noise);
    }
    root.sort_by_key(|r| std::cmp::Reverse(r.2));
    if root.len() == 1 {
        return root.pop().map(|r| r.0);
    }
    let mut s = Searcher::new(options, search.limits);
    // Index into `root` of the best turn of the last completed iteration.
    let mut best = 0;
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
            // (the previous best was searched first), so take it.
            if !scores.is_empty() && best_here != 0 {
                best = best_here;
            }
            break;
        }
        best = best_here;
        if alpha >= WIN - 1000 || alpha <= -WIN + 1000 {
            break; // a forced result: deeper search changes nothing
        }
        // Search the best turn first next time; the others keep their order.
        let first = root.remove(best);
        root.insert(0, first);
        best = 0;
    }
    Some(root.swap_remove(best).0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fanorona::perft;

    fn own_perft(options: Options, position: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for_each_turn(position, options, &mut |_, next, _| {
            n += own_perft(options, &next, depth - 1)
        });
        n
    }

    fn all_options() -> Vec<Options> {
        let mut v = Vec::new();
        for rules in [RuleSet::Escale, RuleSet::Standard] {
            for vela in [None, Some(Color::White), Some(Color::Black)] {
                v.push(Options { rules, vela });
            }
        }
        v
    }

    #[test]
    fn turn_generator_matches_the_engine_perft_under_every_rule_set() {
        let positions = [
            "WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB w",
            "...W...../.....BB../..BB...../....B..../....B.... w",
            "W.W.W.W.W/.B.B.B.B./B.W.W.W.B/.B.B.B.B./W.W.W.W.W b",
            "WW.....BB/W.B...W.B/...BWB.../B.W...B.W/BB.....WW w",
        ];
        for options in all_options() {
            for p in positions {
                let pos: Position = p.parse().expect("a valid position");
                for depth in 1..=3 {
                    assert_eq!(
                        own_perft(options, &pos, depth),
                        perft(options, &pos, depth),
                        "{p} {options:?} depth {depth}"
                    );
                }
            }
        }
    }

    #[test]
    fn takes_the_whole_chain_when_it_wins_everything() {
        // d1 takes d3, then f2 g2, then e4 e5, then c3: every black piece (engine test CHAIN).
        let game = Game::from_position(
            Options::default(),
            "...W...../.....BB../..BB...../....B..../....B.... w",
        )
        .expect("valid");
        for level in Level::ALL {
            let turn = fanorona_turn(&game, level, 1).expect("a turn");
            let mut g = game.clone();
            play_turn(&mut g, &turn).expect("legal");
            assert_eq!(g.position().count(Color::Black), 0, "{level}: {turn:?}");
        }
    }

    #[test]
    fn finished_game_and_half_played_chain_are_refused() {
        let over = Game::from_position(
            Options::default(),
            "W......../........./........./........./......... b",
        )
        .expect("valid");
        assert_eq!(fanorona_turn(&over, Level::Easy, 0), Err(AiError::GameOver));
        let mut g = Game::from_position(
            Options::default(),
            "...W...../.....BB../..BB...../....B..../....B.... w",
        )
        .expect("valid");
        g.play_str("d1-d2+").expect("first capture of the chain");
        assert!(g.chain_in_progress());
        assert_eq!(
            fanorona_turn(&g, Level::Easy, 0),
            Err(AiError::ChainInProgress)
        );
    }

    #[test]
    fn same_seed_same_turn() {
        let game = Game::new(Options::default());
        let a = fanorona_turn(&game, Level::Medium, 9).expect("turn");
        let b = fanorona_turn(&game, Level::Medium, 9).expect("turn");
        assert_eq!(a, b);
    }

    #[test]
    fn evaluation_counts_material_for_the_side_to_move() {
        let up = Game::from_position(
            Options::default(),
            "WW......./........./........./........./........B w",
        )
        .expect("valid");
        assert!(evaluate_fanorona(&up) > 50);
        let down = Game::from_position(
            Options::default(),
            "WW......./........./........./........./........B b",
        )
        .expect("valid");
        assert!(evaluate_fanorona(&down) < -50);
    }
}
