//! The scheduler's look (`Service::tick`) over 100,000 games with deadlines, of which 100 are
//! due, against the local PostgreSQL (`DATABASE_URL`, default
//! `postgres://postgres@127.0.0.1:5432/postgres`; a fresh database is created and dropped).
//! Target: a look takes ≤ 10 ms, and the `games_wake` index is used.
//!
//! Each measured look claims the 100 due games (`FOR UPDATE SKIP LOCKED` through the index),
//! decides a reminder for each, records it and writes 100 notices, in one transaction. Between
//! looks (not measured) the 100 games are made due again and the notices removed. A look with
//! nothing due is measured too. The query plan of the look is printed (`EXPLAIN ANALYZE`).

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use fibonacci_bot::app::Service;
use fibonacci_bot::engine::{Config, Game, GameKind};
use fibonacci_bot::store::schedule::DUE_GAMES;
use sqlx::Connection;

const GAMES: i64 = 100_000;
const DUE: i64 = 100;

/// 100,000 running Fibonacci games with 3-day clocks; their deadlines spread over the next
/// three days, none due.
async fn fill(url: &str) {
    let mut conn = sqlx::PgConnection::connect(url).await.expect("connect");
    let config = Config::default_for(GameKind::Fibonacci);
    let position = Game::new(config, 0).position_string();
    sqlx::query(
        "INSERT INTO challenges (challenger, challenged, guild_id, channel_id, options, colour, \
             state, answered_at, clock_secs) \
         SELECT 1, 2, 1, n, $2, 'challenger-first', 'accepted', now(), 259200 \
         FROM generate_series(1, $1) AS n",
    )
    .bind(GAMES)
    .bind(config.to_string())
    .execute(&mut conn)
    .await
    .expect("challenges");
    sqlx::query(
        "INSERT INTO games (challenge_id, guild_id, channel_id, options, seed, first_player, \
             second_player, position, clock_secs, deadline, turn_started_at) \
         SELECT c.id, 1, c.channel_id, c.options, 0, 1, 2, $1, 259200, \
                now() + interval '2 days' + make_interval(secs => c.id % 86400), now() \
         FROM challenges c",
    )
    .bind(&position)
    .execute(&mut conn)
    .await
    .expect("games");
    sqlx::query("ANALYZE games")
        .execute(&mut conn)
        .await
        .expect("analyze");
}

/// Makes `DUE` games due for their 24-hour reminder, and empties the outbox.
async fn make_due(conn: &mut sqlx::PgConnection) {
    sqlx::query("DELETE FROM notices")
        .execute(&mut *conn)
        .await
        .expect("notices");
    sqlx::query(
        "UPDATE games SET reminders_sent = 0, turn_started_at = now() - interval '2 days', \
             deadline = now() + interval '20 hours' \
         WHERE id <= $1",
    )
    .bind(DUE)
    .execute(&mut *conn)
    .await
    .expect("make due");
}

fn scheduler_tick(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let (db, service, mut conn) = runtime.block_on(async {
        let db = common::fresh_database().await;
        let service = Service::connect(db.url()).await.expect("connect");
        fill(db.url()).await;
        let conn = sqlx::PgConnection::connect(db.url())
            .await
            .expect("connect");
        (db, service, conn)
    });

    // The plan of the look, with 100 games due.
    runtime.block_on(async {
        make_due(&mut conn).await;
        let plan: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) {DUE_GAMES}"
        )))
        .bind(chrono::Utc::now())
        .bind(200_i64)
        .bind(Vec::<i64>::new())
        .fetch_all(&mut conn)
        .await
        .expect("explain");
        println!(
            "\nThe look's query over {GAMES} games, {DUE} due:\n{}\n",
            plan.join("\n")
        );
    });

    let mut group = c.benchmark_group("scheduler");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("tick_100_due_of_100000", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                runtime.block_on(make_due(&mut conn));
                let start = Instant::now();
                let report = runtime.block_on(service.tick()).expect("tick");
                total += start.elapsed();
                assert_eq!(report.reminders as i64, DUE, "{report:?}");
            }
            total
        });
    });
    group.bench_function("tick_nothing_due_of_100000", |b| {
        b.iter(|| {
            let report = runtime.block_on(service.tick()).expect("tick");
            assert!(report.is_empty(), "{report:?}");
        });
    });
    group.finish();
    drop(conn);
    runtime.block_on(async move {
        drop(service);
        drop(db);
    });
}

criterion_group!(benches, scheduler_tick);
criterion_main!(benches);
