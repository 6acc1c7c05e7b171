//! Load: G Fibonacci games moving at once (G = 1, 10, 50 by default), through the real bot
//! binary (built with the bench profile), a fake Discord on loopback and a real PostgreSQL
//! (reached directly, not through the relay the tests cut).
//! Every game sends its next `/move` (a whole turn of random legal moves) as soon as the
//! previous answer arrives, and a spectator asks for `/board` every third turn.
//!
//! Prints one row per G: answer latency p50 / p99 / max, commands per second, the bot's CPU per
//! command (user + system time from `/proc/<pid>/stat` over the measured phase), its peak RSS
//! (`VmHWM`) and its RSS when idle (connected and ready, before any command). Afterwards each
//! game's move log is checked against the moves sent: exactly those, none lost.
//!
//! `cargo bench --bench load` (PostgreSQL at DATABASE_URL, like the tests). `LOAD_GAMES=1,10`
//! and `LOAD_TURNS=12` narrow it. `LOAD_DUMP=file` appends one line per command to `file`
//! (G, game, `move` or `board`, when it was sent in ms after the start, its latency in ms), to
//! see where the slowest answers fall.
//!
//! `LOAD_OUTAGE=8` cuts the database for 8 seconds, 1 second into each measured phase (the bot
//! then reaches PostgreSQL through the tests' relay, which does the cutting). A move refused as
//! "unavailable" is sent again; one whose commit reached the server just before the cut was
//! played all the same, and is then found in the log and counted. A deferred answer counts when
//! its board is posted. Afterwards one more line per G: how many interactions were acknowledged,
//! the oldest acknowledgement (counted from the interaction's creation, as Discord counts its 3
//! seconds), how many came after 3 s, and how many answers said "temporarily unavailable"
//! (without an outage, none should, however loaded the machine).
//!
//! `BENCH_BOT_BINARY=path` measures another build of the bot (an earlier commit's).

use std::time::{Duration, Instant};

use fibonacci_bot::engine::{Config, Game, GameKind, Status};
use serde_json::json;

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/fake_discord/mod.rs"]
mod fake_discord;

#[path = "support/mod.rs"]
mod support;

use fake_discord::Table;
use support::{ACK_LIMIT, Rng, acknowledgements, channel, move_log, ms, player, whole_turn};

/// A spectator who asks for boards.
const SPECTATOR: u64 = fake_discord::CAROL;

/// What one game measured: each command (`move` or `board`, when it was sent, how long its
/// answer took), and the moves it sent.
struct Played {
    commands: Vec<(&'static str, Instant, Duration)>,
    sent: Vec<String>,
    /// Answers "temporarily unavailable" (each sent again).
    unavailable: usize,
    /// Moves answered "unavailable" that were played all the same (see [`Tries::landed`]).
    landed: usize,
}

impl Played {
    /// Notes that the answer to `what`, sent at `started`, has just arrived.
    fn answered(&mut self, what: &'static str, started: Instant) {
        self.commands.push((what, started, started.elapsed()));
    }
}

async fn start_game(t: &Table, g: usize) {
    let (a, b, ch) = (player(g, 0), player(g, 1), channel(g));
    let (_, challenge) = t
        .say(
            a,
            ch,
            "challenge",
            &[
                ("opponent", json!(b)),
                ("colour", json!("red")),
                ("clock", json!("none")),
            ],
        )
        .await;
    assert!(
        !challenge.ephemeral,
        "challenge refused: {}",
        challenge.content
    );
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.contains("accept"))
        .expect("an Accept button");
    let click = t.fake.click(b, ch, &accept);
    let reply = t.fake.reply(&click).await;
    assert!(reply.has_png(), "the game starts with a board");
}

/// The turns game `g` plays: each turn's mover and moves, worked out before the measured
/// phase so that the harness spends no time on the rules while the bot is timed.
fn script(g: usize, turns: u32) -> Vec<(u64, Vec<String>)> {
    let mut game = Game::new(Config::default_for(GameKind::Fibonacci), 0);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (g as u64 + 1));
    let mut script = Vec::new();
    for _ in 0..turns {
        if game.status() != Status::Ongoing {
            break;
        }
        let mover = player(g, game.side_to_move().index());
        script.push((mover, whole_turn(&mut game, &mut rng)));
    }
    script
}

