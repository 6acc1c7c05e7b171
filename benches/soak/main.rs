//! Chaos soak: the real bot (bench build) plays through everything a host can throw at it, for
//! 10 minutes, and afterwards the books must balance.
//!
//! - 30 Fibonacci games move at once, through the fake Discord and a real PostgreSQL (an
//!   embedded server of the bench's own, which the bot reaches through a relay so that the
//!   server can be restarted on another port). Players think 0.3–2.5 s a turn and read the
//!   position from the database before each turn (a move sent to a bot that died may have
//!   been played all the same); a spectator asks for the board now and then.
//! - The scheduler ticks every second. Each turn's deadline is set 30–60 s away, with its
//!   one-hour reminder due at once; now and then a player stops playing, so that the game is
//!   lost on time, and a new one starts in its channel.
//! - The bot is killed with SIGKILL every 20–60 s (at random) and started again; PostgreSQL is
//!   stopped and started twice (down for 5 s each time); the gateway connection is dropped once.
//!
//! At the end every game still going is given a deadline 5 s away. Once every notice is sent, it
//! checks, and prints: every move answered as accepted is in the move log, where it was played;
//! no game whose deadline passed is still going (all of them have ended); every timeout happened once (once in the log, at least once
//! and at most twice on Discord); every reminder went out at least once and at most twice (or
//! was dropped because the turn had moved on before it could go); no interaction was
//! acknowledged later than 3 s after its creation, and every interaction never answered was
//! sent to a bot that died (or whose connection dropped) within 3 s; the counts of moves,
//! restarts and outages.
//!
//! `cargo bench --bench soak`. `SOAK_SECS=120` and `SOAK_GAMES=10` shorten it; `SOAK_SEED`
//! changes the random choices (players' moves and the moments of the kills); `SOAK_LOGS=dir`
//! keeps every life's bot log there. Runs as root too (the embedded server then runs as its own
//! account, as the bot's does).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fibonacci_bot::engine::{Config, Game, GameKind};
use fibonacci_bot::store::embedded::EmbeddedServer;
use serde_json::{Value, json};
use sqlx::postgres::{PgPool, PgPoolOptions};

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../../tests/fake_discord/mod.rs"]
mod fake_discord;
#[path = "../support/mod.rs"]
mod support;

mod audit;

use audit::{Books, audit};

use fake_discord::{Answer, Bot, FakeDiscord, GUILD, PgProxy, Reply};
use support::{ACK_LIMIT, Rng, channel, player, whole_turn};

/// Who asks for boards.
const SPECTATOR: u64 = fake_discord::CAROL;

/// How long a command may go unanswered before it is taken as lost (Discord's 3 s, and time
/// for the answer to arrive).
const LOST_AFTER: Duration = Duration::from_secs(5);

/// A deferred answer must be completed within the bot's own limit for a command (2 minutes).
const DEFERRED_LIMIT: Duration = Duration::from_secs(150);

/// How long PostgreSQL stays down at each restart.
const DB_DOWN: Duration = Duration::from_secs(5);

/// One chance in this many, at each turn, that the player to move stops playing this game.
const STOPS_ONE_IN: usize = 60;

/// How the bench's side of things sees one interaction end.
enum Fate {
    /// Answered, in the end (a deferred answer once completed).
    Answered(Reply),
    /// "The game service is temporarily unavailable".
    Unavailable,
    /// Never answered, or deferred by a bot that died before completing it.
    Lost,
}

/// When interactions could reach no bot: from a kill (or a dropped connection) until the bot
/// was back.
#[derive(Default)]
struct Windows(Vec<(Instant, Option<Instant>)>);

impl Windows {
    /// True when an interaction sent at `sent` met no bot for its 3 seconds.
    fn excuse(&self, sent: Instant) -> bool {
        self.0
            .iter()
            .any(|&(from, to)| from <= sent + ACK_LIMIT && to.is_none_or(|to| to >= sent))
    }
}

