//! Vacations in the game service, against a real PostgreSQL and an injected clock: the clock of
//! a game waiting for the player stops, a turn that comes back to them waits for the vacation's
//! end, an early end gives whole days back and restarts the clocks, a vacation ends by itself,
//! automatic vacation spends a day at a passed deadline, and the year's allowance and every bad
//! input are refused without a change.

use chrono::{DateTime, Duration, Utc};
use fibonacci_bot::app::{
    AppError, AutoVacation, Clock, GameView, ManualClock, NoticeKind, Outcome, Refusal, Service,
    TurnClock, Vacation, VacationRefusal,
};
use fibonacci_bot::engine::{GameKind, Side};
use fibonacci_bot::tournament::Format;

use crate::common::{self, clocked_service};
use crate::service_clock::{ALICE, BOB, CHANNEL, game, notices};
use crate::service_tournament::{new_event, three_player_round_robin};

fn refused<T: std::fmt::Debug>(result: Result<T, AppError>) -> VacationRefusal {
    match result {
        Err(AppError::Refused(Refusal::Vacation(why))) => why,
        other => panic!("expected a vacation refusal, got {other:?}"),
    }
}

async fn view(service: &Service, channel: u64) -> GameView {
    service
        .game_in_channel(channel)
        .await
        .expect("read")
        .expect("a game")
}

fn now(clock: &ManualClock) -> DateTime<Utc> {
    clock.now()
}

#[tokio::test]
async fn a_vacation_stops_the_waiting_clocks_and_an_early_end_gives_whole_days_back() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    // Game A: Alice (Red) to move. Game B: Alice moved, Bob to move.
    game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::ThreeDays).await;
    game(
        &service,
        CHANNEL + 1,
        GameKind::Fibonacci,
        TurnClock::ThreeDays,
    )
    .await;
    service
        .play(CHANNEL + 1, ALICE, "b6-c6")
        .await
        .expect("move");

    clock.advance(Duration::hours(10));
    let started = service.start_vacation(ALICE, 5).await.expect("vacation");
    let until = now(&clock) + Duration::days(5);
    assert_eq!(
        started,
        Vacation {
            until: Some(until),
            days_left: 25,
            games: 1
        }
    );
    let a = view(&service, CHANNEL).await;
    assert_eq!(a.clock.deadline, None, "Alice's clock stopped");
    assert_eq!(a.clock.paused_until, Some(until));
    assert_eq!(a.clock.on_vacation(Side::First, now(&clock)), Some(until));
    assert_eq!(a.clock.pause_days_used, [0, 0], "no paused days counted");
    // Bob's game goes on; when the turn comes back to Alice, it waits for her return.
    let b = view(&service, CHANNEL + 1).await;
    assert!(b.clock.deadline.is_some());
    clock.advance(Duration::hours(1));
    let legal = b.game.legal_moves();
    service
        .play(CHANNEL + 1, BOB, &legal[0])
        .await
        .expect("move");
    let legal = view(&service, CHANNEL + 1).await.game.legal_moves();
    let back = service
        .play(CHANNEL + 1, BOB, &legal[0])
        .await
        .expect("move");
    assert!(back.turn_passed);
    assert_eq!(back.view.clock.deadline, None);
    assert_eq!(back.view.clock.paused_until, Some(until));

    // Only the vacation's end restarts those clocks; nothing else changes on a refusal.
    let why = service.resume(CHANNEL, BOB).await;
    assert!(matches!(
        why,
        Err(AppError::Refused(Refusal::Vacation(
            VacationRefusal::Holds { player: ALICE, .. }
        )))
    ));
    assert_eq!(
        refused(service.start_vacation(ALICE, 2).await),
        VacationRefusal::AlreadyOn { until }
    );
    assert_eq!(
        view(&service, CHANNEL).await.clock.paused_until,
        Some(until)
    );

    // Back after 2 days and 2 hours: 2 whole days return, and both clocks run again with what
    // the turns had left (62 hours in A, where 10 had gone; a whole turn in B).
    clock.advance(Duration::days(2) + Duration::hours(1));
    let ended = service.end_vacation(ALICE).await.expect("end");
    assert_eq!(
        ended,
        Vacation {
            until: None,
            days_left: 27,
            games: 2
        }
    );
    let back_at = now(&clock);
    let a = view(&service, CHANNEL).await;
    assert_eq!(a.clock.deadline, Some(back_at + Duration::hours(62)));
    assert_eq!(a.clock.paused_until, None);
    assert_eq!(a.clock.on_vacation(Side::First, back_at), None);
    let b = view(&service, CHANNEL + 1).await;
    assert_eq!(b.clock.deadline, Some(back_at + Duration::days(3)));
    assert_eq!(
        service.vacation(ALICE).await.expect("status"),
        Vacation {
            until: None,
            days_left: 27,
            games: 0
        }
    );
    assert_eq!(
        refused(service.end_vacation(ALICE).await),
        VacationRefusal::NotOn
    );
}

#[tokio::test]
async fn a_vacation_ends_by_itself_and_the_stopped_clock_runs_again() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    game(&service, CHANNEL, GameKind::Fanorona, TurnClock::OneDay).await;
    clock.advance(Duration::hours(20));
    service.start_vacation(ALICE, 1).await.expect("vacation");
    // A day later the scheduler restarts the clock: the 4 hours the turn had left.
    clock.advance(Duration::days(1));
    service.tick().await.expect("tick");
    let a = view(&service, CHANNEL).await;
    assert_eq!(a.clock.deadline, Some(now(&clock) + Duration::hours(4)));
    assert_eq!(a.clock.paused_until, None);
    // The day was used.
    assert_eq!(service.vacation(ALICE).await.expect("status").days_left, 29);
}

