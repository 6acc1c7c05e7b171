//! The game service against a real PostgreSQL, one fresh database per test: every operation of
//! issue 5 and every refusal, named after the rule it checks.

use crate::common;

use fibonacci_bot::app::{
    AppError, ChallengeAction, ChallengeState, ChannelHolder, ColourChoice, GameView,
    MAX_MOVES_PER_COMMAND, NewChallenge, Outcome, Refusal, Service,
};
use fibonacci_bot::engine::{Config, Game, GameKind, Side};

const GUILD: u64 = 7;
const CHANNEL: u64 = 1000;
const ALICE: u64 = 11;
const BOB: u64 = 22;
const CAROL: u64 = 33;

async fn service(db: &common::TestDb) -> Service {
    Service::connect(db.url())
        .await
        .expect("connect and migrate")
}

fn new_challenge(channel: u64, kind: GameKind, colour: ColourChoice) -> NewChallenge {
    NewChallenge {
        challenger: ALICE,
        challenged: BOB,
        guild: GUILD,
        channel,
        config: Config::default_for(kind),
        colour,
        clock: Default::default(),
        rated: true,
    }
}

/// A game in `channel` with Alice on the first side (Red / White) and Bob on the second.
async fn start_game(service: &Service, channel: u64, kind: GameKind) -> GameView {
    let challenge = service
        .challenge(new_challenge(channel, kind, ColourChoice::ChallengerFirst))
        .await
        .expect("challenge");
    service.accept(challenge.id, BOB).await.expect("accept")
}

/// The refusal of a command; any other result fails the test.
fn refusal<T: std::fmt::Debug>(result: Result<T, AppError>) -> Refusal {
    match result {
        Err(AppError::Refused(refusal)) => refusal,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// A player named the way the Discord front end names them in a history export.
fn mention(user: u64) -> String {
    format!("<@{user}>")
}

fn notations(view: &GameView) -> Vec<String> {
    view.last_turn.iter().map(|p| p.notation()).collect()
}

// --- challenges ---------------------------------------------------------------------------------

#[tokio::test]
async fn a_challenge_accepted_starts_a_game_with_the_chosen_sides() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    let challenge = service
        .challenge(new_challenge(
            CHANNEL,
            GameKind::Fibonacci,
            ColourChoice::ChallengerSecond,
        ))
        .await
        .expect("challenge");
    assert_eq!(challenge.state, ChallengeState::Open);
    assert_eq!(
        service
            .challenge_in_channel(CHANNEL)
            .await
            .expect("read")
            .map(|c| c.id),
        Some(challenge.id)
    );
    let view = service.accept(challenge.id, BOB).await.expect("accept");
    // ChallengerSecond: Alice (the challenger) plays Green, Bob Red.
    assert_eq!(view.players, [BOB, ALICE]);
    assert_eq!(view.channel, CHANNEL);
    assert_eq!(view.guild, GUILD);
    assert_eq!(view.outcome, None);
    assert!(view.last_turn.is_empty());
    assert_eq!(
        view.game.position_string(),
        Game::new(Config::default_for(GameKind::Fibonacci), 0).position_string()
    );
    assert_eq!(view.player_to_move(), Some(BOB));
    let state = service
        .challenge_by_id(challenge.id)
        .await
        .expect("read")
        .map(|c| c.state);
    assert_eq!(state, Some(ChallengeState::Accepted));
    assert!(
        service
            .challenge_in_channel(CHANNEL)
            .await
            .expect("read")
            .is_none()
    );
    let in_channel = service.game_in_channel(CHANNEL).await.expect("read");
    assert_eq!(in_channel.map(|g| g.id), Some(view.id));
}

#[tokio::test]
async fn a_random_colour_gives_each_player_one_side() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    let mut alice_first = 0;
    for channel in 0..12 {
        let challenge = service
            .challenge(new_challenge(
                channel,
                GameKind::Fanorona,
                ColourChoice::Random,
            ))
            .await
            .expect("challenge");
        assert_eq!(challenge.colour, ColourChoice::Random);
        let view = service
            .accept_in_channel(channel, BOB)
            .await
            .expect("accept");
        let mut players = view.players;
        players.sort();
        assert_eq!(players, [ALICE, BOB]);
        if view.players[0] == ALICE {
            alice_first += 1;
        }
    }
    // 12 fair coin flips all landing the same way happens once in 2048 runs.
    assert!(
        (1..12).contains(&alice_first),
        "Alice was first {alice_first} times out of 12"
    );
}

#[tokio::test]
async fn nobody_challenges_themselves() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    let mut new = new_challenge(CHANNEL, GameKind::Fibonacci, ColourChoice::Random);
    new.challenged = ALICE;
    assert_eq!(
        refusal(service.challenge(new).await),
        Refusal::SelfChallenge
    );
    assert!(
        service
            .challenge_in_channel(CHANNEL)
            .await
            .expect("read")
            .is_none()
    );
}

