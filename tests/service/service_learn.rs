//! Lessons (`/learn`) in the game service, against a real PostgreSQL: every step of both games
//! completed with its intended answer and refused with a wrong one, progress kept per learner and
//! game (a new `/learn` resumes where the learner stopped), the buttons' moves between steps,
//! and refusals that change nothing.

use fibonacci_bot::app::{
    AppError, LessonAction, LessonEvent, LessonRefusal, LessonView, Refusal, Service,
};
use fibonacci_bot::engine::GameKind;
use fibonacci_bot::lessons::{self, LessonMiss};

use crate::common::{self, clocked_service};

const ALICE: u64 = 1;
const BOB: u64 = 2;

fn lesson_refusal<T: std::fmt::Debug>(result: Result<T, AppError>) -> LessonRefusal {
    match result {
        Err(AppError::Refused(Refusal::Lesson(why))) => why,
        other => panic!("expected a lesson refusal, got {other:?}"),
    }
}

async fn open(service: &Service, user: u64, kind: Option<GameKind>) -> LessonView {
    service.open_lesson(user, kind, None).await.expect("open")
}

#[tokio::test]
async fn every_step_is_completed_by_its_answer_and_refuses_a_wrong_one_through_the_service() {
    let db = common::fresh_database().await;
    let (service, _) = clocked_service(&db).await;
    for kind in [GameKind::Fibonacci, GameKind::Fanorona] {
        let first = service
            .open_lesson(ALICE, Some(kind), Some(1))
            .await
            .expect("lesson 1");
        assert_eq!((first.index, first.solved), (0, false));
        assert_eq!(
            first.game.position_string(),
            first.step.game().position_string()
        );
        let steps = lessons::steps(kind);
        for (index, step) in steps.iter().enumerate() {
            // The wrong answer first: refused, nothing saved.
            let why = lesson_refusal(service.answer_lesson(ALICE, step.wrong).await);
            let LessonRefusal::Missed { step: id, miss, .. } = why else {
                panic!("{}: {why:?}", step.id)
            };
            assert_eq!(id, step.id);
            assert_ne!(miss, LessonMiss::Empty);
            assert!(!open(&service, ALICE, None).await.solved, "{}", step.id);

            let solved = service
                .answer_lesson(ALICE, step.answer)
                .await
                .unwrap_or_else(|e| panic!("{}: {e:?}", step.id));
            assert_eq!((solved.kind, solved.index), (kind, index));
            assert!(solved.solved && !solved.played.is_empty(), "{}", step.id);
            assert_ne!(
                solved.game.position_string(),
                step.game().position_string(),
                "{}: the answer's board is shown",
                step.id
            );
            assert!(matches!(solved.event, LessonEvent::Solved { .. }));
            if index + 1 < steps.len() {
                let next = service
                    .lesson_button(ALICE, kind, index as i64, LessonAction::Next)
                    .await
                    .expect("next");
                assert_eq!((next.index, next.solved), (index + 1, false));
            }
        }
        // Next after the last step goes nowhere.
        let last = steps.len() as i64 - 1;
        assert!(matches!(
            lesson_refusal(
                service
                    .lesson_button(ALICE, kind, last, LessonAction::Next)
                    .await
            ),
            LessonRefusal::NoSuchStep { .. }
        ));
    }
}

