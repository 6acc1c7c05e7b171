//! The clock in the game service, against a real PostgreSQL and an injected clock (days pass in
//! a millisecond): deadlines, reminders, timeouts and aborts, pauses, rematches and vela rounds,
//! and two schedulers on one database.

use crate::common;

use chrono::{DateTime, Duration, Utc};
use fibonacci_bot::app::{
    AppError, ChallengeState, ColourChoice, FollowKind, FollowUp, GameView, ManualClock,
    NewChallenge, NoVelaBecause, NoticeKind, Outcome, PauseStep, Refusal, Service, TurnClock,
};
use fibonacci_bot::engine::{Config, GameKind, Side};
use sqlx::Connection;

const GUILD: u64 = 7;
pub(crate) const CHANNEL: u64 = 1000;
pub(crate) const ALICE: u64 = 11;
pub(crate) const BOB: u64 = 22;
const CAROL: u64 = 33;

use common::{clock_start as start, clocked_service as service};

/// A game in `channel`, Alice first, Bob second, with `clock` per turn.
pub(crate) async fn game(
    service: &Service,
    channel: u64,
    kind: GameKind,
    clock: TurnClock,
) -> GameView {
    let challenge = service
        .challenge(NewChallenge {
            challenger: ALICE,
            challenged: BOB,
            guild: GUILD,
            channel,
            config: Config::default_for(kind),
            colour: ColourChoice::ChallengerFirst,
            clock,
            rated: true,
        })
        .await
        .expect("challenge");
    service.accept(challenge.id, BOB).await.expect("accept")
}

pub(crate) fn refusal<T: std::fmt::Debug>(result: Result<T, AppError>) -> Refusal {
    match result {
        Err(AppError::Refused(refusal)) => refusal,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The notices the scheduler owes now: (kind, user, game).
pub(crate) async fn notices(service: &Service) -> Vec<(NoticeKind, Option<u64>, i64)> {
    let claimed = service.claim_notices(100).await.expect("claim notices");
    let mut out = Vec::new();
    for n in claimed {
        if !n.stale {
            out.push((n.kind, n.user, n.view.id));
        }
        service.notice_sent(n.id).await.expect("mark sent");
    }
    out
}

pub(crate) async fn db_conn(db: &common::TestDb) -> sqlx::PgConnection {
    sqlx::PgConnection::connect(db.url())
        .await
        .expect("connect")
}

#[tokio::test]
async fn a_turn_gets_a_deadline_that_moves_with_the_turn_and_stops_at_the_end() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    let view = game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::default()).await;
    assert_eq!(view.clock.per_turn, TurnClock::ThreeDays);
    assert_eq!(view.clock.deadline, Some(start() + Duration::days(3)));

    clock.advance(Duration::hours(5));
    let moved = service
        .play(CHANNEL, ALICE, "b6-c6")
        .await
        .expect("red's one move");
    assert!(moved.turn_passed);
    assert_eq!(
        moved.view.clock.deadline,
        Some(start() + Duration::hours(5) + Duration::days(3)),
        "a new turn, a new deadline"
    );
    // Green has two moves: the first does not end the turn, so the deadline stays.
    clock.advance(Duration::hours(1));
    let legal = moved.view.game.legal_moves();
    let half = service.play(CHANNEL, BOB, &legal[0]).await.expect("a move");
    assert!(!half.turn_passed);
    assert_eq!(half.view.clock.deadline, moved.view.clock.deadline);

    let over = service.resign(CHANNEL, BOB).await.expect("resign");
    assert_eq!(over.clock.deadline, None, "a finished game has no deadline");
    let mut conn = db_conn(&db).await;
    let deadline: Option<DateTime<Utc>> =
        sqlx::query_scalar("SELECT deadline FROM games WHERE id = $1")
            .bind(view.id)
            .fetch_one(&mut conn)
            .await
            .expect("read");
    assert_eq!(deadline, None);

    let untimed = game(
        &service,
        CHANNEL + 1,
        GameKind::Fanorona,
        TurnClock::Unlimited,
    )
    .await;
    assert_eq!(untimed.clock.deadline, None);
    assert_eq!(untimed.clock.per_turn, TurnClock::Unlimited);
}