#[tokio::test]
async fn one_open_challenge_or_active_game_per_channel_and_a_thread_is_suggested() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    let first = service
        .challenge(new_challenge(
            CHANNEL,
            GameKind::Fibonacci,
            ColourChoice::Random,
        ))
        .await
        .expect("first challenge");
    let mut other = new_challenge(CHANNEL, GameKind::Fanorona, ColourChoice::Random);
    other.challenger = CAROL;
    // A busy channel's refusal is worded with the thread hint by the front end.
    assert_eq!(
        refusal(service.challenge(other.clone()).await),
        Refusal::ChannelBusy(ChannelHolder::Challenge {
            challenger: ALICE,
            challenged: BOB
        })
    );

    let game = service.accept(first.id, BOB).await.expect("accept");
    assert_eq!(
        refusal(service.challenge(other.clone()).await),
        Refusal::ChannelBusy(ChannelHolder::Game {
            players: game.players
        })
    );

    // Another channel (a thread is a channel) is free.
    other.channel = CHANNEL + 1;
    service
        .challenge(other)
        .await
        .expect("challenge in a thread");
}

#[tokio::test]
async fn only_the_challenged_player_accepts_and_only_once() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    let challenge = service
        .challenge(new_challenge(
            CHANNEL,
            GameKind::Fibonacci,
            ColourChoice::Random,
        ))
        .await
        .expect("challenge");
    assert_eq!(
        refusal(service.accept(challenge.id, ALICE).await),
        Refusal::OwnChallenge {
            action: ChallengeAction::Accept,
            challenged: BOB
        }
    );
    assert_eq!(
        refusal(service.accept(challenge.id, CAROL).await),
        Refusal::NotChallenged {
            action: ChallengeAction::Accept,
            challenged: BOB
        }
    );
    assert_eq!(
        refusal(service.accept_in_channel(CHANNEL, CAROL).await),
        Refusal::NotChallenged {
            action: ChallengeAction::Accept,
            challenged: BOB
        }
    );
    service.accept(challenge.id, BOB).await.expect("accept");
    assert_eq!(
        refusal(service.accept(challenge.id, BOB).await),
        Refusal::ChallengeClosed {
            challenge: challenge.id,
            channel: CHANNEL,
            state: ChallengeState::Accepted
        }
    );
    assert_eq!(
        refusal(service.accept(challenge.id + 1000, BOB).await),
        Refusal::NoSuchChallenge(ChallengeAction::Accept)
    );
    assert_eq!(
        refusal(service.accept_in_channel(CHANNEL + 5, BOB).await),
        Refusal::NoOpenChallenge(ChallengeAction::Accept)
    );
}

#[tokio::test]
async fn the_challenged_player_declines_and_the_channel_is_free_again() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    let challenge = service
        .challenge(new_challenge(
            CHANNEL,
            GameKind::Fibonacci,
            ColourChoice::Random,
        ))
        .await
        .expect("challenge");
    assert_eq!(
        refusal(service.decline(challenge.id, ALICE).await),
        Refusal::OwnChallenge {
            action: ChallengeAction::Decline,
            challenged: BOB
        }
    );
    assert_eq!(
        refusal(service.decline(challenge.id, CAROL).await),
        Refusal::NotChallenged {
            action: ChallengeAction::Decline,
            challenged: BOB
        }
    );
    let declined = service.decline(challenge.id, BOB).await.expect("decline");
    assert_eq!(declined.state, ChallengeState::Declined);
    assert_eq!(
        refusal(service.accept(challenge.id, BOB).await),
        Refusal::ChallengeClosed {
            challenge: challenge.id,
            channel: CHANNEL,
            state: ChallengeState::Declined
        }
    );

    let again = service
        .challenge(new_challenge(
            CHANNEL,
            GameKind::Fibonacci,
            ColourChoice::Random,
        ))
        .await
        .expect("channel free after a decline");
    let declined = service
        .decline_in_channel(CHANNEL, BOB)
        .await
        .expect("decline in channel");
    assert_eq!(declined.id, again.id);
    assert_eq!(declined.state, ChallengeState::Declined);
    assert_eq!(
        refusal(service.decline_in_channel(CHANNEL, BOB).await),
        Refusal::NoOpenChallenge(ChallengeAction::Decline)
    );
}

#[tokio::test]
async fn only_the_challenger_cancels() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    service
        .challenge(new_challenge(
            CHANNEL,
            GameKind::Fanorona,
            ColourChoice::Random,
        ))
        .await
        .expect("challenge");
    assert_eq!(
        refusal(service.cancel(CHANNEL, BOB).await),
        Refusal::NotChallenger {
            challenger: ALICE,
            asked_by_challenged: true
        }
    );
    assert_eq!(
        refusal(service.cancel(CHANNEL, CAROL).await),
        Refusal::NotChallenger {
            challenger: ALICE,
            asked_by_challenged: false
        }
    );
    let cancelled = service.cancel(CHANNEL, ALICE).await.expect("cancel");
    assert_eq!(cancelled.state, ChallengeState::Cancelled);
    assert!(
        service
            .challenge_in_channel(CHANNEL)
            .await
            .expect("read")
            .is_none()
    );
    assert_eq!(
        refusal(service.cancel(CHANNEL, ALICE).await),
        Refusal::NoOpenChallenge(ChallengeAction::Cancel)
    );
}

