//! End to end: playing by menus (issue 35). The Play button under every board opens a private
//! panel for the player to move; its menus, End turn, Stop here and Undo play through the same
//! transactions as typed moves, and a panel built from another moment of the game is refused and
//! refreshed without playing anything.

use crate::fake_discord::*;
use fibonacci_bot::ai::{self, Level};
use fibonacci_bot::engine::{Config, Game, GameKind, Side, Status, fanorona};
use serde_json::json;

/// The id, version and position of the latest game of GENERAL.
async fn stored(t: &Table) -> (i64, i32, String) {
    let row: String = t
        .sql_value(
            "SELECT id || ' ' || version || ' ' || position FROM games \
             WHERE id = (SELECT max(id) FROM games WHERE channel_id = $1)",
            GENERAL,
        )
        .await;
    let mut parts = row.splitn(3, ' ');
    let id = parts.next().and_then(|p| p.parse().ok()).expect("an id");
    let version = parts
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a version");
    (id, version, parts.next().expect("a position").to_string())
}

/// The latest message of GENERAL with a component whose custom id starts with `prefix`.
fn latest_with(t: &Table, prefix: &str) -> Posted {
    t.fake.latest_with_prefix(GENERAL, prefix)
}

/// The custom id starting with `prefix` on `message`, if any.
fn id_on(message: &Posted, prefix: &str) -> Option<String> {
    custom_ids(&message.components)
        .into_iter()
        .find(|c| c.starts_with(prefix))
}

/// Presses Play under the latest board as `user`.
async fn press_play(t: &Table, user: u64) -> Reply {
    let board = latest_with(t, "fb:play:");
    let id = id_on(&board, "fb:play:").expect("a Play button");
    let sent = t.fake.click(user, GENERAL, &id);
    t.fake.reply(&sent).await
}

/// The open panel: the latest message with a panel menu or button.
fn panel(t: &Table) -> Posted {
    latest_with(t, "fb:panel-")
}

/// Picks `value` in the panel's menu `part` (`piece` or `move`) as `user`.
async fn pick(t: &Table, user: u64, part: &str, value: &str) -> (Sent, Reply) {
    let id = id_on(&panel(t), &format!("fb:panel-{part}:"))
        .unwrap_or_else(|| panic!("the panel has no {part} menu: {:?}", panel(t).content));
    let sent = t.fake.select(user, GENERAL, &id, value);
    let reply = t.fake.reply(&sent).await;
    (sent, reply)
}

/// Presses the panel's button `part` (`end` or `undo`) as `user`.
async fn press(t: &Table, user: u64, part: &str) -> (Sent, Reply) {
    let id = id_on(&panel(t), &format!("fb:panel-{part}:"))
        .unwrap_or_else(|| panic!("the panel has no {part} button: {:?}", panel(t).content));
    let sent = t.fake.click(user, GENERAL, &id);
    let reply = t.fake.reply(&sent).await;
    (sent, reply)
}

/// Plays the unit move `word` (`b6-c6`) from the open Fibonacci panel: its piece, then its
/// destination. Returns the second pick.
async fn play_unit(t: &Table, user: u64, word: &str) -> (Sent, Reply) {
    let from = word.split('-').next().expect("from-to");
    let (_, chosen) = pick(t, user, "piece", from).await;
    assert_eq!(
        chosen.kind, 7,
        "choosing a piece updates the panel: {chosen:?}"
    );
    assert!(chosen.content.contains(from), "{}", chosen.content);
    pick(t, user, "move", word).await
}