#[tokio::test]
async fn reminders_come_24_hours_and_1_hour_before_the_deadline_once_each_for_the_player_to_move() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    let view = game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::ThreeDays).await;
    assert_eq!(service.tick().await.expect("tick").reminders, 0);

    clock.set(start() + Duration::hours(47) + Duration::minutes(59));
    assert!(service.tick().await.expect("tick").is_empty());
    clock.set(start() + Duration::hours(48));
    assert_eq!(service.tick().await.expect("tick").reminders, 1);
    assert_eq!(
        notices(&service).await,
        [(NoticeKind::Reminder, Some(ALICE), view.id)]
    );
    // Once only.
    clock.advance(Duration::hours(1));
    assert!(service.tick().await.expect("tick").is_empty());
    assert!(notices(&service).await.is_empty());

    clock.set(start() + Duration::hours(71));
    assert_eq!(service.tick().await.expect("tick").reminders, 1);
    assert_eq!(
        notices(&service).await,
        [(NoticeKind::Reminder, Some(ALICE), view.id)]
    );
    clock.advance(Duration::minutes(30));
    assert!(service.tick().await.expect("tick").is_empty());

    // Alice moves: Bob's turn gets a full day… of a 1-day game, whose 24-hour reminder would
    // fall when the turn began: only the 1-hour one comes.
    let day = game(
        &service,
        CHANNEL + 1,
        GameKind::Fibonacci,
        TurnClock::OneDay,
    )
    .await;
    clock.advance(Duration::hours(23));
    let report = service.tick().await.expect("tick");
    assert_eq!(report.reminders, 1, "{report:?}");
    let mut reminders = notices(&service).await;
    reminders.retain(|n| n.0 == NoticeKind::Reminder);
    assert_eq!(reminders, [(NoticeKind::Reminder, Some(ALICE), day.id)]);
}

#[tokio::test]
async fn a_reminder_that_no_longer_applies_is_dropped_without_a_message() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::ThreeDays).await;
    clock.set(start() + Duration::hours(48));
    assert_eq!(service.tick().await.expect("tick").reminders, 1);
    // Alice moves before the reminder goes out.
    service.play(CHANNEL, ALICE, "b6-c6").await.expect("move");
    let claimed = service.claim_notices(10).await.expect("claim");
    assert_eq!(claimed.len(), 1);
    assert!(claimed[0].stale, "the player already moved");
}

#[tokio::test]
async fn the_player_who_runs_out_of_time_loses_and_one_who_never_moved_aborts_the_game() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    // Game 1: Alice moves, Bob never answers: Bob's first turn times out — but Bob never moved
    // in the game, so it is aborted.
    let aborted = game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::OneDay).await;
    service.play(CHANNEL, ALICE, "b6-c6").await.expect("move");
    // Game 2: both move, then Alice stops: she loses on time.
    let lost = game(&service, CHANNEL + 1, GameKind::Fanorona, TurnClock::OneDay).await;
    let first = lost.game.legal_moves()[0].clone();
    let after = service
        .play(CHANNEL + 1, ALICE, &first)
        .await
        .expect("move");
    let reply = after.view.game.legal_moves()[0].clone();
    let after = service.play(CHANNEL + 1, BOB, &reply).await.expect("move");
    assert_eq!(after.view.player_to_move(), Some(ALICE));

    clock.advance(Duration::hours(23) + Duration::minutes(59));
    let report = service.tick().await.expect("tick");
    assert_eq!((report.timeouts, report.aborted), (0, 0));
    clock.advance(Duration::minutes(2));
    let report = service.tick().await.expect("tick");
    assert_eq!((report.timeouts, report.aborted), (1, 1), "{report:?}");
    // Exactly once.
    assert!(service.tick().await.expect("tick").is_empty());

    let mut kinds = notices(&service).await;
    kinds.retain(|n| n.0 != NoticeKind::Reminder);
    kinds.sort();
    assert_eq!(
        kinds,
        [
            (NoticeKind::Timeout, Some(ALICE), lost.id),
            (NoticeKind::Aborted, Some(BOB), aborted.id)
        ]
    );

    let (view, history) = service.history(CHANNEL + 1).await.expect("history");
    assert_eq!(
        view.outcome,
        Some(Outcome::Timeout {
            winner: Side::Second
        })
    );
    assert_eq!(view.clock.deadline, None);
    let last = history.last().expect("entries");
    assert_eq!((last.user, last.notation.as_str()), (ALICE, "lost on time"));
    let text = Service::history_text(&view, &history, |u| u.to_string());
    assert!(text.contains("black wins on time"), "{text}");

    let (view, history) = service.history(CHANNEL).await.expect("history");
    assert_eq!(view.outcome, Some(Outcome::Aborted));
    assert_eq!(history.last().map(|e| e.user), Some(BOB));
    // Both channels are free.
    assert!(
        service
            .game_in_channel(CHANNEL)
            .await
            .expect("read")
            .is_none()
    );
    game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::OneDay).await;

    let mut conn = db_conn(&db).await;
    let kinds: Vec<String> = sqlx::query_scalar(
        "SELECT kind FROM moves WHERE kind IN ('timeout', 'abort') ORDER BY game_id",
    )
    .fetch_all(&mut conn)
    .await
    .expect("read");
    assert_eq!(kinds, ["abort", "timeout"]);
}

