//! Sustained moves per second through the game service with 100 games played in parallel against
//! the local PostgreSQL (`DATABASE_URL`, default `postgres://postgres@127.0.0.1:5432/postgres`;
//! a fresh database is created and dropped). Target: at least 500 moves/s on a 2-core machine.
//!
//! Each iteration plays one move in each of the 100 games at once (50 Fibonacci, 50 Fanorona),
//! each move a legal one picked pseudo-randomly, through `Service::play` (one transaction each:
//! lock, replay the log, validate, append, update). Finished games are replaced by new ones.
//! Criterion reports the throughput in moves (elements) per second.

#[path = "../tests/common/mod.rs"]
mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fibonacci_bot::app::{ColourChoice, GameView, NewChallenge, Service};
use fibonacci_bot::engine::{Config, Game, GameKind};

const GAMES: u64 = 100;
const RED: u64 = 1;
const GREEN: u64 = 2;

/// One game's state as its player sees it between moves.
struct Table {
    channel: u64,
    game: Game,
    players: [u64; 2],
    finished: bool,
    rng: u64,
}

impl Table {
    fn from_view(channel: u64, view: GameView, rng: u64) -> Table {
        Table {
            channel,
            game: view.game,
            players: view.players,
            finished: false,
            rng,
        }
    }

    /// A legal move picked by a small xorshift generator (deterministic per table).
    fn pick(&mut self) -> String {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        let moves = self.game.legal_moves();
        if moves.is_empty() {
            return "end".to_string();
        }
        moves[(self.rng % moves.len() as u64) as usize].clone()
    }
}

async fn new_game(service: &Service, channel: u64) -> GameView {
    let kind = if channel.is_multiple_of(2) {
        GameKind::Fibonacci
    } else {
        GameKind::Fanorona
    };
    let challenge = service
        .challenge(NewChallenge {
            challenger: RED,
            challenged: GREEN,
            guild: 1,
            channel,
            config: Config::default_for(kind),
            colour: ColourChoice::ChallengerFirst,
            clock: Default::default(),
            rated: true,
        })
        .await
        .expect("challenge");
    service.accept(challenge.id, GREEN).await.expect("accept")
}

/// One move in every game, all at once.
async fn round(service: &Arc<Service>, tables: Vec<Table>) -> Vec<Table> {
    let mut set = tokio::task::JoinSet::new();
    for mut table in tables {
        let service = Arc::clone(service);
        set.spawn(async move {
            if table.finished {
                let view = new_game(&service, table.channel).await;
                let rng = table.rng;
                table = Table::from_view(table.channel, view, rng);
            }
            let word = table.pick();
            let user = table.players[table.game.side_to_move().index()];
            let outcome = service
                .play(table.channel, user, &word)
                .await
                .unwrap_or_else(|e| panic!("{word} in channel {}: {e}", table.channel));
            table.finished = outcome.view.outcome.is_some();
            table.game = outcome.view.game;
            table
        });
    }
    let mut tables = Vec::new();
    while let Some(table) = set.join_next().await {
        tables.push(table.expect("task"));
    }
    tables
}

fn service_moves(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let (db, service, tables) = runtime.block_on(async {
        let db = common::fresh_database().await;
        let service = Arc::new(Service::connect(db.url()).await.expect("connect"));
        let mut tables = Vec::new();
        for channel in 0..GAMES {
            let view = new_game(&service, channel).await;
            tables.push(Table::from_view(
                channel,
                view,
                0x9E37_79B9_7F4A_7C15 ^ channel,
            ));
        }
        (db, service, tables)
    });
    let mut tables = Some(tables);
    let mut total_moves = 0u64;
    let mut total_time = Duration::ZERO;

    let mut group = c.benchmark_group("service");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("play_100_games_in_parallel", |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                let current = tables.take().unwrap_or_default();
                tables = Some(runtime.block_on(round(&service, current)));
            }
            let elapsed = start.elapsed();
            total_moves += iters * GAMES;
            total_time += elapsed;
            elapsed
        })
    });
    group.finish();
    if !total_time.is_zero() {
        println!(
            "service: {total_moves} moves in {:.1} s = {:.0} moves/s sustained",
            total_time.as_secs_f64(),
            total_moves as f64 / total_time.as_secs_f64()
        );
    }
    drop(service);
    drop(runtime);
    drop(db);
}

criterion_group!(benches, service_moves);
criterion_main!(benches);
