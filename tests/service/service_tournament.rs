//! Tournaments in the game service, against a real PostgreSQL and an injected clock: sign-up and
//! its refusals, a 5-player Swiss of 3 rounds played to the end (results by resignation, a draw
//! and a timeout), a 4-player round-robin, a withdrawal, and two services on one database
//! pairing each round once.

use crate::common;

use chrono::Duration;
use fibonacci_bot::app::{
    Advanced, AppError, GameView, NewTournament, Outcome, Refusal, Service, TournamentRefusal,
    TournamentState, TournamentView, TurnClock,
};
use fibonacci_bot::engine::{Config, GameKind};
use fibonacci_bot::tournament::Format;
use sqlx::Connection;

use common::clocked_service as service;

const GUILD: u64 = 7;
const CHANNEL: u64 = 5000;
const CREATOR: u64 = 100;

pub(crate) fn new_event(channel: u64, format: Format, rounds: Option<i64>) -> NewTournament {
    NewTournament {
        guild: GUILD,
        channel,
        creator: CREATOR,
        name: "Autumn cup".into(),
        format,
        rounds,
        double: false,
        config: Config::default_for(GameKind::Fanorona),
        clock: TurnClock::OneDay,
        vacation: true,
        rated: true,
        max_players: None,
    }
}

