//! Every interaction acknowledged within Discord's 3 seconds, whatever the rest of the bot is
//! doing.
//!
//! An answer is normally sent (or deferred) by its own command, on the bot's runtime, at the
//! latest when its answer budget ends (2 s after the interaction's creation). That runtime can
//! fall behind: when the database comes back after an outage, every waiting command wakes at
//! once, boards are drawn on every core, and a task may be polled a second late. So a watchdog
//! on a thread of its own, with its own runtime and its own HTTP client (a connection of the
//! bot's client is driven by the bot's runtime), defers any interaction still unanswered at
//! [`WATCHDOG_AT`] after its creation. Who answers is decided once, by a compare-and-swap on
//! the interaction's [`Ack`]: the command's own answer, or the watchdog's deferral, never both.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, SystemTime};

use poise::serenity_prelude as serenity;

/// When the watchdog defers an interaction still unanswered, counted from its creation: after
/// the commands' own budget, with time left for the deferral to reach Discord before 3 s.
pub const WATCHDOG_AT: Duration = Duration::from_millis(2300);

/// How long the watchdog's deferral may take (Discord's 3 s are over by then).
const DEFER_TIMEOUT: Duration = Duration::from_secs(2);

const OPEN: u8 = 0;
/// The command took the answer (its content, or its own deferral).
const COMMAND: u8 = 1;
/// The watchdog took it and is deferring.
const WATCHDOG: u8 = 2;
/// The watchdog's deferral reached Discord.
const DEFERRED: u8 = 3;
/// The watchdog's deferral failed.
const FAILED: u8 = 4;

/// Who answers one interaction.
#[derive(Debug, Default)]
pub struct Ack {
    state: AtomicU8,
    settled: tokio::sync::Notify,
}

/// What the command may do with its interaction.
#[derive(Debug, PartialEq, Eq)]
pub enum Turn {
    /// The command answers (or defers) itself.
    Command,
    /// The watchdog has deferred it: the command's answer follows the deferral.
    Deferred,
    /// The watchdog could not defer it: the interaction is lost.
    Lost,
}

impl Ack {
    /// Takes the answer for the command, or, if the watchdog took it first, waits for its
    /// deferral to settle.
    pub async fn take(&self) -> Turn {
        if self.claim(COMMAND) {
            return Turn::Command;
        }
        loop {
            let settled = self.settled.notified();
            match self.state.load(Ordering::Acquire) {
                DEFERRED => return Turn::Deferred,
                FAILED => return Turn::Lost,
                COMMAND => return Turn::Command,
                _ => settled.await,
            }
        }
    }

    /// Takes the open answer for `by` (the command or the watchdog); false if taken already.
    fn claim(&self, by: u8) -> bool {
        self.state
            .compare_exchange(OPEN, by, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
    }

    fn settle(&self, state: u8) {
        self.state.store(state, Ordering::Release);
        self.settled.notify_waiters();
    }
}

/// One interaction for the watchdog.
struct Watch {
    id: serenity::InteractionId,
    token: String,
    /// A button's interaction is deferred as an update of its message (type 6), a command's as
    /// a private "thinking…" (type 5).
    component: bool,
    /// When to defer it, if nobody has answered.
    at: SystemTime,
    ack: Arc<Ack>,
}

/// The watchdog's handle: interactions are handed to it as they arrive.
#[derive(Clone, Debug)]
pub struct Watchdog {
    jobs: tokio::sync::mpsc::UnboundedSender<Watch>,
}

impl Watchdog {
    /// Starts the watchdog's thread, whose client reaches Discord as the bot's does (`proxy`:
    /// the API base of a fake Discord in tests).
    pub fn start(token: &str, proxy: Option<&str>) -> std::io::Result<Watchdog> {
        let mut builder = serenity::HttpBuilder::new(token).ratelimiter_disabled(true);
        if let Some(proxy) = proxy {
            builder = builder.proxy(proxy);
        }
        let http = builder.build();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let (jobs, mut queue) = tokio::sync::mpsc::unbounded_channel::<Watch>();
        std::thread::Builder::new()
            .name("ack-watchdog".to_string())
            .spawn(move || {
                let http = Arc::new(http);
                runtime.block_on(async move {
                    while let Some(watch) = queue.recv().await {
                        tokio::spawn(guard(http.clone(), watch));
                    }
                });
            })?;
        Ok(Watchdog { jobs })
    }