#[tokio::test]
async fn old_open_challenges_expire_and_free_their_channels() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    let first = service
        .challenge(new_challenge(
            CHANNEL,
            GameKind::Fibonacci,
            ColourChoice::Random,
        ))
        .await
        .expect("challenge");
    let accepted = service
        .challenge(new_challenge(
            CHANNEL + 1,
            GameKind::Fibonacci,
            ColourChoice::Random,
        ))
        .await
        .expect("challenge");
    service.accept(accepted.id, BOB).await.expect("accept");
    let recorded = service
        .record_challenge_message(first.id, 987_654_321)
        .await
        .expect("record the challenge's message")
        .expect("the challenge exists");
    assert_eq!(
        (recorded.state, recorded.message),
        (ChallengeState::Open, Some(987_654_321))
    );
    // A message recorded after its challenge was answered: the bot learns that it is closed.
    let late = service
        .record_challenge_message(accepted.id, 123)
        .await
        .expect("record")
        .expect("the challenge exists");
    assert_eq!(late.state, ChallengeState::Accepted);
    assert!(
        service
            .record_challenge_message(i64::MAX, 1)
            .await
            .expect("record")
            .is_none()
    );
    let hour = std::time::Duration::from_secs(3600);
    assert!(
        service
            .expire_challenges(hour)
            .await
            .expect("expire")
            .is_empty()
    );
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let tiny = std::time::Duration::from_millis(10);
    let expired = service.expire_challenges(tiny).await.expect("expire");
    // What the bot needs to take the buttons off the expired challenge's message.
    assert_eq!(
        expired
            .iter()
            .map(|c| (c.id, c.channel, c.state, c.message))
            .collect::<Vec<_>>(),
        [(
            first.id,
            CHANNEL,
            ChallengeState::Expired,
            Some(987_654_321)
        )]
    );
    let state = service
        .challenge_by_id(first.id)
        .await
        .expect("read")
        .map(|c| c.state);
    assert_eq!(state, Some(ChallengeState::Expired));
    assert_eq!(
        refusal(service.accept(first.id, BOB).await),
        Refusal::ChallengeClosed {
            challenge: first.id,
            channel: CHANNEL,
            state: ChallengeState::Expired
        }
    );
    // The accepted challenge's game is untouched; the expired one's channel is free.
    assert!(
        service
            .game_in_channel(CHANNEL + 1)
            .await
            .expect("read")
            .is_some()
    );
    service
        .challenge(new_challenge(
            CHANNEL,
            GameKind::Fibonacci,
            ColourChoice::Random,
        ))
        .await
        .expect("channel free after expiry");
}

// --- moves --------------------------------------------------------------------------------------

#[tokio::test]
async fn the_player_to_move_plays_and_the_turn_passes_when_the_allowance_is_used() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    start_game(&service, CHANNEL, GameKind::Fibonacci).await;
    // Turn 1: Red (Alice) has one unit move.
    let outcome = service
        .play(CHANNEL, ALICE, "B6-C6")
        .await
        .expect("red plays");
    assert!(outcome.turn_passed);
    assert_eq!(
        outcome
            .played
            .iter()
            .map(|p| p.notation())
            .collect::<Vec<_>>(),
        ["b6-c6"]
    );
    assert_eq!(notations(&outcome.view), ["b6-c6"]);
    assert_eq!(outcome.view.player_to_move(), Some(BOB));
    // Turn 2: Green (Bob) has two, played in one command.
    let outcome = service
        .play(CHANNEL, BOB, "j6-i6 i6-h6")
        .await
        .expect("green plays two");
    assert!(outcome.turn_passed);
    assert_eq!(notations(&outcome.view), ["j6-i6", "i6-h6"]);
    // Turn 3: one move of three, then the turn is still Red's.
    let outcome = service
        .play(CHANNEL, ALICE, "c6-d6")
        .await
        .expect("red plays");
    assert!(!outcome.turn_passed);
    assert_eq!(outcome.view.game.moves_left(), Some(2));
    assert_eq!(notations(&outcome.view), ["c6-d6"]);
    let stored = service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("game");
    assert_eq!(
        stored.game.position_string(),
        outcome.view.game.position_string()
    );
}

#[tokio::test]
async fn ending_a_fibonacci_turn_early_passes_the_turn() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    start_game(&service, CHANNEL, GameKind::Fibonacci).await;
    service.play(CHANNEL, ALICE, "b6-c6").await.expect("turn 1");
    let outcome = service.play(CHANNEL, BOB, "j6-i6").await.expect("turn 2");
    assert!(!outcome.turn_passed);
    let outcome = service.end_turn(CHANNEL, BOB).await.expect("end");
    assert!(outcome.turn_passed);
    assert_eq!(outcome.view.player_to_move(), Some(ALICE));
    assert_eq!(outcome.view.game.turn_number(), 3);
    // The finished turn: the move and the `end`.
    assert_eq!(notations(&outcome.view), ["j6-i6", "end"]);
    // Ending a turn with no move is allowed too (RULES 1.3, interpretation).
    let outcome = service.end_turn(CHANNEL, ALICE).await.expect("end at once");
    assert!(outcome.turn_passed);
    assert_eq!(notations(&outcome.view), ["end"]);
    // `end` may also close a list of moves.
    let outcome = service
        .play(CHANNEL, BOB, "i6-h6 end")
        .await
        .expect("move then end");
    assert!(outcome.turn_passed);
    assert_eq!(notations(&outcome.view), ["i6-h6", "end"]);
}

