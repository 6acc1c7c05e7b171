//! A newcomer's first mistakes (issue 31): a wrong `DISCORD_TOKEN` ends the bot at once with
//! words that say where to copy the right one; a Discord that cannot be reached is said once
//! and asked again. The fake Discord refuses a wrong token as Discord does: 401 on REST, close
//! code 4004 on the gateway.

use std::time::{Duration, Instant};

use crate::fake_discord::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message as Ws;

/// Waits (up to `limit`) for the bot to exit; its exit code.
fn exit_within(bot: &mut Bot, limit: Duration) -> Option<i32> {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if !bot.running() {
            return bot.exit_code();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_token_ends_the_bot_with_words_that_say_where_to_copy_it() {
    const WRONG: &str = "a-token-pasted-wrong";
    let fake = FakeDiscord::start().await;
    let db = TestDb::create().await;
    let mut bot = Bot::start_with(
        &fake,
        &db.url,
        Some(GUILD),
        &[("DISCORD_TOKEN", WRONG.to_string())],
    );
    let code = exit_within(&mut bot, Duration::from_secs(20));
    let log = bot.log_text();
    assert_eq!(code, Some(1), "the bot exits with a failure: {log}");
    assert!(
        log.contains("Discord refused DISCORD_TOKEN (401 Unauthorized)")
            && log.contains("https://discord.com/developers/applications")
            && log.contains("Reset Token"),
        "{log}"
    );
    // One REST call said it: the gateway was never tried, nothing retried in a loop.
    let asked: Vec<String> = fake.requests().iter().map(|r| r.path.clone()).collect();
    assert_eq!(asked, ["/api/v10/gateway/bot"], "{asked:?}");
    assert!(!log.contains(WRONG), "the token is never logged");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_the_gateway_refuses_ends_the_bot_with_the_same_words() {
    let fake = FakeDiscord::start().await;
    fake.refuse_identify();
    let db = TestDb::create().await;
    let mut bot = Bot::start(&fake, &db.url);
    let code = exit_within(&mut bot, Duration::from_secs(30));
    let log = bot.log_text();
    assert_eq!(code, Some(1), "the bot exits with a failure: {log}");
    assert!(fake.refused_identifies() >= 1);
    assert!(
        log.contains("Discord refused DISCORD_TOKEN (gateway close code 4004)")
            && log.contains("Reset Token"),
        "{log}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_discord_is_said_once_and_asked_again_less_often() {
    // A port nobody listens on: connections are refused, as with no network.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let base = format!("http://{}", closed.local_addr().expect("its address"));
    drop(closed);
    let fake = FakeDiscord::start().await;
    let db = TestDb::create().await;
    let mut bot = Bot::start_with(&fake, &db.url, Some(GUILD), &[("DISCORD_API_BASE", base)]);
    // The first question fails at once; the second comes 5 s later, and fails too.
    tokio::time::sleep(Duration::from_millis(6500)).await;
    assert!(bot.running(), "the bot keeps trying: {}", bot.log_text());
    let log = bot.log_text();
    assert_eq!(
        log.matches("Discord cannot be reached at").count(),
        1,
        "said once, in the bot's words: {log}"
    );
    assert!(log.contains("less often each time"), "{log}");
    assert!(
        log.contains("Discord still cannot be reached"),
        "asked again: {log}"
    );
    // SIGTERM while it waits stops it cleanly.
    assert!(bot.terminate().success());
}

/// Every request the bot makes says who it is in the form Discord requires (the fake refuses
/// any other); the bot's own client, used first at start-up, gives the project's address from
/// Cargo.toml and the crate's version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_to_discord_says_who_the_bot_is() {
    let fake = FakeDiscord::start().await;
    let db = TestDb::create().await;
    let bot = Bot::start(&fake, &db.url);
    fake.wait_ready(1).await;
    let ours = format!(
        "DiscordBot ({}, {})",
        env!("CARGO_PKG_REPOSITORY"),
        env!("CARGO_PKG_VERSION")
    );
    assert!(
        ours.contains("https://"),
        "Cargo.toml names the repository: {ours}"
    );
    let requests = fake.requests();
    assert!(
        requests.len() >= 3,
        "the check, the gateway and the commands: {requests:?}"
    );
    for r in &requests {
        assert!(
            user_agent_accepted(r.user_agent.as_deref()),
            "{} {} said {:?}",
            r.method,
            r.path,
            r.user_agent
        );
    }
    for own in ["/api/v10/gateway/bot", "/commands"] {
        let r = requests
            .iter()
            .find(|r| r.path.ends_with(own))
            .unwrap_or_else(|| panic!("no request to {own}: {requests:?}"));
        assert_eq!(r.user_agent.as_deref(), Some(ours.as_str()), "{}", r.path);
    }
    let log = bot.log_text();
    assert!(!log.contains("User-Agent"), "nothing was refused: {log}");
}

#[tokio::test]
async fn the_fake_discord_refuses_a_wrong_token_on_rest_and_on_the_gateway() {
    let fake = FakeDiscord::start().await;
    let client = http_client();
    let url = format!("{}/api/v10/gateway/bot", fake.base);
    // A request that does not say who it is, as Discord's reference allows it, is refused
    // first, whatever its token.
    let anonymous = reqwest::Client::new()
        .get(&url)
        .header("Authorization", format!("Bot {TOKEN}"))
        .send()
        .await
        .expect("the fake answers");
    assert_eq!(anonymous.status().as_u16(), 400);
    for (agent, accepted) in [
        (
            "DiscordBot (https://github.com/serenity-rs/serenity, 0.12.5)",
            true,
        ),
        ("DiscordBot (https://example.org/bot, 1.2.3) rust", true),
        ("DiscordBot (fibonacci-bot, 0.1.0)", false),
        ("DiscordBot (https://example.org/bot)", false),
        ("reqwest/0.12", false),
        ("", false),
    ] {
        assert_eq!(user_agent_accepted(Some(agent)), accepted, "{agent:?}");
    }
    for (authorization, status) in [
        (Some("Bot wrong".to_string()), 401),
        (None, 401),
        (Some(format!("Bot {TOKEN}")), 200),
    ] {
        let mut request = client.get(&url);
        if let Some(a) = authorization.clone() {
            request = request.header("Authorization", a);
        }
        let answer = request.send().await.expect("the fake answers");
        assert_eq!(answer.status().as_u16(), status, "{authorization:?}");
    }
    // The gateway: HELLO, then IDENTIFY with a wrong token is closed with 4004.
    let ws = format!("{}/ws", fake.base.replacen("http://", "ws://", 1));
    for (token, refused) in [("wrong", true), (TOKEN, false)] {
        let (mut socket, _) = tokio_tungstenite::connect_async(ws.as_str())
            .await
            .expect("connect to the gateway");
        let hello = socket.next().await.expect("HELLO").expect("a frame");
        assert!(hello.to_text().expect("text").contains("\"op\":10"));
        let identify = json!({"op": 2, "d": {"token": token, "intents": 1,
            "properties": {"os": "linux", "browser": "test", "device": "test"}}});
        socket
            .send(Ws::text(identify.to_string()))
            .await
            .expect("send IDENTIFY");
        let answer = socket.next().await.expect("an answer").expect("a frame");
        match answer {
            Ws::Close(Some(frame)) => {
                assert!(refused, "a good token is not refused");
                assert_eq!(u16::from(frame.code), 4004);
            }
            other => {
                assert!(!refused, "a wrong token is closed with 4004: {other:?}");
                assert!(other.to_text().expect("text").contains("READY"));
            }
        }
    }
}

/// Waits (up to 20 s) until `check` holds.
async fn eventually(what: &str, check: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !check() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A host who tried the bot in one server (`DISCORD_GUILD_ID`) and then goes global would see
/// every command twice there: the bot remembers where it registered last and removes the old
/// copies, and says so; back again, the global ones go. A start in the same place removes
/// nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_of_scope_removes_the_commands_left_in_the_old_one() {
    let fake = FakeDiscord::start().await;
    let db = TestDb::create().await;
    let mut bot = Bot::start_registering(&fake, &db.url, Some(GUILD));
    fake.wait_ready(1).await;
    let listed = fake.commands_in(Some(GUILD));
    assert!(!listed.is_empty());
    assert!(fake.commands_in(None).is_empty());
    assert!(bot.terminate().success());

    let mut bot = Bot::start_registering(&fake, &db.url, None);
    fake.wait_ready(2).await;
    eventually("the server's copies removed", || {
        fake.commands_in(Some(GUILD)).is_empty()
    })
    .await;
    assert_eq!(fake.commands_in(None).len(), listed.len());
    let log = bot.log_text();
    assert!(
        log.contains(&format!(
            "registered in server {GUILD} last time and globally now: removed the old copies"
        )),
        "{log}"
    );
    assert!(bot.terminate().success());

    let mut bot = Bot::start_registering(&fake, &db.url, Some(GUILD));
    fake.wait_ready(3).await;
    eventually("the global copies removed", || {
        fake.commands_in(None).is_empty()
    })
    .await;
    assert_eq!(fake.commands_in(Some(GUILD)).len(), listed.len());
    assert!(bot.terminate().success());

    // The same place again: one registration, and no removal.
    let puts = fake.registered_at().len();
    let mut bot = Bot::start_registering(&fake, &db.url, Some(GUILD));
    fake.wait_ready(4).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        fake.registered_at().len(),
        puts + 1,
        "{:?}",
        fake.registered_at()
    );
    assert!(!bot.log_text().contains("removed the old copies"));
    assert!(bot.terminate().success());
}

/// `fibonacci-bot unregister` with the bot's environment.
fn unregister(fake: &FakeDiscord, token: &str, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
        .arg("unregister")
        .args(args)
        .env_clear()
        .env("DISCORD_TOKEN", token)
        .env("DISCORD_API_BASE", &fake.base)
        .output()
        .expect("run fibonacci-bot unregister")
}

/// By hand: `fibonacci-bot unregister --guild ID` empties that server's list; a wrong token or
/// no scope is refused with words and the documented exit codes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_unregister_command_removes_the_commands_by_hand() {
    let fake = FakeDiscord::start().await;
    let db = TestDb::create().await;
    let mut bot = Bot::start_registering(&fake, &db.url, Some(GUILD));
    fake.wait_ready(1).await;
    assert!(bot.terminate().success());
    assert!(!fake.commands_in(Some(GUILD)).is_empty());

    let guild = GUILD.to_string();
    let run =
        |token: &str, args: &[&str]| tokio::task::block_in_place(|| unregister(&fake, token, args));
    let none = run(TOKEN, &[]);
    assert_eq!(none.status.code(), Some(2), "a scope is required");
    let wrong = run("wrong", &["--guild", &guild]);
    assert_eq!(wrong.status.code(), Some(1));
    let wrong_err = String::from_utf8_lossy(&wrong.stderr);
    assert!(
        wrong_err.contains("Discord refused DISCORD_TOKEN"),
        "{wrong_err}"
    );
    assert!(
        !fake.commands_in(Some(GUILD)).is_empty(),
        "a refusal changes nothing"
    );
    let done = run(TOKEN, &["--guild", &guild]);
    let out = String::from_utf8_lossy(&done.stdout);
    assert_eq!(
        done.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&done.stderr)
    );
    assert!(
        out.contains(&format!(
            "removed the bot's slash commands in server {GUILD}"
        )),
        "{out}"
    );
    assert!(fake.commands_in(Some(GUILD)).is_empty());
    assert!(
        fake.requests().iter().any(|r| r.path
            == format!("/api/v10/applications/{APP_ID}/guilds/{GUILD}/commands")
            && r.method == "PUT"
            && r.json == serde_json::json!([])),
        "no empty list was put in server {GUILD}"
    );
}
