//! What the service remembers of the bot's installation: where its slash commands were
//! registered last, so that a change of scope removes the old copies.

use crate::store::installation;

use super::{AppError, Service};

impl Service {
    /// Where `application` last registered its commands: `Some(None)` globally,
    /// `Some(Some(guild))` in one server, `None` never.
    pub async fn command_scope(&self, application: u64) -> Result<Option<Option<u64>>, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            Ok(installation::command_scope(&mut conn, application).await?)
        })
        .await
    }

    /// Records that `application` registered its commands in `guild` (`None`: globally).
    pub async fn save_command_scope(
        &self,
        application: u64,
        guild: Option<u64>,
    ) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            installation::save_command_scope(&mut conn, application, guild).await?;
            Ok(())
        })
        .await
    }
}