#[tokio::test]
async fn only_the_player_to_move_plays() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    start_game(&service, CHANNEL, GameKind::Fibonacci).await;
    let alices_turn = Refusal::NotYourTurn {
        player: ALICE,
        side: Side::First,
        game: GameKind::Fibonacci,
    };
    assert_eq!(
        refusal(service.play(CHANNEL, BOB, "j6-i6").await),
        alices_turn
    );
    assert_eq!(refusal(service.end_turn(CHANNEL, BOB).await), alices_turn);
    let not_a_player = Refusal::NotAPlayer {
        players: [ALICE, BOB],
    };
    assert_eq!(
        refusal(service.play(CHANNEL, CAROL, "b6-c6").await),
        not_a_player
    );
    assert_eq!(refusal(service.resign(CHANNEL, CAROL).await), not_a_player);
    assert_eq!(refusal(service.draw(CHANNEL, CAROL).await), not_a_player);
}

#[tokio::test]
async fn a_channel_without_a_game_says_how_to_start_one() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    assert_eq!(
        refusal(service.play(CHANNEL, ALICE, "b6-c6").await),
        Refusal::NoGame
    );
    assert!(
        service
            .game_in_channel(CHANNEL)
            .await
            .expect("read")
            .is_none()
    );
    service
        .challenge(new_challenge(
            CHANNEL,
            GameKind::Fibonacci,
            ColourChoice::Random,
        ))
        .await
        .expect("challenge");
    assert_eq!(
        refusal(service.play(CHANNEL, ALICE, "b6-c6").await),
        Refusal::GameNotStarted { challenged: BOB }
    );
    assert_eq!(refusal(service.history(CHANNEL).await), Refusal::NoGameYet);
}

#[tokio::test]
async fn an_illegal_move_is_refused_with_the_engine_reason_and_nothing_is_kept() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    start_game(&service, CHANNEL, GameKind::Fibonacci).await;
    service.play(CHANNEL, ALICE, "b6-c6").await.expect("turn 1");
    let before = service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("game");
    // The first move is legal, the second moves Green's centre: neither is kept.
    let mut reference = before.game.clone();
    reference.play("j6-i6").expect("legal");
    let engine_error = reference
        .play("k6-j6")
        .expect_err("a centre never moves on its own");
    // `batch`: several moves were sent, so the front end says that nothing was played.
    assert_eq!(
        refusal(service.play(CHANNEL, BOB, "j6-i6 k6-j6").await),
        Refusal::IllegalMove {
            word: "k6-j6".to_string(),
            error: engine_error,
            batch: true
        }
    );
    let engine_error = before.game.clone().play("zz-top").expect_err("not a move");
    assert_eq!(
        refusal(service.play(CHANNEL, BOB, "zz-top").await),
        Refusal::IllegalMove {
            word: "zz-top".to_string(),
            error: engine_error,
            batch: false
        }
    );
    assert_eq!(
        refusal(service.play(CHANNEL, BOB, "   ").await),
        Refusal::NoMoveGiven
    );
    let many = vec!["j6-i6"; 40].join(" ");
    assert_eq!(
        refusal(service.play(CHANNEL, BOB, &many).await),
        Refusal::TooManyMoves {
            count: 40,
            max: MAX_MOVES_PER_COMMAND
        }
    );
    let after = service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("game");
    assert_eq!(after.game.position_string(), before.game.position_string());
    let (_, history) = service.history(CHANNEL).await.expect("history");
    assert_eq!(history.len(), 1);
}

#[tokio::test]
async fn moves_past_the_end_of_ones_turn_are_refused_all_or_nothing() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    start_game(&service, CHANNEL, GameKind::Fibonacci).await;
    // Red's first turn allows one unit move: the second would be Green's.
    assert_eq!(
        refusal(service.play(CHANNEL, ALICE, "b6-c6 c6-d6").await),
        Refusal::TurnEndsBefore {
            last: "b6-c6".to_string(),
            next: "c6-d6".to_string(),
            batch: true
        }
    );
    let view = service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("game");
    assert_eq!(view.game.turn_number(), 1);
    assert_eq!(view.player_to_move(), Some(ALICE));
}

