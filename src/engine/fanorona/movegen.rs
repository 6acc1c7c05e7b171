//! Steps, captures and whole-turn generation (docs/fanorona.md: Steps and captures, Chains, The
//! vela round).
//!
//! The first step of a turn is found for all pieces at once with bit-board shifts; the chain that
//! may follow is a depth-first walk of one piece. Both [`Game`](super::Game) (checking what a
//! player typed) and the generator use the same capture functions, so they cannot disagree; the
//! AI searches with the same generator ([`for_each_turn`]).

use super::board::{BOARD, CAN, Dir, Point, back, forward, points, run};
use super::position::Position;
use super::{CaptureKind, Color, Options, RuleSet, Step};

/// What the side to move may capture this turn, fixed when the turn starts (docs/fanorona.md, The
/// vela round).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum CaptureMode {
    /// Normal rules: whole lines, chains allowed.
    Full,
    /// Vela round, the first-round loser while the winner has more than 5 pieces: the one piece
    /// next to the mover, and no chain.
    Single,
    /// Vela round, the first-round winner while it has more than 5 pieces: no capture at all.
    Never,
}

/// The rules in force for one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TurnRules {
    pub mode: CaptureMode,
    /// Standard rules: a capturing step is compulsory when one exists.
    pub compulsory: bool,
}

/// Pieces a vela winner may still have while the restrictions last: "more than 5".
const VELA_LIMIT: u32 = 5;

impl TurnRules {
    /// The rules for the side to move in `position` at the start of its turn.
    ///
    /// The vela restriction is judged when the turn starts: a loser's single capture that brings
    /// the winner down to 5 does not unlock a chain in the same turn.
    pub fn new(options: Options, position: &Position) -> TurnRules {
        let mode = match options.vela {
            Some(winner) if position.count(winner) > VELA_LIMIT => {
                if position.side_to_move() == winner {
                    CaptureMode::Never
                } else {
                    CaptureMode::Single
                }
            }
            _ => CaptureMode::Full,
        };
        TurnRules {
            mode,
            compulsory: options.rules == RuleSet::Standard,
        }
    }
}

/// The points a step from `from` to `to` (direction `dir`) would capture by each kind:
/// `[approach, withdrawal]`, 0 where that kind does not apply.
#[inline]
pub(crate) fn captures(
    enemy: u64,
    from: Point,
    to: Point,
    dir: Dir,
    mode: CaptureMode,
) -> [u64; 2] {
    let one = |target: Option<Point>, line: Dir| match target {
        Some(t) if enemy & t.bit() != 0 => match mode {
            CaptureMode::Full => run(enemy, t, line),
            CaptureMode::Single => t.bit(),
            CaptureMode::Never => 0,
        },
        _ => 0,
    };
    [
        one(to.step(dir), dir),
        one(from.step(dir.opposite()), dir.opposite()),
    ]
}

/// True when some piece of the side to move has a capturing first step.
pub(crate) fn any_capture(position: &Position, rules: TurnRules) -> bool {
    if rules.mode == CaptureMode::Never {
        return false;
    }
    let (own, enemy) = position.own_enemy();
    let empty = BOARD & !(own | enemy);
    Dir::ALL.into_iter().any(|d| {
        let movers = own & CAN[d.index()] & back(empty, d);
        let approach = back(back(enemy, d) & CAN[d.index()], d);
        let withdrawal = CAN[d.opposite().index()] & forward(enemy, d);
        movers & (approach | withdrawal) != 0
    })
}

/// True when the side to move has a capturing step under `options`, with the rules in force at
/// the start of its turn (the endgame tables' check that a step taken back was a quiet one).
pub(crate) fn capture_available(options: Options, position: &Position) -> bool {
    any_capture(position, TurnRules::new(options, position))
}