/// The contract columns of game `id`: its event and (Swiss) round.
async fn event_of(db: &common::TestDb, id: i64) -> (Option<i64>, Option<i16>) {
    let mut conn = sqlx::PgConnection::connect(db.url())
        .await
        .expect("connect");
    sqlx::query_as("SELECT tournament_id, tournament_round FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&mut conn)
        .await
        .expect("the contract columns")
}

fn refused<T: std::fmt::Debug>(result: Result<T, AppError>) -> TournamentRefusal {
    match result {
        Err(AppError::Refused(Refusal::Tournament(r))) => r,
        other => panic!("expected a tournament refusal, got {other:?}"),
    }
}

/// Starts every paired game that waits, each in a channel of its own (its thread).
async fn start_waiting(service: &Service, next_channel: &mut u64) -> Vec<GameView> {
    let mut started = Vec::new();
    while let Some(claimed) = service.claim_tournament_game().await.expect("claim") {
        *next_channel += 1;
        let view = service
            .start_tournament_game(claimed.pairing, *next_channel)
            .await
            .expect("start the paired game");
        assert_eq!(view.players, claimed.players, "the pairing's colours");
        started.push(view);
    }
    started
}

/// The round-robin `new` of players 1, 2 and 3, started, with its three games started (each in
/// a channel of its own); the event as it was created.
pub(crate) async fn three_player_round_robin(
    service: &Service,
    new: NewTournament,
) -> (TournamentView, Vec<GameView>) {
    let t = service.create_tournament(new).await.expect("create");
    for p in [1, 2, 3] {
        service.join_tournament(t.id, p).await.expect("join");
    }
    service
        .start_tournament(t.id, CREATOR, false)
        .await
        .expect("start");
    let mut channel = 90_000;
    let games = start_waiting(service, &mut channel).await;
    (t, games)
}

/// An event of `players`, started by its creator.
async fn started_event(
    service: &Service,
    format: Format,
    rounds: Option<i64>,
    players: &[u64],
) -> TournamentView {
    let t = event_with(service, format, rounds, players).await;
    service
        .start_tournament(t.id, CREATOR, false)
        .await
        .expect("start");
    t
}

async fn event_with(
    service: &Service,
    format: Format,
    rounds: Option<i64>,
    players: &[u64],
) -> TournamentView {
    let t = service
        .create_tournament(new_event(CHANNEL, format, rounds))
        .await
        .expect("create");
    for &p in players {
        service.join_tournament(t.id, p).await.expect("join");
    }
    t
}

#[tokio::test]
async fn sign_up_and_its_refusals_change_nothing() {
    let db = common::fresh_database().await;
    let (service, _clock) = service(&db).await;
    assert_eq!(
        refused(
            service
                .create_tournament(new_event(CHANNEL, Format::Swiss, Some(1)))
                .await
        ),
        TournamentRefusal::Rounds { given: Some(1) }
    );
    assert_eq!(
        refused(
            service
                .create_tournament(new_event(CHANNEL, Format::Swiss, Some(99)))
                .await
        ),
        TournamentRefusal::Rounds { given: Some(99) }
    );
    assert_eq!(
        refused(
            service
                .create_tournament(new_event(CHANNEL, Format::Swiss, None))
                .await
        ),
        TournamentRefusal::Rounds { given: None }
    );
    let t = event_with(&service, Format::Swiss, Some(3), &[1, 2]).await;
    assert_eq!(
        refused(
            service
                .create_tournament(new_event(CHANNEL, Format::RoundRobin, None))
                .await
        ),
        TournamentRefusal::ChannelBusy {
            name: "Autumn cup".into()
        },
        "a second event in a channel whose event has not ended"
    );
    assert!(matches!(
        refused(service.join_tournament(t.id, 1).await),
        TournamentRefusal::AlreadyJoined { .. }
    ));
    assert_eq!(
        refused(service.start_tournament(t.id, CREATOR, false).await),
        TournamentRefusal::TooFewPlayers { have: 2, need: 3 }
    );
    service.join_tournament(t.id, 3).await.expect("join");
    assert_eq!(
        refused(service.start_tournament(t.id, 3, false).await),
        TournamentRefusal::NotCreator { creator: CREATOR }
    );
    assert!(matches!(
        refused(service.leave_tournament(t.id, 9).await),
        TournamentRefusal::NotJoined { .. }
    ));
    let after = service.leave_tournament(t.id, 3).await.expect("leave");
    assert_eq!(after.players.len(), 2);
    assert_eq!(after.state, TournamentState::Open);
    service.join_tournament(t.id, 3).await.expect("join again");
    // A server manager may start it too.
    let started = service
        .start_tournament(t.id, 3, true)
        .await
        .expect("start");
    assert_eq!(
        (started.state, started.round),
        (TournamentState::Running, 1)
    );
    assert!(matches!(
        refused(service.join_tournament(t.id, 4).await),
        TournamentRefusal::Started { .. }
    ));
    assert!(matches!(
        refused(service.cancel_tournament(t.id, CREATOR, false).await),
        TournamentRefusal::Started { .. }
    ));
    assert!(matches!(
        refused(service.withdraw_from_tournament(t.id, 9).await),
        TournamentRefusal::NotJoined { .. }
    ));
    // A cancelled event frees its channel.
    let other = service
        .create_tournament(new_event(CHANNEL + 1, Format::RoundRobin, None))
        .await
        .expect("create");
    assert_eq!(
        refused(service.cancel_tournament(other.id, 1, false).await),
        TournamentRefusal::NotCreator { creator: CREATOR }
    );
    let cancelled = service
        .cancel_tournament(other.id, CREATOR, false)
        .await
        .expect("cancel");
    assert_eq!(cancelled.state, TournamentState::Cancelled);
    service
        .create_tournament(new_event(CHANNEL + 1, Format::RoundRobin, None))
        .await
        .expect("the channel is free again");
}

#[tokio::test]
async fn a_five_player_swiss_of_three_rounds_is_played_to_the_end() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    let players = [1, 2, 3, 4, 5];
    let t = started_event(&service, Format::Swiss, Some(3), &players).await;
    let mut channel = 90_000;
    let mut results = Vec::new();
    for round in 1..=3u32 {
        let games = start_waiting(&service, &mut channel).await;
        assert_eq!(games.len(), 2, "round {round}: two games and a bye");
        let table = service.tournament_table(t.id).await.expect("table");
        assert_eq!(table.byes.iter().filter(|b| b.0 == round).count(), 1);
        for g in &games {
            assert_eq!(event_of(&db, g.id).await, (Some(t.id), Some(round as i16)));
            let tag = g.tournament.as_ref().expect("the game names its event");
            assert_eq!(
                (tag.id, tag.name.as_str(), tag.round),
                (t.id, "Autumn cup", Some(round))
            );
        }
        assert!(
            service
                .advance_tournaments()
                .await
                .expect("advance")
                .is_empty(),
            "games on"
        );
        // Board 1 ends by resignation, board 2 by a draw in round 1, by a timeout after.
        let [a, b] = [&games[0], &games[1]];
        service
            .resign(a.channel, a.players[1])
            .await
            .expect("resign");
        results.push((a.players[0], 2));
        if round == 1 {
            service.draw(b.channel, b.players[0]).await.expect("offer");
            service.draw(b.channel, b.players[1]).await.expect("accept");
            results.push((b.players[0], 1));
            results.push((b.players[1], 1));
        } else {
            // Nobody moves: in an event, running out of time loses even without a move.
            clock.advance(Duration::days(2));
            service.tick().await.expect("tick");
            let (ended, _) = service.history(b.channel).await.expect("history");
            assert!(
                matches!(
                    ended.outcome,
                    Some(fibonacci_bot::app::Outcome::Timeout { .. })
                ),
                "{:?}",
                ended.outcome
            );
            results.push((b.players[1], 2));
        }
        let advanced = service.advance_tournaments().await.expect("advance");
        assert_eq!(advanced.len(), 1);
        match (&advanced[0], round) {
            (Advanced::Paired { round: next, .. }, 1 | 2) => assert_eq!(*next, round + 1),
            (Advanced::Finished(table), 3) => {
                assert_eq!(table.tournament.state, TournamentState::Finished);
            }
            (other, _) => panic!("round {round}: {other:?}"),
        }
        assert!(
            service
                .advance_tournaments()
                .await
                .expect("again")
                .is_empty(),
            "once"
        );
    }
    let table = service.tournament_table(t.id).await.expect("table");
    assert_eq!(table.tournament.state, TournamentState::Finished);
    // Every player's points: the games' results plus a point per bye.
    for s in &table.standings {
        let from_games: u32 = results.iter().filter(|r| r.0 == s.id).map(|r| r.1).sum();
        let byes = table.byes.iter().filter(|b| b.1 == s.id).count() as u32;
        assert_eq!(s.half_points, from_games + 2 * byes, "{s:?}");
        assert_eq!(
            s.played + s.byes,
            3,
            "every round: a game or the bye: {s:?}"
        );
        assert_eq!(s.left, 0);
    }
    // Nobody met twice, and three different players had the byes.
    let mut pairs: Vec<(u64, u64)> = table
        .games
        .iter()
        .map(|g| (g.first.min(g.second), g.first.max(g.second)))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    assert_eq!(pairs.len(), 6);
    let mut bye_players: Vec<u64> = table.byes.iter().map(|b| b.1).collect();
    bye_players.dedup();
    assert_eq!(bye_players.len(), 3);
    // Ranked by points, then Buchholz.
    for w in table.standings.windows(2) {
        assert!(
            (w[0].half_points, w[0].buchholz_halves) >= (w[1].half_points, w[1].buchholz_halves)
        );
    }
}

