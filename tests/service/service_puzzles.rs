//! Puzzles (`/puzzle`) in the game service, against a real PostgreSQL and an injected clock: the
//! shipped bank loaded once, a first try that moves both ratings (the user's and the puzzle's)
//! and the streak, a miss that counts once while the puzzle stays open, answers that do not play
//! and change nothing, Give up, a puzzle left for another counted as missed, no puzzle seen twice
//! while unseen ones are left, and the daily puzzle posted once a day by one of two processes,
//! with the previous day's solvers counted.

use chrono::Duration;
use fibonacci_bot::app::{AppError, PuzzleRefusal, PuzzleView, Refusal, Service};
use fibonacci_bot::engine::{GameKind, Status};
use fibonacci_bot::puzzles::{Grade, Miss, Puzzle, judge, shipped};
use sqlx::Row;

use crate::common::{self, clocked_service};
use crate::service_clock::{ALICE, BOB, db_conn};

const GUILD: u64 = 4242;
const DAILY_CHANNEL: u64 = 777;

/// A legal answer to `puzzle` that misses its goal (one to three moves of its turn).
fn missing_answer(puzzle: &Puzzle) -> String {
    fn search(puzzle: &Puzzle, words: &mut Vec<String>, depth: usize) -> Option<String> {
        let mut game = puzzle.game().expect("the position");
        let (side, number) = (game.side_to_move(), game.turn_number());
        for w in words.iter() {
            game.play(w).expect("legal");
        }
        if game.status() != Status::Ongoing
            || game.side_to_move() != side
            || game.turn_number() != number
        {
            return None;
        }
        for word in game.legal_moves() {
            words.push(word);
            let text = words.join(" ");
            if matches!(
                judge(puzzle, &text),
                Err(Miss::NoWin | Miss::Captured { .. })
            ) {
                return Some(text);
            }
            if depth > 1
                && let Some(found) = search(puzzle, words, depth - 1)
            {
                return Some(found);
            }
            words.pop();
        }
        None
    }
    search(puzzle, &mut Vec::new(), 3).expect("a legal answer that misses")
}

fn refusal(result: Result<impl std::fmt::Debug, AppError>) -> PuzzleRefusal {
    match result {
        Err(AppError::Refused(Refusal::Puzzle(r))) => r,
        other => panic!("expected a puzzle refusal, got {other:?}"),
    }
}

/// The stored rating of puzzle `id`, and its tries and solvers.
async fn puzzle_row(db: &common::TestDb, id: &str) -> (f64, i32, i32) {
    let row = sqlx::query("SELECT rating, tries, solved FROM puzzles WHERE id = $1")
        .bind(id)
        .fetch_one(&mut db_conn(db).await)
        .await
        .expect("the puzzle");
    (row.get(0), row.get(1), row.get(2))
}

async fn open(service: &Service, user: u64, game: GameKind, level: Grade) -> PuzzleView {
    service
        .open_puzzle(user, Some(game), Some(level))
        .await
        .expect("a puzzle")
}

#[tokio::test]
async fn the_shipped_bank_is_loaded_once() {
    let db = common::fresh_database().await;
    let (service, _) = clocked_service(&db).await;
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM puzzles")
        .fetch_one(&mut db_conn(&db).await)
        .await
        .expect("count");
    let bank = shipped().expect("the bank");
    assert_eq!(stored, bank.len() as i64);
    assert!(bank.len() >= 900, "{}", bank.len());
    assert_eq!(service.load_puzzles().await.expect("load"), 0);
    // Ratings start by grade.
    let easy = bank
        .iter()
        .find(|p| p.grade() == Some(Grade::Easy))
        .expect("an easy one");
    assert_eq!(puzzle_row(&db, &easy.id).await, (1200.0, 0, 0));
}

#[tokio::test]
async fn a_solved_first_try_moves_both_ratings_and_the_streak() {
    let db = common::fresh_database().await;
    let (service, _) = clocked_service(&db).await;
    let view = open(&service, ALICE, GameKind::Fanorona, Grade::Medium).await;
    assert!(view.rated);
    assert_eq!(view.standing.rating.shown(), 1500);
    assert_eq!(view.puzzle.grade(), Some(Grade::Medium));
    let before = puzzle_row(&db, &view.puzzle.id).await;
    let answered = service
        .answer_puzzle(ALICE, &view.puzzle.solutions[0])
        .await
        .expect("answered");
    assert_eq!(answered.miss, None);
    let change = answered.change.expect("rated");
    assert!(change > 0.0, "{change}");
    assert_eq!(answered.standing.streak, 1);
    assert_eq!(answered.standing.solved, 1);
    assert!((answered.standing.rating.rating - 1500.0 - change).abs() < 1e-9);
    let after = puzzle_row(&db, &view.puzzle.id).await;
    assert!(
        after.0 < before.0,
        "the puzzle lost: {before:?} → {after:?}"
    );
    assert_eq!((after.1, after.2), (1, 1));
    // Closed: the next answer has nothing to answer.
    assert_eq!(
        refusal(service.answer_puzzle(ALICE, "a1-b1").await),
        PuzzleRefusal::NoneOpen
    );
    let standings = service.puzzle_standings(ALICE).await.expect("standings");
    assert_eq!(standings.len(), 1);
    assert_eq!(standings[0].game, GameKind::Fanorona);
    assert_eq!(standings[0].streak, 1);
}

