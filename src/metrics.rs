//! Metrics for hosts: with `METRICS_ADDR` set, Prometheus metrics at `http://METRICS_ADDR/metrics`
//! and a health check at `/healthz` (200 when the database answers, 503 otherwise).
//!
//! Recorded (through the `metrics` crate; without `METRICS_ADDR` no recorder is installed and
//! recording costs nothing):
//! - `fibonacci_bot_commands_total{command, outcome}`: every interaction answered (`ok`,
//!   `refused`, `unavailable`, `internal-error`, `blocked`, `not-delivered`);
//! - `fibonacci_bot_interaction_seconds{command}`: from its arrival to its answer (histogram);
//! - `fibonacci_bot_render_seconds`: drawing one board (histogram);
//! - `fibonacci_bot_ai_turns_total{level}`, `fibonacci_bot_scheduler_total{event}`;
//! - read at each scrape: `fibonacci_bot_db_pool_connections`, `fibonacci_bot_db_pool_idle`,
//!   `fibonacci_bot_games_in_progress`;
//! - what commands cost, read at each scrape: `fibonacci_bot_db_statements_total` (every SQL
//!   statement the process sent, background work included, counted from sqlx's own record of
//!   each statement), `fibonacci_bot_cpu_seconds_total` (the process's user and system time),
//!   and the two divided by the interactions answered since the start:
//!   `fibonacci_bot_db_statements_per_command`, `fibonacci_bot_cpu_seconds_per_command`
//!   (for the recent figure, divide the `rate()`s of the totals).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// What a scrape and a health check read of the running bot. The service gives it (the app
/// implements it), so that this module, which the app records into, imports nothing above it.
pub trait Readings: Clone + Send + Sync + 'static {
    /// Connections the database pool holds, and how many of them are idle.
    fn pool_use(&self) -> (u32, usize);
    /// How many games are in progress (the error worded for the log).
    fn games_in_progress(&self) -> impl Future<Output = Result<i64, String>> + Send;
    /// True when the database answers.
    fn healthy(&self) -> impl Future<Output = bool> + Send;
}

