//! Tic-tac-toe's refusals in the player's language, from the game's Fluent file
//! (`games/tictactoe.ftl`).

use crate::engine::tictactoe::{MoveError, PointError};
use crate::i18n::Lang;
use crate::tr;

/// Why the rules refused a move, in `lang`.
pub fn move_reason(lang: Lang, error: &MoveError) -> String {
    match error {
        MoveError::Notation(PointError::Empty) => tr!(lang, "reason-ttt-no-point"),
        MoveError::Notation(PointError::Malformed(text)) => {
            tr!(lang, "reason-ttt-not-a-point", text = text.as_str())
        }
        MoveError::GameOver => tr!(lang, "reason-game-over"),
        MoveError::Taken(point) => tr!(lang, "reason-ttt-taken", point = point.to_string()),
        MoveError::NothingToEnd => tr!(lang, "reason-ttt-nothing-to-end"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tictactoe::Point;

    #[test]
    fn every_refusal_is_worded_in_both_languages_with_its_facts() {
        let b2 = Point::new(1, 1).expect("b2");
        let errors = [
            MoveError::Notation(PointError::Empty),
            MoveError::Notation(PointError::Malformed("d4".into())),
            MoveError::GameOver,
            MoveError::Taken(b2),
            MoveError::NothingToEnd,
        ];
        for e in &errors {
            let english = move_reason(Lang::En, e);
            crate::words::tests::assert_french_keeps_the_facts(
                &move_reason(Lang::Fr, e),
                &english,
            );
        }
        assert_eq!(
            move_reason(Lang::En, &MoveError::Taken(b2)),
            "b2 is taken: choose an empty square"
        );
    }
}
