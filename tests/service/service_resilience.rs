//! The service across restarts and database outages (issue 5): a restart (pool dropped,
//! reconnected) keeps every game; an unreachable database gives a clear "temporarily
//! unavailable", writes nothing half-way, and the service works again when it returns.

use crate::common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fibonacci_bot::app::{AppError, ColourChoice, GameView, NewChallenge, Service};
use fibonacci_bot::engine::{Config, GameKind};
use fibonacci_bot::store::MAX_CONNECTIONS;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Mutex;
use tokio::task::JoinHandle;

const GUILD: u64 = 7;
const ALICE: u64 = 11;
const BOB: u64 = 22;

async fn start_game(service: &Service, channel: u64, kind: GameKind) -> GameView {
    let challenge = service
        .challenge(NewChallenge {
            challenger: ALICE,
            challenged: BOB,
            guild: GUILD,
            channel,
            config: Config::default_for(kind),
            colour: ColourChoice::ChallengerFirst,
            clock: Default::default(),
            rated: true,
        })
        .await
        .expect("challenge");
    service.accept(challenge.id, BOB).await.expect("accept")
}

/// Sessions of database `name` on the server, and how many of them use TLS.
async fn sessions(admin: &sqlx::PgPool, name: &str) -> (i64, i64) {
    sqlx::query_as(
        "SELECT count(*), count(*) FILTER (WHERE s.ssl) \
         FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) WHERE a.datname = $1",
    )
    .bind(name)
    .fetch_one(admin)
    .await
    .expect("read pg_stat_activity")
}

