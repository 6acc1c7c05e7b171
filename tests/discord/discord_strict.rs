//! The bot against a fake Discord as strict as the real one (issue 10): refused registrations
//! end the start-up loudly, the 3 seconds count from an interaction's creation, slow clicks
//! update the clicked message, the bot asks only for the gateway events it uses, and the fake
//! itself refuses what Discord refuses.

use std::time::{Duration, Instant};

use crate::fake_discord::*;
use serde_json::json;

/// Starts a bot whose registrations the fake answers with `answers` first.
async fn bot_with_registration(
    answers: Vec<(u16, serde_json::Value)>,
) -> (FakeDiscord, TestDb, Bot) {
    let fake = FakeDiscord::start().await;
    fake.answer_registrations(answers);
    let db = TestDb::create().await;
    let bot = Bot::start_registering(&fake, &db.url, Some(GUILD));
    (fake, db, bot)
}

/// Waits (at most `limit`) for the bot to exit; returns its exit code.
async fn exit_within(bot: &mut Bot, limit: Duration) -> Option<i32> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if !bot.running() {
            return bot.exit_code();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    None
}

#[tokio::test]
async fn a_refused_registration_is_put_into_words_and_ends_the_process() {
    let missing_access = json!({"message": "Missing Access", "code": 50001});
    let (fake, _db, mut bot) = bot_with_registration(vec![(403, missing_access)]).await;
    let code = exit_within(&mut bot, Duration::from_secs(30)).await;
    let log = bot.log_text();
    assert!(
        matches!(code, Some(c) if c != 0),
        "exit {code:?}; log:\n{log}"
    );
    assert!(
        log.contains(&format!(
            "Discord refused to register the commands in server {GUILD}: Missing Access. Is the \
             bot in that server, invited with the applications.commands scope?"
        )),
        "{log}"
    );
    assert!(!log.contains(TOKEN), "the token is never logged");
    fake.stop().await;
}