#[tokio::test]
async fn a_four_player_round_robin_starts_every_game_at_once_and_a_withdrawal_loses_the_rest() {
    let db = common::fresh_database().await;
    let (service, _clock) = service(&db).await;
    let t = started_event(&service, Format::RoundRobin, None, &[1, 2, 3, 4]).await;
    let mut channel = 80_000;
    let games = start_waiting(&service, &mut channel).await;
    assert_eq!(games.len(), 6, "every pair meets once, all at once");
    for g in &games {
        assert_eq!(
            event_of(&db, g.id).await,
            (Some(t.id), None),
            "a round-robin has no rounds"
        );
    }
    // Player 4 withdraws: their three games count as lost.
    let (after, ended) = service
        .withdraw_from_tournament(t.id, 4)
        .await
        .expect("withdraw");
    assert_eq!(ended, 3);
    assert!(after.players.iter().any(|p| p.user == 4 && p.withdrawn));
    assert!(matches!(
        refused(service.withdraw_from_tournament(t.id, 4).await),
        TournamentRefusal::AlreadyWithdrawn { .. }
    ));
    // The others finish their games: 1 beats 2 and 3, 2 beats 3.
    for g in &games {
        if g.players.contains(&4) {
            continue;
        }
        let loser = if g.players.contains(&1) {
            *g.players.iter().find(|&&p| p != 1).expect("opponent")
        } else {
            3
        };
        service.resign(g.channel, loser).await.expect("resign");
    }
    let advanced = service.advance_tournaments().await.expect("advance");
    let [Advanced::Finished(table)] = advanced.as_slice() else {
        panic!("the event ends: {advanced:?}");
    };
    let order: Vec<(u64, f64)> = table.standings.iter().map(|s| (s.id, s.points())).collect();
    assert_eq!(order, vec![(1, 3.0), (2, 2.0), (3, 1.0), (4, 0.0)]);
    assert!(table.standings[3].withdrawn);
}

