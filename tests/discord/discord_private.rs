//! End to end: games where the bot is not a member (issue 35, part 2). In a group DM or a DM
//! between users, Discord reaches the bot only through interactions (`context` 2, a user
//! installation): the game is played by buttons and menus, every board goes out as an
//! interaction's answer, the fake refuses any post in the channel and any sixth follow-up, and
//! the scheduler's notices go to the players by DM, or wait for their next interaction when
//! Discord refuses the DM. A server that did not add the bot needs Use External Apps.

use crate::fake_discord::*;
use serde_json::json;

const GROUP: u64 = 940_000_000_000_000_101;
const FOREIGN: u64 = 940_000_000_000_000_102;
const FOREIGN_GUILD: u64 = 910_000_000_000_000_077;

/// The latest message of `channel` with a component whose custom id starts with `prefix`.
fn latest_with(t: &Table, channel: u64, prefix: &str) -> Posted {
    t.fake.latest_with_prefix(channel, prefix)
}

fn id_on(message: &Posted, prefix: &str) -> String {
    custom_ids(&message.components)
        .into_iter()
        .find(|c| c.starts_with(prefix))
        .unwrap_or_else(|| panic!("no component {prefix}… on {:?}", message.content))
}

/// Presses the button `prefix…` of the latest message of `channel` that has one, as `user`.
async fn press(t: &Table, user: u64, channel: u64, prefix: &str) -> (Sent, Reply) {
    let id = id_on(&latest_with(t, channel, prefix), prefix);
    let sent = t.fake.click(user, channel, &id);
    let reply = t.fake.reply(&sent).await;
    (sent, reply)
}

/// Picks `value` in the open panel's menu `part` as `user`.
async fn pick(t: &Table, user: u64, channel: u64, part: &str, value: &str) -> (Sent, Reply) {
    let prefix = format!("fb:panel-{part}:");
    let id = id_on(&latest_with(t, channel, &prefix), &prefix);
    let sent = t.fake.select(user, channel, &id, value);
    let reply = t.fake.reply(&sent).await;
    (sent, reply)
}

/// The first value the menu `prefix…` of `reply` offers.
fn first_offered(reply: &Reply, prefix: &str) -> Option<String> {
    let id = reply
        .custom_ids()
        .into_iter()
        .find(|c| c.starts_with(prefix))?;
    select_values(&reply.components, &id).into_iter().next()
}

/// Plays a whole Fibonacci turn by the menus as `user` (the first piece offered, then its
/// first destination, until the turn's allowance is used); returns the turn's follow-ups.
async fn tap_turn(t: &Table, user: u64, channel: u64) -> Vec<Reply> {
    let (_, mut panel) = press(t, user, channel, "fb:play:").await;
    assert!(panel.ephemeral, "the panel is private: {panel:?}");
    for _ in 0..6 {
        let piece = first_offered(&panel, "fb:panel-piece:").expect("a piece to move");
        let (_, chosen) = pick(t, user, channel, "piece", &piece).await;
        let to = first_offered(&chosen, "fb:panel-move:").expect("a destination");
        let (sent, done) = pick(t, user, channel, "move", &to).await;
        assert_eq!(done.kind, 7, "a pick updates the panel: {done:?}");
        if !done
            .custom_ids()
            .iter()
            .any(|c| c.starts_with("fb:panel-piece:"))
        {
            return t.fake.followups(&sent, 2).await;
        }
        panel = done;
    }
    panic!("a turn of more than six moves")
}