/// What the side with pieces `own` could do if it moved now, under the normal rules: the enemy
/// pieces its capturing first steps would hit first (the piece next to the mover or to where
/// it lands, whatever the line behind it), and how many steps it has. For the AI's evaluation.
pub(crate) fn reach(own: u64, enemy: u64) -> (u64, u32) {
    let empty = BOARD & !(own | enemy);
    let (mut hit, mut steps) = (0, 0);
    for d in Dir::ALL {
        let movers = own & CAN[d.index()] & back(empty, d);
        steps += movers.count_ones();
        hit |= forward(forward(movers, d) & CAN[d.index()], d) & enemy;
        hit |= forward(movers & CAN[d.opposite().index()], d.opposite()) & enemy;
    }
    (hit, steps)
}

/// True when the side to move has any step at all (every legal turn starts with one, and some
/// step is always legal when one exists: a capture if compulsory, otherwise any).
pub(crate) fn has_step(position: &Position) -> bool {
    let (own, enemy) = position.own_enemy();
    let empty = BOARD & !(own | enemy);
    Dir::ALL
        .into_iter()
        .any(|d| own & CAN[d.index()] & back(empty, d) != 0)
}

/// True when the piece on `at`, having just stepped in `last`, has a capturing continuation.
pub(crate) fn can_continue(own: u64, enemy: u64, at: Point, last: Dir, visited: u64) -> bool {
    let empty = BOARD & !(own | enemy);
    Dir::ALL.into_iter().any(|d| {
        d != last
            && at.step(d).is_some_and(|to| {
                (empty & !visited) & to.bit() != 0
                    && captures(enemy, at, to, d, CaptureMode::Full) != [0, 0]
            })
    })
}

/// Depth-first enumeration of whole turns, reusing one step buffer.
struct Walker<'f, F: FnMut(&[Step], &Position)> {
    mover: Color,
    steps: Vec<Step>,
    visit: &'f mut F,
}

impl<F: FnMut(&[Step], &Position)> Walker<'_, F> {
    fn emit(&mut self, own: u64, enemy: u64) {
        let next = Position::with(self.mover, own, enemy, self.mover.opponent());
        (self.visit)(&self.steps, &next);
    }

    /// Every capturing continuation of the piece on `at`, each prefix reported as a turn.
    fn chain(&mut self, own: u64, enemy: u64, at: Point, last: Dir, visited: u64) {
        let empty = BOARD & !(own | enemy) & !visited;
        for d in Dir::ALL {
            if d == last {
                continue;
            }
            let Some(to) = at.step(d) else { continue };
            if empty & to.bit() == 0 {
                continue;
            }
            let caught = captures(enemy, at, to, d, CaptureMode::Full);
            for (kind, taken) in KINDS.into_iter().zip(caught) {
                if taken != 0 {
                    self.capture_step(own, enemy, at, to, d, kind, taken, visited, true);
                }
            }
        }
    }

    /// Plays one capturing step, reports the turn that stops there, then explores its chains.
    #[allow(clippy::too_many_arguments)]
    fn capture_step(
        &mut self,
        own: u64,
        enemy: u64,
        from: Point,
        to: Point,
        dir: Dir,
        kind: CaptureKind,
        taken: u64,
        visited: u64,
        may_chain: bool,
    ) {
        let own = (own & !from.bit()) | to.bit();
        let enemy = enemy & !taken;
        self.steps.push(Step {
            from,
            to,
            capture: Some(kind),
        });
        self.emit(own, enemy);
        if may_chain && enemy != 0 {
            self.chain(own, enemy, to, dir, visited | to.bit());
        }
        self.steps.pop();
    }
}

const KINDS: [CaptureKind; 2] = [CaptureKind::Approach, CaptureKind::Withdrawal];