#[tokio::test]
async fn a_player_takes_back_their_own_move_of_the_turn_in_progress_only() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    start_game(&service, CHANNEL, GameKind::Fibonacci).await;
    assert_eq!(
        refusal(service.undo(CHANNEL, ALICE).await),
        Refusal::NothingToUndo
    );
    service.play(CHANNEL, ALICE, "b6-c6").await.expect("turn 1");
    // Red's turn is over.
    assert_eq!(
        refusal(service.undo(CHANNEL, ALICE).await),
        Refusal::TurnPassed { opponent: BOB }
    );
    // Green has not moved in turn 2.
    assert_eq!(
        refusal(service.undo(CHANNEL, BOB).await),
        Refusal::NotMovedThisTurn
    );
    let start_of_turn = service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("game");
    service
        .play(CHANNEL, BOB, "j6-i6")
        .await
        .expect("green moves");
    assert_eq!(
        refusal(service.undo(CHANNEL, ALICE).await),
        Refusal::OpponentsTurn { opponent: BOB }
    );
    let undone = service.undo(CHANNEL, BOB).await.expect("undo");
    assert_eq!(
        undone
            .played
            .iter()
            .map(|p| p.notation())
            .collect::<Vec<_>>(),
        ["j6-i6"]
    );
    assert!(!undone.turn_passed);
    assert_eq!(
        undone.view.game.position_string(),
        start_of_turn.game.position_string()
    );
    // The last turn shown is Red's again, and the log no longer has the move.
    assert_eq!(notations(&undone.view), ["b6-c6"]);
    let (_, history) = service.history(CHANNEL).await.expect("history");
    assert_eq!(
        history
            .iter()
            .map(|e| e.notation.as_str())
            .collect::<Vec<_>>(),
        ["b6-c6"]
    );
    // Green plays a different move; the loaded game replays the log cleanly.
    service
        .play(CHANNEL, BOB, "j6-i5")
        .await
        .expect("green again");
    let view = service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("game");
    assert_eq!(notations(&view), ["j6-i5"]);
}

#[tokio::test]
async fn resigning_ends_the_game_and_frees_the_channel() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    start_game(&service, CHANNEL, GameKind::Fanorona).await;
    // Either player may resign, even when it is not their turn.
    let view = service.resign(CHANNEL, BOB).await.expect("resign");
    assert_eq!(
        view.outcome,
        Some(Outcome::Resigned {
            winner: Side::First
        })
    );
    assert_eq!(view.player_to_move(), None);
    assert!(
        service
            .game_in_channel(CHANNEL)
            .await
            .expect("read")
            .is_none()
    );
    // A finished game accepts no moves.
    assert_eq!(
        refusal(service.play(CHANNEL, ALICE, "d2-e3").await),
        Refusal::NoGame
    );
    assert_eq!(
        refusal(service.resign(CHANNEL, ALICE).await),
        Refusal::NoGame
    );
    let (finished, history) = service.history(CHANNEL).await.expect("history");
    assert_eq!(finished.id, view.id);
    assert_eq!(history.last().map(|e| e.notation.as_str()), Some("resign"));
    assert_eq!(history.last().map(|e| e.user), Some(BOB));
    service
        .challenge(new_challenge(
            CHANNEL,
            GameKind::Fanorona,
            ColourChoice::Random,
        ))
        .await
        .expect("the channel is free");
}

#[tokio::test]
async fn a_draw_is_offered_then_accepted_declined_or_withdrawn() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    start_game(&service, CHANNEL, GameKind::Fibonacci).await;
    assert_eq!(
        refusal(service.decline_draw(CHANNEL, BOB).await),
        Refusal::NoDrawToDecline
    );
    assert_eq!(
        refusal(service.withdraw_draw(CHANNEL, ALICE).await),
        Refusal::NoDrawToWithdraw
    );

    let view = service.draw(CHANNEL, ALICE).await.expect("offer");
    assert_eq!(view.draw_offer, Some(Side::First));
    assert_eq!(
        refusal(service.draw(CHANNEL, ALICE).await),
        Refusal::DrawAlreadyOffered { opponent: BOB }
    );
    assert_eq!(
        refusal(service.decline_draw(CHANNEL, ALICE).await),
        Refusal::DrawOfferIsYours
    );
    assert_eq!(
        refusal(service.withdraw_draw(CHANNEL, BOB).await),
        Refusal::DrawOfferIsTheirs { offerer: ALICE }
    );
    let view = service.decline_draw(CHANNEL, BOB).await.expect("decline");
    assert_eq!(view.draw_offer, None);

    service.draw(CHANNEL, ALICE).await.expect("offer again");
    let view = service
        .withdraw_draw(CHANNEL, ALICE)
        .await
        .expect("withdraw");
    assert_eq!(view.draw_offer, None);

    // No offer stands: its message is not recorded.
    let view = service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("game");
    assert!(
        !service
            .record_draw_offer_message(view.id, 41)
            .await
            .expect("record")
    );

    // The offerer's own move keeps the offer; the opponent's move declines it, and reports the
    // offer's message, whose buttons no longer apply.
    service
        .draw(CHANNEL, ALICE)
        .await
        .expect("offer a third time");
    assert!(
        service
            .record_draw_offer_message(view.id, 42)
            .await
            .expect("record")
    );
    let outcome = service.play(CHANNEL, ALICE, "b6-c6").await.expect("move");
    assert_eq!(outcome.view.draw_offer, Some(Side::First));
    assert_eq!(outcome.view.ended_draw_offer, None);
    let outcome = service.play(CHANNEL, BOB, "j6-i6").await.expect("move");
    assert_eq!(outcome.view.draw_offer, None);
    assert_eq!(outcome.view.ended_draw_offer, Some(42));
    // Reported once: the next command has nothing to report.
    let outcome = service.end_turn(CHANNEL, BOB).await.expect("end");
    assert_eq!(outcome.view.ended_draw_offer, None);

    service.draw(CHANNEL, BOB).await.expect("green offers");
    assert!(
        service
            .record_draw_offer_message(view.id, 43)
            .await
            .expect("record")
    );
    let view = service.draw(CHANNEL, ALICE).await.expect("red accepts");
    assert_eq!(view.outcome, Some(Outcome::DrawAgreed));
    assert_eq!(view.draw_offer, None);
    assert_eq!(view.ended_draw_offer, Some(43));
    assert!(
        service
            .game_in_channel(CHANNEL)
            .await
            .expect("read")
            .is_none()
    );
    let (_, history) = service.history(CHANNEL).await.expect("history");
    let words: Vec<&str> = history.iter().map(|e| e.notation.as_str()).collect();
    assert_eq!(
        words,
        [
            "draw offered",
            "draw declined",
            "draw offered",
            "draw withdrawn",
            "draw offered",
            "b6-c6",
            "j6-i6",
            "end",
            "draw offered",
            "draw accepted"
        ]
    );
}