fn no_post_in(t: &Table, channel: u64) {
    let path = format!("/api/v10/channels/{channel}/messages");
    let posts: Vec<String> = t
        .fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == path)
        .map(|r| r.path.clone())
        .collect();
    assert!(posts.is_empty(), "the bot posted in {channel}: {posts:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_game_is_played_with_taps_and_its_notices_go_by_dm() {
    let t = Table::open_registering(None).await;
    t.fake.add_private_channel(GROUP, 3, &[ALICE, BOB, CAROL]);

    // Alice installed the app; she challenges Bob, who has not and never types a command.
    let (_, offer) = t
        .say(
            ALICE,
            GROUP,
            "challenge",
            &[
                ("opponent", json!(BOB)),
                ("game", json!("fibonacci")),
                ("colour", json!("red")),
            ],
        )
        .await;
    assert!(!offer.ephemeral, "{offer:?}");
    // An AI game cannot be played where the bot cannot post its moves.
    let ai = t
        .refused(ALICE, GROUP, "challenge", &[("opponent", json!(BOT_ID))])
        .await;
    assert!(ai.contains("cannot post my own moves"), "{ai}");

    let (click, first) = press(&t, BOB, GROUP, "fb:challenge-accept:").await;
    assert!(first.has_png() && first.kind == 7, "{first:?}");
    let ping = t.fake.followups(&click, 1).await;
    assert!(ping[0].content.contains(&format!("<@{ALICE}>")), "{ping:?}");

    // Carol, in the group but not playing, is told whose turn it is.
    let (_, told) = press(&t, CAROL, GROUP, "fb:play:").await;
    assert!(told.ephemeral && told.content.contains(&format!("<@{ALICE}>")));

    // Alice and Bob play by the menus: each turn's board and ping come as follow-ups.
    let after = tap_turn(&t, ALICE, GROUP).await;
    assert!(after[0].has_png() && after[1].content.contains(&format!("<@{BOB}>")));
    let after = tap_turn(&t, BOB, GROUP).await;
    assert!(after[0].has_png() && after[1].content.contains(&format!("<@{ALICE}>")));

    // Alice's reminder comes by DM; Bob's DMs are closed, so his waits for his next tap.
    t.deadline_in(GROUP, 3000).await;
    let dm = t
        .fake
        .wait_for("Alice's DM channel", |v| v.dm_channel_of(ALICE))
        .await;
    let reminder = t.wait_posts(dm, "Your turn in", 1).await;
    assert!(
        reminder[0].content.contains(&format!("/@me/{GROUP}"))
            && reminder[0].content.contains("Play"),
        "{}",
        reminder[0].content
    );
    tap_turn(&t, ALICE, GROUP).await;
    t.fake.close_dms(BOB);
    t.deadline_in(GROUP, 3000).await;
    let mut waited = 0;
    while t
        .sql_value::<i64>("SELECT count(*) FROM held_notices WHERE user_id = $1", BOB)
        .await
        == 0
    {
        waited += 1;
        assert!(waited < 200, "Bob's reminder was never held");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (sent, panel) = press(&t, BOB, GROUP, "fb:play:").await;
    assert!(panel.ephemeral);
    let shown = t.fake.followups(&sent, 1).await;
    assert!(
        shown[0].ephemeral && shown[0].content.contains("Your turn in"),
        "{shown:?}"
    );
    assert_eq!(
        t.sql_value::<i64>("SELECT count(*) FROM held_notices WHERE user_id = $1", BOB)
            .await,
        0,
        "a held notice is shown once"
    );
    no_post_in(&t, GROUP);
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_did_not_add_the_bot_needs_external_apps() {
    let t = Table::open_registering(None).await;
    t.fake.add_foreign_channel(FOREIGN, FOREIGN_GUILD, ALICE);
    let refused = t
        .refused(ALICE, FOREIGN, "challenge", &[("opponent", json!(BOB))])
        .await;
    assert!(
        refused.contains("Use External Apps") && refused.contains("moderator"),
        "{refused}"
    );
    assert_eq!(
        t.sql_value::<i64>(
            "SELECT count(*) FROM challenges WHERE channel_id = $1",
            FOREIGN
        )
        .await,
        0
    );
    // Once external apps are allowed, the game is played there through interactions.
    t.fake.set_app_permissions(FOREIGN, ALL_PERMISSIONS);
    let (_, offer) = t
        .say(ALICE, FOREIGN, "challenge", &[("opponent", json!(BOB))])
        .await;
    assert!(!offer.ephemeral, "{offer:?}");
    let only: i64 = t
        .sql_value(
            "SELECT count(*) FROM interaction_channels WHERE channel_id = $1",
            FOREIGN,
        )
        .await;
    assert_eq!(only, 1, "its notices will go by DM");
    no_post_in(&t, FOREIGN);
    t.close().await;
}

/// The DM with the bot is a place to play it: the game starts there, and the bot, a member of
/// its own DM, posts its moves in it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dm_with_the_bot_hosts_games_against_it() {
    const DM: u64 = 940_000_000_000_000_103;
    let t = Table::open_registering(None).await;
    t.fake.add_user(BOT_ID, "fibonacci-bot");
    let sent = t.fake.dm_command(
        ALICE,
        DM,
        "challenge",
        &[
            ("opponent", json!(BOT_ID)),
            ("game", json!("fanorona")),
            ("colour", json!("black")),
            ("level", json!("easy")),
        ],
    );
    let started = t.fake.reply(&sent).await;
    assert!(!started.ephemeral && started.has_png(), "{started:?}");
    // White (the AI) moves first: its board is posted in the DM.
    let played = t.wait_posts(DM, "(AI, easy) played", 1).await;
    assert!(played[0].has_png(), "{:?}", played[0].content);
    let guild: i64 = t
        .sql_value("SELECT guild_id FROM games WHERE channel_id = $1", DM)
        .await;
    assert_eq!(guild, 0, "a game outside any server");
    t.close().await;
}

/// `/puzzle` is offered wherever `/learn` is (issue 58, point 4): in the DM with the bot a puzzle
/// opens and takes an answer; only the daily post, a server's, is refused there, saying so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_are_solved_in_the_dm_with_the_bot_but_the_daily_post_is_a_servers() {
    const DM: u64 = 940_000_000_000_000_104;
    let t = Table::open_registering(None).await;
    let commands = t.fake.commands();
    let offered = |name: &str| {
        let command = commands.iter().find(|c| c["name"] == name).expect(name);
        (
            command["integration_types"].clone(),
            command["contexts"].clone(),
        )
    };
    assert_eq!(offered("puzzle"), offered("learn"));

    // The fake refuses a command Discord would not offer in the DM.
    let sent = t.fake.dm_command(
        ALICE,
        DM,
        "puzzle",
        &[("game", json!("fibonacci")), ("level", json!("easy"))],
    );
    let opened = t.fake.reply(&sent).await;
    assert!(opened.has_png(), "{opened:?}");
    assert!(
        opened.content.contains("to play: win this turn"),
        "{}",
        opened.content
    );
    let sent = t
        .fake
        .dm_command(ALICE, DM, "puzzle", &[("answer", json!("z9-z8"))]);
    let answered = t.fake.reply(&sent).await;
    assert!(
        answered.content.contains("cannot be played here"),
        "{}",
        answered.content
    );

    for daily in [("daily", json!(GENERAL)), ("daily_off", json!(true))] {
        let sent = t.fake.dm_command(ALICE, DM, "puzzle", &[daily]);
        let refused = t.fake.reply(&sent).await;
        assert!(refused.ephemeral && !refused.has_png(), "{refused:?}");
        assert!(
            refused
                .content
                .starts_with("The daily puzzle is a server's"),
            "{}",
            refused.content
        );
    }
    let set: i64 = t
        .sql_value(
            "SELECT count(*) FROM daily_puzzle_channels WHERE $1 > 0",
            GENERAL,
        )
        .await;
    assert_eq!(set, 0);
    t.close().await;
}

