//! The metrics endpoint for hosts (issue 13): `METRICS_ADDR` serves Prometheus metrics at
//! `/metrics` and a health check at `/healthz`, and the counters move with the commands.

use crate::fake_discord::*;
use serde_json::json;

/// The relay's counts once the bot has sent nothing for half a second.
async fn quiet(t: &Table) -> Counted {
    t.counted_when_quiet(std::time::Duration::from_millis(500))
        .await
}

async fn get(url: &str) -> (u16, String) {
    let response = reqwest::get(url).await.expect("the endpoint answers");
    let status = response.status().as_u16();
    (status, response.text().await.expect("a body"))
}

/// The value of the first sample line starting with `prefix`, if any.
fn sample(body: &str, prefix: &str) -> Option<f64> {
    body.lines()
        .find(|l| l.starts_with(prefix))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[tokio::test]
async fn the_metrics_endpoint_answers_and_its_counters_move_with_the_commands() {
    let mut t = Table::open().await;
    let port = free_port();
    // The scheduler slowed to a tick an hour: the statements counted are the commands'.
    t.restart_with(&[
        ("METRICS_ADDR", format!("127.0.0.1:{port}")),
        ("FIBONACCI_BOT_TICK_SECS", "3600".to_string()),
    ])
    .await;
    let base = format!("http://127.0.0.1:{port}");

    let (status, body) = get(&format!("{base}/healthz")).await;
    assert_eq!((status, body.as_str()), (200, "ok\n"));
    let (status, _) = get(&format!("{base}/nothing")).await;
    assert_eq!(status, 404);

    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    t.play(ALICE, GENERAL, "b6-c6").await;
    t.refused(CAROL, GENERAL, "move", &[("moves", json!("j6-i6"))])
        .await;

    // What the commands do after their answers is done before the count is read.
    quiet(&t).await;
    let (status, body) = get(&format!("{base}/metrics")).await;
    assert_eq!(status, 200);
    let ok = r#"fibonacci_bot_commands_total{command="move",outcome="ok"}"#;
    let refused = r#"fibonacci_bot_commands_total{command="move",outcome="refused"}"#;
    assert_eq!(sample(&body, ok), Some(1.0), "{body}");
    assert_eq!(sample(&body, refused), Some(1.0), "{body}");
    assert!(
        sample(
            &body,
            r#"fibonacci_bot_interaction_seconds_count{command="challenge"}"#
        ) == Some(1.0),
        "{body}"
    );
    assert!(sample(&body, "fibonacci_bot_render_seconds_count").unwrap_or(0.0) >= 2.0);
    assert_eq!(sample(&body, "fibonacci_bot_games_in_progress"), Some(1.0));
    assert!(sample(&body, "fibonacci_bot_db_pool_connections").unwrap_or(0.0) >= 1.0);

    let cpu = sample(&body, "fibonacci_bot_cpu_seconds_per_command").expect(&body);
    assert!(cpu > 0.0 && cpu < 10.0, "{body}");
    let per_command =
        sample(&body, "fibonacci_bot_db_statements_per_command").expect("statements per command");
    assert!(per_command >= 1.0, "{body}");
    let statements = "fibonacci_bot_db_statements_total";
    let before = sample(&body, statements).expect(statements);
    let relay_before = quiet(&t).await;

    // The counters move, and the statements counted are those the relay saw.
    t.play(BOB, GENERAL, "j6-i6 i6-h6").await;
    quiet(&t).await;
    let (_, body) = get(&format!("{base}/metrics")).await;
    assert_eq!(sample(&body, ok), Some(2.0), "{body}");
    let sent = quiet(&t).await - relay_before;
    let counted = sample(&body, statements).expect(statements) - before;
    // The bot's count is sqlx's record of its statements (its type look-ups included) and of
    // each BEGIN: what the relay saw.
    assert_eq!(
        counted,
        (sent.statements + sent.type_lookups) as f64,
        "the bot counts every statement the database is sent: {sent:?}"
    );

    // The health check fails, and says so, while the database is away.
    t.db.proxy.cut();
    let (status, body) = get(&format!("{base}/healthz")).await;
    assert_eq!(status, 503, "{body}");
    t.db.proxy.restore();
    t.close().await;
}