#[tokio::test]
async fn fanorona_plays_whole_chains_and_end_only_stops_a_chain() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    start_game(&service, CHANNEL, GameKind::Fanorona).await;
    assert_eq!(
        refusal(service.end_turn(CHANNEL, ALICE).await),
        Refusal::NoChainToStop { batch: false }
    );
    // d2-e3 captures f4 and g5 by approach.
    let outcome = service
        .play(CHANNEL, ALICE, "d2-e3")
        .await
        .expect("capture");
    assert_eq!(
        outcome.played.first().map(|p| p.notation()),
        Some("d2-e3+".to_string())
    );
    if outcome.view.game.chain_in_progress() {
        assert!(!outcome.turn_passed);
        let stopped = service.end_turn(CHANNEL, ALICE).await.expect("stop chain");
        assert!(stopped.turn_passed);
        assert_eq!(stopped.view.player_to_move(), Some(BOB));
    } else {
        assert!(outcome.turn_passed);
        assert_eq!(outcome.view.player_to_move(), Some(BOB));
    }
    let view = service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("game");
    assert_eq!(view.game.side_to_move(), Side::Second);
    assert!(view.game.position_string().ends_with(" b"));
}

// --- reading ------------------------------------------------------------------------------------

#[tokio::test]
async fn the_overview_lists_a_users_active_games_and_open_challenges_in_a_guild() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    start_game(&service, CHANNEL, GameKind::Fibonacci).await;
    start_game(&service, CHANNEL + 1, GameKind::Fanorona).await;
    service.resign(CHANNEL + 1, ALICE).await.expect("resign");
    service
        .challenge(new_challenge(
            CHANNEL + 2,
            GameKind::Fanorona,
            ColourChoice::Random,
        ))
        .await
        .expect("challenge");
    let mut elsewhere = new_challenge(CHANNEL + 3, GameKind::Fanorona, ColourChoice::Random);
    elsewhere.guild = GUILD + 1;
    service.challenge(elsewhere).await.expect("other guild");

    let overview = service.overview(GUILD, BOB).await.expect("overview");
    assert_eq!(
        overview.games.iter().map(|g| g.channel).collect::<Vec<_>>(),
        [CHANNEL]
    );
    assert_eq!(
        overview
            .challenges
            .iter()
            .map(|c| c.channel)
            .collect::<Vec<_>>(),
        [CHANNEL + 2]
    );
    let carol = service.overview(GUILD, CAROL).await.expect("overview");
    assert!(carol.games.is_empty() && carol.challenges.is_empty());
}