#[tokio::test]
async fn a_miss_counts_once_and_the_puzzle_stays_open_until_solved() {
    let db = common::fresh_database().await;
    let (service, _) = clocked_service(&db).await;
    // A first solve makes a streak for the miss to end.
    let first = open(&service, BOB, GameKind::Fibonacci, Grade::Easy).await;
    service
        .answer_puzzle(BOB, &first.puzzle.solutions[0])
        .await
        .expect("solved");
    let view = open(&service, BOB, GameKind::Fibonacci, Grade::Easy).await;
    assert_ne!(view.puzzle.id, first.puzzle.id);
    let wrong = missing_answer(&view.puzzle);
    let missed = service.answer_puzzle(BOB, &wrong).await.expect("answered");
    assert!(
        matches!(missed.miss, Some(Miss::NoWin | Miss::Captured { .. })),
        "{missed:?}"
    );
    let change = missed.change.expect("the first try is rated");
    assert!(change < 0.0, "{change}");
    assert_eq!(missed.standing.streak, 0);
    assert_eq!(missed.standing.best_streak, 1);
    // Again wrong, then right: neither counts.
    let again = service.answer_puzzle(BOB, &wrong).await.expect("answered");
    assert_eq!(again.change, None);
    let solved = service
        .answer_puzzle(BOB, &view.puzzle.solutions[0])
        .await
        .expect("solved");
    assert_eq!((solved.miss.clone(), solved.change), (None, None));
    assert_eq!(solved.standing.rating, missed.standing.rating);
    assert_eq!(solved.standing.tries, 2);
    assert_eq!(puzzle_row(&db, &view.puzzle.id).await.1, 1);
}

#[tokio::test]
async fn answers_that_do_not_play_change_nothing() {
    let db = common::fresh_database().await;
    let (service, _) = clocked_service(&db).await;
    assert_eq!(
        refusal(service.answer_puzzle(ALICE, "a1-a2").await),
        PuzzleRefusal::NoneOpen
    );
    let view = open(&service, ALICE, GameKind::Fanorona, Grade::Hard).await;
    for (answer, expected) in [("", "empty"), ("zz9-q", "illegal"), ("   ", "empty")] {
        let r = refusal(service.answer_puzzle(ALICE, answer).await);
        let kind = match r {
            PuzzleRefusal::NotPlayed(Miss::Empty) => "empty",
            PuzzleRefusal::NotPlayed(Miss::Illegal { .. }) => "illegal",
            other => panic!("{other:?}"),
        };
        assert_eq!(kind, expected, "{answer:?}");
    }
    // A whole solution then more moves: the turn is over before them.
    let long = format!("{} {}", view.puzzle.solutions[0], "a1-a2");
    let over = refusal(service.answer_puzzle(ALICE, &long).await);
    assert!(
        matches!(
            over,
            PuzzleRefusal::NotPlayed(Miss::TurnOver { .. } | Miss::Illegal { .. })
        ),
        "{over:?}"
    );
    let tries: i32 = sqlx::query_scalar("SELECT tries FROM puzzle_players WHERE user_id = $1")
        .bind(ALICE as i64)
        .fetch_one(&mut db_conn(&db).await)
        .await
        .expect("the player");
    assert_eq!(tries, 0);
    // Still open, still rated: the right answer counts.
    let solved = service
        .answer_puzzle(ALICE, &view.puzzle.solutions[0])
        .await
        .expect("solved");
    assert!(solved.change.is_some());
}

#[tokio::test]
async fn give_up_shows_a_solution_and_counts_as_a_miss() {
    let db = common::fresh_database().await;
    let (service, _) = clocked_service(&db).await;
    let view = open(&service, ALICE, GameKind::Fibonacci, Grade::Hard).await;
    assert_eq!(
        refusal(service.give_up_puzzle(BOB, view.attempt).await),
        PuzzleRefusal::NotOpen
    );
    assert_eq!(
        refusal(service.give_up_puzzle(ALICE, view.attempt + 1).await),
        PuzzleRefusal::NotOpen
    );
    let gave_up = service
        .give_up_puzzle(ALICE, view.attempt)
        .await
        .expect("given up");
    assert_eq!(gave_up.puzzle, view.puzzle.id);
    assert_eq!(judge(&view.puzzle, &gave_up.solution), Ok(()));
    assert!(gave_up.change.expect("rated") < 0.0);
    assert_eq!(
        refusal(service.give_up_puzzle(ALICE, view.attempt).await),
        PuzzleRefusal::NotOpen
    );
}

