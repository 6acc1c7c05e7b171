//! Pictures for every front end: boards and charts drawn on painter threads, and the latest
//! board of each game kept, so that spectators asking for the same board again cost no drawing.
//! One [`Pictures`] value owns both; its threads stop when the last handle to it goes.
//!
//! The painters are one thread per core, each taking the oldest picture asked for from one
//! queue as soon as it is done with the last, so pictures are drawn in the order they were
//! asked for and never more at once than there are cores (each drawing holds megabytes).
//! A dedicated thread goes straight from one picture to the next. The earlier design (a
//! semaphore of one permit per core around `spawn_blocking`) left a core without a picture
//! between two of them, for as long as it took the executor to see the finished picture, free
//! the permit and hand the next picture to a blocking thread: in the load benchmark at fifty
//! games that gap was a sixth of each permit's time, with boards queued behind it. Threads
//! instead of the gap: about 9% more commands per second there.

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use crate::engine::Game;
use crate::i18n::Lang;
use crate::render::{
    BoardInfo, Palette, RenderError, RenderOptions, ReplayFrame, render_png_with, replay_gif_within,
};

/// The largest replay sent: Discord shows an attachment up to 8 MiB without Nitro or boosts.
pub const REPLAY_MAX_BYTES: usize = 8 * 1024 * 1024;

use super::views::GameView;

/// A picture to draw, with where to send it.
type Job = Box<dyn FnOnce() + Send>;

/// The queue the painter threads share.
#[derive(Default)]
struct Queue {
    jobs: Mutex<(VecDeque<Job>, bool)>,
    waiting: Condvar,
}

impl Queue {
    /// Runs jobs until the queue is closed.
    fn work(&self) {
        loop {
            let job = {
                let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
                loop {
                    if jobs.1 {
                        return;
                    }
                    match jobs.0.pop_front() {
                        Some(job) => break job,
                        None => {
                            jobs = self
                                .waiting
                                .wait(jobs)
                                .unwrap_or_else(PoisonError::into_inner)
                        }
                    }
                }
            };
            job();
        }
    }

    fn push(&self, job: Job) {
        self.jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .0
            .push_back(job);
        self.waiting.notify_one();
    }
}

/// The painter threads; they stop when this goes.
struct Painters {
    queue: Arc<Queue>,
    /// How many threads started (none when the system refused threads: then each picture is
    /// drawn on a blocking thread of its own).
    threads: usize,
}

impl Painters {
    fn start() -> Painters {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        let queue = Arc::new(Queue::default());
        let threads = (0..cores)
            .filter(|i| {
                let queue = queue.clone();
                std::thread::Builder::new()
                    .name(format!("painter-{i}"))
                    .spawn(move || queue.work())
                    .map_err(|e| tracing::error!(error = %e, "could not start a painter thread"))
                    .is_ok()
            })
            .count();
        Painters { queue, threads }
    }
}

impl Drop for Painters {
    fn drop(&mut self) {
        self.queue
            .jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .1 = true;
        self.queue.waiting.notify_all();
    }
}

impl std::fmt::Debug for Painters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Painters")
            .field("threads", &self.threads)
            .finish()
    }
}

/// The painters and the board cache: clone it freely, every clone shares them.
#[derive(Clone, Debug)]
pub struct Pictures {
    shared: Arc<(Painters, BoardCache)>,
}

impl Pictures {
    /// Starts the painter threads, one per core.
    pub fn start() -> Pictures {
        Pictures::with_cache(BoardCache::default())
    }

    fn with_cache(cache: BoardCache) -> Pictures {
        Pictures {
            shared: Arc::new((Painters::start(), cache)),
        }
    }

