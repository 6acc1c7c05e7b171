//! Fibonacci move generation and play: the speed an AI search needs (issue 2: at least five
//! million unit moves generated and played per second on one core).
//!
//! Each iteration generates every legal unit move of a position and plays each one on a copy;
//! the throughput is reported in unit moves (elements) per second.
//! - `game/*`: through [`Game`], with every rule checked (legality, allowance, turn passing,
//!   win detection) — what a search built on the public game API costs.
//! - `position/*`: the bare bitboard path (`Position::unit_moves` + `Position::swap_pieces`).
//! - `ai/hard-midgame`: one whole turn of the hard AI from the mid-game position, on its node
//!   budget without the wall-clock cap: where a search's time goes beyond move generation
//!   (issue 36: its evaluation, and the set of positions already seen).
//!
//! Run: `CARGO_TARGET_DIR=... cargo bench --bench fibonacci`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fibonacci_bot::ai;
use fibonacci_bot::engine::fibonacci::{Game, GroupRule, Options, Position, UnitMove};

/// A mid-game position reached by play from the start (turn 13, Red with six moves): groups are
/// broken up, strike pieces approach both centres, exchanges are possible everywhere.
const MIDGAME: &str = include_str!("../tests/data/fibonacci_midgame.txt");

fn games() -> Vec<(&'static str, Game)> {
    let start = Game::new(Options::default(), 0);
    let mid = Game::from_position(Options::default(), 0, MIDGAME.trim())
        .unwrap_or_else(|e| panic!("tests/data/fibonacci_midgame.txt: {e}"));
    let any = Game::from_position(
        Options {
            group: GroupRule::AnyFriendly,
            ..Options::default()
        },
        0,
        MIDGAME.trim(),
    )
    .unwrap_or_else(|e| panic!("tests/data/fibonacci_midgame.txt: {e}"));
    vec![
        ("start", start),
        ("midgame", mid),
        ("midgame-any-friendly", any),
    ]
}

fn bench_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("game");
    for (name, game) in games() {
        let n = game.legal_moves().len() as u64;
        group.throughput(Throughput::Elements(n));
        group.bench_function(name, |b| {
            b.iter(|| {
                let g = black_box(&game);
                let mut played = 0u32;
                for m in g.legal_moves() {
                    let mut h = g.clone();
                    if h.play(m).is_ok() {
                        played += 1;
                    }
                    black_box(&h);
                }
                played
            })
        });
    }
    group.finish();
}

fn bench_position(c: &mut Criterion) {
    let mut group = c.benchmark_group("position");
    for (name, game) in games() {
        let rule = game.options().group;
        let pos: Position = *game.position();
        let mut buf: Vec<UnitMove> = Vec::with_capacity(256);
        pos.unit_moves(rule, &mut buf);
        group.throughput(Throughput::Elements(buf.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let p = black_box(&pos);
                buf.clear();
                p.unit_moves(rule, &mut buf);
                let mut acc = 0u32;
                for &m in &buf {
                    let mut q = *p;
                    q.swap_pieces(m);
                    acc ^= u32::from(q.is_surrounded(q.side_to_move().other()));
                    black_box(&q);
                }
                acc
            })
        });
    }
    group.finish();
}

fn bench_ai(c: &mut Criterion) {
    let mut group = c.benchmark_group("ai");
    group.sample_size(10);
    let (_, mid) = games().swap_remove(1);
    let mut search = ai::fibonacci::FibonacciSearch::for_level(ai::Level::Hard);
    search.limits.cap = None;
    group.bench_function("hard-midgame", |b| {
        b.iter(|| ai::fibonacci_turn_with(black_box(&mid), &search, 7).expect("a turn"))
    });
    group.finish();
}

criterion_group!(benches, bench_game, bench_position, bench_ai);
criterion_main!(benches);
