//! End to end: the swap rule on Discord (issue 60). `/challenge swap:True` offers it; Green
//! swaps by `/move swap` or by the panel's Swap button; the channel is told who now plays which
//! side, and the next ping goes to the player who now has Green's turn. A swap anywhere else is
//! refused privately with the engine's reason, and changes nothing.

use crate::fake_discord::*;
use serde_json::json;

/// The players' columns of `channel`'s latest game: (first, second).
async fn players(t: &Table, channel: u64) -> String {
    t.sql_value(
        "SELECT first_player || ' ' || second_player FROM games \
         WHERE id = (SELECT max(id) FROM games WHERE channel_id = $1)",
        channel,
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn green_swaps_by_command_or_by_the_panel_and_the_channel_is_told_who_plays_what() {
    let t = Table::open().await;
    let commands = t.fake.commands();
    let challenge = commands
        .iter()
        .find(|c| c["name"] == "challenge")
        .expect("/challenge");
    let swap = challenge["options"]
        .as_array()
        .expect("options")
        .iter()
        .find(|o| o["name"] == "swap")
        .expect("/challenge has a swap option")
        .clone();
    assert_eq!(swap["type"], 5, "a boolean option");
    assert_eq!(swap["name_localizations"]["fr"], "échange");
    assert!(
        swap["description"]
            .as_str()
            .is_some_and(|d| d.contains("swap rule")),
        "{swap}"
    );

    // Not for Fanorona: refused privately, saying whose option it is.
    let text = t
        .refused(
            ALICE,
            GENERAL,
            "challenge",
            &[
                ("opponent", json!(BOB)),
                ("game", json!("fanorona")),
                ("swap", json!(true)),
            ],
        )
        .await;
    assert!(text.contains("Fibonacci"), "{text}");

    // By command, in GENERAL: Alice (Red) opens, and may not swap herself.
    t.start_game(GENERAL, &[("swap", json!(true)), ("colour", json!("red"))])
        .await;
    let text = t
        .refused(ALICE, GENERAL, "move", &[("moves", json!("swap"))])
        .await;
    assert!(text.contains("swap"), "{text}");
    t.play(ALICE, GENERAL, "b6-c6").await;
    let before = players(&t, GENERAL).await;
    assert_eq!(before, format!("{ALICE} {BOB}"));
    // Nothing may follow a swap in the same command: refused, nothing changes.
    t.refused(BOB, GENERAL, "move", &[("moves", json!("swap k6-j6"))])
        .await;
    assert_eq!(players(&t, GENERAL).await, before);
    let (sent, swapped) = t.play(BOB, GENERAL, "swap").await;
    assert!(
        swapped.content.contains("swapped sides")
            && swapped.content.contains(&format!("<@{BOB}> now plays Red"))
            && swapped.content.contains(&format!("<@{ALICE}> plays Green")),
        "{}",
        swapped.content
    );
    let ping = t.fake.followups(&sent, 1).await;
    assert!(
        ping[0].content.contains(&format!("<@{ALICE}>")),
        "Alice has Green's turn now: {}",
        ping[0].content
    );
    assert_eq!(players(&t, GENERAL).await, format!("{BOB} {ALICE}"));
    // Bob is Red now: Green's turn 2 is Alice's.
    let text = t
        .refused(BOB, GENERAL, "move", &[("moves", json!("k6-j6"))])
        .await;
    assert!(text.to_lowercase().contains("turn"), "{text}");

    // By the panel, in OTHER: Bob's panel on Green's turn 2 offers Swap.
    t.start_game(OTHER, &[("swap", json!(true)), ("colour", json!("red"))])
        .await;
    t.play(ALICE, OTHER, "b6-c6").await;
    let board = t.fake.latest_with_prefix(OTHER, "fb:play:");
    let play = custom_ids(&board.components)
        .into_iter()
        .find(|c| c.starts_with("fb:play:"))
        .expect("a Play button");
    let opened = t.fake.reply(&t.fake.click(BOB, OTHER, &play)).await;
    let button = opened
        .custom_ids()
        .into_iter()
        .find(|c| c.starts_with("fb:panel-swap:"))
        .unwrap_or_else(|| panic!("the panel offers Swap: {:?}", opened.custom_ids()));
    let sent = t.fake.click(BOB, OTHER, &button);
    let done = t.fake.reply(&sent).await;
    assert!(
        done.kind == 7 && done.content.contains("swap") && done.custom_ids().is_empty(),
        "the panel is closed in place: {done:?}"
    );
    let public = t.fake.followups(&sent, 2).await;
    assert!(
        public[0].content.contains("swapped sides") && public[0].has_png(),
        "{:?}",
        public[0]
    );
    // To look at the board after a swap: SWAP_BOARD_PNG=/tmp/swap.png cargo test … discord_swap
    if let Some(path) = std::env::var_os("SWAP_BOARD_PNG") {
        let png = public[0].files.iter().find(|f| f.is_png()).expect("a PNG");
        std::fs::write(path, &png.bytes).expect("write the board");
    }
    assert!(
        public[1].content.contains(&format!("<@{ALICE}>")),
        "{}",
        public[1].content
    );
    assert_eq!(players(&t, OTHER).await, format!("{BOB} {ALICE}"));
    // The panel is not offered Swap once it has been played.
    let opened = t.fake.reply(&t.fake.click(ALICE, OTHER, &play)).await;
    assert!(
        !opened
            .custom_ids()
            .iter()
            .any(|c| c.starts_with("fb:panel-swap:")),
        "{:?}",
        opened.custom_ids()
    );
    t.close().await;
}
