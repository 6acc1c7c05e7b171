//! End-to-end: what must survive — a killed process, simultaneous commands, a database that goes
//! away, a polite shutdown, a missing token (issue 6).

use std::time::Duration;

use crate::fake_discord::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_killed_mid_game_and_restarted_loses_nothing() {
    let mut t = Table::open().await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    t.play(ALICE, GENERAL, "b6-c6").await;
    // Green's turn 2 allows two moves: Bob plays one and is killed mid-turn.
    let (_, reply) = t.play(BOB, GENERAL, "j6-i6").await;
    assert!(reply.content.contains("1 move left"), "{}", reply.content);
    // An open challenge elsewhere, whose button must still work after the restart.
    let (_, challenge) = t
        .say(
            CAROL,
            OTHER,
            "challenge",
            &[("opponent", json!(ALICE)), ("colour", json!("green"))],
        )
        .await;
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|i| i.contains("accept"))
        .expect("Accept button");

    t.kill_and_restart().await;

    // The board is exactly where it was: Green, turn 2, one move left. The new process knows
    // no names yet: it asks Discord for the players' names to label the picture.
    let (_, board) = t.say(CAROL, GENERAL, "board", &[]).await;
    assert!(board.has_png());
    let asked = t.fake.requests();
    for player in [ALICE, BOB] {
        assert!(
            asked
                .iter()
                .any(|r| r.method == "GET" && r.path == format!("/api/v10/users/{player}")),
            "the restarted bot did not look up {player}'s name"
        );
    }
    assert!(board.content.contains("Turn 2"), "{}", board.content);
    assert!(
        board.content.contains(&format!("Green <@{BOB}> to move")),
        "{}",
        board.content
    );
    assert!(board.content.contains("1 move left"), "{}", board.content);
    let (_, history) = t.say(CAROL, GENERAL, "history", &[]).await;
    assert!(
        history.content.contains("b6-c6") && history.content.contains("j6-i6"),
        "{}",
        history.content
    );

    // Bob finishes his turn; Alice is pinged in a new message.
    let (sent, _) = t.play(BOB, GENERAL, "i6-h6").await;
    let ping = t.fake.followups(&sent, 1).await;
    assert!(
        ping[0].content.contains(&format!("<@{ALICE}>")),
        "{:?}",
        ping[0]
    );

    // The challenge made before the crash is accepted with its old button.
    let click = t.fake.click(ALICE, OTHER, &accept);
    let started = t.fake.reply(&click).await;
    assert!(!started.ephemeral && started.has_png(), "{started:?}");
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_sending_commands_at_the_same_moment() {
    let t = Table::open().await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;

    // Red has one move in turn 1. Alice sends two different first moves and Bob a move of his,
    // all at once. Whatever order they are handled in, exactly one of Alice's counts (the other
    // finds the turn passed), and Bob's counts only if it came after hers.
    let a1 = t
        .fake
        .command(ALICE, GENERAL, "move", &[("moves", json!("b6-c6"))]);
    let a2 = t
        .fake
        .command(ALICE, GENERAL, "move", &[("moves", json!("b6-c7"))]);
    let b = t
        .fake
        .command(BOB, GENERAL, "move", &[("moves", json!("k7-j7"))]);
    let (r1, r2, rb) = tokio::join!(t.fake.reply(&a1), t.fake.reply(&a2), t.fake.reply(&b));
    let accepted: Vec<_> = [&r1, &r2].into_iter().filter(|r| !r.ephemeral).collect();
    assert_eq!(
        accepted.len(),
        1,
        "exactly one of two simultaneous moves counts: {r1:?} {r2:?}"
    );
    assert!(accepted[0].has_png());
    for r in [&r1, &r2, &rb] {
        assert!(
            !r.content.contains("Sorry"),
            "a race is not an internal error: {r:?}"
        );
        assert_eq!(
            r.has_png(),
            !r.ephemeral,
            "accepted moves show the board: {r:?}"
        );
    }

    // Both players offer a draw at the same moment: the service serialises them (one offers and
    // the other accepts, or one of them is refused); never an error.
    let d1 = t.fake.command(ALICE, GENERAL, "draw", &[]);
    let d2 = t.fake.command(BOB, GENERAL, "draw", &[]);
    let (x, y) = tokio::join!(t.fake.reply(&d1), t.fake.reply(&d2));
    assert!(
        !x.ephemeral || !y.ephemeral,
        "at least one draw command counts: {x:?} {y:?}"
    );
    for r in [&x, &y] {
        assert!(
            !r.content.contains("Sorry"),
            "a race is not an internal error: {r:?}"
        );
    }

    // The history holds exactly one first move.
    let (_, history) = t.say(ALICE, GENERAL, "history", &[]).await;
    let file = history
        .files
        .iter()
        .find(|f| f.filename.ends_with(".txt"))
        .unwrap();
    let text = String::from_utf8_lossy(&file.bytes).to_string();
    let firsts = ["b6-c6", "b6-c7"]
        .iter()
        .filter(|m| text.contains(*m))
        .count();
    assert_eq!(firsts, 1, "{text}");
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unavailable_database_is_a_private_refusal_and_changes_nothing() {
    let t = Table::open().await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;

    t.db.proxy.cut();
    let sent = t
        .fake
        .command(ALICE, GENERAL, "move", &[("moves", json!("b6-c6"))]);
    let reply = t.fake.reply(&sent).await;
    assert!(reply.ephemeral, "{reply:?}");
    assert!(reply.content.contains("unavailable"), "{}", reply.content);
    assert!(!reply.has_png());
    assert_eq!(
        t.fake.followups_now(&sent),
        0,
        "a refusal posts nothing in the channel"
    );

    t.db.proxy.restore();
    let (_, board) = t.say(ALICE, GENERAL, "board", &[]).await;
    assert!(
        board.content.contains("Turn 1") && board.content.contains("1 move left"),
        "{}",
        board.content
    );
    t.play(ALICE, GENERAL, "b6-c6").await;
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_commit_lost_its_answer_is_answered_as_played() {
    let t = Table::open().await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;

    // The COMMIT of the transaction that logs b6-c6 reaches the server, which carries it out;
    // its connection is closed before the answer comes back.
    t.db.proxy.cut_after_commit_of("b6-c6");
    t.play(ALICE, GENERAL, "b6-c6").await;
    assert_eq!(t.db.proxy.commits_cut(), 1, "the COMMIT lost its answer");
    let logged: i64 = t
        .sql_value(
            "SELECT count(*) FROM moves WHERE notation = 'b6-c6' AND game_id = \
             (SELECT max(id) FROM games WHERE channel_id = $1)",
            GENERAL,
        )
        .await;
    assert_eq!(logged, 1, "played once");
    // The game goes on from there.
    let next = t.first_legal(GENERAL, "fibonacci").await;
    t.play(BOB, GENERAL, &next).await;
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_finishes_the_command_in_flight_and_exits_cleanly() {
    let mut t = Table::open().await;
    // Discord is slow to create threads today: the command is still running when the signal
    // arrives, and must be answered all the same.
    t.fake.delay_threads(Duration::from_millis(1200));
    let sent = t.fake.command(
        ALICE,
        GENERAL,
        "challenge",
        &[("opponent", json!(BOB)), ("thread", json!(true))],
    );
    t.fake
        .wait_for("the bot to ask for a thread", |v| {
            (v.threads_requested() > 0).then_some(())
        })
        .await;
    let status = t.bot.terminate();
    assert!(
        status.success(),
        "exit status {status:?}; log:\n{}",
        t.bot.log_text()
    );
    let reply = t.fake.reply(&sent).await;
    assert!(
        !reply.ephemeral,
        "the command in flight was answered: {reply:?}"
    );
    let (thread, _, _) = t.fake.threads()[0].clone();
    assert_eq!(
        t.fake.posted_in(thread).len(),
        1,
        "the challenge reached its thread"
    );
    let log = t.bot.log_text();
    assert!(
        log.contains("all interactions answered") && log.contains("stopped"),
        "{log}"
    );
    t.close().await;
}

#[test]
fn a_missing_token_is_a_clear_error_and_a_failure_exit() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .output()
        .expect("run fibonacci-bot");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("DISCORD_TOKEN"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_database_is_waited_for_and_never_called_unavailable() {
    use sqlx::Connection;
    let mut t = Table::open().await;
    // Two connections, both about to be taken by moves that wait for their games' rows.
    t.restart_with(&[("FIBONACCI_BOT_DB_CONNECTIONS", "2".to_string())])
        .await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    t.start_game(OTHER, &[("colour", json!("red"))]).await;

    // A long transaction elsewhere holds both games' rows: the database answers, it is busy.
    let mut holder = sqlx::PgConnection::connect(t.db.direct_url())
        .await
        .expect("connect");
    let mut hold = holder.begin().await.expect("begin");
    sqlx::query("SELECT id FROM games FOR UPDATE")
        .execute(&mut *hold)
        .await
        .expect("lock the games");
    let moves = [GENERAL, OTHER].map(|channel| {
        t.fake
            .command(ALICE, channel, "move", &[("moves", json!("b6-c6"))])
    });
    tokio::time::sleep(Duration::from_millis(700)).await;
    // Both pooled connections wait for a row: a look at the board waits for a connection,
    // longer than the pool's old 3-second limit.
    let look = t.fake.command(CAROL, GENERAL, "board", &[]);
    tokio::time::sleep(Duration::from_secs(4)).await;
    hold.rollback().await.expect("let go");

    for sent in moves.iter().chain([&look]) {
        let reply = t.fake.reply(sent).await;
        assert!(
            !reply.content.contains("unavailable"),
            "a busy database is not down: {}",
            reply.content
        );
        assert!(reply.deferred, "a slow answer is deferred: {reply:?}");
        let boards = t.fake.followups(sent, 1).await;
        assert!(boards[0].has_png(), "{:?}", boards[0]);
        assert!(!boards[0].ephemeral);
    }
    let (_, board) = t.say(CAROL, OTHER, "board", &[]).await;
    assert!(board.content.contains("Turn 2"), "{}", board.content);
    t.close().await;
}
