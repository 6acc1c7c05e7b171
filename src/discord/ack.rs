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
//!
//! A command that takes the answer in time does not send it on its own runtime either: a whole
//! board sent as multipart on a runtime catching up after an outage reached Discord 3.6 s after
//! the interaction (issue 59). It hands its first answer to the watchdog's thread
//! ([`Watchdog::send_first`]) in the same poll that took it, and that thread sends it whole only
//! while it can still reach Discord in time ([`LAST_WHOLE_ANSWER_AT`]); later, it sends the
//! answer's deferral instead, and the command's answer follows as an edit. Whatever the lag of
//! the command's runtime, the first answer leaves on time, and only a deferral leaves late.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use poise::serenity_prelude as serenity;

/// Discord's epoch (2015-01-01) in Unix milliseconds: snowflakes count from it.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// What is left of `budget` at `now`, counted from the creation of the interaction `id` (the
/// time in its snowflake, as Discord counts its 3 seconds). Nothing is left for an interaction
/// that arrived late; a clock behind Discord's counts from `now`.
pub fn time_left(id: u64, budget: Duration, now: SystemTime) -> Duration {
    let age = now.duration_since(created_at(id)).unwrap_or_default();
    budget.saturating_sub(age)
}

/// When the interaction (or any snowflake) `id` was created.
pub fn created_at(id: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis((id >> 22) + DISCORD_EPOCH_MS)
}

/// When the watchdog defers an interaction still unanswered, counted from its creation: after
/// the commands' own budget, with time left for the deferral to reach Discord before 3 s.
pub const WATCHDOG_AT: Duration = Duration::from_millis(2300);

/// How long the watchdog's deferral may take (Discord's 3 s are over by then).
const DEFER_TIMEOUT: Duration = Duration::from_secs(2);

/// The latest age of an interaction at which the watchdog's thread still sends a command's
/// whole first answer: a board's upload then has 600 ms to reach Discord before 3 s. Later, the
/// answer's deferral goes first.
pub const LAST_WHOLE_ANSWER_AT: Duration = Duration::from_millis(2400);

/// How a command's first answer went out ([`Watchdog::send_first`]).
#[derive(Debug, PartialEq, Eq)]
pub enum FirstSent {
    /// Whole, as the command made it.
    Whole,
    /// Too late to be whole: its deferral went instead, and the answer follows as an edit.
    Deferred,
}

/// A command's first answer, handed to the watchdog's thread.
struct First {
    id: serenity::InteractionId,
    token: String,
    whole: serenity::CreateInteractionResponse,
    deferral: serenity::CreateInteractionResponse,
    done: tokio::sync::oneshot::Sender<serenity::Result<FirstSent>>,
}

/// What the watchdog's thread is handed.
enum Job {
    Watch(Watch),
    First(Box<First>),
}

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
    jobs: tokio::sync::mpsc::UnboundedSender<Job>,
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
        let (jobs, mut queue) = tokio::sync::mpsc::unbounded_channel::<Job>();
        std::thread::Builder::new()
            .name("ack-watchdog".to_string())
            .spawn(move || {
                let http = Arc::new(http);
                runtime.block_on(async move {
                    while let Some(job) = queue.recv().await {
                        match job {
                            Job::Watch(watch) => tokio::spawn(guard(http.clone(), watch)),
                            Job::First(first) => tokio::spawn(send_first(http.clone(), first)),
                        };
                    }
                });
            })?;
        Ok(Watchdog { jobs })
    }

    /// Defers interaction `id` at [`WATCHDOG_AT`] after its creation unless the command has
    /// taken its answer by then.
    pub fn watch(&self, id: serenity::InteractionId, token: &str, component: bool, ack: Arc<Ack>) {
        let at = created_at(id.get()) + WATCHDOG_AT;
        let _ = self.jobs.send(Job::Watch(Watch {
            id,
            token: token.to_string(),
            component,
            at,
            ack,
        }));
    }

    /// Hands the first answer of interaction `id`, taken by its command, to the watchdog's
    /// thread, at once (before the returned future is first polled): `whole` is sent if the
    /// interaction is at most [`LAST_WHOLE_ANSWER_AT`] old when that thread gets it, otherwise
    /// `deferral` (see the module's documentation). The future tells which went, or why
    /// neither reached Discord.
    pub fn send_first(
        &self,
        id: serenity::InteractionId,
        token: &str,
        whole: serenity::CreateInteractionResponse,
        deferral: serenity::CreateInteractionResponse,
    ) -> impl std::future::Future<Output = serenity::Result<FirstSent>> + use<> {
        let (done, outcome) = tokio::sync::oneshot::channel();
        let handed = self.jobs.send(Job::First(Box::new(First {
            id,
            token: token.to_string(),
            whole,
            deferral,
            done,
        })));
        async move {
            if handed.is_err() {
                return Err(serenity::Error::Other("the answers' watchdog has stopped"));
            }
            outcome.await.unwrap_or(Err(serenity::Error::Other(
                "the answers' watchdog has stopped",
            )))
        }
    }
}