/// The fake holds the bot to Discord's rules for channels it is not in: no message posted
/// there, and no sixth follow-up to an interaction only a user installation authorises.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_posts_where_the_bot_is_not_and_a_sixth_follow_up() {
    let t = Table::open_registering(None).await;
    t.fake.add_private_channel(GROUP, 1, &[ALICE, BOB]);
    // What works everywhere works here too.
    for name in ["games", "profile", "settings"] {
        let (_, answer) = t.say(ALICE, GROUP, name, &[]).await;
        eprintln!("/{name} in a group DM: {}", answer.content);
        assert!(
            !answer.content.starts_with("Sorry") && !answer.content.contains("server channel"),
            "/{name}: {}",
            answer.content
        );
    }
    let (sent, rules) = t.say(ALICE, GROUP, "rules", &[]).await;
    assert!(rules.content.contains("Fibonacci"), "{}", rules.content);
    let client = http_client();
    let followup = format!("{}/api/v10/webhooks/{APP_ID}/{}", t.fake.base, sent.token);
    let mut statuses = Vec::new();
    for n in 1..=6 {
        let answer = client
            .post(&followup)
            .header("Content-Type", "application/json")
            .body(json!({"content": format!("follow-up {n}")}).to_string())
            .send()
            .await
            .expect("the fake answers");
        statuses.push(answer.status().as_u16());
    }
    assert_eq!(statuses, [200, 200, 200, 200, 200, 400]);
    let post = client
        .post(format!("{}/api/v10/channels/{GROUP}/messages", t.fake.base))
        .header("Authorization", format!("Bot {TOKEN}"))
        .header("Content-Type", "application/json")
        .body(json!({"content": "hello"}).to_string())
        .send()
        .await
        .expect("the fake answers");
    assert_eq!(post.status().as_u16(), 403);
    let body: serde_json::Value =
        serde_json::from_str(&post.text().await.expect("a body")).expect("a JSON error");
    assert_eq!(body["code"], 50001);
    let refused = t.fake.take_violations();
    assert!(
        refused.len() == 2
            && refused[0].contains("maximum number of follow up messages")
            && refused[1].contains("Missing Access"),
        "{refused:?}"
    );
    t.close().await;
}