    /// Draws a picture (`draw`, to PNG) on a painter thread, after the pictures asked for
    /// before it. A failure or a panic is logged and gives no picture. `what` names the
    /// picture in logs.
    pub async fn draw<T: Send + 'static>(
        &self,
        what: &'static str,
        draw: impl FnOnce() -> Result<T, RenderError> + Send + 'static,
    ) -> Option<T> {
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
        let painters = &self.shared.0;
        if painters.threads > 0 {
            painters.queue.push(Box::new(job));
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

    /// The board of `view` as `info` describes it (the players' names, the words drawn), drawn
    /// as `options` says, from the cache when this version was drawn already with the same
    /// names, language and colours. Everything a board shows follows from the game's version,
    /// its language and the names.
    pub async fn board(
        &self,
        view: &GameView,
        info: BoardInfo,
        options: RenderOptions,
    ) -> Option<Vec<u8>> {
        if view.interim {
            return self.position(view.game.clone(), info, options).await;
        }
        let key = (
            view.id,
            view.version,
            info.lang,
            info.players.clone(),
            options.palette,
        );
        let cache = &self.shared.1;
        if let Some(png) = cache.get(&key) {
            tracing::debug!(
                game = view.id,
                version = view.version,
                "board from the cache"
            );
            return Some(png);
        }
        let png = self.position(view.game.clone(), info, options).await?;
        cache.put(key, png.clone());
        Some(png)
    }

    /// The board of any position (a game's start for `/rules`), drawn on a painter thread as
    /// `options` says.
    pub async fn position(
        &self,
        game: Game,
        info: BoardInfo,
        options: RenderOptions,
    ) -> Option<Vec<u8>> {
        self.draw("a board", move || render_png_with(&game, &info, &options))
            .await
    }

    /// An animated replay of `frames` (see [`replay_gif_within`]), drawn on a painter thread:
    /// the GIF and how many of the frames it shows.
    pub async fn replay(&self, frames: Vec<ReplayFrame>) -> Option<(Vec<u8>, usize)> {
        self.draw("a replay", move || {
            replay_gif_within(&frames, &RenderOptions::default(), REPLAY_MAX_BYTES)
        })
        .await
    }
}

/// What identifies a drawn board: the game, its version, the language and names on it, and
/// its colours.
type BoardKey = (i64, i32, Lang, [String; 2], Palette);

/// The boards drawn last. Bounded by the bytes it holds, not by a count: fifty games moving at
/// once must all find their latest board again (a cache of 32 boards lost most of them between
/// a move and the `/board` after it). A game's older versions go as soon as a newer one is
/// drawn: nobody asks for them.
#[derive(Debug)]
struct BoardCache {
    boards: Mutex<VecDeque<(BoardKey, Vec<u8>)>>,
    /// The most PNG bytes kept (the oldest boards go first).
    budget: usize,
}

impl Default for BoardCache {
    fn default() -> BoardCache {
        // About two hundred boards of the 60–80 kB a busy board weighs.
        BoardCache::with_budget(16 << 20)
    }
}

impl BoardCache {
    fn with_budget(budget: usize) -> BoardCache {
        BoardCache {
            boards: Mutex::default(),
            budget,
        }
    }

    fn get(&self, key: &BoardKey) -> Option<Vec<u8>> {
        let boards = self.boards.lock().ok()?;
        boards
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, png)| png.clone())
    }

    fn put(&self, key: BoardKey, png: Vec<u8>) {
        let Ok(mut boards) = self.boards.lock() else {
            return;
        };
        // A board of a version older than one already drawn (a slow render) is not kept.
        if boards.iter().any(|(k, _)| k.0 == key.0 && k.1 > key.1) {
            return;
        }
        // The same board, and the boards of the game's earlier versions, go.
        boards.retain(|(k, _)| k.0 != key.0 || (k.1 == key.1 && *k != key));
        let mut held: usize = boards.iter().map(|(_, png)| png.len()).sum();
        while held + png.len() > self.budget {
            match boards.pop_front() {
                Some((_, old)) => held -= old.len(),
                None => return,
            }
        }
        boards.push_back((key, png));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    fn cores() -> usize {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn every_picture_is_drawn_and_never_more_at_once_than_there_are_cores() {
        let pictures = Pictures::start();
        let busy = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let mut tasks = tokio::task::JoinSet::new();
        for i in 0..(4 * cores() + 2) as u8 {
            let (busy, most, pictures) = (busy.clone(), most.clone(), pictures.clone());
            tasks.spawn(async move {
                let png = pictures
                    .draw("a test picture", move || {
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
        let pictures = Pictures::start();
        let failed = pictures.draw("a test picture", || {
            Err::<Vec<u8>, _>(RenderError::Encode("test failure".to_string()))
        });
        assert_eq!(failed.await, None);
        let panicked = pictures.draw("a test picture", || -> Result<Vec<u8>, _> {
            panic!("a test panic")
        });
        assert_eq!(panicked.await, None);
        // Every painter is still there: more pictures than painters are drawn.
        for i in 0..(2 * cores() + 1) as u8 {
            assert_eq!(
                pictures.draw("a test picture", move || Ok(vec![i])).await,
                Some(vec![i])
            );
        }
    }

    #[test]
    fn the_painters_stop_when_the_last_handle_goes() {
        let pictures = Pictures::start();
        let queue = Arc::downgrade(&pictures.shared.0.queue);
        drop(pictures);
        // Each thread drops its handle on the queue as it returns.
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while queue.strong_count() > 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "a painter did not stop"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn key(version: i32) -> BoardKey {
        (
            7,
            version,
            Lang::En,
            ["ann".to_string(), "ben".to_string()],
            Palette::Standard,
        )
    }

    /// A board drawn for a game version is found again; the oldest goes when the cache is full.
    #[test]
    fn the_board_cache_keeps_the_last_boards_by_game_version_and_names() {
        let cache = BoardCache::with_budget(10);
        cache.put(key(1), vec![1]);
        assert_eq!(cache.get(&key(1)), Some(vec![1]));
        assert_eq!(cache.get(&key(2)), None, "another version is another board");
        let renamed = (
            7,
            1,
            Lang::En,
            ["ann".to_string(), "bob".to_string()],
            Palette::Standard,
        );
        assert_eq!(
            cache.get(&renamed),
            None,
            "the names are part of the picture"
        );
        let recoloured = (key(1).0, 1, Lang::En, key(1).3, Palette::ColourBlind);
        assert_eq!(cache.get(&recoloured), None, "so are the colours");
        // Other games' boards fill the budget: the oldest goes first.
        let other = |game: i64| {
            (
                game,
                1,
                Lang::En,
                ["ann".to_string(), "ben".to_string()],
                Palette::Standard,
            )
        };
        for game in 100..109 {
            cache.put(other(game), vec![game as u8]);
        }
        assert_eq!(
            cache.get(&key(1)),
            Some(vec![1]),
            "ten bytes hold ten boards"
        );
        cache.put(other(109), vec![109, 109]);
        assert_eq!(cache.get(&key(1)), None, "the oldest went");
        assert_eq!(cache.get(&other(100)), None, "and the next, to make room");
        assert_eq!(cache.get(&other(101)), Some(vec![101]));
        assert_eq!(cache.get(&other(109)), Some(vec![109, 109]));
    }

    /// Fifty games each find their latest board, however many boards they drew before.
    #[test]
    fn the_board_cache_keeps_one_version_per_game_for_many_games() {
        let cache = BoardCache::default();
        let board = |game: i64, version: i32| {
            (
                game,
                version,
                Lang::En,
                ["ann".to_string(), "ben".to_string()],
                Palette::Standard,
            )
        };
        for version in 1..=20 {
            for game in 0..50 {
                cache.put(board(game, version), vec![0; 80_000]);
            }
        }
        for game in 0..50 {
            assert!(cache.get(&board(game, 20)).is_some(), "game {game}");
            assert_eq!(cache.get(&board(game, 19)), None, "an older version goes");
        }
        // A board of an older version drawn late is not kept, and leaves the newer one.
        cache.put(board(3, 18), vec![1]);
        assert!(cache.get(&board(3, 20)).is_some());
        assert_eq!(cache.get(&board(3, 18)), None);
        let held = cache.boards.lock().map(|b| b.len()).ok();
        assert_eq!(held, Some(50));
        // Another language's board of the same version stands beside it.
        let french = (
            3,
            20,
            Lang::Fr,
            ["ann".to_string(), "ben".to_string()],
            Palette::Standard,
        );
        cache.put(french.clone(), vec![2]);
        assert!(cache.get(&board(3, 20)).is_some() && cache.get(&french).is_some());
    }
}
