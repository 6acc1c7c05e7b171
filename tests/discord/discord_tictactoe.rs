//! End-to-end: the third game, tic-tac-toe (`cargo test --features third-game --test discord
//! discord_tictactoe`), played through the fake Discord by the real bot like the other games:
//! challenge, moves, a refusal in the game's own words, the board, a win, the history, and the
//! rating change. It proves that a game is its own files plus one line in the list of games.

use crate::fake_discord::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tictactoe_is_challenged_played_won_recorded_and_rated_through_discord() {
    let t = Table::open().await;
    let (accepted, _) = t
        .start_game(
            GENERAL,
            &[("game", json!("tictactoe")), ("colour", json!("cross"))],
        )
        .await;
    assert!(
        accepted.content.contains("Tic-tac-toe"),
        "{}",
        accepted.content
    );
    let first = accepted
        .files
        .iter()
        .find(|f| f.is_png())
        .expect("the first board comes with the accepted challenge");
    let image = image::load_from_memory(&first.bytes).expect("the board decodes");
    assert_eq!((image.width(), image.height()), (1000, 132 + 680 + 96));

    // Cross (Alice) builds the a-column; Nought (Bob) answers on b.
    t.play(ALICE, GENERAL, "a1").await;
    let taken = t
        .refused(BOB, GENERAL, "move", &[("moves", json!("a1"))])
        .await;
    assert!(
        taken.contains("a1 is taken: choose an empty square"),
        "the game's own refusal: {taken}"
    );
    let off = t
        .refused(BOB, GENERAL, "move", &[("moves", json!("d4"))])
        .await;
    assert!(off.contains("is not a square"), "{off}");
    let not_yours = t
        .refused(ALICE, GENERAL, "move", &[("moves", json!("b1"))])
        .await;
    assert!(!not_yours.is_empty());
    t.play(BOB, GENERAL, "b1").await;
    t.play(ALICE, GENERAL, "a2").await;
    t.play(BOB, GENERAL, "b2").await;
    // A spectator looks at the board of the game in progress.
    let (_, board) = t.say(CAROL, GENERAL, "board", &[]).await;
    assert!(!board.ephemeral && board.has_png(), "{board:?}");
    let (sent, won) = t.play(ALICE, GENERAL, "a3").await;
    assert!(won.content.contains("Game over"), "{}", won.content);
    let over = t.fake.followups(&sent, 1).await;
    let end = &over[0].content;
    assert!(
        end.contains(&format!("Cross <@{ALICE}> wins"))
            && end.contains("three marks stand in a row"),
        "the end message names the winner and how: {end}"
    );
    assert!(
        end.contains(&format!(
            "Tic-tac-toe ratings: <@{ALICE}> 1500 → 1662 (+162), <@{BOB}> 1500 → 1338 (-162)"
        )),
        "{end}"
    );

    let (_, history) = t.say(CAROL, GENERAL, "history", &[]).await;
    let file = history
        .files
        .iter()
        .find(|f| f.filename.ends_with(".txt"))
        .expect("the history comes as a text file");
    let text = String::from_utf8_lossy(&file.bytes).to_string();
    assert!(text.starts_with("tictactoe"), "{text}");
    for m in ["a1", "b1", "a2", "b2", "a3"] {
        assert!(text.contains(m), "{m} missing from the history:\n{text}");
    }
    assert!(
        text.contains("cross wins (three in a row)"),
        "the result line: {text}"
    );

    let (_, leaderboard) = t
        .say(CAROL, OTHER, "leaderboard", &[("game", json!("tictactoe"))])
        .await;
    assert!(
        leaderboard
            .content
            .contains(&format!("<@{ALICE}> **1662** ± 581 · 1 game")),
        "{}",
        leaderboard.content
    );
    let stored: String = t
        .sql_value(
            "SELECT options || ' ' || win_reason FROM games WHERE channel_id = $1",
            GENERAL,
        )
        .await;
    assert_eq!(stored, "tictactoe three-in-a-row");
    let rated: i64 = t
        .sql_value(
            "SELECT count(*) FROM ratings WHERE game = 'tictactoe' AND $1 > 0",
            1,
        )
        .await;
    assert_eq!(rated, 2);
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_plays_tictactoe_and_rules_explain_it() {
    let t = Table::open().await;
    let (_, rules) = t
        .say(ALICE, OTHER, "rules", &[("game", json!("tictactoe"))])
        .await;
    assert!(
        rules.content.contains("**Tic-tac-toe**") && rules.has_png(),
        "{}",
        rules.content
    );
    t.fake.add_user(BOT_ID, "fibonacci-bot");
    let (_, started) = t
        .say(
            ALICE,
            GENERAL,
            "challenge",
            &[
                ("opponent", json!(BOT_ID)),
                ("game", json!("tictactoe")),
                ("colour", json!("nought")),
                ("level", json!("hard")),
            ],
        )
        .await;
    assert!(!started.ephemeral, "{}", started.content);
    // The bot moves first as Cross, with the engine's own notation.
    let posted = t.wait_posts(GENERAL, "(AI, hard) played", 1).await;
    assert!(posted[0].has_png(), "the AI's move comes with the board");
    let mark: String = t
        .sql_value(
            "SELECT notation FROM moves WHERE game_id = \
             (SELECT max(id) FROM games WHERE channel_id = $1) AND kind = 'move'",
            GENERAL,
        )
        .await;
    assert!(
        mark.len() == 2 && posted[0].content.contains(&mark),
        "{mark}: {}",
        posted[0].content
    );
    t.close().await;
}