#[tokio::test]
async fn the_history_has_every_entry_with_timestamps_and_exports_as_text() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    let started = chrono::Utc::now();
    start_game(&service, CHANNEL, GameKind::Fibonacci).await;
    service.play(CHANNEL, ALICE, "b6-c6").await.expect("turn 1");
    service
        .play(CHANNEL, BOB, "j6-i6 i6-h6")
        .await
        .expect("turn 2");
    service.play(CHANNEL, ALICE, "c6-d6").await.expect("turn 3");
    service.end_turn(CHANNEL, ALICE).await.expect("end turn 3");
    service.resign(CHANNEL, BOB).await.expect("resign");
    let (view, history) = service.history(CHANNEL).await.expect("history");
    let rows: Vec<(i32, u32, Side, u64, &str, bool)> = history
        .iter()
        .map(|e| {
            (
                e.ply,
                e.turn,
                e.side,
                e.user,
                e.notation.as_str(),
                e.is_move,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (1, 1, Side::First, ALICE, "b6-c6", true),
            (2, 2, Side::Second, BOB, "j6-i6", true),
            (3, 2, Side::Second, BOB, "i6-h6", true),
            (4, 3, Side::First, ALICE, "c6-d6", true),
            (5, 3, Side::First, ALICE, "end", true),
            (6, 4, Side::Second, BOB, "resign", false),
        ]
    );
    assert!(
        history
            .iter()
            .all(|e| e.at >= started - chrono::Duration::seconds(5))
    );
    assert!(history.windows(2).all(|w| w[0].at <= w[1].at));

    let text = Service::history_text(&view, &history, mention);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "fibonacci, variant standard, group same-category, clock 3d"
    );
    assert_eq!(lines[1], format!("red: <@{ALICE}>  green: <@{BOB}>"));
    assert!(lines[2].starts_with("  1. red    b6-c6 "), "{text}");
    assert!(lines[3].starts_with("  2. green  j6-i6 i6-h6 "), "{text}");
    assert!(lines[4].starts_with("  3. red    c6-d6 end "), "{text}");
    assert!(lines[5].starts_with("  4. green  resign "), "{text}");
    assert!(lines[2].ends_with(" UTC"), "{text}");
    assert_eq!(lines[6], "red wins (green resigned)");
    assert_eq!(lines.len(), 7);
}

#[tokio::test]
async fn the_cards_seed_is_never_shown() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    let mut new = new_challenge(CHANNEL, GameKind::Fibonacci, ColourChoice::ChallengerFirst);
    let options = fibonacci_bot::engine::fibonacci::Options {
        variant: fibonacci_bot::engine::fibonacci::Variant::Cards,
        ..Default::default()
    };
    new.config = Config::Fibonacci(options);
    let challenge = service.challenge(new).await.expect("challenge");
    let view = service.accept(challenge.id, BOB).await.expect("accept");
    let admin = sqlx::PgPool::connect(db.url()).await.expect("connect");
    let seed: i64 = sqlx::query_scalar("SELECT seed FROM games WHERE id = $1")
        .bind(view.id)
        .fetch_one(&admin)
        .await
        .expect("seed");
    let seed = u64::from_ne_bytes(seed.to_ne_bytes());
    // The game replays from the stored seed: the same card as a new game from that seed.
    assert_eq!(
        view.game.card(),
        Game::new(Config::Fibonacci(options), seed).card()
    );
    service.end_turn(CHANNEL, ALICE).await.expect("end");
    let (view, history) = service.history(CHANNEL).await.expect("history");
    let text = Service::history_text(&view, &history, mention);
    assert!(!text.contains(&seed.to_string()), "{text}");
    assert!(!text.contains(&(seed as i64).to_string()), "{text}");
    admin.close().await;
}

// --- the move log is the truth ------------------------------------------------------------------

/// A service keeps the logs of the games it played lately (so that the next move does not read
/// and replay the whole log), under the game row's version: a game changed by another writer
/// (here a second bot on the same database) is read afresh, by moves and by spectators alike.
#[tokio::test]
async fn a_game_changed_by_another_service_is_read_afresh() {
    let db = common::fresh_database().await;
    let first = service(&db).await;
    let second = service(&db).await;
    start_game(&first, CHANNEL, GameKind::Fibonacci).await;
    first.play(CHANNEL, ALICE, "b6-c6").await.expect("turn 1");
    // The first service has seen the board after turn 1; the second plays turn 2.
    let seen = first.game_in_channel(CHANNEL).await.expect("read");
    assert_eq!(seen.map(|v| v.player_to_move()), Some(Some(BOB)));
    second
        .play(CHANNEL, BOB, "j6-i6 i6-h6")
        .await
        .expect("turn 2, through the other service");
    let seen = first
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("a game");
    assert_eq!(notations(&seen), ["j6-i6", "i6-h6"]);
    assert_eq!(seen.player_to_move(), Some(ALICE));
    // Red's turn 3 through the first service, on top of the moves it did not make.
    let outcome = first
        .play(CHANNEL, ALICE, "c6-d6")
        .await
        .expect("turn 3 through the first service");
    let both = second
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("a game");
    assert_eq!(
        outcome.view.game.position_string(),
        both.game.position_string()
    );
    // Both know it is still Red's turn.
    for service in [&first, &second] {
        let refused = refusal(service.play(CHANNEL, BOB, "h6-g6").await);
        assert!(
            matches!(refused, Refusal::NotYourTurn { .. }),
            "{refused:?}"
        );
    }
}

