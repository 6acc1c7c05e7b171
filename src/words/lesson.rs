//! Lessons in words: why a lesson command was refused, or how an answer missed its step, from
//! `learn.ftl`.

use crate::app::{LessonRefusal, MAX_LESSON_ANSWER};
use crate::i18n::Lang;
use crate::lessons::LessonMiss;
use crate::tr;

/// Why a lesson command was refused, in `lang`.
pub fn refusal(lang: Lang, refusal: &LessonRefusal) -> String {
    match refusal {
        LessonRefusal::NoLessons(kind) => {
            tr!(lang, "learn-refused-no-lessons", game = kind.title())
        }
        LessonRefusal::NoSuchLesson {
            kind,
            lesson,
            count,
        } => tr!(
            lang,
            "learn-refused-no-such-lesson",
            game = kind.title(),
            lesson = *lesson,
            count = *count
        ),
        LessonRefusal::NoLessonOpen => tr!(lang, "learn-refused-none-open"),
        LessonRefusal::NoSuchStep { kind, .. } => {
            tr!(lang, "learn-refused-no-step", game = kind.title())
        }
        LessonRefusal::TooLong => tr!(lang, "learn-refused-too-long", max = MAX_LESSON_ANSWER),
        LessonRefusal::Missed { step, miss, .. } => missed(lang, step, miss),
    }
}

/// Why an answer misses its step: the engine's refusal, or the step's reason.
fn missed(lang: Lang, step: &str, miss: &LessonMiss) -> String {
    let text = match miss {
        LessonMiss::Empty => tr!(lang, "learn-miss-empty"),
        LessonMiss::Illegal { word, error } => tr!(
            lang,
            "learn-miss-illegal",
            word = word.as_str(),
            reason = crate::words::move_reason(lang, error)
        ),
        LessonMiss::TurnOver { word } => {
            tr!(lang, "learn-miss-turn-over", word = word.as_str())
        }
        LessonMiss::NotAsked => tr!(
            lang,
            "learn-miss-not-asked",
            reason = tr!(lang, &format!("learn-{step}-miss"))
        ),
    };
    format!("{text} {}", tr!(lang, "learn-miss-try-again"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameKind;
    use crate::lessons;

    #[test]
    fn every_refusal_and_miss_is_worded_in_both_languages() {
        let step = &lessons::steps(GameKind::Fanorona)[0];
        let error = match lessons::check(step, "a1-a2") {
            Err(LessonMiss::Illegal { error, .. }) => error,
            other => panic!("{other:?}"),
        };
        let missed = |miss| LessonRefusal::Missed {
            kind: GameKind::Fanorona,
            step: step.id,
            miss,
        };
        let all = [
            LessonRefusal::NoLessons(GameKind::Fibonacci),
            LessonRefusal::NoSuchLesson {
                kind: GameKind::Fibonacci,
                lesson: 9,
                count: 4,
            },
            LessonRefusal::NoLessonOpen,
            LessonRefusal::NoSuchStep {
                kind: GameKind::Fanorona,
                index: 40,
            },
            LessonRefusal::TooLong,
            missed(LessonMiss::Empty),
            missed(LessonMiss::Illegal {
                word: "a1-a2".into(),
                error,
            }),
            missed(LessonMiss::TurnOver {
                word: "c3-c4".into(),
            }),
            missed(LessonMiss::NotAsked),
        ];
        for r in &all {
            let (en, fr) = (refusal(Lang::En, r), refusal(Lang::Fr, r));
            assert!(
                !en.contains("learn-") && !fr.contains("learn-"),
                "{en} / {fr}"
            );
            assert_ne!(en, fr);
        }
        assert_eq!(
            refusal(Lang::En, &all[8]),
            "Legal, but not what this step asks: the piece must end on d4. \
             Try again, or press **Hint**."
        );
        assert!(refusal(Lang::En, &all[6]).starts_with("`a1-a2` cannot be played: "));
    }
}
