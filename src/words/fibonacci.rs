//! Fibonacci's refusals in the player's language: every [`MoveError`] of the engine, worded
//! through the game's Fluent file (`games/fibonacci.ftl`).

use crate::engine::fibonacci::{Cell, CellError, MoveError, ParseMoveError};
use crate::i18n::Lang;
use crate::tr;

/// Why the rules refused a move, in `lang`.
pub fn move_reason(lang: Lang, error: &MoveError) -> String {

    use MoveError as E;
    let cell = |id: &str, c: &Cell| tr!(lang, id, cell = c.to_string());
    let pair = |id: &str, from: &Cell, to: &Cell| {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn fib(s: &str) -> Cell {
        s.parse().expect("cell")
    }

    /// One of every refusal the engine can give.
    pub(crate) fn every_error() -> Vec<MoveError> {
        use MoveError as F;
        let (a, b) = (fib("f4"), fib("g5"));
        vec![
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
        ]
    }

    #[test]
    fn english_reasons_are_the_engines_own_words_and_french_ones_keep_the_facts() {
        crate::words::tests::assert_worded_as_the_engine(&every_error(), move_reason);
    }
}
