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

#[tokio::test]
async fn the_fake_discord_refuses_a_wrong_token_on_rest_and_on_the_gateway() {
    let fake = FakeDiscord::start().await;
    let client = reqwest::Client::new();
    let url = format!("{}/api/v10/gateway/bot", fake.base);
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