/// Calls `visit(steps, after)` for every legal whole turn of the side to move (docs/fanorona.md and
/// docs/command-line.md, `rules legal`): each step, and each prefix of each capture chain, with the
/// position after the turn, the opponent to move. Nothing when either side has no piece left (the
/// game is over).
///
/// The order is fixed, and the AI's choices depend on it: piece by piece from a1 to i5; for each
/// piece the directions clockwise from north ([`Dir::ALL`]); for each step approach before
/// withdrawal; each chain prefix before its continuations, which follow in the same order.
///
/// ```
/// use fibonacci_bot::engine::fanorona::{Options, Position, for_each_turn};
///
/// let start = Position::start(fibonacci_bot::engine::fanorona::Color::White);
/// let mut turns = Vec::new();
/// for_each_turn(&start, Options::default(), &mut |steps, _after| {
///     turns.push(steps.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(","));
/// });
/// assert_eq!(turns, ["d2-e3+", "e2-e3+", "f2-e3+", "d3-e3+", "d3-e3-"]);
/// ```
pub fn for_each_turn<F: FnMut(&[Step], &Position)>(
    position: &Position,
    options: Options,
    visit: &mut F,
) {
    let rules = TurnRules::new(options, position);
    let (own, enemy) = position.own_enemy();
    if own == 0 || enemy == 0 {
        return;
    }
    let empty = BOARD & !(own | enemy);
    let mut movers = [0u64; 8];
    let mut approach = [0u64; 8];
    let mut withdrawal = [0u64; 8];
    for d in Dir::ALL {
        let i = d.index();
        movers[i] = own & CAN[i] & back(empty, d);
        if rules.mode != CaptureMode::Never {
            approach[i] = movers[i] & back(back(enemy, d) & CAN[i], d);
            withdrawal[i] = movers[i] & CAN[d.opposite().index()] & forward(enemy, d);
        }
    }
    let any = approach.iter().chain(&withdrawal).any(|&m| m != 0);
    let quiet_allowed = !(rules.compulsory && any);
    let mut walker = Walker {
        mover: position.side_to_move(),
        steps: Vec::with_capacity(8),
        visit,
    };
    let may_chain = rules.mode == CaptureMode::Full;
    for from in points(movers.iter().fold(0, |all, m| all | m)) {
        for d in Dir::ALL {
            let i = d.index();
            if movers[i] & from.bit() == 0 {
                continue;
            }
            let Some(to) = from.step(d) else { continue };
            let (a, w) = (
                approach[i] & from.bit() != 0,
                withdrawal[i] & from.bit() != 0,
            );
            if !a && !w {
                // A step that reaches a capturing position must capture, so only a step with
                // nothing to take is quiet.
                if quiet_allowed {
                    walker.steps.push(Step {
                        from,
                        to,
                        capture: None,
                    });
                    walker.emit((own & !from.bit()) | to.bit(), enemy);
                    walker.steps.pop();
                }
                continue;
            }
            let caught = captures(enemy, from, to, d, rules.mode);
            let visited = from.bit() | to.bit();
            for (kind, taken) in KINDS.into_iter().zip(caught) {
                if taken != 0 {
                    walker.capture_step(own, enemy, from, to, d, kind, taken, visited, may_chain);
                }
            }
        }
    }
}

/// The capture continuations of a chain in progress, as turns (each prefix its own turn).
pub(crate) fn for_each_continuation<F: FnMut(&[Step], &Position)>(
    position: &Position,
    at: Point,
    last: Dir,
    visited: u64,
    visit: &mut F,
) {
    let (own, enemy) = position.own_enemy();
    let mut walker = Walker {
        mover: position.side_to_move(),
        steps: Vec::with_capacity(8),
        visit,
    };
    walker.chain(own, enemy, at, last, visited);
}

/// Number of sequences of `depth` whole turns from `position` (turn-level perft).
pub fn perft(options: Options, position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut n = 0;
            for_each_turn(position, options, &mut |_, _| n += 1);
            n
        }
        _ => {
            let mut n = 0;
            for_each_turn(position, options, &mut |_, next| {
                n += perft(options, next, depth - 1)
            });
            n
        }
    }
}

/// Number of legal whole turns of the side to move.
pub fn count_turns(options: Options, position: &Position) -> u64 {
    perft(options, position, 1)
}