#[tokio::test]
async fn a_puzzle_left_unanswered_counts_as_missed_and_none_is_seen_twice() {
    let db = common::fresh_database().await;
    let (service, _) = clocked_service(&db).await;
    let mut seen = std::collections::HashSet::new();
    let first = open(&service, BOB, GameKind::Fanorona, Grade::Easy).await;
    seen.insert(first.puzzle.id.clone());
    assert_eq!(first.left, None);
    let second = open(&service, BOB, GameKind::Fanorona, Grade::Easy).await;
    let (left, change) = second.left.clone().expect("the first was left");
    assert_eq!(left, first.puzzle.id);
    assert!(change < 0.0);
    seen.insert(second.puzzle.id.clone());
    for _ in 0..8 {
        let view = open(&service, BOB, GameKind::Fanorona, Grade::Easy).await;
        assert!(
            seen.insert(view.puzzle.id.clone()),
            "{} twice",
            view.puzzle.id
        );
        assert!(view.rated);
    }
    // Without a game, the game of the last puzzle.
    let next = service
        .open_puzzle(BOB, None, None)
        .await
        .expect("a puzzle");
    assert_eq!(next.puzzle.config.kind(), GameKind::Fanorona);
    assert!(!seen.contains(&next.puzzle.id));
}

#[tokio::test]
async fn the_daily_puzzle_is_posted_once_by_one_of_two_processes() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    let (other, _) = clocked_service(&db).await;
    let other = other.with_clock(clock.clone());
    // None owed while no server asked.
    assert!(
        service
            .claim_daily_posts(10)
            .await
            .expect("claim")
            .is_empty()
    );
    assert_eq!(
        service
            .set_daily_puzzle(GUILD, Some(DAILY_CHANNEL), ALICE)
            .await
            .expect("set"),
        None
    );
    // The clock starts after 12:00 UTC: today's post is owed now, to one process only.
    let (a, b) = tokio::join!(service.claim_daily_posts(10), other.claim_daily_posts(10));
    let mut posts = a.expect("claim");
    posts.extend(b.expect("claim"));
    assert_eq!(posts.len(), 1, "{posts:?}");
    let post = posts.remove(0);
    assert_eq!((post.guild, post.channel), (GUILD, DAILY_CHANNEL));
    assert_eq!(post.previous, None);
    // Not marked posted: tried again after its lease, not before.
    assert!(
        service
            .claim_daily_posts(10)
            .await
            .expect("claim")
            .is_empty()
    );
    clock.advance(Duration::minutes(3));
    let again = other.claim_daily_posts(10).await.expect("claim");
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].puzzle, post.puzzle);
    service
        .daily_posted(GUILD, post.day, Some(5555))
        .await
        .expect("posted");
    clock.advance(Duration::minutes(3));
    assert!(
        service
            .claim_daily_posts(10)
            .await
            .expect("claim")
            .is_empty()
    );

    // Bob solves it from the post; Alice opens it and gives up.
    let bob = service
        .open_daily_puzzle(BOB, GUILD, post.day)
        .await
        .expect("opened");
    assert!(bob.daily && bob.rated);
    assert_eq!(bob.puzzle, post.puzzle);
    // Solve pressed again: the same attempt, still rated, nothing counted.
    let again = service
        .open_daily_puzzle(BOB, GUILD, post.day)
        .await
        .expect("opened");
    assert_eq!(
        (again.attempt, again.rated, again.left),
        (bob.attempt, true, None)
    );
    service
        .answer_puzzle(BOB, &post.puzzle.solutions[0])
        .await
        .expect("solved");
    let alice = service
        .open_daily_puzzle(ALICE, GUILD, post.day)
        .await
        .expect("opened");
    service
        .give_up_puzzle(ALICE, alice.attempt)
        .await
        .expect("given up");
    assert_eq!(
        refusal(
            service
                .open_daily_puzzle(BOB, GUILD, post.day - Duration::days(1))
                .await
        ),
        PuzzleRefusal::NoDaily
    );

    // The next day, before noon: still that day's puzzle, posted; from noon: the next puzzle,
    // with the previous one's solvers.
    clock.advance(Duration::days(1));
    let next_morning = common::clock_start() + Duration::days(1) - Duration::hours(6);
    let morning_clock = std::sync::Arc::new(fibonacci_bot::app::ManualClock::new(next_morning));
    let (early, _) = clocked_service(&db).await;
    let early = early.with_clock(morning_clock);
    assert!(early.claim_daily_posts(10).await.expect("claim").is_empty());
    let next = service.claim_daily_posts(10).await.expect("claim");
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].day, post.day + Duration::days(1));
    assert_ne!(next[0].puzzle.id, post.puzzle.id);
    assert_eq!(next[0].previous, Some((post.puzzle.id.clone(), 1)));

    // Off: no post the day after.
    assert_eq!(
        service
            .set_daily_puzzle(GUILD, None, ALICE)
            .await
            .expect("off"),
        Some(DAILY_CHANNEL)
    );
    service
        .daily_posted(GUILD, next[0].day, Some(5556))
        .await
        .expect("posted");
    clock.advance(Duration::days(1));
    assert!(
        service
            .claim_daily_posts(10)
            .await
            .expect("claim")
            .is_empty()
    );
}