#[tokio::test]
async fn a_deadline_edited_in_the_database_is_honoured_at_the_next_look() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    let view = game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::SevenDays).await;
    service.play(CHANNEL, ALICE, "b6-c6").await.expect("move");
    let mut conn = db_conn(&db).await;
    sqlx::query("UPDATE games SET deadline = $2 WHERE id = $1")
        .bind(view.id)
        .bind(start() + Duration::hours(10))
        .execute(&mut conn)
        .await
        .expect("edit the deadline");
    // 10 hours instead of 7 days: the 24-hour reminder would fall before the turn began, the
    // 1-hour one comes 9 hours in, and the deadline passes at 10.
    clock.advance(Duration::hours(9) - Duration::seconds(1));
    assert!(service.tick().await.expect("tick").is_empty());
    clock.advance(Duration::seconds(1));
    assert_eq!(service.tick().await.expect("tick").reminders, 1);
    clock.advance(Duration::hours(1));
    assert_eq!(service.tick().await.expect("tick").aborted, 1);
}

#[tokio::test]
async fn a_pause_is_asked_accepted_resumed_early_and_gives_back_unused_days() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::ThreeDays).await;

    // Bad requests change nothing.
    assert_eq!(
        refusal(service.pause(CHANNEL, ALICE, Some(0)).await),
        Refusal::PauseDays { given: 0 }
    );
    assert_eq!(
        refusal(service.pause(CHANNEL, ALICE, Some(99)).await),
        Refusal::PauseDays { given: 99 }
    );
    assert!(matches!(
        refusal(service.pause(CHANNEL, CAROL, Some(2)).await),
        Refusal::NotAPlayer { .. }
    ));
    assert_eq!(
        refusal(service.resume(CHANNEL, ALICE).await),
        Refusal::NotPaused
    );
    assert_eq!(
        refusal(service.decline_pause(CHANNEL, BOB).await),
        Refusal::NoPauseOffer
    );

    clock.advance(Duration::hours(10));
    let (view, step) = service.pause(CHANNEL, ALICE, Some(4)).await.expect("ask");
    assert_eq!(step, PauseStep::Asked { days: 4 });
    assert_eq!(view.clock.pause_offer, Some((Side::First, 4)));
    assert!(
        view.clock.deadline.is_some(),
        "the clock runs until accepted"
    );
    assert_eq!(
        refusal(service.pause(CHANNEL, ALICE, Some(2)).await),
        Refusal::PauseAlreadyAsked {
            opponent: BOB,
            days: 4
        }
    );

    // Bob accepts by typing /pause (the days asked are the ones granted).
    let (view, step) = service.pause(CHANNEL, BOB, None).await.expect("accept");
    assert_eq!(step, PauseStep::Started { days: 4 });
    assert_eq!(view.clock.deadline, None);
    assert_eq!(
        view.clock.paused_until,
        Some(start() + Duration::hours(10) + Duration::days(4))
    );
    assert_eq!(view.clock.pause_days_used, [4, 0]);
    assert!(matches!(
        refusal(service.pause(CHANNEL, BOB, Some(1)).await),
        Refusal::AlreadyPaused { .. }
    ));
    // No timeout and no reminder while paused, even long past the old deadline.
    clock.advance(Duration::days(3));
    assert!(service.tick().await.expect("tick").is_empty());

    // Bob resumes 1 day early: Alice's turn gets back its 62 hours, one day goes back to her.
    let resumed_at = clock_now(&clock);
    let view = service.resume(CHANNEL, BOB).await.expect("resume");
    assert_eq!(view.clock.paused_until, None);
    assert_eq!(view.clock.deadline, Some(resumed_at + Duration::hours(62)));
    assert_eq!(view.clock.pause_days_used, [3, 0]);

    // Alice has 11 days left: 12 is too many.
    assert_eq!(
        refusal(service.pause(CHANNEL, ALICE, Some(12)).await),
        Refusal::PauseBudget {
            asked: 12,
            left: 11
        }
    );
}