#[tokio::test]
async fn a_schema_refusal_names_the_field_and_ends_the_process() {
    let bad = json!({"message": "Invalid Form Body", "code": 50035, "errors": {"0": {"description":
        {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": "Must be between 1 and 100 in length."}]}}}});
    let (fake, _db, mut bot) = bot_with_registration(vec![(400, bad)]).await;
    let code = exit_within(&mut bot, Duration::from_secs(30)).await;
    let log = bot.log_text();
    assert!(
        matches!(code, Some(c) if c != 0),
        "exit {code:?}; log:\n{log}"
    );
    assert!(
        log.contains("0.description: Must be between 1 and 100 in length."),
        "{log}"
    );
    assert!(log.contains("bug in fibonacci-bot"), "{log}");
    fake.stop().await;
}

#[tokio::test]
async fn a_rate_limited_registration_waits_retry_after_and_the_bot_then_answers() {
    let limited =
        json!({"message": "You are being rate limited.", "retry_after": 0.8, "global": false});
    let (fake, _db, mut bot) =
        bot_with_registration(vec![(429, limited.clone()), (429, limited)]).await;
    let start = Instant::now();
    fake.wait_ready(1).await;
    assert!(
        start.elapsed() >= Duration::from_millis(1600),
        "two waits of retry_after (0.8 s) before the registration went through"
    );
    assert_eq!(fake.registrations(), 1);
    assert!(bot.running(), "{}", bot.log_text());
    let sent = fake.command(ALICE, GENERAL, "rules", &[]);
    let reply = fake.reply(&sent).await;
    assert!(reply.content.contains("Fibonacci"), "{}", reply.content);
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    bot.kill();
    fake.stop().await;
}

/// Every command is registered for both installations (server and user) and offered in the
/// contexts where it works; an application whose portal settings lack User Install has its
/// commands registered for servers only, and the host is told what to enable.
#[tokio::test]
async fn the_commands_go_to_servers_and_users_or_to_servers_when_user_install_is_off() {
    let refused = json!({"message": "Invalid Form Body", "code": 50035, "errors": {"0":
        {"integration_types": {"_errors": [{"code": "APPLICATION_COMMAND_INVALID_INTEGRATION_TYPE",
        "message": "User installation is not enabled for this application"}]}}}});
    let fake = FakeDiscord::start().await;
    fake.answer_registrations(vec![(400, refused)]);
    let db = TestDb::create().await;
    let mut bot = Bot::start_registering(&fake, &db.url, None);
    fake.wait_ready(1).await;
    assert!(bot.running(), "{}", bot.log_text());
    assert!(
        bot.log_text().contains("enable User Install"),
        "{}",
        bot.log_text()
    );
    for command in fake.commands() {
        assert_eq!(command["integration_types"], json!([0]), "{command}");
        let contexts = command["contexts"].as_array().cloned().unwrap_or_default();
        assert!(!contexts.contains(&json!(2)), "{command}");
    }
    bot.kill();
    fake.stop().await;

    // For one server (DISCORD_GUILD_ID), Discord takes neither field.
    let t = Table::open().await;
    for command in t.fake.commands() {
        assert!(
            command.get("contexts").is_none() && command.get("integration_types").is_none(),
            "{command}"
        );
    }
    t.close().await;

    let t = Table::open_registering(None).await;
    let commands = t.fake.commands();
    let offered = |name: &str| {
        let command = commands.iter().find(|c| c["name"] == name).expect(name);
        (
            command["integration_types"].clone(),
            command["contexts"].clone(),
        )
    };
    for name in [
        "rules",
        "games",
        "profile",
        "settings",
        "challenge",
        "move",
        "accept",
        "learn",
        "puzzle",
    ] {
        assert_eq!(offered(name), (json!([0, 1]), json!([0, 1, 2])), "/{name}");
    }
    for name in ["tournament", "leaderboard"] {
        assert_eq!(offered(name), (json!([0]), json!([0])), "/{name}");
    }
    t.close().await;
}

/// Point 2: only GUILDS. A busy server's messages and typing never reach the bot.
#[tokio::test]
async fn the_bot_asks_only_for_the_guilds_intent_and_gets_no_chatter() {
    let t = Table::open().await;
    assert_eq!(t.fake.intents(), [1], "GUILDS = 1 << 0 and nothing else");
    // The events a busy server produces in one second, per the fake's Discord rules.
    assert_eq!(t.fake.chatter(GENERAL, 500, 200), 0);
    // It still answers.
    let (_, reply) = t.say(ALICE, GENERAL, "rules", &[]).await;
    assert!(reply.content.contains("Fibonacci"), "{}", reply.content);
    t.close().await;
}

/// Point 3: an interaction that reached the bot late is deferred at once, inside Discord's 3 s
/// counted from its creation.
#[tokio::test]
async fn a_late_command_is_deferred_within_three_seconds_of_its_creation() {
    let t = Table::open().await;
    t.fake.age_next_interaction(Duration::from_millis(2300));
    let (sent, reply) = t.say(ALICE, GENERAL, "rules", &[]).await;
    assert!(
        reply.deferred,
        "a late command is deferred, then edited: {reply:?}"
    );
    assert!(reply.content.contains("Fibonacci") || !t.fake.followups(&sent, 1).await.is_empty());
    t.close().await; // asserts that the fake saw no late or second acknowledgement
}

/// Point 4: a slow click is a deferred update, and the clicked challenge loses its buttons.
#[tokio::test]
async fn a_late_click_updates_the_clicked_challenge_and_takes_its_buttons() {
    let t = Table::open().await;
    let (challenge, reply) = t
        .say(
            ALICE,
            GENERAL,
            "challenge",
            &[("opponent", json!(BOB)), ("colour", json!("red"))],
        )
        .await;
    let accept = reply
        .custom_ids()
        .into_iter()
        .find(|i| i.contains("accept"))
        .expect("an Accept button");
    t.fake.age_next_interaction(Duration::from_millis(2300));
    let click = t.fake.click(BOB, GENERAL, &accept);
    let started = t.fake.reply(&click).await;
    assert!(started.deferred && started.kind == 7, "{started:?}");
    assert!(
        started
            .custom_ids()
            .iter()
            .all(|i| i.starts_with("fb:play:")),
        "no challenge buttons, only Play: {started:?}"
    );
    assert!(started.has_png(), "the first board replaces the challenge");
    let message = t.fake.original(&challenge);
    let posted = t.fake.posted_in(GENERAL);
    let clicked = posted
        .iter()
        .find(|p| p.id == message)
        .expect("the challenge message");
    assert!(
        custom_ids(&clicked.components)
            .iter()
            .all(|i| i.starts_with("fb:play:")),
        "{clicked:?}"
    );
    assert!(clicked.content.contains("Turn 1"), "{clicked:?}");
    let ping = t.fake.followups(&click, 1).await;
    assert!(
        ping[0].content.contains(&format!("<@{ALICE}>")),
        "{:?}",
        ping[0]
    );
    t.close().await;
}

/// The fake refuses what Discord refuses: each check catches its mistake.
#[tokio::test]
async fn the_fake_refuses_what_discord_refuses() {
    let fake = FakeDiscord::start().await;
    let http = http_client();
    let post = |path: String, body: serde_json::Value| {
        let request = http
            .post(format!("{}{path}", fake.base))
            .header("Content-Type", "application/json")
            .header("Authorization", format!("Bot {TOKEN}"))
            .body(body.to_string());
        async move {
            request
                .send()
                .await
                .expect("the fake answers")
                .status()
                .as_u16()
        }
    };
    let long = "x".repeat(2001);
    assert_eq!(
        post(
            "/api/v10/channels/1/messages".into(),
            json!({"content": long})
        )
        .await,
        400
    );
    let both = json!({"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["1"]}});
    assert_eq!(post("/api/v10/channels/1/messages".into(), both).await, 400);
    let button = json!({"type": 2, "style": 1, "label": "x", "custom_id": "y".repeat(101)});
    let long_id = json!({"content": "hi", "components": [{"type": 1, "components": [button]}]});
    assert_eq!(
        post("/api/v10/channels/1/messages".into(), long_id).await,
        400
    );
    // An interaction answered 3.5 s after its creation is unknown; a second answer is refused.
    let old = 1_u64 << 22; // created in 2015
    let late = format!("/api/v10/interactions/{old}/t-old/callback");
    assert_eq!(
        post(late, json!({"type": 4, "data": {"content": "hi"}})).await,
        404
    );
    let fresh = {
        let ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64;
        (ms - 1_420_070_400_000) << 22
    };
    let path = format!("/api/v10/interactions/{fresh}/t-new/callback");
    assert_eq!(
        post(path.clone(), json!({"type": 4, "data": {"content": "hi"}})).await,
        204
    );
    assert_eq!(
        post(path, json!({"type": 4, "data": {"content": "again"}})).await,
        400
    );
    // A command schema Discord would refuse: each mistake is caught.
    let option = |name: &str, required: bool| json!({"type": 3, "name": name, "description": "d", "required": required});
    let bad_schemas = [
        json!([{"name": "Move", "description": "d", "type": 1}]),
        json!([{"name": "move", "description": "", "type": 1}]),
        json!([{"name": "move", "description": "x".repeat(101), "type": 1}]),
        json!([{"name": "move", "description": "d", "type": 1,
                "options": [option("a", false), option("b", true)]}]),
        json!([{"name": "move", "description": "d", "type": 1, "options": [{"type": 3,
                "name": "a", "description": "d", "autocomplete": true,
                "choices": [{"name": "x", "value": "x"}]}]}]),
        json!([{"name": "move", "description": "d", "type": 1, "options": [{"type": 3,
                "name": "a", "description": "d",
                "choices": (0..26).map(|i| json!({"name": i.to_string(), "value": i.to_string()})).collect::<Vec<_>>()}]}]),
    ];
    for schema in bad_schemas {
        let path = format!("/api/v10/applications/{APP_ID}/guilds/{GUILD}/commands");
        let request = http
            .put(format!("{}{path}", fake.base))
            .header("Content-Type", "application/json")
            .header("Authorization", format!("Bot {TOKEN}"))
            .body(schema.to_string());
        let status = request
            .send()
            .await
            .expect("the fake answers")
            .status()
            .as_u16();
        assert_eq!(status, 400, "{schema}");
    }
    assert_eq!(fake.registrations(), 0);
    assert_eq!(fake.violations().len(), 5 + 6, "{:?}", fake.violations());
    fake.stop().await;
}

/// Point 5: where the bot lacks a permission it says which, before doing anything.
#[tokio::test]
async fn a_missing_permission_is_named_and_nothing_starts() {
    const ATTACH_FILES: u64 = 1 << 15;
    const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    let t = Table::open().await;
    let challenge = [("opponent", json!(BOB))];
    t.fake
        .set_app_permissions(GENERAL, ALL_PERMISSIONS & !ATTACH_FILES);
    let text = t.refused(ALICE, GENERAL, "challenge", &challenge).await;
    assert!(text.contains("**Attach Files**"), "{text}");
    assert!(text.contains("server admin"), "{text}");
    // Nothing was opened: once the permission is granted the same challenge goes through.
    t.fake.set_app_permissions(GENERAL, ALL_PERMISSIONS);
    let (_, reply) = t.say(ALICE, GENERAL, "challenge", &challenge).await;
    assert!(!reply.ephemeral, "{}", reply.content);

    let lacking = ALL_PERMISSIONS & !CREATE_PUBLIC_THREADS & !SEND_MESSAGES_IN_THREADS;
    t.fake.set_app_permissions(OTHER, lacking);
    let in_thread = [("opponent", json!(BOB)), ("thread", json!(true))];
    let text = t.refused(ALICE, OTHER, "challenge", &in_thread).await;
    assert!(
        text.contains("**Create Public Threads** and **Send Messages in Threads**"),
        "{text}"
    );
    assert!(t.fake.threads().is_empty(), "no thread was attempted");
    t.close().await;
}

/// Point 5: locked threads are refused, archived ones work (a post reopens them), forums are
/// refused for a game's thread, announcement channels get announcement threads, and a challenge
/// typed in a thread with `thread:true` opens a sibling.
#[tokio::test]
async fn unusual_channels_get_their_own_handling_or_a_clear_refusal() {
    const LOCKED: u64 = 940_000_000_000_000_001;
    const ARCHIVED: u64 = 940_000_000_000_000_002;
    const FORUM_CHANNEL: u64 = 940_000_000_000_000_003;
    const FORUM_POST: u64 = 940_000_000_000_000_004;
    const NEWS: u64 = 940_000_000_000_000_005;
    const THREAD: u64 = 940_000_000_000_000_006;
    let t = Table::open().await;
    for (id, kind, parent) in [
        (LOCKED, PUBLIC_THREAD, Some(GENERAL)),
        (ARCHIVED, PUBLIC_THREAD, Some(GENERAL)),
        (FORUM_CHANNEL, FORUM, None),
        (FORUM_POST, PUBLIC_THREAD, Some(FORUM_CHANNEL)),
        (NEWS, ANNOUNCEMENT, None),
        (THREAD, PUBLIC_THREAD, Some(OTHER)),
    ] {
        t.fake.add_channel_of(id, kind, parent);
    }
    t.fake.set_thread_state(LOCKED, true, true);
    t.fake.set_thread_state(ARCHIVED, true, false);
    let challenge = [("opponent", json!(BOB))];
    let in_thread = [("opponent", json!(BOB)), ("thread", json!(true))];

    let text = t.refused(ALICE, LOCKED, "challenge", &challenge).await;
    assert!(text.contains("locked"), "{text}");

    let (_, reply) = t.say(ALICE, ARCHIVED, "challenge", &challenge).await;
    assert!(
        !reply.ephemeral,
        "an archived thread reopens: {}",
        reply.content
    );

    let text = t.refused(ALICE, FORUM_POST, "challenge", &in_thread).await;
    assert!(text.contains("forum post"), "{text}");
    assert!(
        t.fake.threads().is_empty(),
        "no thread was attempted in the forum"
    );

    let (_, reply) = t.say(ALICE, NEWS, "challenge", &in_thread).await;
    assert!(!reply.ephemeral, "{}", reply.content);
    let (_, parent, body) = t
        .fake
        .threads()
        .pop()
        .expect("a thread of the announcement channel");
    assert_eq!(
        (parent, body["type"].as_u64()),
        (NEWS, Some(ANNOUNCEMENT_THREAD))
    );

    let (_, reply) = t
        .say(
            CAROL,
            THREAD,
            "challenge",
            &[("opponent", json!(ALICE)), ("thread", json!(true))],
        )
        .await;
    assert!(!reply.ephemeral, "{}", reply.content);
    let (_, parent, body) = t.fake.threads().pop().expect("a sibling thread");
    assert_eq!(
        (parent, body["type"].as_u64()),
        (OTHER, Some(PUBLIC_THREAD))
    );
    t.close().await;
}

/// Issue 13: a board already drawn for a game version is not drawn again.
#[tokio::test]
async fn spectators_asking_for_the_same_board_get_the_cached_picture() {
    let t = Table::open().await;
    t.start_game(GENERAL, &[]).await;
    let (_, first) = t.say(CAROL, GENERAL, "board", &[]).await;
    let (_, second) = t.say(CAROL, GENERAL, "board", &[]).await;
    assert!(first.has_png() && second.has_png());
    assert_eq!(
        first.files[0].bytes, second.files[0].bytes,
        "the same picture"
    );
    let log = t.bot.log_text();
    assert!(log.contains("board from the cache"), "{log}");
    t.close().await;
}

/// The fake's injected failures and latency: a message route answering 500 or 429 loses no move
/// and is logged, and a slow route holds up only the command that waits on it.
#[tokio::test]
async fn failing_and_slow_message_routes_lose_nothing_and_block_no_one() {
    let t = Table::open().await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    // Red's first turn is one move: the turn passes and the ping (a follow-up) fails.
    let server_error = json!({"message": "500: Internal Server Error", "code": 0});
    t.fake.fail("POST", "/webhooks/", 500, server_error, 1);
    let sent = t
        .fake
        .command(ALICE, GENERAL, "move", &[("moves", json!("b6-c6"))]);
    let reply = t.fake.reply(&sent).await;
    assert!(
        reply.has_png(),
        "the move is answered with the board: {reply:?}"
    );
    let log_has = |needle: &str| t.bot.log_text().contains(needle);
    let start = Instant::now();
    while !log_has("could not answer") && start.elapsed() < WAIT {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(log_has("could not answer"), "{}", t.bot.log_text());
    let (_, board) = t.say(CAROL, GENERAL, "board", &[]).await;
    assert!(
        board.content.contains("Turn 2"),
        "the move stands: {}",
        board.content
    );

    let limited =
        json!({"message": "You are being rate limited.", "retry_after": 0.1, "global": false});
    t.fake.fail("POST", "/webhooks/", 429, limited, 1);
    let sent = t
        .fake
        .command(BOB, GENERAL, "move", &[("moves", json!("d1-c1 c1-b1"))]);
    assert!(t.fake.reply(&sent).await.has_png());
    let (_, board) = t.say(CAROL, GENERAL, "board", &[]).await;
    assert!(board.content.contains("Turn 3"), "{}", board.content);

    // A slow follow-up route delays that command's ping only: another channel is answered at once.
    t.fake.delay("POST", "/webhooks/", Duration::from_secs(2));
    let slow = t.fake.command(
        ALICE,
        GENERAL,
        "move",
        &[("moves", json!("a1-b1 a2-a6 a3-b3"))],
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    let start = Instant::now();
    let (_, other) = t.say(CAROL, OTHER, "rules", &[]).await;
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "{:?}",
        start.elapsed()
    );
    assert!(other.content.contains("Fibonacci"), "{}", other.content);
    assert!(t.fake.reply(&slow).await.has_png());
    t.close().await;
}
