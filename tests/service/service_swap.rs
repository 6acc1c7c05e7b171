//! The swap rule in the game service (issue 60), against a real PostgreSQL and an injected
//! clock: Green's `swap` exchanges the players, each keeping their own time bank; the log, a
//! restart, the ratings and a tournament's standings all follow the players, not the colours;
//! and what cannot be swapped is refused and changes nothing.

use crate::common;

use chrono::Duration;
use fibonacci_bot::app::{
    ColourChoice, GameView, MoveOutcome, NewChallenge, Refusal, Service, TurnClock,
};
use fibonacci_bot::engine::{Config, GameKind, Side};
use fibonacci_bot::rating::Score;
use fibonacci_bot::tournament::Format;

use crate::service_clock::refusal;
use common::{clock_start as start, clocked_service};

const GUILD: u64 = 7;
const CHANNEL: u64 = 6000;
const ALICE: u64 = 11;
const BOB: u64 = 22;

fn swap_on() -> Config {
    let mut config = Config::default_for(GameKind::Fibonacci);
    config.set("swap", "on").expect("the swap option");
    config
}

/// A game with the swap rule in `CHANNEL`: Alice Red (first), Bob Green.
async fn swap_game(service: &Service, clock: TurnClock) -> GameView {
    let challenge = service
        .challenge(NewChallenge {
            challenger: ALICE,
            challenged: BOB,
            guild: GUILD,
            channel: CHANNEL,
            config: swap_on(),
            colour: ColourChoice::ChallengerFirst,
            clock,
            rated: true,
        })
        .await
        .expect("challenge");
    service.accept(challenge.id, BOB).await.expect("accept")
}

/// The player to move plays the first legal unit moves until the turn passes.
async fn play_turn(service: &Service, channel: u64, mut view: GameView) -> GameView {
    let mover = view.player_to_move().expect("a game in progress");
    let turn = view.game.turn_number();
    while view.game.turn_number() == turn {
        let unit = view
            .game
            .legal_moves()
            .into_iter()
            .find(|m| m != "swap")
            .expect("a unit move");
        view = service
            .play(channel, mover, &unit)
            .await
            .expect("a legal move")
            .view;
    }
    view
}

async fn columns(db: &common::TestDb, id: i64) -> (i64, i64, i32) {
    sqlx::query_as("SELECT first_player, second_player, version FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&mut crate::service_clock::db_conn(db).await)
        .await
        .expect("the players' columns")
}

#[tokio::test]
async fn a_swap_exchanges_the_players_each_with_their_own_bank_and_the_game_survives_a_restart() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    let view = swap_game(&service, TurnClock::Bank10d36h).await;
    assert!(!view.game.may_swap(), "Red opens: nothing to swap yet");
    assert!(matches!(
        refusal(service.play(CHANNEL, ALICE, "swap").await),
        Refusal::IllegalMove { .. }
    ));

    // Alice thinks 100 h over Red's first turn: 240 - 100 + 36 = 176 h left.
    clock.advance(Duration::hours(100));
    let view = play_turn(&service, CHANNEL, view).await;
    assert_eq!(view.player_to_move(), Some(BOB));
    assert!(view.game.may_swap());
    let before = columns(&db, view.id).await;

    // Refused, changing nothing: Alice may not swap, and a swap ends Bob's turn, so nothing
    // may follow it in the same command.
    assert!(matches!(
        refusal(service.play(CHANNEL, ALICE, "swap").await),
        Refusal::NotYourTurn { player: BOB, .. }
    ));
    let unit = view.game.legal_moves()[0].clone();
    assert!(matches!(
        refusal(service.play(CHANNEL, BOB, &format!("swap {unit}")).await),
        Refusal::TurnEndsBefore { .. }
    ));
    assert_eq!(columns(&db, view.id).await, before);

    // Bob takes 50 h, then swaps: he now has Red (and his own bank, 240 - 50 + 36 = 226 h),
    // Alice has Green and its turn 2, on her bank of 176 h.
    clock.advance(Duration::hours(50));
    let swapped: MoveOutcome = service.play(CHANNEL, BOB, "swap").await.expect("swap");
    assert!(swapped.turn_passed);
    assert!(swapped.played.iter().any(|p| p.swapped_sides()));
    let view = swapped.view;
    assert_eq!(view.players, [BOB, ALICE]);
    assert_eq!(view.player(Side::First), BOB);
    assert_eq!(view.game.side_to_move(), Side::Second);
    assert_eq!(view.game.turn_number(), 2);
    assert_eq!(view.player_to_move(), Some(ALICE));
    assert!(view.game.sides_swapped() && !view.game.may_swap());
    assert_eq!(
        view.clock.banks,
        Some([Duration::hours(226), Duration::hours(176)])
    );
    assert_eq!(
        view.clock.deadline,
        Some(start() + Duration::hours(150 + 176))
    );
    let (first, second, _) = columns(&db, view.id).await;
    assert_eq!((first, second), (BOB as i64, ALICE as i64));

    // The log says who swapped; a second swap is refused with the engine's reason.
    let (_, history) = service.history(CHANNEL).await.expect("history");
    let last = history.last().expect("entries");
    assert_eq!(
        (last.notation.as_str(), last.user, last.side),
        ("swap", BOB, Side::Second)
    );
    assert!(matches!(
        refusal(service.play(CHANNEL, ALICE, "swap").await),
        Refusal::IllegalMove { .. }
    ));
    assert!(matches!(
        refusal(service.play(CHANNEL, BOB, "g9-f9").await),
        Refusal::NotYourTurn {
            player: ALICE,
            side: Side::Second,
            ..
        }
    ));

    // Alice plays Green's turn 2, Bob Red's turn 3; a new service (a restart) reads the same.
    let view = play_turn(&service, CHANNEL, view).await;
    assert_eq!(view.player_to_move(), Some(BOB));
    let view = play_turn(&service, CHANNEL, view).await;
    assert_eq!(view.player_to_move(), Some(ALICE));
    let (again, _) = clocked_service(&db).await;
    let reloaded = again
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("the game");
    assert_eq!(reloaded.players, [BOB, ALICE]);
    assert_eq!(reloaded.game.position_string(), view.game.position_string());
    assert!(reloaded.game.sides_swapped());
}

