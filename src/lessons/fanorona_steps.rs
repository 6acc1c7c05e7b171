//! Fanorona's lessons (docs/fanorona.md): steps, captures, chains, rule sets and the vela
//! round. Most positions hold a few pieces only, so the lesson's point stands out:
//!
//! ```text
//! 5  . . . . . . . . .
//! 4  . . . . . . . . .      rows 1 (bottom) to 5, columns a to i; diagonals only through the
//! 3  . . W . . . . . .      points whose column + row is even (a1, c1, b2, …)
//! 2  . . . . . . . . .
//! 1  . . . . . . . . .
//!    a b c d e f g h i
//! ```

use super::Goal::{CaptureSteps, Captures, Holds, Quiet, TurnEnds};
use super::Step;
use crate::engine::fanorona::CaptureKind::{Approach, Withdrawal};

const ESCALE: &str = "fanorona rules=escale";
const STANDARD: &str = "fanorona rules=standard";

pub(super) const STEPS: &[Step] = &[
    // Lesson 1: steps along the lines.
    Step {
        id: "fan-step",
        lesson: 1,
        config: ESCALE,
        position: "........./........./..W....../........./B.....B.. w",
        goals: &[Holds(&[("d4", 'W')])],
        answer: "c3-d4",
        wrong: "c3-c4",
    },
    // Lesson 2: captures.
    Step {
        id: "fan-approach",
        lesson: 2,
        config: ESCALE,
        position: "........./..W.BB.../........./........./B........ w",
        goals: &[Captures {
            by: Some(Approach),
            pieces: 1,
        }],
        answer: "c2-d2+",
        wrong: "c2-c3",
    },
    Step {
        id: "fan-withdrawal",
        lesson: 2,
        config: ESCALE,
        position: "........./.BBW...../........./...B...../......... w",
        goals: &[Captures {
            by: Some(Withdrawal),
            pieces: 1,
        }],
        answer: "d2-e2-",
        wrong: "d2-d3+",
    },
    Step {
        id: "fan-choose",
        lesson: 2,
        config: ESCALE,
        position: "........./........./BBBW.B.../........./........B w",
        goals: &[Captures {
            by: None,
            pieces: 3,
        }],
        answer: "d3-e3-",
        wrong: "d3-e3+",
    },
    // Lesson 3: chains.
    Step {
        id: "fan-chain",
        lesson: 3,
        config: ESCALE,
        position: "...W...../.....B.../...B...../........./........B w",
        goals: &[CaptureSteps(2)],
        answer: "d1-d2+,d2-e2+",
        wrong: "d1-d2+ end",
    },
    Step {
        id: "fan-direction",
        lesson: 3,
        config: ESCALE,
        position: "........./.BW..B.../........./...B...../......... w",
        goals: &[CaptureSteps(2)],
        answer: "c2-d2-,d2-d3+",
        wrong: "c2-d2- end",
    },
    Step {
        id: "fan-revisit",
        lesson: 3,
        config: ESCALE,
        position: "..B....../...W.B.../..B....../....B..../......... w",
        goals: &[CaptureSteps(3)],
        answer: "d2-e2+,e2-e3+,e3-d3+",
        wrong: "d2-e2+,e2-e3+",
    },
    Step {
        id: "fan-stop",
        lesson: 3,
        config: ESCALE,
        position: "..W.B..../........./...B...../........./W........ w",
        goals: &[
            Captures {
                by: None,
                pieces: 1,
            },
            Holds(&[("d1", 'W')]),
            TurnEnds,
        ],
        answer: "c1-d1+ end",
        wrong: "c1-d1+,d1-d2+",
    },
    // Lesson 4: rule sets and the vela round.
    Step {
        id: "fan-escale",
        lesson: 4,
        config: ESCALE,
        position: "........./..W.B..../........./......W../........B w",
        goals: &[Quiet],
        answer: "g4-g3",
        wrong: "c2-d2+",
    },
    Step {
        id: "fan-standard",
        lesson: 4,
        config: STANDARD,
        position: "........./..W.B..../........./......W../........B w",
        goals: &[Captures {
            by: None,
            pieces: 1,
        }],
        answer: "c2-d2+",
        wrong: "g4-g3",
    },
    Step {
        id: "fan-vela",
        lesson: 4,
        config: "fanorona rules=escale vela=black",
        position: "WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB w",
        goals: &[Holds(&[("e4", '.')])],
        answer: "e2-e3+",
        wrong: "d3-e3+",
    },
];