/// Histogram buckets, in seconds: from a cached board to a slow database.
const BUCKETS: [f64; 11] = [
    0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// Interactions answered since the start (the divisor of the per-command figures).
static COMMANDS: AtomicU64 = AtomicU64::new(0);

/// SQL statements sent since the start, as [`StatementCounter`] counts them.
static STATEMENTS: AtomicU64 = AtomicU64::new(0);

/// The `tracing` target under which sqlx records each statement it has run.
const SQLX_STATEMENTS: &str = "sqlx::query";

/// A `tracing` layer that counts the statements sqlx records (one event per statement run, at
/// the debug level, or warn when slow). Installed only with `METRICS_ADDR` set: sqlx builds
/// those events only when something listens.
pub struct StatementCounter;

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for StatementCounter {
    fn on_event(
        &self,
        event: &tracing::Event<'_>,
        _ctx: tracing_subscriber::layer::Context<'_, S>,
    ) {
        // The filter passes the targets below this one too.
        if event.metadata().target() == SQLX_STATEMENTS {
            STATEMENTS.fetch_add(1, Ordering::Relaxed);
        }
    }
}

impl StatementCounter {
    /// The layer with its filter: sqlx's statements only.
    pub fn layer<S>() -> impl tracing_subscriber::Layer<S>
    where
        S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
    {
        use tracing_subscriber::Layer;
        StatementCounter.with_filter(
            tracing_subscriber::filter::Targets::new()
                .with_target(SQLX_STATEMENTS, tracing::Level::TRACE),
        )
    }
}

/// An interaction answered.
pub fn command(name: &str, outcome: &'static str, took: Duration) {
    COMMANDS.fetch_add(1, Ordering::Relaxed);
    metrics::counter!("fibonacci_bot_commands_total", "command" => name.to_string(), "outcome" => outcome)
        .increment(1);
    metrics::histogram!("fibonacci_bot_interaction_seconds", "command" => name.to_string())
        .record(took.as_secs_f64());
}

/// A board drawn.
pub fn render(took: Duration) {
    metrics::histogram!("fibonacci_bot_render_seconds").record(took.as_secs_f64());
}

/// A turn the AI played.
pub fn ai_turn(level: &'static str) {
    metrics::counter!("fibonacci_bot_ai_turns_total", "level" => level).increment(1);
}

/// Something the scheduler did (`reminder`, `timeout`, `aborted`, `resumed`), `n` times.
pub fn scheduled(event: &'static str, n: usize) {
    if n > 0 {
        metrics::counter!("fibonacci_bot_scheduler_total", "event" => event)
            .increment(u64::try_from(n).unwrap_or(u64::MAX));
    }
}

/// Installs the Prometheus recorder for this process.
pub fn install() -> Result<PrometheusHandle, String> {
    PrometheusBuilder::new()
        .set_buckets(&BUCKETS)
        .map_err(|e| e.to_string())?
        .install_recorder()
        .map_err(|e| format!("could not install the metrics recorder: {e}"))
}

/// Binds `addr` for the metrics endpoint (a failure is reported at start, not later).
pub async fn bind(addr: SocketAddr) -> Result<TcpListener, String> {
    TcpListener::bind(addr)
        .await
        .map_err(|e| format!("METRICS_ADDR {addr}: cannot listen there: {e}"))
}

/// Serves `/metrics` and `/healthz` until the task is aborted.
pub async fn serve(listener: TcpListener, handle: PrometheusHandle, service: impl Readings) {
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                tracing::warn!(error = %e, "metrics endpoint: accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let handle = handle.clone();
        let service = service.clone();
        tokio::spawn(async move {
            let answered =
                tokio::time::timeout(Duration::from_secs(10), answer(stream, &handle, &service))
                    .await;
            if let Ok(Err(e)) = answered {
                tracing::debug!(error = %e, "metrics endpoint: a request failed");
            }
        });
    }
}

/// Reads one request's head and answers it.
async fn answer(
    mut stream: TcpStream,
    handle: &PrometheusHandle,
    service: &impl Readings,
) -> std::io::Result<()> {
    let mut head = Vec::new();
    let mut buf = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 8192 {
        let n = stream.read(&mut buf).await?;
        if n == 0 {
            break;
        }
        head.extend_from_slice(&buf[..n]);
    }
    let line = String::from_utf8_lossy(&head);
    let mut words = line.split_whitespace();
    let (method, path) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let (status, kind, body) = match (method, path) {
        ("GET", "/metrics") => {
            gauges(service).await;
            handle.run_upkeep();
            ("200 OK", "text/plain; version=0.0.4", handle.render())
        }
        ("GET", "/healthz") => {
            if service.healthy().await {
                ("200 OK", "text/plain", "ok\n".to_string())
            } else {
                (
                    "503 Service Unavailable",
                    "text/plain",
                    "the database does not answer\n".to_string(),
                )
            }
        }
        ("GET", _) => (
            "404 Not Found",
            "text/plain",
            "try /metrics or /healthz\n".to_string(),
        ),
        _ => (
            "405 Method Not Allowed",
            "text/plain",
            "GET only\n".to_string(),
        ),
    };
    let response = format!(
        "HTTP/1.1 {status}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(response.as_bytes()).await?;
    stream.shutdown().await
}

/// The process's user and system CPU time, from `/proc/self/stat` (Linux only; in ticks of
/// `USER_HZ`, 100 a second on every Linux architecture).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // After the command's name (in parentheses, which may hold spaces): state is field 3,
    // utime field 14 and stime field 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// What commands cost, at each scrape (see the module's documentation).
fn costs() {
    let commands = COMMANDS.load(Ordering::Relaxed);
    // sqlx records each statement but `BEGIN`, counted by the store.
    let statements = STATEMENTS.load(Ordering::Relaxed) + crate::store::transactions_begun();
    metrics::counter!("fibonacci_bot_db_statements_total").absolute(statements);
    let per = |total: f64| {
        if commands == 0 {
            0.0
        } else {
            total / commands as f64
        }
    };
    metrics::gauge!("fibonacci_bot_db_statements_per_command").set(per(statements as f64));
    if let Some(cpu) = cpu_seconds() {
        metrics::gauge!("fibonacci_bot_cpu_seconds_total").set(cpu);
        metrics::gauge!("fibonacci_bot_cpu_seconds_per_command").set(per(cpu));
    }
}

/// The gauges read at each scrape: the database pool, the games in progress, and what commands
/// cost.
async fn gauges(service: &impl Readings) {
    let (size, idle) = service.pool_use();
    metrics::gauge!("fibonacci_bot_db_pool_connections").set(f64::from(size));
    metrics::gauge!("fibonacci_bot_db_pool_idle").set(idle as f64);
    match service.games_in_progress().await {
        Ok(n) => metrics::gauge!("fibonacci_bot_games_in_progress").set(n as f64),
        Err(e) => tracing::debug!(error = %e, "metrics: could not count the games in progress"),
    }
    // Last: the statements counted include this scrape's own.
    costs();
}