/// The notices owed for game `game`, by kind, in order.
async fn notices_of(db: &common::TestDb, game: i64) -> Vec<String> {
    let mut conn = sqlx::PgConnection::connect(db.url())
        .await
        .expect("connect");
    sqlx::query_scalar("SELECT kind FROM notices WHERE game_id = $1 ORDER BY id")
        .bind(game)
        .fetch_all(&mut conn)
        .await
        .expect("notices")
}

#[tokio::test]
async fn a_game_paired_before_a_withdrawal_and_started_after_it_is_lost_by_the_sweep() {
    let db = common::fresh_database().await;
    let (service, _clock) = service(&db).await;
    let t = started_event(&service, Format::RoundRobin, None, &[1, 2, 3, 4]).await;
    // Five of the six games get their threads; the sixth waits (its thread not opened yet).
    let mut started = Vec::new();
    let mut waiting = Vec::new();
    while let Some(claimed) = service.claim_tournament_game().await.expect("claim") {
        if started.len() < 5 {
            let view = service
                .start_tournament_game(claimed.pairing, 90_000 + claimed.pairing as u64)
                .await
                .expect("start");
            started.push(view);
        } else {
            waiting.push(claimed);
        }
    }
    assert_eq!(waiting.len(), 1);
    for g in &started {
        assert_eq!(
            notices_of(&db, g.id).await,
            ["started"],
            "the first board is owed"
        );
    }
    let leaver = waiting[0].players[0];
    let (_, ended) = service
        .withdraw_from_tournament(t.id, leaver)
        .await
        .expect("withdraw");
    let theirs = started
        .iter()
        .filter(|g| g.players.contains(&leaver))
        .count();
    assert_eq!(ended, theirs);
    for g in started.iter().filter(|g| g.players.contains(&leaver)) {
        assert_eq!(notices_of(&db, g.id).await, ["started", "withdrawn"]);
    }
    // Nothing is left for the sweep until the sixth game starts; then it is lost at once.
    assert_eq!(service.resign_withdrawn().await.expect("sweep"), 0);
    let late = service
        .start_tournament_game(waiting[0].pairing, 99_999)
        .await
        .expect("start the last game");
    assert!(late.outcome.is_none());
    assert_eq!(service.resign_withdrawn().await.expect("sweep"), 1);
    assert_eq!(service.resign_withdrawn().await.expect("sweep"), 0, "once");
    assert_eq!(notices_of(&db, late.id).await, ["started", "withdrawn"]);
    let view = service
        .history(99_999)
        .await
        .expect("the last game's history")
        .0;
    assert_eq!(
        view.outcome,
        Some(Outcome::Resigned {
            winner: view.side_of(leaver).expect("a player").other()
        })
    );
}

#[tokio::test]
async fn two_services_on_one_database_pair_each_round_once() {
    let db = common::fresh_database().await;
    let (one, _clock) = service(&db).await;
    let (two, _clock2) = service(&db).await;
    let t = started_event(&one, Format::Swiss, Some(2), &[1, 2, 3, 4]).await;
    // Both take paired games at once: each game starts once.
    let (mut c1, mut c2) = (70_000, 75_000);
    let (a, b) = tokio::join!(start_waiting(&one, &mut c1), start_waiting(&two, &mut c2));
    assert_eq!(a.len() + b.len(), 2);
    for g in a.iter().chain(&b) {
        one.resign(g.channel, g.players[1]).await.expect("resign");
    }
    let (x, y) = tokio::join!(one.advance_tournaments(), two.advance_tournaments());
    let paired: Vec<&Advanced> = x
        .as_ref()
        .expect("one")
        .iter()
        .chain(y.as_ref().expect("two"))
        .collect();
    assert_eq!(paired.len(), 1, "round 2 is paired once: {paired:?}");
    // Its post is owed once: one process claims it, and once posted it is owed no more.
    let (x, y) = tokio::join!(
        one.claim_tournament_announcements(),
        two.claim_tournament_announcements()
    );
    let owed: Vec<Advanced> = x.expect("one").into_iter().chain(y.expect("two")).collect();
    assert!(
        matches!(owed.as_slice(), [Advanced::Paired { round: 2, .. }]),
        "{owed:?}"
    );
    one.tournament_announced(t.id, 2, false)
        .await
        .expect("posted");
    assert!(
        one.claim_tournament_announcements()
            .await
            .expect("none")
            .is_empty()
    );
    let table = one.tournament_table(t.id).await.expect("table");
    assert_eq!(table.games.len(), 4);
    assert_eq!(table.tournament.round, 2);
}
