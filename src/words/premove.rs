//! Conditional moves in words: why a line was refused, from `premove.ftl`.

use crate::app::{MAX_PREMOVE_LINES, MAX_PREMOVE_PAIRS, MAX_PREMOVE_TEXT, PremoveRefusal};
use crate::i18n::Lang;
use crate::tr;

/// Why a conditional move was refused, in `lang`.
pub fn refusal(lang: Lang, refusal: &PremoveRefusal) -> String {
    let whose = |yours: bool| {
        if yours {
            tr!(lang, "premove-your-reply")
        } else {
            tr!(lang, "premove-their-turn")
        }
    };
    match refusal {
        PremoveRefusal::YourTurn => tr!(lang, "premove-refused-your-turn"),
        PremoveRefusal::TooLong => tr!(lang, "premove-refused-too-long", max = MAX_PREMOVE_TEXT),
        PremoveRefusal::EmptyTurn { turn } => {
            tr!(lang, "premove-refused-empty-turn", turn = *turn)
        }
        PremoveRefusal::NoReply => tr!(lang, "premove-refused-no-reply"),
        PremoveRefusal::TooManyPairs { pairs } => tr!(
            lang,
            "premove-refused-too-many-pairs",
            pairs = *pairs,
            max = MAX_PREMOVE_PAIRS
        ),
        PremoveRefusal::TooManyLines => {
            tr!(
                lang,
                "premove-refused-too-many-lines",
                max = MAX_PREMOVE_LINES
            )
        }
        PremoveRefusal::Duplicate => tr!(lang, "premove-refused-duplicate"),
        PremoveRefusal::Illegal {
            turn,
            yours,
            word,
            error,
        } => tr!(
            lang,
            "premove-refused-illegal",
            turn = *turn,
            whose = whose(*yours),
            word = word.as_str(),
            reason = crate::words::move_reason(lang, error)
        ),
        PremoveRefusal::Unfinished { turn, yours } => tr!(
            lang,
            "premove-refused-unfinished",
            turn = *turn,
            whose = whose(*yours)
        ),
        PremoveRefusal::TurnEndsBefore { turn, yours, word } => tr!(
            lang,
            "premove-refused-ends-before",
            turn = *turn,
            whose = whose(*yours),
            word = word.as_str()
        ),
        PremoveRefusal::Skipped { turn, yours } => tr!(
            lang,
            "premove-refused-skipped",
            turn = *turn,
            whose = whose(*yours)
        ),
        PremoveRefusal::GameEnds { turn } => {
            tr!(lang, "premove-refused-game-ends", turn = *turn)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, Game, GameKind};

    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        let mut game = Game::new(Config::default_for(GameKind::Fibonacci), 0);
        let error = game.play("k6-j6").unwrap_err();
        let all = [
            PremoveRefusal::YourTurn,
            PremoveRefusal::TooLong,
            PremoveRefusal::EmptyTurn { turn: 2 },
            PremoveRefusal::NoReply,
            PremoveRefusal::TooManyPairs { pairs: 11 },
            PremoveRefusal::TooManyLines,
            PremoveRefusal::Duplicate,
            PremoveRefusal::Illegal {
                turn: 3,
                yours: false,
                word: "k6-j6".into(),
                error,
            },
            PremoveRefusal::Unfinished {
                turn: 2,
                yours: true,
            },
            PremoveRefusal::TurnEndsBefore {
                turn: 1,
                yours: false,
                word: "d4-d5".into(),
            },
            PremoveRefusal::Skipped {
                turn: 2,
                yours: true,
            },
            PremoveRefusal::GameEnds { turn: 3 },
        ];
        for r in &all {
            let (en, fr) = (refusal(Lang::En, r), refusal(Lang::Fr, r));
            assert!(
                !en.contains("premove-") && !fr.contains("premove-"),
                "{en} / {fr}"
            );
            assert_ne!(en, fr);
        }
        let illegal = refusal(Lang::En, &all[7]);
        assert!(
            illegal.starts_with("Turn 3 (their turn): `k6-j6` cannot be played"),
            "{illegal}"
        );
    }
}