/// Counts kept while the soak runs.
#[derive(Default)]
struct Counts {
    accepted_turns: AtomicUsize,
    accepted_moves: AtomicUsize,
    boards: AtomicUsize,
    games_started: AtomicUsize,
    stopped_playing: AtomicUsize,
    unavailable: AtomicUsize,
    /// Turns answered "unavailable" (or lost) and found in the log all the same.
    landed_unanswered: AtomicUsize,
    lost: AtomicUsize,
    refused: Mutex<HashMap<String, usize>>,
    kills: AtomicUsize,
    db_restarts: AtomicUsize,
    gateway_drops: AtomicUsize,
}

/// An accepted turn: the game, how many plies the log held before it, its moves.
struct Accepted {
    game: i64,
    before: usize,
    moves: Vec<String>,
}

/// The soak's world: the fake Discord, the bot, the database server and the relay to it.
struct Chaos {
    fake: FakeDiscord,
    proxy: PgProxy,
    data_dir: PathBuf,
    server: tokio::sync::Mutex<Option<EmbeddedServer>>,
    /// The bot's URL (through the relay), which survives the server's restarts.
    url: String,
    pool: PgPool,
    bot: Mutex<Bot>,
    /// Bumped at each kill: a deferred answer from an earlier life never comes.
    life: AtomicU64,
    env: Vec<(&'static str, String)>,
    windows: Mutex<Windows>,
    /// Every interaction sent: its id and when.
    sent: Mutex<Vec<(u64, Instant)>>,
    accepted: Mutex<Vec<Accepted>>,
    counts: Counts,
    logs: Option<PathBuf>,
    end: Instant,
}

/// A game as the database has it.
struct Seen {
    id: i64,
    seed: i64,
    has_deadline: bool,
    /// Every entry of the log (kind, notation), in order.
    log: Vec<(String, String)>,
}

/// What is in a channel.
enum Channel {
    Playing(Seen),
    Challenged,
    Free,
}

impl Chaos {
    /// Runs `query` until the database answers (it may be restarting).
    async fn patiently<T, F, Fut>(&self, what: &str, query: F) -> T
    where
        F: Fn() -> Fut,
        Fut: std::future::Future<Output = sqlx::Result<T>>,
    {
        let give_up = Instant::now() + Duration::from_secs(60);
        loop {
            match query().await {
                Ok(value) => return value,
                Err(_) if Instant::now() < give_up => {
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
                Err(e) => panic!("{what}: the database did not answer for 60 s: {e}"),
            }
        }
    }

    async fn channel(&self, ch: u64) -> Channel {
        let pool = &self.pool;
        let game: Option<(i64, i64, bool, bool)> = self
            .patiently("the channel's game", || {
                sqlx::query_as(
                    "SELECT id, seed, outcome IS NOT NULL, deadline IS NOT NULL FROM games \
                     WHERE channel_id = $1 AND guild_id = $2 ORDER BY id DESC LIMIT 1",
                )
                .bind(ch as i64)
                .bind(GUILD as i64)
                .fetch_optional(pool)
            })
            .await;
        let challenged: bool = self
            .patiently("the channel's challenge", || {
                sqlx::query_scalar(
                    "SELECT EXISTS (SELECT 1 FROM challenges WHERE channel_id = $1 \
                     AND state = 'open')",
                )
                .bind(ch as i64)
                .fetch_one(pool)
            })
            .await;
        if challenged {
            return Channel::Challenged;
        }
        let Some((id, seed, _, has_deadline)) = game.filter(|&(_, _, over, _)| !over) else {
            return Channel::Free;
        };
        let log = self.log(id).await;
        Channel::Playing(Seen {
            id,
            seed,
            has_deadline,
            log,
        })
    }

    async fn log(&self, game: i64) -> Vec<(String, String)> {
        let pool = &self.pool;
        self.patiently("the move log", || {
            sqlx::query_as("SELECT kind, notation FROM moves WHERE game_id = $1 ORDER BY ply")
                .bind(game)
                .fetch_all(pool)
        })
        .await
    }

    /// Sends a command and follows it to its end.
    async fn ask(&self, user: u64, ch: u64, name: &str, options: &[(&str, Value)]) -> Fate {
        let life = self.life.load(Ordering::SeqCst);
        let sent = self.fake.command(user, ch, name, options);
        let at = Instant::now();
        self.sent.lock().expect("sent").push((sent.id, at));
        loop {
            match self.fake.answer_now(&sent) {
                Answer::Done(reply) if reply.content.contains("temporarily unavailable") => {
                    self.counts.unavailable.fetch_add(1, Ordering::Relaxed);
                    return Fate::Unavailable;
                }
                Answer::Done(reply) => return Fate::Answered(reply),
                Answer::Deferred if self.life.load(Ordering::SeqCst) != life => {
                    return self.lost();
                }
                Answer::Deferred => assert!(
                    at.elapsed() < DEFERRED_LIMIT,
                    "/{name} in {ch}: deferred and never completed"
                ),
                Answer::Nothing if at.elapsed() > LOST_AFTER => return self.lost(),
                Answer::Nothing => {}
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn lost(&self) -> Fate {
        self.counts.lost.fetch_add(1, Ordering::Relaxed);
        Fate::Lost
    }

    fn refused(&self, name: &str, reply: &Reply) {
        // Numbers and mentions vary: keep the words.
        let words: String = reply
            .content
            .split_whitespace()
            .filter(|w| !w.contains("<@") && !w.chars().any(|c| c.is_ascii_digit()))
            .take(12)
            .collect::<Vec<_>>()
            .join(" ");
        *self
            .counts
            .refused
            .lock()
            .expect("refusals")
            .entry(format!("/{name}: {words}"))
            .or_default() += 1;
    }

    /// Sets the turn's deadline `secs` away, with its one-hour reminder due at once, if the
    /// turn is still the one seen (`plies` entries in the log).
    async fn deadline_in(&self, game: i64, plies: usize, secs: u64) {
        let pool = &self.pool;
        self.patiently("a close deadline", || {
            sqlx::query(
                "UPDATE games SET deadline = now() + make_interval(secs => $2), \
                     turn_started_at = now() - interval '90 minutes' \
                 WHERE id = $1 AND outcome IS NULL AND deadline IS NOT NULL \
                   AND (SELECT count(*) FROM moves WHERE game_id = $1) = $3",
            )
            .bind(game)
            .bind(secs as f64)
            .bind(plies as i64)
            .execute(pool)
        })
        .await;
    }

    /// Plays game `g`'s channel until the end: challenges, accepts, turns, boards.
    async fn play(&self, g: usize) {
        let ch = channel(g);
        let seed = std::env::var("SOAK_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0x9E37_79B9_7F4A_7C15u64);
        let mut rng = Rng(seed ^ (g as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
        // The turn whose deadline was set (game, plies), and games whose mover stopped.
        let mut deadlined = (0, usize::MAX);
        let mut stopped: Vec<i64> = Vec::new();
        let mut turns = 0usize;
        while Instant::now() < self.end {
            let seen = match self.channel(ch).await {
                Channel::Free => {
                    self.challenge(g).await;
                    continue;
                }
                Channel::Challenged => {
                    self.accept(g).await;
                    continue;
                }
                Channel::Playing(seen) => seen,
            };
            if stopped.contains(&seen.id) {
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
            let plies = seen.log.len();
            if seen.has_deadline && deadlined != (seen.id, plies) {
                let secs = 30 + rng.below(31) as u64;
                self.deadline_in(seen.id, plies, secs).await;
                deadlined = (seen.id, plies);
            }
            if rng.below(STOPS_ONE_IN) == 0 {
                // The player to move goes away: the game is to be lost on time.
                stopped.push(seen.id);
                self.counts.stopped_playing.fetch_add(1, Ordering::Relaxed);
                continue;
            }
            tokio::time::sleep(rng.millis(300, 2500)).await;
            let mut game = Game::new(Config::default_for(GameKind::Fibonacci), seen.seed as u64);
            for (kind, notation) in &seen.log {
                if kind == "move" {
                    game.play(notation)
                        .unwrap_or_else(|e| panic!("game {}: {notation}: {e}", seen.id));
                }
            }
            let mover = player(g, game.side_to_move().index());
            let moves = whole_turn(&mut game, &mut rng);
            if moves.is_empty() {
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
            let fate = self
                .ask(mover, ch, "move", &[("moves", json!(moves.join(" ")))])
                .await;
            match fate {
                Fate::Answered(reply) if reply.has_png() && !reply.ephemeral => {
                    self.counts.accepted_turns.fetch_add(1, Ordering::Relaxed);
                    self.counts
                        .accepted_moves
                        .fetch_add(moves.len(), Ordering::Relaxed);
                    self.accepted.lock().expect("accepted").push(Accepted {
                        game: seen.id,
                        before: plies,
                        moves,
                    });
                }
                Fate::Answered(reply) => self.refused("move", &reply),
                Fate::Unavailable | Fate::Lost => {
                    // Played all the same? (A commit whose answer never came back.)
                    let log = self.log(seen.id).await;
                    if log.len() > plies && log[plies..].iter().map(|(_, n)| n).eq(moves.iter()) {
                        self.counts
                            .landed_unanswered
                            .fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            turns += 1;
            if turns.is_multiple_of(4) {
                match self.ask(SPECTATOR, ch, "board", &[]).await {
                    Fate::Answered(reply) if reply.has_png() => {
                        self.counts.boards.fetch_add(1, Ordering::Relaxed);
                    }
                    Fate::Answered(reply) => self.refused("board", &reply),
                    Fate::Unavailable | Fate::Lost => {}
                }
            }
        }
    }

    async fn challenge(&self, g: usize) {
        let options = [
            ("opponent", json!(player(g, 1))),
            ("colour", json!("red")),
            ("clock", json!("1d")),
        ];
        match self
            .ask(player(g, 0), channel(g), "challenge", &options)
            .await
        {
            Fate::Answered(reply) if !reply.ephemeral => {}
            Fate::Answered(reply) => self.refused("challenge", &reply),
            Fate::Unavailable | Fate::Lost => tokio::time::sleep(Duration::from_secs(1)).await,
        }
    }

    async fn accept(&self, g: usize) {
        match self.ask(player(g, 1), channel(g), "accept", &[]).await {
            Fate::Answered(reply) if reply.has_png() => {
                self.counts.games_started.fetch_add(1, Ordering::Relaxed);
            }
            Fate::Answered(reply) => self.refused("accept", &reply),
            Fate::Unavailable | Fate::Lost => tokio::time::sleep(Duration::from_secs(1)).await,
        }
    }

    /// Opens a window in which interactions reach no bot; [`Chaos::back`] closes it.
    fn gone(&self) -> usize {
        let mut windows = self.windows.lock().expect("windows");
        windows.0.push((Instant::now(), None));
        windows.0.len() - 1
    }

    fn back(&self, window: usize) {
        self.windows.lock().expect("windows").0[window].1 = Some(Instant::now());
    }

    /// SIGKILL, then a new bot on the same database; returns once it is connected and ready.
    async fn kill_and_restart(&self) {
        let identifies = self.fake.identified_shards().len();
        let registrations = self.fake.registrations();
        let window = self.gone();
        {
            let mut bot = self.bot.lock().expect("the bot");
            self.life.fetch_add(1, Ordering::SeqCst);
            bot.kill();
            self.keep_log(&bot);
            *bot = Bot::start_with(&self.fake, &self.url, Some(GUILD), &self.env);
        }
        until("the restarted bot to connect and register", || {
            self.fake.identified_shards().len() > identifies
                && self.fake.registrations() > registrations
        })
        .await;
        self.back(window);
        self.counts.kills.fetch_add(1, Ordering::Relaxed);
    }

    /// Keeps a bot's log in `SOAK_LOGS`, if set.
    fn keep_log(&self, bot: &Bot) {
        if let Some(dir) = &self.logs {
            let n = self.counts.kills.load(Ordering::Relaxed);
            let _ = std::fs::copy(&bot.log, dir.join(format!("bot-{n}.log")));
        }
    }

    /// Stops PostgreSQL (fast shutdown: every connection closed), waits, starts it again (on
    /// a new port, where the relay now sends new connections).
    async fn restart_database(&self) {
        let mut server = self.server.lock().await;
        if let Some(running) = server.take() {
            running.stop().await.expect("stop PostgreSQL");
        }
        tokio::time::sleep(DB_DOWN).await;
        let started = EmbeddedServer::start(&self.data_dir)
            .await
            .expect("start PostgreSQL again");
        self.proxy
            .retarget(fake_discord::server_of(started.url()).await);
        *server = Some(started);
        self.counts.db_restarts.fetch_add(1, Ordering::Relaxed);
    }

    /// Drops the gateway connection; returns once the bot holds a session again.
    async fn drop_gateway(&self) {
        let window = self.gone();
        self.fake.close_gateways();
        until("the bot to come back to the gateway", || {
            self.fake.gateway_connected()
        })
        .await;
        self.back(window);
        self.counts.gateway_drops.fetch_add(1, Ordering::Relaxed);
    }

    /// The chaos: kills every 20–60 s; the database restarted at a third and at two thirds of
    /// the run, the gateway dropped at half; never two at once.
    async fn havoc(&self, started: Instant, seed: u64) {
        let run = self.end - started;
        let mut planned = vec![
            (run / 3, "database"),
            (run / 2, "gateway"),
            (run * 2 / 3, "database"),
        ];
        let mut rng = Rng(seed ^ 0xD1B5_4A32_D192_ED03);
        let mut next_kill = started + rng.millis(20_000, 60_000);
        loop {
            let next_planned = planned.first().map(|&(at, what)| (started + at, what));
            let (at, what) = match next_planned {
                Some((at, what)) if at < next_kill => (at, what),
                _ => (next_kill, "kill"),
            };
            if at >= self.end {
                return;
            }
            tokio::time::sleep_until(at.into()).await;
            match what {
                "kill" => {
                    self.kill_and_restart().await;
                    next_kill = Instant::now() + rng.millis(20_000, 60_000);
                }
                "database" => {
                    planned.remove(0);
                    self.restart_database().await;
                }
                _ => {
                    planned.remove(0);
                    self.drop_gateway().await;
                }
            }
        }
    }
}

/// Waits (60 s at most) until `done`.
async fn until(what: &str, done: impl Fn() -> bool) {
    let give_up = Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(Instant::now() < give_up, "waited 60 s for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn main() {
    let secs: u64 = std::env::var("SOAK_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(600);
    let games: usize = std::env::var("SOAK_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    let seed: u64 = std::env::var("SOAK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let failures = runtime.block_on(soak(secs, games, seed));
    assert!(failures.is_empty(), "the soak failed: {failures:#?}");
}

async fn soak(secs: u64, games: usize, seed: u64) -> Vec<String> {
    let data_dir = std::env::temp_dir().join(format!("fibonacci-soak-{}", std::process::id()));
    let server = EmbeddedServer::start(&data_dir)
        .await
        .expect("start the soak's PostgreSQL");
    let proxy = PgProxy::start(fake_discord::server_of(server.url()).await).await;
    let url = fake_discord::via(server.url(), proxy.addr);
    let pool = PgPoolOptions::new()
        .max_connections(8)
        .acquire_timeout(Duration::from_secs(5))
        .connect(&url)
        .await
        .expect("connect to the soak's PostgreSQL");
    let fake = FakeDiscord::start().await;
    fake.lose_undelivered();
    fake.add_user(SPECTATOR, "carol");
    for g in 0..games {
        fake.add_user(player(g, 0), &format!("red{g}"));
        fake.add_user(player(g, 1), &format!("green{g}"));
        fake.add_channel(channel(g));
    }
    let env = vec![
        // Production logging, and the notices dropped as no longer applying.
        (
            "RUST_LOG",
            "warn,fibonacci_bot=info,fibonacci_bot::discord::notices=debug".to_string(),
        ),
        ("FIBONACCI_BOT_TICK_SECS", "1".to_string()),
    ];
    let bot = Bot::start_with(&fake, &url, Some(GUILD), &env);
    fake.wait_ready(1).await;
    let logs = std::env::var_os("SOAK_LOGS").map(PathBuf::from);
    if let Some(dir) = &logs {
        std::fs::create_dir_all(dir).expect("SOAK_LOGS");
    }
    let started = Instant::now();
    let chaos = Arc::new(Chaos {
        fake,
        proxy,
        data_dir: data_dir.clone(),
        server: tokio::sync::Mutex::new(Some(server)),
        url,
        pool,
        bot: Mutex::new(bot),
        life: AtomicU64::new(0),
        env,
        windows: Mutex::default(),
        sent: Mutex::default(),
        accepted: Mutex::default(),
        counts: Counts::default(),
        logs,
        end: started + Duration::from_secs(secs),
    });
    eprintln!("soak: {games} games for {secs} s (seed {seed})");
    let mut players = tokio::task::JoinSet::new();
    for g in 0..games {
        let chaos = chaos.clone();
        players.spawn(async move { chaos.play(g).await });
    }
    let havoc = {
        let chaos = chaos.clone();
        tokio::spawn(async move { chaos.havoc(started, seed).await })
    };
    while let Some(done) = players.join_next().await {
        done.expect("a game's player");
    }
    havoc.await.expect("the chaos");
    eprintln!(
        "soak: players stopped after {:?}; settling",
        started.elapsed()
    );

    let mut books = Books::default();
    audit(&chaos, &mut books).await;
    let c = &chaos.counts;
    let n = |a: &AtomicUsize| a.load(Ordering::Relaxed);
    books.line(format!(
        "{} s, {games} channels: {} turns accepted ({} moves), {} boards shown, {} games \
         started, {} players stopped playing",
        secs,
        n(&c.accepted_turns),
        n(&c.accepted_moves),
        n(&c.boards),
        n(&c.games_started),
        n(&c.stopped_playing)
    ));
    books.line(format!(
        "chaos: {} kills (SIGKILL) and restarts, {} PostgreSQL restarts ({} s down each), {} \
         gateway drops ({} sessions resumed)",
        n(&c.kills),
        n(&c.db_restarts),
        DB_DOWN.as_secs(),
        n(&c.gateway_drops),
        chaos.fake.resumes()
    ));
    books.line(format!(
        "answers: {} \"temporarily unavailable\", {} interactions lost (no answer, or a \
         deferral whose bot died), {} turns played although their answer said unavailable or \
         never came",
        n(&c.unavailable),
        n(&c.lost),
        n(&c.landed_unanswered)
    ));
    let mut refused: Vec<(String, usize)> = c
        .refused
        .lock()
        .expect("refusals")
        .iter()
        .map(|(k, v)| (k.clone(), *v))
        .collect();
    refused.sort_by_key(|r| std::cmp::Reverse(r.1));
    for (words, count) in refused {
        books.line(format!("refused {count}×: {words}"));
    }
    let Ok(chaos) = Arc::try_unwrap(chaos) else {
        panic!("every task is done with the soak");
    };
    chaos.bot.lock().expect("the bot").kill();
    chaos.keep_log(&chaos.bot.lock().expect("the bot"));
    chaos.pool.close().await;
    if let Some(server) = chaos.server.lock().await.take() {
        let _ = server.stop().await;
    }
    if books.failures.is_empty() {
        let _ = std::fs::remove_dir_all(&data_dir);
    } else {
        eprintln!("soak: the database is kept in {}", data_dir.display());
    }
    books.failures
}
