//! The rules engine's refusals put into words in the player's language: the part of a refused
//! move's answer after "`…` cannot be played:". The engine words its errors in English for the
//! command line; here every variant is matched and worded through the Fluent files, so a French
//! player never reads an English reason.

use crate::engine::fanorona::{
    self, CaptureKind, Point, PointError, Step, TurnOverReason, join_points,
};
use crate::engine::fibonacci::{self, CellError, ParseMoveError};
use crate::engine::{Codec, MoveError};
use crate::i18n::Lang;
use crate::tr;

/// Why the rules refused a move, in `lang`.
pub fn move_reason(lang: Lang, error: &MoveError) -> String {
    match error {
        MoveError::Fibonacci(e) => fibonacci_reason(lang, e),
        MoveError::Fanorona(e) => fanorona_reason(lang, e),
    }
}

fn fibonacci_reason(lang: Lang, error: &fibonacci::MoveError) -> String {
    use fibonacci::MoveError as E;
    let cell = |id: &str, c: &fibonacci::Cell| tr!(lang, id, cell = c.to_string());
    let pair = |id: &str, from: &fibonacci::Cell, to: &fibonacci::Cell| {
        tr!(lang, id, from = from.to_string(), to = to.to_string())
    };
    match error {
        E::Notation(ParseMoveError::Empty) => tr!(lang, "reason-fib-no-move"),
        E::Notation(ParseMoveError::Malformed(text)) => {
            tr!(lang, "reason-fib-not-a-move", text = format!("{text:?}"))
        }
        E::Notation(ParseMoveError::From(e) | ParseMoveError::To(e)) => cell_reason(lang, e),
        E::GameOver => tr!(lang, "reason-game-over"),
        E::NoMovesLeft => tr!(lang, "reason-fib-no-moves-left"),
        E::NoPiece(c) => cell("reason-fib-no-piece", c),
        E::NotYourPiece(c) => cell("reason-fib-not-your-piece", c),
        E::CentreCannotMove(c) => cell("reason-fib-centre-cannot-move", c),
        E::SamePoint(c) => cell("reason-fib-same-point", c),
        E::NotNextToPiece { from, to } => pair("reason-fib-not-next-to-piece", from, to),
        E::Occupied { from, to } => pair("reason-fib-occupied", from, to),
        E::NotNextToGroup { from, to } => pair("reason-fib-not-next-to-group", from, to),
        E::NoChange { from, to } => pair("reason-fib-no-change", from, to),
    }
}

fn cell_reason(lang: Lang, error: &CellError) -> String {
    match error {
        CellError::Empty => tr!(lang, "reason-fib-no-point"),
        CellError::Malformed(text) => {
            tr!(lang, "reason-fib-not-a-point", text = format!("{text:?}"))
        }
        CellError::BadRow { row } => tr!(lang, "reason-fib-not-a-row", row = format!("{row:?}")),
        CellError::OffBoard {
            row,
            number,
            first,
            last,
        } => tr!(
            lang,
            "reason-fib-off-board",
            cell = format!("{row}{number}"),
            row = row.to_string(),
            first = format!("{row}{first}"),
            last = format!("{row}{last}")
        ),
    }
}

