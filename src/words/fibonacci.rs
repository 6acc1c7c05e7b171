//! Fibonacci's refusals in the player's language: every [`MoveError`] of the engine, worded
//! through the game's Fluent file (`games/fibonacci.ftl`).

use crate::engine::fibonacci::{Cell, CellError, MoveError, ParseMoveError, SwapRefusal};
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
        E::Swap(SwapRefusal::NotInThisGame) => tr!(lang, "reason-fib-swap-not-in-game"),
        E::Swap(SwapRefusal::NotNow) => tr!(lang, "reason-fib-swap-not-now"),
        E::Swap(SwapRefusal::AlreadySwapped) => tr!(lang, "reason-fib-swap-done"),
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

    /// What the command line says of each of [`every_error`], in order.
    const ENGLISH: &[&str] = &[
        "no move given: write it as from-to, like g9-f9",
        "\"a1x\" is not a move: write it as from-to, like g9-f9",
        "no point given: write a row letter a–k and a number, like f6",
        "\"zz\" is not a point: write a row letter a–k and a number, like f6",
        "'z' is not a row: rows go from a (Red's side) to k (Green's side)",
        "a12 is not on the board: row a goes from a1 to a6",
        "the game is over: no more moves can be played",
        "you have no unit moves left this turn: end your turn",
        "there is no piece on f4: choose one of your strike or support pieces",
        "f4 is not your piece: move one of your own strike or support pieces",
        "centres cannot move: f4 is your centre; move a strike or support piece onto it to displace it",
        "f4 is already there: choose a different point to move to",
        "g5 is not next to f4: a piece that is not part of a group moves one step to a neighbouring empty point",
        "g5 is occupied: the piece on f4 is not part of a group, so it can only step to an empty point",
        "g5 is not next to its group: the piece on f4 can go to any point next to a piece of its group",
        "that exchange changes nothing: f4 and g5 hold the same kind of piece",
        "this game is played without the swap rule: play a unit move, or end your turn",
        "swap only instead of Green's first turn, before any of its moves: play a unit move, or end your turn",
        "the players have already swapped sides in this game: play a unit move, or end your turn",
    ];

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
            F::Swap(SwapRefusal::NotInThisGame),
            F::Swap(SwapRefusal::NotNow),
            F::Swap(SwapRefusal::AlreadySwapped),
        ]
    }

    #[test]
    fn english_reasons_are_the_command_lines_words_and_french_ones_keep_the_facts() {
        crate::words::tests::assert_worded(&every_error(), move_reason, ENGLISH);
    }
}
