//! Move panels in the game service: a pick plays only into the moment of the game its panel was
//! built from. Two picks from one panel at once play one move; a pick from a panel of another
//! game, another turn or another version plays nothing; End and Undo check the panel too.

use fibonacci_bot::app::{AppError, PanelKey, Pick, Refusal, Service, TurnClock};
use fibonacci_bot::engine::GameKind;

use crate::common::{self, clocked_service};
use crate::service_clock::{ALICE, BOB, CHANNEL, game};

fn refusal<T: std::fmt::Debug>(result: Result<T, AppError>) -> Refusal {
    match result {
        Err(AppError::Refused(refusal)) => refusal,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The stored version and position of the channel's game.
async fn state(service: &Service) -> (i32, String) {
    let view = service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("a game");
    (view.version, view.game.position_string())
}

#[tokio::test]
async fn two_picks_from_one_panel_play_one_move() {
    let db = common::fresh_database().await;
    let (service, _) = clocked_service(&db).await;
    let view = game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::default()).await;
    // Turn 1 (Red, one move), then Bob's two-move turn 2, where two picks could both fit.
    service.play(CHANNEL, ALICE, "b6-c6").await.expect("turn 1");
    let view = service
        .panel_game(CHANNEL, view.id)
        .await
        .expect("the game");
    let key = PanelKey::of(&view);
    let legal = view.game.legal_moves();
    let (a, b) = (legal[0].clone(), legal[legal.len() - 1].clone());
    let (first, second) = tokio::join!(
        service.pick(CHANNEL, BOB, key, Pick::Move(a.clone())),
        service.pick(CHANNEL, BOB, key, Pick::Move(b.clone())),
    );
    let played: Vec<_> = [&first, &second]
        .into_iter()
        .filter(|r| r.is_ok())
        .collect();
    assert_eq!(played.len(), 1, "{first:?} / {second:?}");
    let lost = if first.is_ok() { second } else { first };
    assert_eq!(refusal(lost), Refusal::PanelStale);
    let (version, _) = state(&service).await;
    assert_eq!(version, key.version + 1, "exactly one write");

    // The panel made from the new moment plays; Undo and End from an old one play nothing.
    let now = service
        .panel_game(CHANNEL, view.id)
        .await
        .expect("the game");
    let fresh = PanelKey::of(&now);
    let before = state(&service).await;
    assert_eq!(
        refusal(service.pick(CHANNEL, BOB, key, Pick::Undo).await),
        Refusal::PanelStale
    );
    assert_eq!(
        refusal(service.pick(CHANNEL, BOB, key, Pick::End).await),
        Refusal::PanelStale
    );
    assert_eq!(state(&service).await, before);
    let undone = service
        .pick(CHANNEL, BOB, fresh, Pick::Undo)
        .await
        .expect("Undo from the fresh panel");
    assert!(!undone.turn_passed);
    assert_eq!(undone.view.version, fresh.version + 1);
}

#[tokio::test]
async fn a_panel_of_another_game_turn_or_version_plays_nothing() {
    let db = common::fresh_database().await;
    let (service, _) = clocked_service(&db).await;
    let view = game(&service, CHANNEL, GameKind::Fanorona, TurnClock::default()).await;
    let key = PanelKey::of(&view);
    let word = view.game.legal_moves()[0]
        .split(',')
        .next()
        .expect("a step")
        .to_string();
    let before = state(&service).await;
    for (forged, why) in [
        (
            PanelKey {
                game: key.game + 1,
                ..key
            },
            Refusal::PanelGone,
        ),
        (
            PanelKey {
                turn: key.turn + 3,
                ..key
            },
            Refusal::PanelStale,
        ),
        (
            PanelKey {
                version: key.version + 1,
                ..key
            },
            Refusal::PanelStale,
        ),
        (
            PanelKey {
                version: key.version - 1,
                ..key
            },
            Refusal::PanelStale,
        ),
    ] {
        let got = refusal(
            service
                .pick(CHANNEL, ALICE, forged, Pick::Move(word.clone()))
                .await,
        );
        assert_eq!(got, why, "{forged:?}");
    }
    // Bad values from the menu: nothing, `end` dressed as a move, an illegal step.
    for bad in ["", "  ", "end", "z9-z8"] {
        assert!(
            service
                .pick(CHANNEL, ALICE, key, Pick::Move(bad.to_string()))
                .await
                .is_err(),
            "{bad:?}"
        );
    }
    // The opponent's pick, with the right key, is the opponent's turn refusal.
    assert!(matches!(
        refusal(
            service
                .pick(CHANNEL, BOB, key, Pick::Move(word.clone()))
                .await
        ),
        Refusal::NotYourTurn { .. }
    ));
    assert_eq!(state(&service).await, before, "nothing was played");
    // No game there: the panel is gone.
    assert_eq!(
        refusal(service.panel_game(CHANNEL + 1, key.game).await),
        Refusal::PanelGone
    );
    let played = service
        .pick(CHANNEL, ALICE, key, Pick::Move(word))
        .await
        .expect("the right panel plays");
    assert_eq!(played.view.version, key.version + 1);
}
