//! The threads that draw pictures: one per core, each taking the oldest picture asked for from
//! one queue as soon as it is done with the last, so pictures are drawn in the order they were
//! asked for and never more at once than there are cores (each drawing holds megabytes).
//!
//! A dedicated thread goes straight from one picture to the next. The earlier design (a
//! semaphore of one permit per core around `spawn_blocking`) left a core without a picture
//! between two of them, for as long as it took the executor to see the finished picture, free
//! the permit and hand the next picture to a blocking thread: in the load benchmark at fifty
//! games that gap was a sixth of each permit's time, with boards queued behind it (once the
//! database's waits were gone, drawing was where moves waited). Threads instead of the gap:
//! about 9% more commands per second there.

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock, PoisonError};

use crate::render::RenderError;

/// A picture to draw, with where to send it.
type Job = Box<dyn FnOnce() + Send>;

struct Painters {
    queue: Mutex<VecDeque<Job>>,
    waiting: Condvar,
    /// How many painter threads started (none when the system refused threads: then each
    /// picture is drawn on a blocking thread of its own).
    threads: AtomicUsize,
}

impl Painters {
    fn start() -> &'static Painters {
        static PAINTERS: OnceLock<&'static Painters> = OnceLock::new();
        PAINTERS.get_or_init(|| {
            let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
            let shared: &'static Painters = Box::leak(Box::new(Painters {
                queue: Mutex::new(VecDeque::new()),
                waiting: Condvar::new(),
                threads: AtomicUsize::new(0),
            }));
            let started = (0..cores)
                .filter(|i| {
                    std::thread::Builder::new()
                        .name(format!("painter-{i}"))
                        .spawn(move || shared.work())
                        .map_err(
                            |e| tracing::error!(error = %e, "could not start a painter thread"),
                        )
                        .is_ok()
                })
                .count();
            shared.threads.store(started, Ordering::Relaxed);
            shared
        })
    }

    fn work(&self) {
        loop {
            let job = {
                let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
                loop {
                    match queue.pop_front() {
                        Some(job) => break job,
                        None => {
                            queue = self
                                .waiting
                                .wait(queue)
                                .unwrap_or_else(PoisonError::into_inner)
                        }
                    }
                }
            };
            job();
        }
    }

    fn push(&self, job: Job) {
        self.queue
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push_back(job);
        self.waiting.notify_one();
    }
}

/// Draws a picture (`draw`, to PNG) on a painter thread, after the pictures asked for before
/// it. A failure or a panic is logged and gives no picture. `what` names the picture in logs.
pub async fn draw_off_thread(
    what: &'static str,
    draw: impl FnOnce() -> Result<Vec<u8>, RenderError> + Send + 'static,
) -> Option<Vec<u8>> {
    let (sent, drawn) = tokio::sync::oneshot::channel();
    let job = move || {
        // Nobody waits for a picture whose command was dropped while it queued.
        if sent.is_closed() {
            return;
        }
        let started = std::time::Instant::now();
        let png = catch_unwind(AssertUnwindSafe(draw));
        crate::metrics::render(started.elapsed());
        let _ = sent.send(png);
    };
    let painters = Painters::start();
    if painters.threads.load(Ordering::Relaxed) > 0 {
        painters.push(Box::new(job));
    } else {
        tokio::task::spawn_blocking(job);
    }
    match drawn.await {
        Ok(Ok(Ok(png))) => Some(png),
        Ok(Ok(Err(e))) => {
            tracing::error!(error = %e, "could not draw {what}");
            None
        }
        Ok(Err(_)) => {
            tracing::error!("the renderer panicked drawing {what}");
            None
        }
        Err(_) => {
            tracing::error!("{what} was never drawn: its painter is gone");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;

    fn cores() -> usize {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn every_picture_is_drawn_and_never_more_at_once_than_there_are_cores() {
        let busy = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let mut tasks = tokio::task::JoinSet::new();
        for i in 0..(4 * cores() + 2) as u8 {
            let (busy, most) = (busy.clone(), most.clone());
            tasks.spawn(async move {
                let png = draw_off_thread("a test picture", move || {
                    let now = busy.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(15));
                    busy.fetch_sub(1, Ordering::SeqCst);
                    Ok(vec![i])
                })
                .await;
                (i, png)
            });
        }
        while let Some(done) = tasks.join_next().await {
            let (i, png) = done.expect("a task");
            assert_eq!(png, Some(vec![i]), "picture {i}");
        }
        let most = most.load(Ordering::SeqCst);
        assert!((1..=cores()).contains(&most), "{most} at once");
    }

    #[tokio::test]
    async fn a_picture_that_fails_or_panics_is_none_and_the_painters_carry_on() {
        let failed = draw_off_thread("a test picture", || {
            Err(RenderError::Encode("test failure".to_string()))
        });
        assert_eq!(failed.await, None);
        let panicked = draw_off_thread("a test picture", || panic!("a test panic"));
        assert_eq!(panicked.await, None);
        // Every painter is still there: more pictures than painters are drawn.
        for i in 0..(2 * cores() + 1) as u8 {
            assert_eq!(
                draw_off_thread("a test picture", move || Ok(vec![i])).await,
                Some(vec![i])
            );
        }
    }
}
