//! Fanorona's refusals in the player's language: every [`MoveError`] of the engine, worded
//! through the game's Fluent file (`games/fanorona.ftl`).

use crate::engine::Codec;
use crate::engine::fanorona::{
    CaptureKind, MoveError, Point, PointError, Step, TurnOverReason, join_points,
};
use crate::i18n::Lang;
use crate::tr;

/// Why the rules refused a move, in `lang`.
pub fn move_reason(lang: Lang, error: &MoveError) -> String {

    use MoveError as E;
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

    /// What the command line says of each of [`every_error`], in order.
    const ENGLISH: &[&str] = &[
        "a step is missing: write a step as from-to (d2-d3), add + for approach or - for withdrawal when a step could capture both ways, and join the steps of a chain with commas (d2-d3+,d3-c4-)",
        "cannot read \"d2d3\": write a step as from-to (d2-d3), add + for approach or - for withdrawal when a step could capture both ways, and join the steps of a chain with commas (d2-d3+,d3-c4-)",
        "cannot read the point \"x\": write a column letter a–i then a row 1–5, e.g. e3",
        "\"j9\" is off the board: columns run from a to i and rows from 1 to 5",
        "a chain of 40 steps is longer than any possible turn",
        "the game is over: no more moves can be played",
        "there is no piece on e3: choose one of your own pieces",
        "the piece on e4 is black's: it is white's turn",
        "b2 and c1 are not neighbours on a line: a piece steps to the next point along a line",
        "e4 is not empty: a piece can only step to an empty point",
        "d3-e3 captures both ways: write d3-e3+ (approach, takes f3 g3) or d3-e3- (withdrawal, takes c3)",
        "d3-e3 takes nothing by approach: drop the + or write d3-e3-",
        "d3-e3 takes nothing by withdrawal: drop the - or write d3-e3+",
        "a capture is compulsory under the standard rules: for example d2-e3+",
        "in this vela round white, winner of the first round, captures nothing while it has more than 5 pieces: write d3-e3 without + or -",
        "a capture chain is in progress: move the piece on d3 again, or end the turn",
        "d3-e3+ goes in the same direction as the step before it: a chain must change direction",
        "the piece already stood on d3 during this turn: a chain cannot return to it",
        "d3-e3 captures nothing: a chain goes on only with captures (or end the turn)",
        "d2-d3+ captures nothing, so the turn ends there: only a capture can be followed by another step",
        "the turn ends after d2-d3+: in this vela round you capture one piece per turn and cannot chain while your opponent has more than 5 pieces",
        "no capture can follow d2-d3+, so the turn ends there",
        "d2-d3+ wins the game: nothing can follow it",
        "there is no capture chain to end: play a step",
    ];

    /// One of every refusal the engine can give.
    fn every_error() -> Vec<MoveError> {
        use MoveError as N;
        let over = |reason| N::TurnOver {
            after: step("d2-d3+"),
            reason,
        };
        vec![
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
        ]
    }

    #[test]
    fn english_reasons_are_the_command_lines_words_and_french_ones_keep_the_facts() {
        crate::words::tests::assert_worded(&every_error(), move_reason, ENGLISH);
    }

    #[test]
    fn a_french_reason_names_the_colours_in_french() {
        let e = MoveError::NotYourPiece {
            point: pt("e4"),
            owner: Color::Black,
            mover: Color::White,
        };
        assert_eq!(
            move_reason(Lang::Fr, &e),
            "le pion en e4 est aux Noirs : c'est aux Blancs de jouer"
        );
    }
}
