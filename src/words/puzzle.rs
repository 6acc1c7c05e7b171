//! Puzzles in words: why a puzzle command was refused, from `puzzle.ftl`.

use crate::app::PuzzleRefusal;
use crate::i18n::Lang;
use crate::puzzles::Miss;
use crate::tr;

/// Why a puzzle command was refused, in `lang`.
pub fn refusal(lang: Lang, refusal: &PuzzleRefusal) -> String {
    match refusal {
        PuzzleRefusal::NoneOpen => tr!(lang, "puzzle-refused-none-open"),
        PuzzleRefusal::NotPlayed(Miss::Illegal { word, error }) => tr!(
            lang,
            "puzzle-refused-illegal",
            word = word.as_str(),
            reason = crate::words::move_reason(lang, error)
        ),
        PuzzleRefusal::NotPlayed(Miss::TurnOver { word }) => {
            tr!(lang, "puzzle-refused-turn-over", word = word.as_str())
        }
        PuzzleRefusal::NotPlayed(_) => tr!(lang, "puzzle-refused-empty"),
        PuzzleRefusal::NotOpen => tr!(lang, "puzzle-refused-not-open"),
        PuzzleRefusal::NoPuzzles { game } => {
            tr!(lang, "puzzle-refused-no-puzzles", game = game.title())
        }
        PuzzleRefusal::NoDaily => tr!(lang, "puzzle-refused-no-daily"),
    }
}