#[tokio::test]
async fn progress_is_kept_per_learner_and_game_and_learn_resumes_where_they_stopped() {
    let db = common::fresh_database().await;
    let (service, _) = clocked_service(&db).await;
    // No lesson open: an answer is refused.
    assert_eq!(
        lesson_refusal(service.answer_lesson(ALICE, "a1-c7").await),
        LessonRefusal::NoLessonOpen
    );
    assert!(
        service
            .lesson_position(ALICE)
            .await
            .expect("read")
            .is_none()
    );

    // A bare /learn starts Fibonacci's first step.
    let first = open(&service, ALICE, None).await;
    assert_eq!((first.kind, first.index), (GameKind::Fibonacci, 0));
    assert_eq!(first.event, LessonEvent::Opened);
    service
        .lesson_button(ALICE, GameKind::Fibonacci, 0, LessonAction::Next)
        .await
        .expect("next");
    service
        .answer_lesson(ALICE, "a1-c7")
        .await
        .expect("step 2 solved");

    // Bob has his own place; Alice's Fanorona lessons are separate from her Fibonacci ones.
    assert_eq!(open(&service, BOB, None).await.index, 0);
    let fanorona = service
        .open_lesson(ALICE, Some(GameKind::Fanorona), Some(3))
        .await
        .expect("lesson 3");
    assert_eq!(fanorona.step.lesson, 3);
    let position = service.lesson_position(ALICE).await.expect("read");
    assert_eq!(
        position.map(|g| g.position_string()),
        Some(fanorona.step.game().position_string()),
        "the answer completes the lesson used last"
    );

    // Back to Fibonacci: step 2, still solved, resumed.
    let resumed = open(&service, ALICE, Some(GameKind::Fibonacci)).await;
    assert_eq!((resumed.index, resumed.solved), (1, true));
    assert_eq!(resumed.event, LessonEvent::Resumed);
    // Without a game: the lesson used last (Fibonacci now).
    assert_eq!(open(&service, ALICE, None).await.kind, GameKind::Fibonacci);

    // Hint and Show me stay on the step; Show me plays the intended answer, not counted as solved.
    let hint = service
        .lesson_button(ALICE, GameKind::Fibonacci, 2, LessonAction::Hint)
        .await
        .expect("hint");
    assert_eq!(
        (hint.index, hint.solved, hint.event),
        (2, false, LessonEvent::Hint)
    );
    let shown = service
        .lesson_button(ALICE, GameKind::Fibonacci, 2, LessonAction::ShowMe)
        .await
        .expect("show");
    assert_eq!(shown.event, LessonEvent::Shown);
    assert_eq!(
        shown.game.position_string(),
        shown.step.shown().game.position_string()
    );
    assert!(!open(&service, ALICE, None).await.solved);
    let back = service
        .lesson_button(ALICE, GameKind::Fibonacci, 2, LessonAction::Back)
        .await
        .expect("back");
    assert_eq!((back.index, back.solved), (1, true), "step 2 was solved");
}

#[tokio::test]
async fn bad_input_is_refused_and_changes_nothing() {
    let db = common::fresh_database().await;
    let (service, _) = clocked_service(&db).await;
    let opened = service
        .open_lesson(ALICE, Some(GameKind::Fanorona), Some(2))
        .await
        .expect("open");
    assert!(matches!(
        lesson_refusal(
            service
                .open_lesson(ALICE, Some(GameKind::Fibonacci), Some(9))
                .await
        ),
        LessonRefusal::NoSuchLesson { count: 4, .. }
    ));
    assert!(matches!(
        lesson_refusal(service.open_lesson(ALICE, None, Some(0)).await),
        LessonRefusal::NoSuchLesson { .. }
    ));
    assert!(matches!(
        lesson_refusal(service.answer_lesson(ALICE, "d2-d9").await),
        LessonRefusal::Missed {
            miss: LessonMiss::Illegal { .. },
            ..
        }
    ));
    assert!(matches!(
        lesson_refusal(service.answer_lesson(ALICE, "").await),
        LessonRefusal::Missed {
            miss: LessonMiss::Empty,
            ..
        }
    ));
    assert_eq!(
        lesson_refusal(service.answer_lesson(ALICE, &"a".repeat(500)).await),
        LessonRefusal::TooLong
    );
    for (index, action) in [
        (0, LessonAction::Back),
        (99, LessonAction::Hint),
        (-4, LessonAction::Next),
    ] {
        assert!(matches!(
            lesson_refusal(
                service
                    .lesson_button(ALICE, GameKind::Fanorona, index, action)
                    .await
            ),
            LessonRefusal::NoSuchStep { .. }
        ));
    }
    // Still where it was: the lesson used last, its step, unsolved.
    let now = open(&service, ALICE, None).await;
    assert_eq!(
        (now.kind, now.index, now.solved),
        (GameKind::Fanorona, opened.index, false)
    );
}