/// Holds `text` for `user` as a bot process does, announced to the others (`announce`), or as
/// a row alone (held before this process started).
async fn hold(t: &Table, user: u64, text: &str, announce: bool) {
    let sql = if announce {
        format!(
            "WITH held AS (INSERT INTO held_notices (user_id, text) VALUES ($1, '{text}')) \
             SELECT pg_notify('fibonacci_bot_held_notices', $1::text)"
        )
    } else {
        format!("INSERT INTO held_notices (user_id, text) VALUES ($1, '{text}')")
    };
    t.sql(&sql, user).await;
}

/// The notices shown below the answer to `user`'s next command.
async fn shown_below_next_answer(t: &Table, user: u64) -> String {
    let (sent, _) = t.say(user, GENERAL, "board", &[]).await;
    let shown = t.fake.followups(&sent, 1).await;
    assert!(shown[0].ephemeral, "{shown:?}");
    shown[0].content.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notices_held_by_another_process_or_before_a_start_are_shown_below_the_next_answer() {
    let mut t = Table::open().await;
    // A user with nothing held gets the answer alone.
    let (sent, _) = t.say(BOB, GENERAL, "board", &[]).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(t.fake.followups_now(&sent), 0, "nothing was held");

    // Held by another process on the database: announced, then shown here.
    hold(&t, BOB, "Held elsewhere", true).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(
        shown_below_next_answer(&t, BOB)
            .await
            .contains("Held elsewhere")
    );

    // Held with no announcement (before this process started): read when it starts.
    hold(&t, ALICE, "Held before the start", false).await;
    t.kill_and_restart().await;
    assert!(
        shown_below_next_answer(&t, ALICE)
            .await
            .contains("Held before the start")
    );
    for user in [ALICE, BOB] {
        assert_eq!(
            t.sql_value::<i64>("SELECT count(*) FROM held_notices WHERE user_id = $1", user)
                .await,
            0,
            "a held notice is shown once"
        );
    }
    t.close().await;
}
