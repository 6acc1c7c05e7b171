//! Channels reached only through interactions (`interaction_channels`) and the notices held for
//! players Discord would not let the bot message (`held_notices`).

use sqlx::PgConnection;

use super::{StoreError, id_to_db};

/// Marks `channel` as reached only through interactions, or as one the bot posts in.
pub async fn set(
    conn: &mut PgConnection,
    channel: u64,
    interaction_only: bool,
) -> Result<(), StoreError> {
    let sql = if interaction_only {
        "INSERT INTO interaction_channels (channel_id) VALUES ($1) ON CONFLICT DO NOTHING"
    } else {
        "DELETE FROM interaction_channels WHERE channel_id = $1"
    };
    sqlx::query(sql)
        .bind(id_to_db(channel))
        .execute(conn)
        .await?;
    Ok(())
}

/// Whether `channel` is reached only through interactions.
pub async fn interaction_only(conn: &mut PgConnection, channel: u64) -> Result<bool, StoreError> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT channel_id FROM interaction_channels WHERE channel_id = $1")
            .bind(id_to_db(channel))
            .fetch_optional(conn)
            .await?;
    Ok(found.is_some())
}

/// Where a notice held is announced (`NOTIFY`), its payload the user's id as stored.
pub const HELD_CHANNEL: &str = "fibonacci_bot_held_notices";

/// The user an announcement on [`HELD_CHANNEL`] names.
pub fn held_user(payload: &str) -> Option<u64> {
    payload.parse().ok().map(super::id_from_db)
}

/// Holds `text` for `user` until their next interaction, and announces it on [`HELD_CHANNEL`]
/// (in the same statement: the announcement goes when the notice is committed).
pub async fn hold(conn: &mut PgConnection, user: u64, text: &str) -> Result<(), StoreError> {
    sqlx::query(
        "WITH held AS (INSERT INTO held_notices (user_id, text) VALUES ($1, $2)) \
         SELECT pg_notify($3, $1::text)",
    )
    .bind(id_to_db(user))
    .bind(text)
    .bind(HELD_CHANNEL)
    .execute(conn)
    .await?;
    Ok(())
}

/// Takes (deletes and returns) the notices held for `user`, oldest first.
pub async fn take(conn: &mut PgConnection, user: u64) -> Result<Vec<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "WITH taken AS (DELETE FROM held_notices WHERE user_id = $1 RETURNING id, text) \
         SELECT text FROM taken ORDER BY id",
    )
    .bind(id_to_db(user))
    .fetch_all(conn)
    .await?)
}

/// The users with notices held.
pub async fn held_users(conn: &mut PgConnection) -> Result<Vec<u64>, StoreError> {
    let users: Vec<i64> = sqlx::query_scalar("SELECT DISTINCT user_id FROM held_notices")
        .fetch_all(conn)
        .await?;
    Ok(users.into_iter().map(super::id_from_db).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_announcement_names_any_user_id_as_stored() {
        for user in [1, 920_000_000_000_000_001, u64::MAX] {
            assert_eq!(held_user(&id_to_db(user).to_string()), Some(user));
        }
        assert_eq!(held_user("not a user"), None);
    }
}
