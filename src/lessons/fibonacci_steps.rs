//! Fibonacci's lessons (docs/fibonacci.md): moves, exchanges, turns, winning.
//!
//! Most positions are the start position with a piece or two moved, so the board stays familiar:
//!
//! ```text
//! k  c s s s s s        Green: centre k6, strike k7–k11 j6, support d1 e2 e3 e4 f4 g4
//! …
//! a  S S S S S C        Red: centre a6, strike a1–a5 b6, support e8 f8 g8 g9 g10 h11
//! ```

use super::Goal::{Apart, Grouped, Holds, Win};
use super::Step;

const STANDARD: &str = "fibonacci variant=standard group=same-category";

pub(super) const STEPS: &[Step] = &[
    // Lesson 1: moves.
    Step {
        id: "fib-unit",
        lesson: 1,
        config: STANDARD,
        position: "SSSSSC/.....S./......../u......../.uuu...U../...u...U.../..u...UUU./........./.....U../.s...../csssss r 1 1",
        goals: &[Grouped('U')],
        answer: "i9-h9",
        wrong: "i9-i10",
    },
    Step {
        id: "fib-group",
        lesson: 1,
        config: STANDARD,
        position: "SSSSSC/.....S./......../u......../.uuu...U../...u...U.../..u...UUU./........U/......../.s...../csssss r 1 1",
        goals: &[Holds(&[("a1", '.'), ("c7", 'S')])],
        answer: "a1-c7",
        wrong: "b6-c7",
    },
    // Lesson 2: exchanges.
    Step {
        id: "fib-friend",
        lesson: 2,
        config: STANDARD,
        position: "SSSSSC/.....S./.....U../u......../.uuu...U../...u...U.../..u...UUU./........./......../.s...../csssss r 1 1",
        goals: &[Holds(&[("c6", 'S')])],
        answer: "a1-c6",
        wrong: "a1-c7",
    },
    Step {
        id: "fib-enemy",
        lesson: 2,
        config: STANDARD,
        position: "SSSSSC/....uS./......../........./.uuu...U../...u...U.../..u...UUU./........U/......../.s...../csssss r 1 1",
        goals: &[Holds(&[("b5", 'S')])],
        answer: "a1-b5",
        wrong: "a1-c6",
    },
    Step {
        id: "fib-centre",
        lesson: 2,
        config: STANDARD,
        position: "SSSS.C/......./......../u......../.uuu...U../...u...U.../..u...UUU./........U/.S....../S.s..../csssss r 1 1",
        goals: &[Holds(&[("i5", 'c')])],
        answer: "i5-k6",
        wrong: "j5-k6",
    },
    // Lesson 3: turns.
    Step {
        id: "fib-allowance",
        lesson: 3,
        config: STANDARD,
        position: "SSSSSC/.....S./......../u......../.uuu...U../...u...U.../..u...UUU./........U/......../.s...../csssss r 3 3",
        goals: &[Holds(&[("c6", 'S'), ("c7", 'S'), ("d7", 'S')])],
        answer: "a1-c6 a2-c7 a3-d7",
        wrong: "a1-c6 a2-c7",
    },
    Step {
        id: "fib-penalty",
        lesson: 3,
        config: STANDARD,
        position: "SSSSsC/....SSs/......../u......../.uuu...U../...u...U.../..u...UUU./........U/......../.s...../c..sss r 4 7",
        goals: &[Apart {
            piece: 's',
            centre: 'C',
        }],
        answer: "a1-b7 a2-a5",
        wrong: "b6-b7",
    },
    // Lesson 4: winning.
    Step {
        id: "fib-win",
        lesson: 4,
        config: STANDARD,
        position: ".....C/......./......../u...S..../.uuuS..U../...uScSU.../..u.SSUUU./........U/......../.s...../.sssss r 6 7",
        goals: &[Win],
        answer: "d5-e6",
        wrong: "d5-d6",
    },
    Step {
        id: "fib-cards",
        lesson: 4,
        config: "fibonacci variant=cards group=same-category",
        position: ".....C/......./......../u......../.uuu...U../...u...U.../..u.S.UUU./........U/..SS..../SS.ss../cSssss r 2 7",
        goals: &[Win],
        answer: "g6-h6",
        wrong: "g6-g5",
    },
];
