//! Fanorona move generation speed: whole turns (every step and every chain prefix) generated per
//! second, at the start and in a mid-game position with open lines and chains.
//!
//! Run: `cargo bench --bench fanorona`. Criterion reports the time per generation and, from the
//! throughput set below, turns per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fibonacci_bot::engine::fanorona::{Game, Options, Position, RuleSet, count_turns, perft};

const START: &str = "WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB w";
/// A mid-game position: 15 white, 13 black, many captures and chains for white.
const MIDGAME: &str = "WWW.WW.WW/W.WW.W.WW/B.W...BW./.BB.B.BB./BB.BB.B.B w";

fn turns(c: &mut Criterion) {
    let mut group = c.benchmark_group("fanorona_turns");
    for (name, text) in [("start", START), ("midgame", MIDGAME)] {
        let position: Position = text.parse().expect("bench position");
        for (rules_name, rules) in [("escale", RuleSet::Escale), ("standard", RuleSet::Standard)] {
            let options = Options { rules, vela: None };
            let n = count_turns(options, &position);
            group.throughput(Throughput::Elements(n));
            group.bench_function(format!("{name}/{rules_name}/count"), |b| {
                b.iter(|| count_turns(options, black_box(&position)))
            });
        }
        // What the bot and `rules legal` do: the turns as strings.
        let game = Game::from_position(Options::default(), text).expect("bench position");
        group.throughput(Throughput::Elements(game.legal_turns().len() as u64));
        group.bench_function(format!("{name}/escale/strings"), |b| {
            b.iter(|| black_box(&game).legal_turns())
        });
    }
    group.finish();

    let mut group = c.benchmark_group("fanorona_perft");
    let start: Position = START.parse().expect("start");
    let options = Options::default();
    group.throughput(Throughput::Elements(perft(options, &start, 4)));
    group.bench_function("start/escale/depth4", |b| {
        b.iter(|| perft(options, black_box(&start), 4))
    });
    group.finish();
}

criterion_group!(benches, turns);
criterion_main!(benches);