/// The challenge a follow-up offered (games between people are never started at once).
pub(crate) fn offered(done: FollowUp) -> fibonacci_bot::app::ChallengeView {
    match done {
        FollowUp::Offered(c) => c,
        FollowUp::Started(view) => panic!("a game between people started at once: {view:?}"),
    }
}

fn clock_now(clock: &ManualClock) -> DateTime<Utc> {
    use fibonacci_bot::app::Clock;
    clock.now()
}

#[tokio::test]
async fn a_pause_ends_by_itself_and_the_player_to_move_hears_it() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    let view = game(&service, CHANNEL, GameKind::Fanorona, TurnClock::OneDay).await;
    service.pause(CHANNEL, BOB, Some(2)).await.expect("ask");
    let (_, step) = service.pause(CHANNEL, ALICE, None).await.expect("accept");
    assert_eq!(step, PauseStep::Started { days: 2 });
    clock.advance(Duration::days(2) - Duration::seconds(1));
    assert!(service.tick().await.expect("tick").is_empty());
    clock.advance(Duration::seconds(1));
    assert_eq!(service.tick().await.expect("tick").resumed, 1);
    assert_eq!(
        notices(&service).await,
        [(NoticeKind::Resumed, None, view.id)]
    );
    let view = service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("on");
    assert_eq!(view.clock.paused_until, None);
    assert_eq!(
        view.clock.deadline,
        Some(start() + Duration::days(3)),
        "the whole day it had left"
    );
    assert_eq!(view.clock.pause_days_used, [0, 2]);
}

#[tokio::test]
async fn a_pause_can_be_declined_or_withdrawn_and_a_game_without_clock_has_none() {
    let db = common::fresh_database().await;
    let (service, _clock) = service(&db).await;
    game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::ThreeDays).await;
    service.pause(CHANNEL, ALICE, Some(3)).await.expect("ask");
    let view = service.decline_pause(CHANNEL, BOB).await.expect("decline");
    assert_eq!(view.clock.pause_offer, None);
    service
        .pause(CHANNEL, ALICE, Some(3))
        .await
        .expect("ask again");
    let view = service
        .decline_pause(CHANNEL, ALICE)
        .await
        .expect("withdraw");
    assert_eq!(view.clock.pause_offer, None);
    assert_eq!(view.clock.pause_days_used, [0, 0]);

    game(
        &service,
        CHANNEL + 1,
        GameKind::Fibonacci,
        TurnClock::Unlimited,
    )
    .await;
    assert_eq!(
        refusal(service.pause(CHANNEL + 1, ALICE, Some(3)).await),
        Refusal::NoClock
    );
}

#[tokio::test]
async fn a_rematch_swaps_colours_keeps_options_and_clock_and_is_offered_once() {
    let db = common::fresh_database().await;
    let (service, _clock) = service(&db).await;
    let first = game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::OneDay).await;
    assert_eq!(
        refusal(
            service
                .follow_up(first.id, ALICE, FollowKind::Rematch)
                .await
        ),
        Refusal::NoFinishedGame,
        "the game is still on"
    );
    service.resign(CHANNEL, BOB).await.expect("resign");
    assert_eq!(
        refusal(
            service
                .follow_up(first.id, CAROL, FollowKind::Rematch)
                .await
        ),
        Refusal::NotInFinishedGame {
            players: [ALICE, BOB]
        }
    );
    let offer = offered(
        service
            .follow_up(first.id, BOB, FollowKind::Rematch)
            .await
            .expect("rematch"),
    );
    assert_eq!((offer.challenger, offer.challenged), (BOB, ALICE));
    assert_eq!(offer.follows, Some((FollowKind::Rematch, first.id)));
    assert_eq!(offer.clock, TurnClock::OneDay);
    assert_eq!(
        offer.colour,
        ColourChoice::ChallengerFirst,
        "Bob was second"
    );
    assert_eq!(
        refusal(
            service
                .follow_up(first.id, ALICE, FollowKind::Rematch)
                .await
        ),
        Refusal::FollowUpTaken {
            kind: FollowKind::Rematch,
            state: ChallengeState::Open
        }
    );
    assert_eq!(
        refusal(service.follow_up(first.id, ALICE, FollowKind::Vela).await),
        Refusal::NoVela(NoVelaBecause::NotFanorona)
    );
    let second = service.accept(offer.id, ALICE).await.expect("accept");
    assert_eq!(second.players, [BOB, ALICE]);
    assert_eq!(second.follows, Some((FollowKind::Rematch, first.id)));
    assert_eq!(second.game.config(), first.game.config());
    assert_eq!(second.clock.per_turn, TurnClock::OneDay);
    // Typing /rematch after the second game ends offers a rematch of the second game.
    service.resign(CHANNEL, ALICE).await.expect("resign");
    assert_eq!(
        refusal(
            service
                .follow_up(first.id, ALICE, FollowKind::Rematch)
                .await
        ),
        Refusal::FollowUpTaken {
            kind: FollowKind::Rematch,
            state: ChallengeState::Accepted
        }
    );
    let third = offered(
        service
            .follow_up_in_channel(CHANNEL, ALICE, FollowKind::Rematch)
            .await
            .expect("rematch by typing"),
    );
    assert_eq!(third.follows, Some((FollowKind::Rematch, second.id)));
}