fn fanorona_reason(lang: Lang, error: &fanorona::MoveError) -> String {
    use fanorona::MoveError as E;
    let point = |id: &str, p: &Point| tr!(lang, id, point = p.to_string());
    let step = |id: &str, s: &Step| tr!(lang, id, step = s.to_string());
    // A step without its capture suffix, as the player is told to rewrite it.
    let plain = |s: &Step| s.plain().to_string();
    match error {
        E::Syntax(text) if text.is_empty() => tr!(lang, "reason-fan-step-missing"),
        E::Syntax(text) => tr!(lang, "reason-fan-unreadable", text = text.as_str()),
        E::Point(PointError::Malformed(text)) => {
            tr!(lang, "reason-fan-not-a-point", text = text.as_str())
        }
        E::Point(PointError::OffBoard(text)) => {
            tr!(lang, "reason-fan-off-board", text = text.as_str())
        }
        E::TooLong(steps) => tr!(lang, "reason-fan-too-long", steps = steps.to_string()),
        E::GameOver => tr!(lang, "reason-game-over"),
        E::NoPiece(p) => point("reason-fan-no-piece", p),
        E::NotYourPiece {
            point,
            owner,
            mover,
        } => tr!(
            lang,
            "reason-fan-not-your-piece",
            point = point.to_string(),
            owner = owner.as_str(),
            mover = mover.as_str()
        ),
        E::NotALine { from, to } => tr!(
            lang,
            "reason-fan-not-a-line",
            from = from.to_string(),
            to = to.to_string()
        ),
        E::Occupied(p) => point("reason-fan-occupied", p),
        E::Ambiguous {
            step,
            approach,
            withdrawal,
        } => tr!(
            lang,
            "reason-fan-ambiguous",
            step = plain(step),
            approach = join_points(approach),
            withdrawal = join_points(withdrawal)
        ),
        E::NoSuchCapture { step: s } => {
            let id = match s.capture {
                Some(CaptureKind::Approach) => "reason-fan-no-approach",
                _ => "reason-fan-no-withdrawal",
            };
            tr!(lang, id, step = plain(s))
        }
        E::MustCapture { example } => {
            tr!(lang, "reason-fan-must-capture", example = example.as_str())
        }
        E::VelaNoCapture { winner, step: s } => tr!(
            lang,
            "reason-fan-vela-no-capture",
            winner = winner.as_str(),
            step = s.to_string()
        ),
        E::ChainInProgress { at } => point("reason-fan-chain-in-progress", at),
        E::SameDirection { step: s } => step("reason-fan-same-direction", s),
        E::Revisit(p) => point("reason-fan-revisit", p),
        E::ChainNeedsCapture { step: s } => step("reason-fan-chain-needs-capture", s),
        E::TurnOver { after, reason } => step(
            match reason {
                TurnOverReason::Quiet => "reason-fan-over-quiet",
                TurnOverReason::VelaSingle => "reason-fan-over-vela",
                TurnOverReason::NoContinuation => "reason-fan-over-no-continuation",
                TurnOverReason::GameOver => "reason-fan-over-won",
            },
            after,
        ),
        E::NothingToEnd => tr!(lang, "reason-fan-nothing-to-end"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fanorona::Color;

    fn fib(s: &str) -> fibonacci::Cell {
        s.parse().expect("cell")
    }

    fn pt(s: &str) -> Point {
        s.parse().expect("point")
    }

    fn step(s: &str) -> Step {
        let (from, rest) = s.split_once('-').expect("from-to");
        let (to, capture) = match rest.strip_suffix('+') {
            Some(to) => (to, Some(CaptureKind::Approach)),
            None => match rest.strip_suffix('-') {
                Some(to) => (to, Some(CaptureKind::Withdrawal)),
                None => (rest, None),
            },
        };
        Step {
            from: pt(from),
            to: pt(to),
            capture,
        }
    }

    /// One of every refusal either engine can give.
    fn every_error() -> Vec<MoveError> {
        use fanorona::MoveError as N;
        use fibonacci::MoveError as F;
        let (a, b) = (fib("f4"), fib("g5"));
        let fibs = vec![
            F::Notation(ParseMoveError::Empty),
            F::Notation(ParseMoveError::Malformed("a1x".into())),
            F::Notation(ParseMoveError::From(CellError::Empty)),
            F::Notation(ParseMoveError::To(CellError::Malformed("zz".into()))),
            F::Notation(ParseMoveError::From(CellError::BadRow { row: 'z' })),
            F::Notation(ParseMoveError::To(CellError::OffBoard {
                row: 'a',
                number: 12,
                first: 1,
                last: 6,
            })),
            F::GameOver,
            F::NoMovesLeft,
            F::NoPiece(a),
            F::NotYourPiece(a),
            F::CentreCannotMove(a),
            F::SamePoint(a),
            F::NotNextToPiece { from: a, to: b },
            F::Occupied { from: a, to: b },
            F::NotNextToGroup { from: a, to: b },
            F::NoChange { from: a, to: b },
        ];
        let over = |reason| N::TurnOver {
            after: step("d2-d3+"),
            reason,
        };
        let fans = vec![
            N::Syntax(String::new()),
            N::Syntax("d2d3".into()),
            N::Point(PointError::Malformed("x".into())),
            N::Point(PointError::OffBoard("j9".into())),
            N::TooLong(40),
            N::GameOver,
            N::NoPiece(pt("e3")),
            N::NotYourPiece {
                point: pt("e4"),
                owner: Color::Black,
                mover: Color::White,
            },
            N::NotALine {
                from: pt("b2"),
                to: pt("c1"),
            },
            N::Occupied(pt("e4")),
            N::Ambiguous {
                step: step("d3-e3"),
                approach: vec![pt("f3"), pt("g3")],
                withdrawal: vec![pt("c3")],
            },
            N::NoSuchCapture {
                step: step("d3-e3+"),
            },
            N::NoSuchCapture {
                step: step("d3-e3-"),
            },
            N::MustCapture {
                example: "d2-e3+".into(),
            },
            N::VelaNoCapture {
                winner: Color::White,
                step: step("d3-e3"),
            },
            N::ChainInProgress { at: pt("d3") },
            N::SameDirection {
                step: step("d3-e3+"),
            },
            N::Revisit(pt("d3")),
            N::ChainNeedsCapture {
                step: step("d3-e3"),
            },
            over(TurnOverReason::Quiet),
            over(TurnOverReason::VelaSingle),
            over(TurnOverReason::NoContinuation),
            over(TurnOverReason::GameOver),
            N::NothingToEnd,
        ];
        fibs.into_iter()
            .map(MoveError::Fibonacci)
            .chain(fans.into_iter().map(MoveError::Fanorona))
            .collect()
    }

    #[test]
    fn english_reasons_are_the_engines_own_words() {
        for e in every_error() {
            assert_eq!(move_reason(Lang::En, &e), e.to_string(), "{e:?}");
        }
    }

    #[test]
    fn french_reasons_are_french_and_keep_the_facts() {
        for e in every_error() {
            let fr = move_reason(Lang::Fr, &e);
            assert_ne!(fr, e.to_string(), "{e:?} is not translated");
            assert!(!fr.contains("reason-"), "{fr}");
            // Every coordinate or typed text quoted in English is quoted in French too.
            for word in e.to_string().split([' ', ',', ':', '(', ')', ';']) {
                let word = word.trim_matches(|c| c == '"' || c == '\'');
                let coordinate = word.len() >= 2
                    && word.len() <= 7
                    && word.starts_with(|c: char| c.is_ascii_lowercase())
                    && word[1..].starts_with(|c: char| c.is_ascii_digit());
                if coordinate {
                    assert!(fr.contains(word), "{fr} lacks {word}");
                }
            }
        }
        let e = MoveError::Fanorona(fanorona::MoveError::NotYourPiece {
            point: pt("e4"),
            owner: Color::Black,
            mover: Color::White,
        });
        assert_eq!(
            move_reason(Lang::Fr, &e),
            "le pion en e4 est aux Noirs : c'est aux Blancs de jouer"
        );
    }
}
