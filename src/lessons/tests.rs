//! Every step of every lesson: its position loads, its intended answer completes it, and its
//! tempting wrong answer is refused for the reason the step's texts give.

use super::*;
use crate::engine::fanorona::MoveError as FanError;

fn all_steps() -> impl Iterator<Item = &'static Step> {
    [GameKind::Fibonacci, GameKind::Fanorona]
        .into_iter()
        .flat_map(|k| steps(k).iter())
}

fn step(id: &str) -> &'static Step {
    all_steps()
        .find(|s| s.id == id)
        .expect("a step with this id")
}

fn illegal(step: &Step, answer: &str) -> MoveError {
    match check(step, answer) {
        Err(LessonMiss::Illegal { error, .. }) => error,
        other => panic!("{}: {answer:?} should be illegal, got {other:?}", step.id),
    }
}

#[test]
fn each_game_has_at_least_eight_steps_in_numbered_lessons() {
    for kind in [GameKind::Fibonacci, GameKind::Fanorona] {
        let steps = steps(kind);
        assert!(steps.len() >= 8, "{kind}: {} steps", steps.len());
        // Lessons are numbered 1, 2, … and their steps follow each other.
        let mut lesson = 1;
        for s in steps {
            assert!(s.lesson == lesson || s.lesson == lesson + 1, "{}", s.id);
            lesson = s.lesson;
        }
        assert_eq!(steps[0].lesson, 1);
        assert_eq!(lesson_count(kind), lesson);
        assert_eq!(first_step_of(kind, 1), Some(0));
        assert_eq!(first_step_of(kind, lesson + 1), None);
        for s in steps {
            assert_eq!(s.config().kind(), kind, "{}", s.id);
        }
    }
    let mut ids: Vec<&str> = all_steps().map(|s| s.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), all_steps().count(), "step ids are unique");
}

#[test]
fn every_step_is_completed_by_its_answer_and_refuses_its_wrong_answer() {
    for s in all_steps() {
        let game = s.game();
        assert_eq!(game.status(), Status::Ongoing, "{}", s.id);
        assert!(
            check(s, s.answer).is_ok(),
            "{}: {:?}",
            s.id,
            check(s, s.answer).err()
        );
        assert!(check(s, s.wrong).is_err(), "{}: {} passes", s.id, s.wrong);
        assert!(matches!(check(s, " "), Err(LessonMiss::Empty)), "{}", s.id);
        assert!(
            matches!(check(s, "zz99-q"), Err(LessonMiss::Illegal { .. })),
            "{}",
            s.id
        );
    }
}

#[test]
fn wrong_answers_that_are_legal_get_the_steps_reason() {
    for s in all_steps().filter(|s| s.id != "fan-standard") {
        assert!(
            matches!(check(s, s.wrong), Err(LessonMiss::NotAsked)),
            "{}: {:?}",
            s.id,
            check(s, s.wrong).err()
        );
    }
}

/// docs/fibonacci.md, Turns and allowances: the moves left in each standard Fibonacci step are
/// the turn's allowance: the base 1-2-3-4-5-6, less one for each enemy strike piece next to the
/// mover's centre.
#[test]
fn fibonacci_steps_start_with_their_turns_allowance() {
    for s in steps(GameKind::Fibonacci)
        .iter()
        .filter(|s| s.id != "fib-cards")
    {
        let Game::Fibonacci(g) = s.game() else {
            unreachable!()
        };
        let turn = g.position().turn();
        assert_eq!(Some(g.allowance(turn)), s.game().moves_left(), "{}", s.id);
    }
    let Game::Fibonacci(g) = step("fib-penalty").game() else {
        unreachable!()
    };
    assert_eq!(g.allowance(7), 4, "two green strike pieces cost two moves");
}

#[test]
fn the_engine_refuses_what_the_rules_forbid_in_the_lessons() {
    // Standard rules: a quiet step while a capture exists.
    assert!(matches!(
        illegal(step("fan-standard"), "g4-g3"),
        MoveError::Fanorona(FanError::MustCapture { .. })
    ));
    // Escale: the same quiet step is legal.
    assert!(check(step("fan-escale"), "g4-g3").is_ok());
    // A chain may not go on in the same direction, nor come back to a point.
    assert!(matches!(
        illegal(step("fan-direction"), "c2-d2-,d2-e2+"),
        MoveError::Fanorona(FanError::SameDirection { .. })
    ));
    assert!(matches!(
        illegal(step("fan-revisit"), "d2-e2+,e2-e3+,e3-d2+"),
        MoveError::Fanorona(FanError::Revisit(_))
    ));
    // Both captures possible: the suffix must choose.
    assert!(matches!(
        illegal(step("fan-choose"), "d3-e3"),
        MoveError::Fanorona(FanError::Ambiguous { .. })
    ));
    // Vela round: the loser captures one piece per step, and e5 stays.
    let shown = step("fan-vela").shown();
    assert_eq!(letter_at(&shown.game, "e5"), Some('B'));
    // A fourth move in a turn of three.
    assert!(matches!(
        check(step("fib-allowance"), "a1-c6 a2-c7 a3-d7 a4-d8"),
        Err(LessonMiss::TurnOver { .. })
    ));
    // A lone piece moves only to an empty neighbour.
    assert!(matches!(
        check(step("fib-unit"), "i9-g9"),
        Err(LessonMiss::Illegal { .. })
    ));
}

#[test]
fn every_correct_answer_counts_not_only_the_intended_one() {
    assert!(check(step("fib-unit"), "i9-h8").is_ok());
    assert!(check(step("fib-friend"), "b6-c6").is_ok());
    assert!(check(step("fib-enemy"), "a5-b5").is_ok());
    assert!(
        check(step("fan-approach"), "c2-d2").is_ok(),
        "the suffix may be left out"
    );
    assert!(
        check(step("fan-chain"), "d1-d2+ d2-e2+").is_ok(),
        "step by step"
    );
}
