//! Time banks (`/challenge clock:10d+36h`) in the game service, against a real PostgreSQL and an
//! injected clock: a bank spent by its own turns, refilled by the increment and capped, the
//! deadline column that follows it, a timeout when it runs out, and a rematch and a tournament
//! that keep it.

use chrono::{DateTime, Duration, Utc};
use fibonacci_bot::app::{FollowKind, GameView, NoticeKind, Outcome, Service, TurnClock, UserId};
use fibonacci_bot::engine::{GameKind, Side};
use fibonacci_bot::tournament::Format;

use crate::common::{self, clock_start as start, clocked_service};
use crate::service_clock::{ALICE, BOB, CHANNEL, db_conn, game, notices, offered};
use crate::service_tournament::{new_event, three_player_round_robin};

/// Plays the first legal moves for `user` until their turn passes; the game after it.
async fn play_turn(service: &Service, user: UserId) -> GameView {
    loop {
        let view = service
            .game_in_channel(CHANNEL)
            .await
            .expect("read")
            .expect("a game");
        let legal = view.game.legal_moves();
        let moved = service
            .play(CHANNEL, user, &legal[0])
            .await
            .expect("a legal move");
        assert!(
            moved.view.outcome.is_none(),
            "the game ended: {:?}",
            moved.view
        );
        if moved.turn_passed {
            return moved.view;
        }
    }
}

fn hours(h: i64) -> Duration {
    Duration::hours(h)
}

/// The `deadline` column of game `id`.
async fn deadline_column(db: &common::TestDb, id: i64) -> Option<DateTime<Utc>> {
    sqlx::query_scalar("SELECT deadline FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&mut db_conn(db).await)
        .await
        .expect("read")
}

#[tokio::test]
async fn a_bank_is_spent_by_its_own_turns_refilled_after_each_and_never_above_its_size() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    let view = game(
        &service,
        CHANNEL,
        GameKind::Fibonacci,
        TurnClock::Bank10d36h,
    )
    .await;
    assert_eq!(view.clock.per_turn, TurnClock::Bank10d36h);
    assert_eq!(view.clock.banks, Some([hours(240), hours(240)]));
    assert_eq!(view.clock.deadline, Some(start() + hours(240)));

    // Red thinks 100 h: 140 h left, plus 36. Green's deadline is Green's whole bank away.
    clock.advance(hours(100));
    let view = play_turn(&service, ALICE).await;
    assert_eq!(view.clock.banks, Some([hours(176), hours(240)]));
    assert_eq!(view.clock.deadline, Some(start() + hours(100 + 240)));
    assert_eq!(
        deadline_column(&db, view.id).await,
        view.clock.deadline,
        "games.deadline: the deadline of the turn in progress"
    );

    // Green takes 10 h: 230 + 36 is capped at 240. Red's deadline: Red's 176 h away.
    clock.advance(hours(10));
    let view = play_turn(&service, BOB).await;
    assert_eq!(view.clock.banks, Some([hours(176), hours(240)]));
    assert_eq!(view.clock.deadline, Some(start() + hours(110 + 176)));

    // Red uses all but 6 h of it: the 24 h reminder comes, then 6 + 36 = 42 h are left.
    clock.advance(hours(170));
    assert_eq!(service.tick().await.expect("tick").reminders, 1);
    assert!(
        notices(&service)
            .await
            .contains(&(NoticeKind::Reminder, Some(ALICE), view.id))
    );
    let view = play_turn(&service, ALICE).await;
    assert_eq!(view.clock.banks, Some([hours(42), hours(240)]));

    // Quick turns fill Red's bank back up, 36 h at a time, to 240 h and no further.
    for expected in [77, 113, 148, 184, 219, 240, 240] {
        clock.advance(Duration::minutes(30));
        play_turn(&service, BOB).await;
        clock.advance(Duration::minutes(30));
        let view = play_turn(&service, ALICE).await;
        let banks = view.clock.banks.expect("banks");
        // Each quick turn spends 30 minutes of it: 35.5 h more a turn, in whole hours.
        assert_eq!(banks[0].num_hours(), expected, "{banks:?}");
        assert_eq!(banks[1], hours(240));
    }
}

#[tokio::test]
async fn an_empty_bank_loses_on_time_and_a_rematch_keeps_the_bank_clock() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    let view = game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::Bank3d12h).await;
    clock.advance(hours(60));
    play_turn(&service, ALICE).await;
    clock.advance(hours(1));
    let view_after = play_turn(&service, BOB).await;
    // Red kept 12 + 12 = 24 h: it runs out a day after her turn started.
    assert_eq!(view_after.clock.banks, Some([hours(24), hours(72)]));
    assert_eq!(view_after.clock.deadline, Some(start() + hours(61 + 24)));
    clock.advance(hours(23));
    assert_eq!(service.tick().await.expect("tick").timeouts, 0);
    clock.advance(hours(1) + Duration::seconds(1));
    assert_eq!(service.tick().await.expect("tick").timeouts, 1);
    let (over, _) = service.history(CHANNEL).await.expect("history");
    assert_eq!(
        over.outcome,
        Some(Outcome::Timeout {
            winner: Side::Second
        })
    );
    assert_eq!(over.clock.deadline, None);

    let offer = offered(
        service
            .follow_up(view.id, BOB, FollowKind::Rematch)
            .await
            .expect("rematch"),
    );
    assert_eq!(offer.clock, TurnClock::Bank3d12h);
    let rematch = service.accept(offer.id, ALICE).await.expect("accept");
    assert_eq!(rematch.clock.per_turn, TurnClock::Bank3d12h);
    assert_eq!(rematch.clock.banks, Some([hours(72), hours(72)]));
}

#[tokio::test]
async fn a_tournament_with_a_bank_clock_gives_its_games_the_bank() {
    let db = common::fresh_database().await;
    let (service, _clock) = clocked_service(&db).await;
    let mut new = new_event(CHANNEL + 50, Format::RoundRobin, None);
    new.clock = TurnClock::Bank5d1d;
    let (t, games) = three_player_round_robin(&service, new).await;
    assert_eq!(t.clock, TurnClock::Bank5d1d);
    assert_eq!(games.len(), 3);
    for g in games {
        assert_eq!(g.clock.per_turn, TurnClock::Bank5d1d);
        assert_eq!(g.clock.banks, Some([hours(120), hours(120)]));
        assert_eq!(g.clock.deadline, Some(start() + hours(120)));
    }
}
