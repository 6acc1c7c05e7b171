//! Where the game database lives, and starting the service on it.

use std::path::PathBuf;

use crate::store::embedded::{EmbeddedServer, running_as_root};

use super::Service;
use super::error::StartError;

/// Where the game database lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatabaseConfig {
    /// An existing PostgreSQL server (`DATABASE_URL`).
    Url(String),
    /// An embedded PostgreSQL (the `postgresql_embedded` crate) whose data lives in `data_dir`,
    /// kept across restarts.
    Embedded { data_dir: PathBuf },
}

impl DatabaseConfig {
    /// From the environment: `DATABASE_URL` when set, else an embedded server with its data under
    /// `FIBONACCI_BOT_DATA_DIR` (default [`default_data_dir`]).
    pub fn from_env() -> DatabaseConfig {
        match std::env::var("DATABASE_URL") {
            Ok(url) if !url.trim().is_empty() => DatabaseConfig::Url(url.trim().to_string()),
            _ => DatabaseConfig::Embedded {
                data_dir: std::env::var_os("FIBONACCI_BOT_DATA_DIR")
                    .filter(|dir| !dir.is_empty())
                    .map_or_else(default_data_dir, PathBuf::from),
            },
        }
    }
}

/// Where the embedded server keeps its data by default: `./data/postgres` for a normal user;
/// as root, `/var/lib/fibonacci-bot/postgres`, since the server runs as an unprivileged account
/// that a working directory under `/root` would shut out.
pub fn default_data_dir() -> PathBuf {
    if running_as_root() {
        PathBuf::from("/var/lib/fibonacci-bot/postgres")
    } else {
        PathBuf::from("data/postgres")
    }
}

/// A started service and, when embedded, the database server it started.
#[derive(Debug)]
pub struct Running {
    pub service: Service,
    server: Option<EmbeddedServer>,
}

impl Running {
    /// Closes the pool and stops the embedded server, if any.
    pub async fn shutdown(self) {
        self.service.store.close().await;
        if let Some(server) = self.server
            && let Err(e) = server.stop().await
        {
            tracing::error!("could not stop the embedded PostgreSQL: {e}");
        }
    }
}

/// Starts the database (embedded when so configured), connects,
/// applies the migrations.
pub async fn start(config: DatabaseConfig) -> Result<Running, StartError> {
    match config {
        DatabaseConfig::Url(url) => Ok(Running {
            service: Service::connect_for_host(&url).await?,
            server: None,
        }),
        DatabaseConfig::Embedded { data_dir } => {
            let server = EmbeddedServer::start(&data_dir).await?;
            match Service::connect_for_host(server.url()).await {
                Ok(service) => Ok(Running {
                    service,
                    server: Some(server),
                }),
                Err(e) => {
                    if let Err(stop) = server.stop().await {
                        tracing::error!("could not stop the embedded PostgreSQL: {stop}");
                    }
                    Err(e)
                }
            }
        }
    }
}