/// Sends a command's first answer from the watchdog's thread: whole while it can still reach
/// Discord in time, its deferral otherwise.
async fn send_first(http: Arc<serenity::Http>, first: Box<First>) {
    use serenity::Builder;
    let age = SystemTime::now()
        .duration_since(created_at(first.id.get()))
        .unwrap_or_default();
    let (response, sent) = if age <= LAST_WHOLE_ANSWER_AT {
        (first.whole, FirstSent::Whole)
    } else {
        tracing::warn!(
            interaction = %first.id,
            age_ms = age.as_millis() as u64,
            "the answer was handed over late: its deferral goes first"
        );
        (first.deferral, FirstSent::Deferred)
    };
    let result = response
        .execute(&*http, (first.id, &first.token))
        .await
        .map(|()| sent);
    let _ = first.done.send(result);
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

    /// The 3 seconds run from the interaction's creation, which its id records.
    #[test]
    fn the_budget_counts_from_the_interactions_creation() {
        let created_ms: u64 = 1_764_000_000_000;
        let id = (created_ms - DISCORD_EPOCH_MS) << 22 | 7;
        let at = |ms: u64| UNIX_EPOCH + Duration::from_millis(created_ms + ms);
        let budget = Duration::from_millis(2000);
        assert_eq!(time_left(id, budget, at(0)), budget);
        assert_eq!(time_left(id, budget, at(1500)), Duration::from_millis(500));
        assert_eq!(time_left(id, budget, at(2500)), Duration::ZERO);
        // A local clock behind Discord's: the whole budget, not more.
        let before = UNIX_EPOCH + Duration::from_millis(created_ms - 300);
        assert_eq!(time_left(id, budget, before), budget);
    }

    /// A snowflake created now (Discord's epoch is 2015-01-01).
    fn snowflake_now() -> u64 {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .expect("clock")
            .as_millis() as u64;
        (now - 1_420_070_400_000) << 22
    }

    /// A request the stand-in received: its path, when its body had arrived, and the body.
    type Received = (String, SystemTime, Vec<u8>);

    /// A server answering 204 to every request; each request as received.
    fn discord_stand_in() -> (String, std::sync::mpsc::Receiver<Received>) {
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
                        let _ = seen.send((path, SystemTime::now(), body));
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
        let created = created_at(id);
        let ack = Arc::new(Ack::default());
        watchdog.watch(serenity::InteractionId::new(id), "tok", false, ack.clone());
        // The command's thread is stuck in work that never yields, past the 3 seconds.
        std::thread::sleep(Duration::from_millis(3100));
        let (path, at, _) = requests
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

    /// The callback type in a request's body (JSON, or the `payload_json` part of a multipart
    /// body).
    fn callback_type(body: &[u8]) -> Option<u8> {
        let text = String::from_utf8_lossy(body);
        let at = text.find("\"type\":")? + "\"type\":".len();
        text[at..].chars().next()?.to_digit(10).map(|d| d as u8)
    }

    /// A message with a picture, as a command's first answer.
    fn whole_answer() -> serenity::CreateInteractionResponse {
        serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new()
                .content("the board")
                .add_file(serenity::CreateAttachment::bytes(
                    vec![7; 80_000],
                    "board.png",
                )),
        )
    }

    fn deferral() -> serenity::CreateInteractionResponse {
        serenity::CreateInteractionResponse::Defer(
            serenity::CreateInteractionResponseMessage::new().ephemeral(false),
        )
    }

    /// Issue 59: the command's runtime stalls just after the command took its answer, past
    /// Discord's 3 s (as after an outage, when every waiting command wakes at once). Sent on that
    /// runtime, as before, the board reached Discord after the stall; handed to the watchdog's
    /// thread, it reaches Discord at once.
    #[test]
    fn a_first_answer_handed_over_in_time_leaves_whole_while_the_commands_runtime_stalls() {
        let (base, requests) = discord_stand_in();
        let watchdog = Watchdog::start("token", Some(&base)).expect("watchdog");
        let id = snowflake_now();
        let created = created_at(id);
        let ack = Arc::new(Ack::default());
        let interaction = serenity::InteractionId::new(id);
        watchdog.watch(interaction, "tok", false, ack.clone());
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        assert_eq!(runtime.block_on(ack.take()), Turn::Command);
        let sending = watchdog.send_first(interaction, "tok", whole_answer(), deferral());
        // The runtime is stuck: nothing polls the command until after 3 s.
        std::thread::sleep(Duration::from_millis(3100));
        let (path, at, body) = requests
            .recv_timeout(Duration::from_secs(5))
            .expect("the answer was sent");
        assert_eq!(path, format!("/api/v10/interactions/{id}/tok/callback"));
        assert_eq!(callback_type(&body), Some(4), "the whole message");
        assert!(body.len() > 80_000, "with its picture");
        let age = at.duration_since(created).expect("after creation");
        assert!(age < Duration::from_secs(1), "sent {age:?} after creation");
        assert_eq!(runtime.block_on(sending).expect("sent"), FirstSent::Whole);
        assert!(
            requests.recv_timeout(Duration::from_millis(200)).is_err(),
            "nothing else is sent: the watchdog saw the answer taken"
        );
    }

    /// A command whose runtime lagged before it could hand its answer over (the interaction is
    /// already 2.6 s old): its deferral goes first, never the whole message.
    #[test]
    fn a_first_answer_handed_over_late_goes_as_its_deferral() {
        let (base, requests) = discord_stand_in();
        let watchdog = Watchdog::start("token", Some(&base)).expect("watchdog");
        let id = snowflake_now() - (2600 << 22);
        let created = created_at(id);
        let interaction = serenity::InteractionId::new(id);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let sent = runtime
            .block_on(watchdog.send_first(interaction, "tok", whole_answer(), deferral()))
            .expect("sent");
        assert_eq!(sent, FirstSent::Deferred);
        let (_, at, body) = requests
            .recv_timeout(Duration::from_secs(1))
            .expect("the deferral was sent");
        assert_eq!(callback_type(&body), Some(5), "a deferral, not the message");
        assert!(body.len() < 1000, "without the picture");
        let age = at.duration_since(created).expect("after creation");
        assert!(
            age < Duration::from_secs(3),
            "deferred {age:?} after creation"
        );
    }
}
