//! The Discord layer's speed: `/move` autocomplete (answered within Discord's 3 seconds, on every
//! keystroke), and the full round trip of a command through the real bot, a fake Discord on
//! loopback and PostgreSQL (interaction sent → answer with the rendered board received).
//!
//! `cargo bench --bench discord` (needs PostgreSQL at DATABASE_URL, like the tests).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use fibonacci_bot::discord::play::complete;
use fibonacci_bot::engine::{Config, Game, GameKind};
use serde_json::json;

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/fake_discord/mod.rs"]
mod fake_discord;

use fake_discord::{ALICE, BOB, GENERAL, Table};

fn autocomplete(c: &mut Criterion) {
    let start = Game::new(Config::default_for(GameKind::Fibonacci), 0);
    let mut turn5 = start.clone();
    for m in ["a1-c6", "end", "a2-d6", "a3-e6", "a4-f6", "end"] {
        turn5.play(m).expect("a legal opening");
    }
    let fanorona = Game::new(Config::default_for(GameKind::Fanorona), 0);
    let mut group = c.benchmark_group("autocomplete");
    group.bench_function("fibonacci start, empty", |b| {
        b.iter(|| complete(black_box(&start), ""))
    });
    group.bench_function("fibonacci turn 5, fourth move typed", |b| {
        b.iter(|| complete(black_box(&turn5), "a5-g6 b6-h6 c6-i6 d"))
    });
    group.bench_function("fanorona start, empty", |b| {
        b.iter(|| complete(black_box(&fanorona), ""))
    });
    group.finish();
}

fn round_trip(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let table = runtime.block_on(async {
        let t = Table::open().await;
        t.start_game(GENERAL, &[("colour", json!("red"))]).await;
        // Red's turn 3 has three moves: a move and its undo leave the position unchanged.
        t.play(ALICE, GENERAL, "a1-c6").await;
        t.say(BOB, GENERAL, "end", &[]).await;
        t
    });
    let mut group = c.benchmark_group("round trip");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(8));
    group.bench_function("/board", |b| {
        b.iter(|| runtime.block_on(table.say(BOB, GENERAL, "board", &[])))
    });
    group.bench_function("/move then /undo", |b| {
        b.iter(|| {
            runtime.block_on(async {
                table.play(ALICE, GENERAL, "a2-d6").await;
                table.say(ALICE, GENERAL, "undo", &[]).await
            })
        })
    });
    group.finish();
    runtime.block_on(table.close());
}

criterion_group!(benches, autocomplete, round_trip);
criterion_main!(benches);