#[tokio::test]
async fn a_stored_position_that_differs_from_the_log_replay_is_an_internal_error() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    let view = start_game(&service, CHANNEL, GameKind::Fibonacci).await;
    service.play(CHANNEL, ALICE, "b6-c6").await.expect("turn 1");
    let admin = sqlx::PgPool::connect(db.url()).await.expect("connect");
    let start = Game::new(Config::default_for(GameKind::Fibonacci), 0).position_string();
    sqlx::query("UPDATE games SET position = $2 WHERE id = $1")
        .bind(view.id)
        .bind(&start)
        .execute(&admin)
        .await
        .expect("tamper");
    assert!(matches!(
        service.game_in_channel(CHANNEL).await,
        Err(AppError::Internal(_))
    ));
    assert!(matches!(
        service.play(CHANNEL, BOB, "j6-i6").await,
        Err(AppError::Internal(_))
    ));
    // Never silently fixed: the tampered row is still there, the log unchanged.
    let position: String = sqlx::query_scalar("SELECT position FROM games WHERE id = $1")
        .bind(view.id)
        .fetch_one(&admin)
        .await
        .expect("read");
    assert_eq!(position, start);
    let logged: i64 = sqlx::query_scalar("SELECT count(*) FROM moves WHERE game_id = $1")
        .bind(view.id)
        .fetch_one(&admin)
        .await
        .expect("read");
    assert_eq!(logged, 1);
    admin.close().await;
}

#[tokio::test]
async fn a_log_entry_the_engine_refuses_is_an_internal_error() {
    let db = common::fresh_database().await;
    let service = service(&db).await;
    let view = start_game(&service, CHANNEL, GameKind::Fibonacci).await;
    service.play(CHANNEL, ALICE, "b6-c6").await.expect("turn 1");
    let admin = sqlx::PgPool::connect(db.url()).await.expect("connect");
    sqlx::query("UPDATE moves SET notation = 'a6-b5' WHERE game_id = $1 AND ply = 1")
        .bind(view.id)
        .execute(&admin)
        .await
        .expect("tamper");
    let result = service.history(CHANNEL).await;
    assert!(matches!(result, Err(AppError::Internal(_))), "{result:?}");
    admin.close().await;
}

#[test]
fn the_test_helper_replaces_only_the_database_name_of_a_url() {
    assert_eq!(
        common::with_database("postgres://postgres@127.0.0.1:5432/postgres", "t1"),
        "postgres://postgres@127.0.0.1:5432/t1"
    );
    assert_eq!(
        common::with_database("postgres://u:p@h:1/db?sslmode=disable", "t2"),
        "postgres://u:p@h:1/t2?sslmode=disable"
    );
    assert_eq!(
        common::with_database("postgres://u@h", "t3"),
        "postgres://u@h/t3"
    );
}

/// The one-per-channel rule holds under races because the database enforces it: of many
/// simultaneous challenges in one channel exactly one is stored, and a claim written behind the
/// service's back is refused by the primary key too.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_channel_rule_is_a_database_constraint_that_holds_under_races() {
    let db = common::fresh_database().await;
    let service = std::sync::Arc::new(service(&db).await);
    let mut tasks = Vec::new();
    for challenger in 100..120u64 {
        let service = std::sync::Arc::clone(&service);
        tasks.push(tokio::spawn(async move {
            let mut new = new_challenge(CHANNEL, GameKind::Fibonacci, ColourChoice::Random);
            new.challenger = challenger;
            service.challenge(new).await
        }));
    }
    let mut stored = Vec::new();
    let mut refused = Vec::new();
    for task in tasks {
        match task.await.expect("task") {
            Ok(challenge) => stored.push(challenge.challenger),
            Err(AppError::Refused(refusal)) => refused.push(refusal),
            Err(other) => panic!("not a refusal: {other:?}"),
        }
    }
    assert_eq!(stored.len(), 1);
    assert_eq!(refused.len(), 19);
    // Every loser is told that the channel is busy (worded with the thread hint): held by the
    // one stored challenge, or taken in the same moment.
    for refusal in &refused {
        assert!(
            matches!(
                refusal,
                Refusal::ChannelBusy(ChannelHolder::Challenge { challenger, challenged: BOB })
                    if *challenger == stored[0]
            ) || *refusal == Refusal::ChannelBusy(ChannelHolder::JustTaken),
            "{refusal:?}"
        );
    }

    let admin = sqlx::PgPool::connect(db.url()).await.expect("connect");
    let open: i64 = sqlx::query_scalar("SELECT count(*) FROM challenges WHERE state = 'open'")
        .fetch_one(&admin)
        .await
        .expect("count");
    assert_eq!(open, 1);
    // A challenge written behind the service's back, then a claim of the taken channel for it.
    let challenge_id: i64 = sqlx::query_scalar(
        "INSERT INTO challenges (challenger, challenged, guild_id, channel_id, options, colour) \
         VALUES (1, 2, 7, 5, 'fibonacci variant=standard group=same-category', 'random') \
         RETURNING id",
    )
    .fetch_one(&admin)
    .await
    .expect("insert");
    let error =
        sqlx::query("INSERT INTO channel_claims (channel_id, challenge_id) VALUES ($1, $2)")
            .bind(CHANNEL as i64)
            .bind(challenge_id)
            .execute(&admin)
            .await
            .expect_err("a second claim on the channel");
    let database_error = error.as_database_error();
    let code = database_error.and_then(|e| e.code()).map(|c| c.to_string());
    assert_eq!(
        database_error.and_then(|e| e.constraint()),
        Some("channel_claims_pkey")
    );
    assert_eq!(code.as_deref(), Some("23505"), "{error}");
    admin.close().await;
}