/// How a command went in the end.
#[derive(Default)]
struct Tries {
    /// Answers "temporarily unavailable" before the last.
    unavailable: usize,
    /// A move answered "unavailable" that was played all the same: its commit reached the
    /// server just before the cut, whose answer never came back (found in the log when sending
    /// it again is refused as out of turn).
    landed: bool,
}

/// Sends a command until it is answered with a board (again after "temporarily unavailable");
/// a deferred answer's board is its follow-up.
async fn until_board(
    t: &Table,
    user: u64,
    ch: u64,
    name: &str,
    options: &[(&str, serde_json::Value)],
) -> Tries {
    let mut tries = Tries::default();
    loop {
        let (sent, reply) = t.say(user, ch, name, options).await;
        if reply.has_png() {
            return tries;
        }
        if reply.deferred && !reply.content.contains("unavailable") {
            let boards = t.fake.followups(&sent, 1).await;
            assert!(boards[0].has_png(), "/{name} in {ch}: {:?}", boards[0]);
            return tries;
        }
        if tries.unavailable > 0 && !reply.content.contains("unavailable") {
            let moves: Vec<String> = options[0]
                .1
                .as_str()
                .unwrap_or("")
                .split(' ')
                .map(str::to_string)
                .collect();
            let log = move_log(t.db.direct_url(), ch).await;
            assert!(
                log.ends_with(&moves),
                "/{name} {options:?} in {ch} was refused after \"unavailable\" and is not in \
                 the log: {}",
                reply.content
            );
            tries.landed = true;
            return tries;
        }
        assert!(
            reply.content.contains("unavailable"),
            "/{name} {options:?} in {ch} was refused: {}",
            reply.content
        );
        tries.unavailable += 1;
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

async fn play(t: &Table, g: usize, script: Vec<(u64, Vec<String>)>) -> Played {
    let ch = channel(g);
    let mut played = Played {
        commands: Vec::new(),
        sent: Vec::new(),
        unavailable: 0,
        landed: 0,
    };
    for (turn, (mover, moves)) in script.into_iter().enumerate() {
        let started = Instant::now();
        let tries = until_board(t, mover, ch, "move", &[("moves", json!(moves.join(" ")))]).await;
        played.unavailable += tries.unavailable;
        played.landed += usize::from(tries.landed);
        played.answered("move", started);
        played.sent.extend(moves);
        if turn % 3 == 2 {
            let started = Instant::now();
            played.unavailable += until_board(t, SPECTATOR, ch, "board", &[])
                .await
                .unavailable;
            played.answered("board", started);
        }
    }
    played
}

/// User + system CPU time of process `pid` so far.
fn cpu_time(pid: u32, ticks_per_second: f64) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the bot's stat");
    // Fields after the command name (which may hold spaces) start after the last ')'.
    let rest = &stat[stat.rfind(')').expect("a stat line") + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks: f64 =
        fields[11].parse::<f64>().expect("utime") + fields[12].parse::<f64>().expect("stime");
    Duration::from_secs_f64(ticks / ticks_per_second)
}

/// A `VmHWM` / `VmRSS` line of `/proc/<pid>/status`, in MB.
fn memory_mb(pid: u32, key: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the bot's status");
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a memory line");
    kb / 1024.0
}

fn clock_ticks() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100.0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

async fn level(games: usize, turns: u32, ticks: f64, outage: Option<Duration>) -> (String, String) {
    let mut t = Table::open().await;
    // Production logging (the tests' bot logs at debug), and the database reached directly
    // unless it is to be cut.
    let env = [("RUST_LOG", "warn,fibonacci_bot=info".to_string())];
    if outage.is_some() {
        t.restart_with(&env).await;
    } else {
        t.restart_direct_with(&env).await;
    }
    // Idle: connected, commands registered, nothing asked yet.
    let idle = memory_mb(t.bot.pid(), "VmRSS:");
    for g in 0..games {
        t.fake.add_user(player(g, 0), &format!("red{g}"));
        t.fake.add_user(player(g, 1), &format!("green{g}"));
        t.fake.add_channel(channel(g));
    }
    for g in 0..games {
        start_game(&t, g).await;
    }
    let scripts: Vec<_> = (0..games).map(|g| script(g, turns)).collect();
    let pid = t.bot.pid();
    let cpu_before = cpu_time(pid, ticks);
    let started = Instant::now();
    // One task per game, each woken only by its own answers.
    let t = std::sync::Arc::new(t);
    let mut tasks = tokio::task::JoinSet::new();
    let cutter = outage.map(|outage| {
        let t = t.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(1)).await;
            t.db.proxy.cut();
            tokio::time::sleep(outage).await;
            t.db.proxy.restore();
        })
    });
    for (g, script) in scripts.into_iter().enumerate() {
        let t = t.clone();
        tasks.spawn(async move { (g, play(&t, g, script).await) });
    }
    let mut runs: Vec<Option<Played>> = (0..games).map(|_| None).collect();
    while let Some(done) = tasks.join_next().await {
        let (g, run) = done.expect("a game's task");
        runs[g] = Some(run);
    }
    let runs: Vec<Played> = runs
        .into_iter()
        .map(|r| r.expect("every game played"))
        .collect();
    let wall = started.elapsed();
    if let Some(cutter) = cutter {
        cutter.await.expect("the outage's task");
    }
    let Ok(t) = std::sync::Arc::try_unwrap(t) else {
        panic!("every game's task is done with the table");
    };
    let cpu = cpu_time(pid, ticks) - cpu_before;
    let peak = memory_mb(pid, "VmHWM:");

    // Every game's log holds exactly the moves sent, in order.
    for (g, run) in runs.iter().enumerate() {
        let logged = move_log(t.db.direct_url(), channel(g)).await;
        assert_eq!(logged, run.sent, "game {g}: the log is the moves sent");
    }
    if let Ok(path) = std::env::var("LOAD_DUMP") {
        // One line per command: G, game, what, sent (ms after the start), latency (ms).
        use std::io::Write;
        let mut out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .expect("the LOAD_DUMP file");
        for (g, run) in runs.iter().enumerate() {
            for (what, at, latency) in &run.commands {
                let at = at.duration_since(started).as_secs_f64() * 1000.0;
                let latency = latency.as_secs_f64() * 1000.0;
                writeln!(out, "{games} {g} {what} {at:.1} {latency:.1}").expect("LOAD_DUMP");
            }
        }
    }
    let mut latencies: Vec<Duration> = runs
        .iter()
        .flat_map(|r| r.commands.iter().map(|&(_, _, latency)| latency))
        .collect();
    latencies.sort();
    let commands = latencies.len();
    let row = format!(
        "| {games} | {} | {} | {} | {:.1} | {:.1} ms | {peak:.0} MB | {idle:.0} MB |",
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99)),
        ms(*latencies.last().expect("commands")),
        commands as f64 / wall.as_secs_f64(),
        cpu.as_secs_f64() * 1000.0 / commands as f64,
    );
    eprintln!(
        "G={games}: {commands} commands in {wall:?}, moves checked in {} logs",
        runs.len()
    );
    let ages = acknowledgements(&t.fake);
    let acks = ages.len();
    let oldest = ages.iter().map(|&(_, age)| age).max().unwrap_or_default();
    let late = ages.iter().filter(|&&(_, age)| age > ACK_LIMIT).count();
    let unavailable: usize = runs.iter().map(|r| r.unavailable).sum();
    let landed: usize = runs.iter().map(|r| r.landed).sum();
    let acked = format!(
        "G={games}: {acks} interactions acknowledged, the oldest {} after its creation, {late} \
         after 3 s; {unavailable} answered \"temporarily unavailable\", of which {landed} \
         moves were played all the same",
        ms(oldest)
    );
    eprintln!("{acked}");
    t.close().await;
    (row, acked)
}

fn main() {
    let levels: Vec<usize> = std::env::var("LOAD_GAMES")
        .unwrap_or_else(|_| "1,10,50".to_string())
        .split(',')
        .filter_map(|g| g.trim().parse().ok())
        .collect();
    let turns: u32 = std::env::var("LOAD_TURNS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(12);
    let ticks = clock_ticks();
    let outage = std::env::var("LOAD_OUTAGE")
        .ok()
        .and_then(|s| s.parse().ok())
        .map(Duration::from_secs);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    println!(
        "| games moving at once | p50 | p99 | max | commands/s | bot CPU per command | bot peak RSS | bot idle RSS |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let mut acked = Vec::new();
    for games in levels {
        let (row, acks) = runtime.block_on(level(games, turns, ticks, outage));
        println!("{row}");
        acked.push(acks);
    }
    for line in acked {
        println!("{line}");
    }
}
