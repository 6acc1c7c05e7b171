//! The `command_scopes` table: where each application last registered its slash commands.

use sqlx::PgConnection;

use super::{StoreError, id_from_db, id_to_db};

/// Where `application` last registered its commands: `Some(None)` everywhere (global),
/// `Some(Some(guild))` in one server, `None` never (a new database).
pub async fn command_scope(
    conn: &mut PgConnection,
    application: u64,
) -> Result<Option<Option<u64>>, StoreError> {
    let row: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT guild_id FROM command_scopes WHERE application_id = $1")
            .bind(id_to_db(application))
            .fetch_optional(&mut *conn)
            .await?;
    Ok(row.map(|(guild,)| guild.map(id_from_db)))
}

/// Records that `application` registered its commands in `guild` (`None`: globally).
pub async fn save_command_scope(
    conn: &mut PgConnection,
    application: u64,
    guild: Option<u64>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO command_scopes (application_id, guild_id) VALUES ($1, $2) \
         ON CONFLICT (application_id) DO UPDATE \
         SET guild_id = EXCLUDED.guild_id, registered_at = now()",
    )
    .bind(id_to_db(application))
    .bind(guild.map(id_to_db))
    .execute(&mut *conn)
    .await?;
    Ok(())
}