/// The descriptions the panel's move menu gives, by value.
fn move_descriptions(message: &Posted) -> Vec<(String, String)> {
    let id = id_on(message, "fb:panel-move:").expect("a move menu");
    select_options(&message.components, &id)
        .iter()
        .map(|o| {
            (
                o["value"].as_str().unwrap_or("").to_string(),
                o["description"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_fibonacci_game_is_played_to_its_end_with_the_menus_alone() {
    let mut t = Table::open().await;
    // Accepting turns the challenge into the first board.
    let (board, _) = t
        .start_game(
            GENERAL,
            &[("game", json!("fibonacci")), ("colour", json!("red"))],
        )
        .await;
    let (game_id, _, start) = stored(&t).await;
    assert!(
        board.custom_ids().contains(&format!("fb:play:{game_id}")),
        "the first board carries Play: {:?}",
        board.custom_ids()
    );
    let mut game = Game::new(Config::default_for(GameKind::Fibonacci), 0);
    assert_eq!(game.position_string(), start);

    // Bob presses Play on Alice's turn: told whose turn it is, privately.
    let early = press_play(&t, BOB).await;
    assert!(early.ephemeral, "{early:?}");
    assert!(
        early.content.contains(&format!("<@{ALICE}>")) && early.content.contains("Red"),
        "{}",
        early.content
    );

    // Alice's panel: the board, the pieces that can move, End turn; no Undo yet.
    let opened = press_play(&t, ALICE).await;
    assert!(opened.ephemeral && opened.has_png(), "{opened:?}");
    assert!(opened.content.contains("Turn 1"), "{}", opened.content);
    let ids = opened.custom_ids();
    assert!(
        ids.iter().any(|i| i.starts_with("fb:panel-piece:")),
        "{ids:?}"
    );
    assert!(
        ids.iter().any(|i| i.starts_with("fb:panel-end:")),
        "{ids:?}"
    );
    assert!(
        !ids.iter().any(|i| i.starts_with("fb:panel-undo:")),
        "{ids:?}"
    );
    assert!(
        !ids.iter().any(|i| i.starts_with("fb:panel-move:")),
        "{ids:?}"
    );

    // Turn 1: an exchange, said as one in the menu; it ends Red's one-move turn.
    let exchange = fibonacci_bot::app::menu_moves(&game)
        .into_iter()
        .find(|m| matches!(m.effect, fibonacci_bot::app::MoveEffect::Exchange { .. }))
        .expect("an exchange at the start");
    let from = exchange.from.clone().expect("a unit move starts somewhere");
    pick(&t, ALICE, "piece", &from).await;
    let said = move_descriptions(&panel(&t));
    let (_, description) = said
        .iter()
        .find(|(value, _)| *value == exchange.notation)
        .expect("the exchange is offered");
    assert!(description.contains("⇄ exchanges with"), "{said:?}");
    let (sent, done) = pick(&t, ALICE, "move", &exchange.notation).await;
    game.play(&exchange.notation).expect("legal");
    assert_eq!(done.kind, 7, "the panel is updated in place: {done:?}");
    assert!(done.content.contains("✅"), "{}", done.content);
    assert!(
        done.custom_ids().is_empty(),
        "a played turn's panel loses its menus"
    );
    let follow = t.fake.followups(&sent, 2).await;
    assert!(
        !follow[0].ephemeral && follow[0].has_png(),
        "{:?}",
        follow[0]
    );
    assert!(
        follow[0].content.contains(&exchange.notation),
        "{}",
        follow[0].content
    );
    assert!(
        follow[0]
            .custom_ids()
            .contains(&format!("fb:play:{game_id}"))
    );
    assert!(
        follow[1].content.contains(&format!("<@{BOB}>")),
        "{}",
        follow[1].content
    );
    assert_eq!(stored(&t).await.2, game.position_string());

    // Turn 2 (Bob, two moves): a move, Undo, another move, then End turn with one move left.
    press_play(&t, BOB).await;
    let first = game.legal_moves()[0].clone();
    let (_, moved) = play_unit(&t, BOB, &first).await;
    assert!(
        moved.content.contains(&format!("You played {first}")),
        "{}",
        moved.content
    );
    assert!(moved.content.contains("1 move left"), "{}", moved.content);
    assert!(moved.has_png(), "the panel shows the new position");
    // A restart between two picks: the panel's ids still name the game as it stands.
    t.kill_and_restart().await;
    let (_, undone) = press(&t, BOB, "undo").await;
    assert!(
        undone.content.contains(&format!("You took back {first}")),
        "{}",
        undone.content
    );
    assert!(
        !undone
            .custom_ids()
            .iter()
            .any(|i| i.starts_with("fb:panel-undo:"))
    );
    assert_eq!(
        stored(&t).await.2,
        game.position_string(),
        "Undo took it back"
    );
    let second = game.legal_moves()[1].clone();
    play_unit(&t, BOB, &second).await;
    game.play(&second).expect("legal");
    let (sent, ended) = press(&t, BOB, "end").await;
    game.play("end").expect("Green may end early");
    assert!(ended.content.contains("✅"), "{}", ended.content);
    let follow = t.fake.followups(&sent, 2).await;
    assert!(follow[0].content.contains(&second), "{}", follow[0].content);
    assert!(follow[1].content.contains(&format!("<@{ALICE}>")));
    assert_eq!(stored(&t).await.2, game.position_string());

    // The rest of the game: Alice's turns are the AI's choice, Bob ends his turns at once; all
    // through the panel, until the game is over.
    let mut turns: u64 = 2;
    while game.status() == Status::Ongoing {
        turns += 1;
        assert!(
            turns < 120,
            "the game should be over by now: {}",
            game.position_string()
        );
        let number = game.turn_number();
        let red = game.side_to_move() == Side::First;
        let user = if red { ALICE } else { BOB };
        let opened = press_play(&t, user).await;
        assert!(opened.ephemeral, "{opened:?}");
        let words = if red {
            ai::turn(&game, Level::Medium, turns).expect("a turn")
        } else {
            vec!["end".to_string()]
        };
        let mut last = None;
        for word in &words {
            let played = if word == "end" {
                press(&t, user, "end").await
            } else {
                play_unit(&t, user, word).await
            };
            game.play(word).expect("the AI's moves are legal");
            last = Some(played);
        }
        if game.status() == Status::Ongoing && game.turn_number() == number {
            last = Some(press(&t, user, "end").await);
            game.play("end").expect("an early end");
        }
        let (sent, reply) = last.expect("a turn plays something");
        assert!(reply.content.contains("✅"), "{}", reply.content);
        t.fake.followups(&sent, 2).await;
        assert_eq!(stored(&t).await.2, game.position_string());
    }
    let outcome: Option<String> = t
        .sql_value(
            "SELECT outcome::text FROM games WHERE id = $1",
            game_id as u64,
        )
        .await;
    assert!(outcome.is_some(), "the game is over in the store");
    assert!(t.fake.violations().is_empty(), "{:?}", t.fake.violations());
    t.close().await;
}

#[tokio::test]
async fn a_fanorona_chain_offers_approach_and_withdrawal_and_stops_here() {
    let t = Table::open().await;
    t.start_game(
        GENERAL,
        &[("game", json!("fanorona")), ("colour", json!("white"))],
    )
    .await;
    let mut game = Game::new(Config::Fanorona(fanorona::Options::default()), 0);
    // Openings of first legal moves, until a step may capture both ways.
    // Openings chosen by the AI, until a step may capture both ways and one of the two goes on
    // as a chain.
    let (step, chained) = loop {
        let moves = fibonacci_bot::app::menu_moves(&game);
        let found = moves.iter().find_map(|m| {
            let twins: Vec<_> = moves
                .iter()
                .filter(|o| o.from == m.from && o.to == m.to)
                .collect();
            let goes_on = twins.iter().find(|o| {
                let mut after = game.clone();
                after.play(&o.notation).is_ok() && after.chain_in_progress()
            })?;
            let from = goes_on.from.clone()?;
            (twins.len() == 2).then(|| (format!("{from}-{}", goes_on.to), goes_on.notation.clone()))
        });
        if let Some(found) = found {
            break found;
        }
        let user = if game.side_to_move() == Side::First {
            ALICE
        } else {
            BOB
        };
        let turn = ai::turn(&game, Level::Easy, game.turn_number().into()).expect("a turn");
        t.play(user, GENERAL, &turn.join(" ")).await;
        for word in &turn {
            game.play(word).expect("legal");
        }
        assert!(game.turn_number() < 60, "no chained double capture came up");
    };
    let user = if game.side_to_move() == Side::First {
        ALICE
    } else {
        BOB
    };
    // The panel speaks its user's language.
    t.fake.set_locale(user, "fr");
    let opened = press_play(&t, user).await;
    assert!(opened.ephemeral && opened.has_png(), "{opened:?}");
    assert!(opened.content.contains("vous jouez"), "{}", opened.content);
    if id_on(&panel(&t), "fb:panel-piece:").is_some() {
        // More than 25 steps: the panel asks for the piece first.
        let from = step.split('-').next().expect("from-to");
        pick(&t, user, "piece", from).await;
    }
    let said = move_descriptions(&panel(&t));
    for way in ["par approche", "par éloignement"] {
        assert!(
            said.iter()
                .any(|(v, d)| v.starts_with(&step) && d.contains(way)),
            "{way}: {said:?}"
        );
    }
    let (_, reply) = pick(&t, user, "move", &chained).await;
    game.play(&chained).expect("legal");
    // The chain goes on: only its continuations, and Stop here.
    assert!(
        reply.content.contains("continue depuis"),
        "{}",
        reply.content
    );
    let ids = reply.custom_ids();
    assert!(
        ids.iter().any(|i| i.starts_with("fb:panel-move:")),
        "{ids:?}"
    );
    assert!(
        ids.iter().any(|i| i.starts_with("fb:panel-end:")),
        "{ids:?}"
    );
    let continuations = game.legal_moves();
    let offered = move_descriptions(&panel(&t));
    assert!(
        offered
            .iter()
            .all(|(v, _)| continuations.iter().any(|c| c.starts_with(v.as_str()))),
        "{offered:?} vs {continuations:?}"
    );
    let (sent, stopped) = press(&t, user, "end").await;
    game.play("end").expect("a chain may stop");
    assert!(stopped.content.contains("✅"), "{}", stopped.content);
    let follow = t.fake.followups(&sent, 2).await;
    assert!(
        follow[0].content.contains(&chained),
        "{}",
        follow[0].content
    );
    assert_eq!(stored(&t).await.2, game.position_string());
    assert!(t.fake.violations().is_empty(), "{:?}", t.fake.violations());
    t.close().await;
}

#[tokio::test]
async fn a_stale_or_forged_panel_plays_nothing() {
    let t = Table::open().await;
    t.start_game(
        GENERAL,
        &[("game", json!("fibonacci")), ("colour", json!("red"))],
    )
    .await;
    let game = Game::new(Config::default_for(GameKind::Fibonacci), 0);
    let (game_id, version, _) = stored(&t).await;
    press_play(&t, ALICE).await;
    let old = panel(&t);
    let word = game.legal_moves()[0].clone();
    let from = word.split('-').next().expect("from").to_string();
    pick(&t, ALICE, "piece", &from).await;
    let before_typing = panel(&t);

    // Alice plays by typing meanwhile: the panel is now stale.
    t.play(ALICE, GENERAL, &word).await;
    let after = stored(&t).await;
    let move_id = id_on(&before_typing, "fb:panel-move:").expect("a move menu");
    let other = game.legal_moves()[1].clone();
    let sent = t.fake.select_on(ALICE, &before_typing, &move_id, &[&other]);
    let refreshed = t.fake.reply(&sent).await;
    assert!(
        refreshed.content.contains("moved on"),
        "{}",
        refreshed.content
    );
    assert_eq!(stored(&t).await, after, "nothing was played");

    // Forged ids: another game, a turn not yet reached, garbage; and someone else's pick.
    let forged = [
        format!("fb:panel-move:{}:1:{version}", game_id + 1),
        format!("fb:panel-move:{game_id}:9:{}", version + 5),
        "fb:panel-move:x:y:z".to_string(),
    ];
    for id in &forged {
        let sent = t.fake.select_on(BOB, &old, id, &[&other]);
        let reply = t.fake.reply(&sent).await;
        // A refusal, or Bob's own fresh panel (his turn now) in place of the clicked one.
        assert!(reply.ephemeral || reply.kind == 7, "{id}: {reply:?}");
        assert_eq!(stored(&t).await, after, "{id} played nothing");
    }
    let (_, _, position) = stored(&t).await;
    let current = Game::from_position(Config::default_for(GameKind::Fibonacci), 0, &position)
        .expect("the stored position");
    let bobs = current.legal_moves()[0].clone();
    let live = format!(
        "fb:panel-move:{game_id}:{}:{}",
        current.turn_number(),
        after.1
    );
    let sent = t.fake.select_on(ALICE, &old, &live, &[&bobs]);
    let reply = t.fake.reply(&sent).await;
    assert!(reply.ephemeral, "{reply:?}");
    assert!(
        reply.content.contains(&format!("<@{BOB}>")),
        "{}",
        reply.content
    );
    assert_eq!(stored(&t).await, after, "Alice cannot play Bob's turn");
    assert!(t.fake.violations().is_empty(), "{:?}", t.fake.violations());
    t.close().await;
}