#[tokio::test]
async fn the_years_allowance_and_bad_input_are_refused_and_change_nothing() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    assert_eq!(
        refused(service.start_vacation(ALICE, 0).await),
        VacationRefusal::Days { given: 0 }
    );
    assert_eq!(
        refused(service.start_vacation(ALICE, 40).await),
        VacationRefusal::Days { given: 40 }
    );
    assert_eq!(
        refused(service.end_vacation(ALICE).await),
        VacationRefusal::NotOn
    );
    service.start_vacation(ALICE, 25).await.expect("vacation");
    clock.advance(Duration::days(25));
    assert_eq!(
        refused(service.start_vacation(ALICE, 10).await),
        VacationRefusal::Budget { asked: 10, left: 5 }
    );
    let status = service.vacation(ALICE).await.expect("status");
    assert_eq!((status.until, status.days_left), (None, 5));
    service
        .start_vacation(ALICE, 5)
        .await
        .expect("the last five");
    clock.advance(Duration::days(5));
    assert_eq!(
        refused(service.start_vacation(ALICE, 1).await),
        VacationRefusal::Budget { asked: 1, left: 0 }
    );
}

#[tokio::test]
async fn automatic_vacation_spends_a_day_at_a_passed_deadline_and_both_players_hear_it() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    let g = game(&service, CHANNEL, GameKind::Fanorona, TurnClock::OneDay).await;
    let first = g.game.legal_moves()[0].clone();
    let after = service.play(CHANNEL, ALICE, &first).await.expect("move");
    let reply = after.view.game.legal_moves()[0].clone();
    let after = service.play(CHANNEL, BOB, &reply).await.expect("move");
    assert_eq!(after.view.player_to_move(), Some(ALICE));
    service
        .set_auto_vacation(ALICE, AutoVacation::On)
        .await
        .expect("setting");
    assert_eq!(
        service.auto_vacation(ALICE).await.expect("setting"),
        AutoVacation::On
    );

    // The deadline passes: a vacation day instead of a loss, and a notice for both players.
    clock.advance(Duration::days(1) + Duration::minutes(1));
    let report = service.tick().await.expect("tick");
    assert_eq!((report.vacations, report.timeouts), (1, 0), "{report:?}");
    let kinds = notices(&service).await;
    assert!(
        kinds.contains(&(NoticeKind::Vacation, Some(ALICE), g.id)),
        "{kinds:?}"
    );
    let held = view(&service, CHANNEL).await;
    assert_eq!(held.outcome, None);
    assert_eq!(
        held.clock.paused_until,
        Some(now(&clock) + Duration::days(1))
    );
    assert_eq!(service.vacation(ALICE).await.expect("status").days_left, 29);

    // A day later nothing was played: the clock restarts with nothing left, and a second day
    // goes the same way.
    clock.advance(Duration::days(1));
    service.tick().await.expect("tick");
    service.tick().await.expect("tick");
    assert_eq!(view(&service, CHANNEL).await.outcome, None);
    assert_eq!(service.vacation(ALICE).await.expect("status").days_left, 28);

    // Turned off, the next passed deadline loses.
    service
        .set_auto_vacation(ALICE, AutoVacation::Off)
        .await
        .expect("setting");
    clock.advance(Duration::days(1));
    service.tick().await.expect("tick");
    service.tick().await.expect("tick");
    let over = view_or_last(&service).await;
    assert_eq!(
        over,
        Some(Outcome::Timeout {
            winner: Side::Second
        })
    );
}

/// The outcome of the channel's game, in progress or over.
async fn view_or_last(service: &Service) -> Option<Outcome> {
    let (view, _) = service.history(CHANNEL).await.expect("history");
    view.outcome
}

#[tokio::test]
async fn a_game_that_starts_during_a_vacation_waits_for_its_end() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    service.start_vacation(ALICE, 2).await.expect("vacation");
    let g = game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::OneDay).await;
    assert_eq!(g.player_to_move(), Some(ALICE));
    assert_eq!(g.clock.deadline, None);
    assert_eq!(g.clock.paused_until, Some(now(&clock) + Duration::days(2)));
    clock.advance(Duration::days(2));
    service.tick().await.expect("tick");
    let g = view(&service, CHANNEL).await;
    assert_eq!(g.clock.deadline, Some(now(&clock) + Duration::days(1)));
}

#[tokio::test]
async fn a_tournament_without_vacation_keeps_its_clocks_running() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    let mut new = new_event(CHANNEL + 50, Format::RoundRobin, None);
    new.vacation = false;
    let (t, games) = three_player_round_robin(&service, new).await;
    assert!(!t.vacation);
    let waiting: Vec<&GameView> = games
        .iter()
        .filter(|g| g.player_to_move() == Some(1))
        .collect();
    assert!(!waiting.is_empty(), "player 1 moves first somewhere");
    clock.advance(Duration::hours(1));
    let started = service.start_vacation(1, 3).await.expect("vacation");
    assert_eq!(started.games, 0, "no clock of the event stops");
    for g in waiting {
        let now_view = view(&service, g.channel).await;
        assert_eq!(now_view.clock.deadline, g.clock.deadline);
        assert_eq!(now_view.clock.paused_until, None);
    }
}