#[tokio::test]
async fn a_vela_round_follows_a_won_fanorona_game_with_its_loser_moving_first() {
    let db = common::fresh_database().await;
    let (service, _clock) = service(&db).await;
    let first = game(&service, CHANNEL, GameKind::Fanorona, TurnClock::ThreeDays).await;
    // Black (Bob) resigns: White (Alice) won; Bob offers the vela round.
    service.resign(CHANNEL, BOB).await.expect("resign");
    let offer = offered(
        service
            .follow_up_in_channel(CHANNEL, BOB, FollowKind::Vela)
            .await
            .expect("vela"),
    );
    assert_eq!(offer.config.to_string(), "fanorona rules=escale vela=white");
    assert_eq!(
        offer.colour,
        ColourChoice::ChallengerSecond,
        "sides are kept"
    );
    let vela = service.accept(offer.id, ALICE).await.expect("accept");
    assert_eq!(vela.players, [ALICE, BOB]);
    assert_eq!(vela.follows, Some((FollowKind::Vela, first.id)));
    assert_eq!(vela.player_to_move(), Some(BOB), "the loser moves first");
    service.resign(CHANNEL, ALICE).await.expect("resign");
    assert_eq!(
        refusal(
            service
                .follow_up_in_channel(CHANNEL, BOB, FollowKind::Vela)
                .await
        ),
        Refusal::NoVela(NoVelaBecause::AlreadyVela)
    );
}

#[tokio::test]
async fn two_schedulers_on_one_database_act_on_each_due_game_exactly_once() {
    let db = common::fresh_database().await;
    let (one, clock) = service(&db).await;
    let two = Service::connect(db.url())
        .await
        .expect("second process")
        .with_clock(clock.clone());
    let mut ids = Vec::new();
    for n in 0..40 {
        let view = game(&one, CHANNEL + n, GameKind::Fibonacci, TurnClock::OneDay).await;
        ids.push(view.id);
    }
    clock.advance(Duration::hours(23));
    let (a, b) = tokio::join!(one.tick(), two.tick());
    let (a, b) = (a.expect("tick one"), b.expect("tick two"));
    assert_eq!(a.reminders + b.reminders, 40, "{a:?} {b:?}");
    clock.advance(Duration::hours(2));
    let (a, b) = tokio::join!(one.tick(), two.tick());
    let (a, b) = (a.expect("tick one"), b.expect("tick two"));
    assert_eq!(a.aborted + b.aborted, 40, "{a:?} {b:?}");
    // Each notice goes to one sender only.
    let (x, y) = tokio::join!(one.claim_notices(100), two.claim_notices(100));
    let mut all: Vec<(NoticeKind, i64)> = x
        .expect("claim")
        .into_iter()
        .chain(y.expect("claim"))
        .map(|n| (n.kind, n.view.id))
        .collect();
    all.sort();
    let mut expected: Vec<(NoticeKind, i64)> = ids
        .iter()
        .flat_map(|&id| [(NoticeKind::Reminder, id), (NoticeKind::Aborted, id)])
        .collect();
    expected.sort();
    assert_eq!(all, expected);
}