#[tokio::test]
async fn a_swapped_game_rates_the_player_who_won_and_drops_conditional_lines() {
    let db = common::fresh_database().await;
    let (service, _clock) = clocked_service(&db).await;
    let view = swap_game(&service, TurnClock::ThreeDays).await;
    let view = play_turn(&service, CHANNEL, view).await;
    // Alice foresees Bob's turn 2 and sets a reply: the swap makes it meaningless.
    let mut after = view.game.clone();
    let bobs: Vec<String> = (0..2)
        .map(|_| {
            let m = after.legal_moves()[0].clone();
            after.play(&m).expect("legal");
            m
        })
        .collect();
    // Her whole turn 3 in reply.
    let mut reply = Vec::new();
    while after.turn_number() == 3 {
        let m = after.legal_moves()[0].clone();
        after.play(&m).expect("legal");
        reply.push(m);
    }
    let line = format!("{} ; {}", bobs.join(" "), reply.join(" "));
    service
        .add_premove(CHANNEL, ALICE, &line)
        .await
        .expect("a conditional line");
    let swapped = service.play(CHANNEL, BOB, "swap").await.expect("swap");
    assert!(swapped.replies.is_empty());
    assert!(
        service
            .premoves(CHANNEL, ALICE)
            .await
            .expect("list")
            .lines
            .is_empty()
    );

    // Alice, now Green, resigns: Red wins, which is Bob.
    let over = service.resign(CHANNEL, ALICE).await.expect("resign");
    let score = |user| {
        over.ratings
            .iter()
            .find(|c| c.user == user)
            .map(|c| c.score)
    };
    assert_eq!(score(BOB), Some(Score::Win));
    assert_eq!(score(ALICE), Some(Score::Loss));
}

#[tokio::test]
async fn a_tournament_with_the_swap_rule_scores_the_players_not_the_colours() {
    let db = common::fresh_database().await;
    let (service, _clock) = clocked_service(&db).await;
    let mut new = crate::service_tournament::new_event(CHANNEL, Format::RoundRobin, None);
    new.config = swap_on();
    let (t, games) = crate::service_tournament::three_player_round_robin(&service, new).await;
    assert_eq!(t.config, swap_on());
    let game = games.first().expect("a game of round 1");
    let [red, green] = game.players;
    play_turn(&service, game.channel, game.clone()).await;
    let swapped = service
        .play(game.channel, green, "swap")
        .await
        .expect("swap");
    assert_eq!(swapped.view.players, [green, red]);
    service
        .resign(game.channel, red)
        .await
        .expect("the old Red, now Green, resigns");
    let table = service.tournament_table(t.id).await.expect("table");
    let wins = |id| table.standings.iter().find(|s| s.id == id).map(|s| s.wins);
    assert_eq!(wins(green), Some(1), "{:?}", table.standings);
    assert_eq!(wins(red), Some(0), "{:?}", table.standings);
}
