//! A table kept in each process's memory, in step with every process on the database: the
//! process listens to the table's announcements (`NOTIFY`, sent in the statement that changes
//! it), then reads the table, then applies each announcement as it comes. Listening first, a
//! change made while the table is read is not missed.
//!
//! When the announcements' connection is lost, the index says so ([`Followed::lost`]: its users
//! then read the database) until the follower has listened on a new connection and read the
//! table again. The listener never reconnects by itself: a lost connection is seen as such,
//! never mended silently inside a wait, so the table is always read again after listening
//! anew. The follower stops when the index goes (it holds it weakly).

use std::future::Future;
use std::sync::{Arc, Weak};
use std::time::Duration;

use super::Service;
use super::error::AppError;

/// How often the follower looks whether the index is still there.
const FOLLOW_CHECK: Duration = Duration::from_secs(30);

/// An index of a table that the follower keeps (see the module's documentation).
pub(crate) trait Followed: Send + Sync + 'static {
    /// The channel the table's changes are announced on.
    const CHANNEL: &'static str;
    /// What the index holds, for logs ("notices held").
    const WHAT: &'static str;

    /// Not followed any more: the index can no longer be trusted.
    fn lost(&self);

    /// Applies an announcement's payload.
    fn announced(&self, payload: &str);

    /// Reads the whole table into the index (followed from now on).
    fn read(&self, service: &Service) -> impl Future<Output = Result<(), AppError>> + Send;
}

/// Follows `index` for as long as it lives: listens, reads the table, then applies the
/// announcements, in the background. Returns once the first read is done (or failed: then the
/// index stays not followed until the follower manages).
pub(crate) async fn follow<T: Followed>(service: Service, index: &Arc<T>) {
    let index = Arc::downgrade(index);
    let listener = listen_and_read(&service, &index).await;
    if listener.is_none() {
        tracing::warn!(
            "cannot follow the {} yet: they are read from the database each time",
            T::WHAT
        );
    }
    tokio::spawn(run(service, listener, index));
}

async fn run<T: Followed>(
    service: Service,
    mut listener: Option<sqlx::postgres::PgListener>,
    index: Weak<T>,
) {
    while let Some(alive) = index.upgrade() {
        let Some(active) = listener.as_mut() else {
            alive.lost();
            drop(alive);
            tokio::time::sleep(Duration::from_secs(1)).await;
            listener = listen_and_read(&service, &index).await;
            continue;
        };
        drop(alive);
        match tokio::time::timeout(FOLLOW_CHECK, active.try_recv()).await {
            Err(_) => {}
            Ok(Ok(Some(note))) => {
                if let Some(alive) = index.upgrade() {
                    alive.announced(note.payload());
                }
            }
            // The connection was lost: listen anew, then read the table (what was announced
            // meanwhile is in it).
            Ok(Ok(None)) => {
                tracing::debug!("{}: the connection was lost; listening again", T::WHAT);
                listener = None;
            }
            Ok(Err(e)) => {
                tracing::debug!(error = %e, "{}: listening again", T::WHAT);
                listener = None;
            }
        }
    }
}

/// Listens to the table's announcements, then reads it into `index`. `None` when it cannot
/// listen or read (the follower tries again a second later).
async fn listen_and_read<T: Followed>(
    service: &Service,
    index: &Weak<T>,
) -> Option<sqlx::postgres::PgListener> {
    let mut listener = match service.store.listen(T::CHANNEL).await {
        Ok(listener) => listener,
        Err(e) => {
            tracing::debug!(error = %e, "{}: cannot listen", T::WHAT);
            return None;
        }
    };
    listener.eager_reconnect(false);
    let index = index.upgrade()?;
    match index.read(service).await {
        Ok(()) => {
            tracing::debug!("following the {}", T::WHAT);
            Some(listener)
        }
        Err(e) => {
            tracing::warn!(error = %e, "could not read the {}: they are read from the database each time", T::WHAT);
            index.lost();
            None
        }
    }
}

impl Service {
    /// A clone for a follower: it keeps no index alive (each index goes, and its follower
    /// stops, when the last service that uses it does), and it reads the database directly.
    pub(super) fn for_follower(&self) -> Service {
        let mut service = self.clone();
        service.held = Arc::default();
        service.colours = Arc::default();
        service
    }
}