/// Waits until `service` holds every connection its pool keeps.
async fn wait_for_a_full_pool(service: &Service) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while service.pool_use().0 < MAX_CONNECTIONS {
        assert!(
            Instant::now() < deadline,
            "the pool holds {} connections of {MAX_CONNECTIONS}",
            service.pool_use().0
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The pool opens every connection at start and keeps it, so a burst of commands never waits
/// for new server sessions; a server on this machine is reached without TLS unless the URL asks
/// for it, and a URL that asks gets it.
#[tokio::test]
async fn the_pool_is_kept_full_and_uses_tls_only_when_asked_on_this_machine() {
    let db = common::fresh_database().await;
    let admin = sqlx::PgPool::connect(&common::admin_url())
        .await
        .expect("connect to the server");
    let service = Service::connect(db.url()).await.expect("connect");
    wait_for_a_full_pool(&service).await;
    let (open, encrypted) = sessions(&admin, db.name()).await;
    assert_eq!(open, i64::from(MAX_CONNECTIONS), "sessions of the pool");
    let host = server_address(db.url());
    let local = ["127.", "localhost:", "[::1]:"]
        .iter()
        .any(|prefix| host.starts_with(prefix));
    if local && !db.url().contains("sslmode") && std::env::var_os("PGSSLMODE").is_none() {
        assert_eq!(encrypted, 0, "TLS to a server on this machine");
    }
    // Idle connections are kept: none was closed after use.
    start_game(&service, 1, GameKind::Fibonacci).await;
    assert_eq!(service.pool_use().0, MAX_CONNECTIONS);

    let (offered,): (String,) = sqlx::query_as("SHOW ssl")
        .fetch_one(&admin)
        .await
        .expect("SHOW ssl");
    if offered == "on" {
        let db = common::fresh_database().await;
        let separator = if db.url().contains('?') { '&' } else { '?' };
        let asked = format!("{}{separator}sslmode=require", db.url());
        let service = Service::connect(&asked).await.expect("connect with TLS");
        wait_for_a_full_pool(&service).await;
        let (open, encrypted) = sessions(&admin, db.name()).await;
        assert_eq!((open, encrypted), (i64::from(MAX_CONNECTIONS), open));
    }
}

/// What a restart must keep of a game.
fn summary(view: &GameView) -> (i64, [u64; 2], String, Vec<String>, String) {
    (
        view.id,
        view.players,
        view.game.position_string(),
        view.last_turn.iter().map(|p| p.notation()).collect(),
        format!("{:?}/{:?}", view.outcome, view.draw_offer),
    )
}

#[tokio::test]
async fn games_survive_a_restart_of_the_service() {
    let db = common::fresh_database().await;
    let service = Service::connect(db.url()).await.expect("connect");
    start_game(&service, 1, GameKind::Fibonacci).await;
    service.play(1, ALICE, "b6-c6").await.expect("move");
    service.play(1, BOB, "j6-i6").await.expect("move");
    service.draw(1, ALICE).await.expect("draw offer");
    start_game(&service, 2, GameKind::Fanorona).await;
    service.play(2, ALICE, "d2-e3").await.expect("capture");
    start_game(&service, 3, GameKind::Fanorona).await;
    service.resign(3, ALICE).await.expect("resign");
    service
        .challenge(NewChallenge {
            challenger: BOB,
            challenged: ALICE,
            guild: GUILD,
            channel: 4,
            config: Config::default_for(GameKind::Fibonacci),
            colour: ColourChoice::Random,
            clock: Default::default(),
            rated: true,
        })
        .await
        .expect("open challenge");

    let mut before = Vec::new();
    for channel in 1..=3 {
        let (view, history) = service.history(channel).await.expect("history");
        before.push((
            summary(&view),
            Service::history_text(&view, &history, |u| format!("<@{u}>")),
        ));
    }
    let overview_before = service.overview(GUILD, ALICE).await.expect("overview");
    // The restart: every connection closed, then a new service on the same database.
    drop(service);
    let service = Service::connect(db.url()).await.expect("reconnect");

    for (channel, expected) in (1..=3).zip(&before) {
        let (view, history) = service.history(channel).await.expect("history");
        assert_eq!(
            &(
                summary(&view),
                Service::history_text(&view, &history, |u| format!("<@{u}>"))
            ),
            expected
        );
    }
    let overview = service.overview(GUILD, ALICE).await.expect("overview");
    assert_eq!(
        overview.games.iter().map(summary).collect::<Vec<_>>(),
        overview_before
            .games
            .iter()
            .map(summary)
            .collect::<Vec<_>>()
    );
    assert_eq!(
        overview.challenges.iter().map(|c| c.id).collect::<Vec<_>>(),
        overview_before
            .challenges
            .iter()
            .map(|c| c.id)
            .collect::<Vec<_>>()
    );
    // And play goes on where it stopped.
    service
        .play(1, BOB, "i6-h6")
        .await
        .expect("green's second move");
    service.accept_in_channel(4, ALICE).await.expect("accept");
}

/// A TCP proxy between the service and PostgreSQL that the test can cut (every connection
/// closed, new ones refused) and restore.
struct Proxy {
    address: SocketAddr,
    open: Arc<AtomicBool>,
    connections: Arc<Mutex<Vec<JoinHandle<()>>>>,
    /// The local ports of the proxy's connections to the server, as `pg_stat_activity` shows them.
    upstream_ports: Arc<std::sync::Mutex<Vec<u16>>>,
    accept_loop: JoinHandle<()>,
}

impl Proxy {
    async fn start(upstream: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let address = listener.local_addr().expect("address");
        let open = Arc::new(AtomicBool::new(true));
        let connections: Arc<Mutex<Vec<JoinHandle<()>>>> = Arc::default();
        let upstream_ports: Arc<std::sync::Mutex<Vec<u16>>> = Arc::default();
        let accept_loop = {
            let open = Arc::clone(&open);
            let connections = Arc::clone(&connections);
            let upstream_ports = Arc::clone(&upstream_ports);
            tokio::spawn(async move {
                while let Ok((mut client, _)) = listener.accept().await {
                    if !open.load(Ordering::SeqCst) {
                        drop(client);
                        continue;
                    }
                    let upstream = upstream.clone();
                    let upstream_ports = Arc::clone(&upstream_ports);
                    let handle = tokio::spawn(async move {
                        if let Ok(mut server) = TcpStream::connect(upstream).await {
                            // Each write passed on at once: without it, the second part of a
                            // long answer waits for the receiver's delayed ACK (about 40 ms).
                            let _ = client.set_nodelay(true);
                            let _ = server.set_nodelay(true);
                            if let Ok(local) = server.local_addr() {
                                upstream_ports.lock().expect("ports").push(local.port());
                            }
                            let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                        }
                    });
                    connections.lock().await.push(handle);
                }
            })
        };
        Proxy {
            address,
            open,
            connections,
            upstream_ports,
            accept_loop,
        }
    }

    /// Waits until the server has finished with every connection that came through the proxy.
    ///
    /// A cut closes the sockets, but a server process that had already received a `COMMIT`
    /// still commits it; only once every such process has exited is the database at rest.
    async fn wait_until_the_server_lets_go(&self, admin: &sqlx::PgPool) {
        let ports: Vec<i32> = self
            .upstream_ports
            .lock()
            .expect("ports")
            .iter()
            .map(|&port| i32::from(port))
            .collect();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let (left,): (i64,) = sqlx::query_as(
                "SELECT count(*) FROM pg_stat_activity \
                 WHERE client_addr IS NOT NULL AND client_port = ANY($1)",
            )
            .bind(&ports)
            .fetch_one(admin)
            .await
            .expect("read pg_stat_activity");
            if left == 0 {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{left} server processes still serve the cut connections"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Closes every proxied connection and refuses new ones.
    async fn cut(&self) {
        self.open.store(false, Ordering::SeqCst);
        for handle in self.connections.lock().await.drain(..) {
            handle.abort();
        }
    }

    fn restore(&self) {
        self.open.store(true, Ordering::SeqCst);
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.accept_loop.abort();
    }
}

/// `host:port` of the server in `url` (`postgres://user@host:port/db`).
fn server_address(url: &str) -> String {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = after_scheme.split(['/', '?']).next().unwrap_or("");
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, hp)| hp);
    if host_port.contains(':') {
        host_port.to_string()
    } else {
        format!("{host_port}:5432")
    }
}

/// `url` pointed at `address` instead of its server.
fn through(url: &str, address: SocketAddr) -> String {
    let server = server_address(url);
    let server = server.trim_end_matches(":5432");
    let replaced = url.replacen(&format!("{server}:5432"), &address.to_string(), 1);
    if replaced != url {
        replaced
    } else {
        url.replacen(server, &address.to_string(), 1)
    }
}

fn assert_unavailable<T: std::fmt::Debug>(what: &str, result: Result<T, AppError>) {
    match result {
        Err(AppError::Unavailable) => {
            let message = AppError::Unavailable.to_string();
            assert!(message.contains("temporarily unavailable"), "{message}");
        }
        other => panic!("{what}: expected Unavailable, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_database_is_reported_writes_nothing_and_recovers() {
    let db = common::fresh_database().await;
    // Set up directly, then run the service through the proxy.
    let direct = Service::connect(db.url()).await.expect("connect");
    start_game(&direct, 1, GameKind::Fibonacci).await;
    let proxy = Proxy::start(server_address(db.url())).await;
    let service = Service::connect(&through(db.url(), proxy.address))
        .await
        .expect("connect through the proxy");
    service
        .play(1, ALICE, "b6-c6")
        .await
        .expect("move through the proxy");

    proxy.cut().await;
    let started = Instant::now();
    assert_unavailable("play", service.play(1, BOB, "j6-i6").await);
    assert_unavailable("read", service.game_in_channel(1).await);
    assert_unavailable(
        "challenge",
        service
            .challenge(NewChallenge {
                challenger: ALICE,
                challenged: BOB,
                guild: GUILD,
                channel: 2,
                config: Config::default_for(GameKind::Fanorona),
                colour: ColourChoice::Random,
                clock: Default::default(),
                rated: true,
            })
            .await,
    );
    // Within Discord's patience: the pool gives up after 3 s, a hung command after 10 s.
    assert!(
        started.elapsed() < Duration::from_secs(35),
        "{:?}",
        started.elapsed()
    );

    // Nothing of the refused commands reached the database.
    let view = direct
        .game_in_channel(1)
        .await
        .expect("direct read")
        .expect("game");
    assert_eq!(view.game.turn_number(), 2);
    assert!(view.last_turn.iter().map(|p| p.notation()).eq(["b6-c6"]));
    assert!(
        direct
            .challenge_in_channel(2)
            .await
            .expect("read")
            .is_none()
    );

    proxy.restore();
    let outcome = service.play(1, BOB, "j6-i6").await.expect("works again");
    assert_eq!(outcome.view.game.moves_left(), Some(1));
}

/// A cut in the middle of a burst of commands: each command is all or nothing, so afterwards the
/// stored position still equals the replay of the log (the load checks it), and the version
/// counts exactly the commands whose writes are in the log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cut_during_a_burst_of_commands_leaves_no_half_written_command() {
    let db = common::fresh_database().await;
    let direct = Service::connect(db.url()).await.expect("connect");
    let channels: Vec<u64> = (1..=6).collect();
    for &channel in &channels {
        start_game(&direct, channel, GameKind::Fibonacci).await;
    }
    let proxy = Proxy::start(server_address(db.url())).await;
    let service = Arc::new(
        Service::connect(&through(db.url(), proxy.address))
            .await
            .expect("connect through the proxy"),
    );
    let mut tasks = Vec::new();
    for &channel in &channels {
        let service = Arc::clone(&service);
        tasks.push(tokio::spawn(async move {
            // Both players end their turns in alternation until the database goes away.
            let mut accepted = 0;
            for i in 0..5000 {
                let user = if i % 2 == 0 { ALICE } else { BOB };
                match service.end_turn(channel, user).await {
                    Ok(_) => accepted += 1,
                    Err(AppError::Refused(refusal)) => panic!("the players alternate: {refusal:?}"),
                    Err(AppError::Unavailable) => return (accepted, true),
                    Err(AppError::Internal(e)) => panic!("internal error: {e}"),
                }
            }
            (accepted, false)
        }));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    proxy.cut().await;
    let mut accepted = 0;
    for task in tasks {
        let (count, cut) = task.await.expect("task");
        assert!(cut, "the cut must come in the middle of the burst");
        accepted += count;
    }
    assert!(accepted > 0, "some commands went through before the cut");
    let admin = sqlx::PgPool::connect(db.url()).await.expect("connect");
    // Commands whose COMMIT reached the server before the cut still land: wait for them, so the
    // checks below see the database at rest.
    proxy.wait_until_the_server_lets_go(&admin).await;
    proxy.restore();

    for &channel in &channels {
        // The load replays the log and compares it with the stored position.
        let view = direct
            .game_in_channel(channel)
            .await
            .expect("consistent")
            .expect("game");
        let (version, logged): (i32, i64) = sqlx::query_as(
            "SELECT g.version, (SELECT count(*) FROM moves m WHERE m.game_id = g.id) \
             FROM games g WHERE g.id = $1",
        )
        .bind(view.id)
        .fetch_one(&admin)
        .await
        .expect("read");
        assert_eq!(i64::from(version), logged, "channel {channel}");
        assert_eq!(i64::from(view.game.turn_number()), logged + 1);
    }
    admin.close().await;
    // And the proxied service works again.
    service.end_turn(channels[0], ALICE).await.ok();
    service
        .game_in_channel(channels[0])
        .await
        .expect("works again");
}

#[test]
fn the_proxy_url_keeps_user_and_database() {
    let address: SocketAddr = "127.0.0.1:6000".parse().expect("address");
    assert_eq!(
        through("postgres://postgres@127.0.0.1:5432/fbtest_1", address),
        "postgres://postgres@127.0.0.1:6000/fbtest_1"
    );
    assert_eq!(server_address("postgres://u:p@db.local/x"), "db.local:5432");
}