    /// Defers interaction `id` at [`WATCHDOG_AT`] after its creation unless the command has
    /// taken its answer by then.
    pub fn watch(&self, id: serenity::InteractionId, token: &str, component: bool, ack: Arc<Ack>) {
        let at = crate::discord::reply::created_at(id.get()) + WATCHDOG_AT;
        let _ = self.jobs.send(Watch {
            id,
            token: token.to_string(),
            component,
            at,
            ack,
        });
    }
}

async fn guard(http: Arc<serenity::Http>, watch: Watch) {
    let wait = watch
        .at
        .duration_since(SystemTime::now())
        .unwrap_or_default();
    tokio::time::sleep(wait).await;
    if !watch.ack.claim(WATCHDOG) {
        return;
    }
    let response = if watch.component {
        serenity::CreateInteractionResponse::Acknowledge
    } else {
        serenity::CreateInteractionResponse::Defer(
            serenity::CreateInteractionResponseMessage::new().ephemeral(true),
        )
    };
    // Bounded: the command waits for this outcome, and a late deferral is worth nothing.
    let sent = tokio::time::timeout(
        DEFER_TIMEOUT,
        http.create_interaction_response(watch.id, &watch.token, &response, Vec::new()),
    )
    .await;
    match sent {
        Ok(Ok(())) => {
            tracing::warn!(
                interaction = %watch.id,
                "the answer was late: the watchdog deferred it"
            );
            watch.ack.settle(DEFERRED);
        }
        Ok(Err(e)) => {
            tracing::error!(interaction = %watch.id, error = %e, "the watchdog could not defer");
            watch.ack.settle(FAILED);
        }
        Err(_) => {
            tracing::error!(interaction = %watch.id, "the watchdog's deferral got no answer");
            watch.ack.settle(FAILED);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, BufReader, Read, Write};
    use std::time::UNIX_EPOCH;

    /// A snowflake created now (Discord's epoch is 2015-01-01).
    fn snowflake_now() -> u64 {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .expect("clock")
            .as_millis() as u64;
        (now - 1_420_070_400_000) << 22
    }

    /// A server answering 204 to every request; each request's path and arrival time.
    fn discord_stand_in() -> (String, std::sync::mpsc::Receiver<(String, SystemTime)>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let (seen, requests) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { return };
                let seen = seen.clone();
                std::thread::spawn(move || {
                    let mut reader = BufReader::new(stream);
                    loop {
                        let mut line = String::new();
                        if reader.read_line(&mut line).unwrap_or(0) == 0 {
                            return;
                        }
                        let path = line.split_whitespace().nth(1).unwrap_or("").to_string();
                        let mut length = 0;
                        loop {
                            let mut header = String::new();
                            reader.read_line(&mut header).expect("header");
                            if header.trim().is_empty() {
                                break;
                            }
                            if let Some((name, value)) = header.split_once(':')
                                && name.eq_ignore_ascii_case("content-length")
                            {
                                length = value.trim().parse().unwrap_or(0);
                            }
                        }
                        let mut body = vec![0; length];
                        reader.read_exact(&mut body).expect("body");
                        let _ = seen.send((path, SystemTime::now()));
                        let _ = reader
                            .get_mut()
                            .write_all(b"HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n");
                    }
                });
            }
        });
        (base, requests)
    }

    #[test]
    fn an_interaction_is_deferred_on_time_while_the_commands_runtime_is_stuck() {
        let (base, requests) = discord_stand_in();
        let watchdog = Watchdog::start("token", Some(&base)).expect("watchdog");
        let id = snowflake_now();
        let created = crate::discord::reply::created_at(id);
        let ack = Arc::new(Ack::default());
        watchdog.watch(serenity::InteractionId::new(id), "tok", false, ack.clone());
        // The command's thread is stuck in work that never yields, past the 3 seconds.
        std::thread::sleep(Duration::from_millis(3100));
        let (path, at) = requests
            .recv_timeout(Duration::from_secs(5))
            .expect("the watchdog deferred");
        assert_eq!(path, format!("/api/v10/interactions/{id}/tok/callback"));
        let age = at.duration_since(created).expect("after creation");
        assert!(
            age >= WATCHDOG_AT && age < Duration::from_secs(3),
            "deferred {age:?} after creation"
        );
        // The command, back, learns that its answer must follow the deferral.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("runtime");
        assert_eq!(runtime.block_on(ack.take()), Turn::Deferred);
    }

    #[test]
    fn a_command_that_answers_in_time_is_left_alone() {
        let (base, requests) = discord_stand_in();
        let watchdog = Watchdog::start("token", Some(&base)).expect("watchdog");
        let id = snowflake_now();
        let ack = Arc::new(Ack::default());
        watchdog.watch(serenity::InteractionId::new(id), "tok", true, ack.clone());
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("runtime");
        assert_eq!(runtime.block_on(ack.take()), Turn::Command);
        assert!(
            requests.recv_timeout(Duration::from_millis(3000)).is_err(),
            "the watchdog must not answer an interaction the command answered"
        );
    }
}
