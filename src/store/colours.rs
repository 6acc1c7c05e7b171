//! The colours each user's own pictures are drawn in (`user_settings.colours`), and their
//! announcement to every process on the database, which keeps who chose what in memory.

use sqlx::PgConnection;

use super::kinds::Colours;
use super::{StoreError, id_from_db, id_to_db};

/// Where a change of colours is announced (`NOTIFY`): the payload is the user's id as stored,
/// a space, and the colours' word.
pub const COLOURS_CHANNEL: &str = "fibonacci_bot_colours";

/// The user and colours an announcement on [`COLOURS_CHANNEL`] names.
pub fn announced(payload: &str) -> Option<(u64, Colours)> {
    let (user, colours) = payload.split_once(' ')?;
    Some((id_from_db(user.parse().ok()?), colours.parse().ok()?))
}

/// The colours `user` chose (the default when they chose none).
pub async fn colours_of(conn: &mut PgConnection, user: u64) -> Result<Colours, StoreError> {
    let found: Option<Colours> =
        sqlx::query_scalar("SELECT colours FROM user_settings WHERE user_id = $1")
            .bind(id_to_db(user))
            .fetch_optional(conn)
            .await?;
    Ok(found.unwrap_or_default())
}

/// Sets `user`'s colours and announces it on [`COLOURS_CHANNEL`], in one statement (the
/// announcement goes when the change is committed).
pub async fn set_colours(
    conn: &mut PgConnection,
    user: u64,
    colours: Colours,
) -> Result<(), StoreError> {
    sqlx::query(
        "WITH set AS (INSERT INTO user_settings (user_id, colours) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET colours = EXCLUDED.colours) \
         SELECT pg_notify($3, $1::text || ' ' || $2)",
    )
    .bind(id_to_db(user))
    .bind(colours)
    .bind(COLOURS_CHANNEL)
    .execute(conn)
    .await?;
    Ok(())
}

/// Every user who chose colours other than the default, with them.
pub async fn chosen(conn: &mut PgConnection) -> Result<Vec<(u64, Colours)>, StoreError> {
    let rows: Vec<(i64, Colours)> =
        sqlx::query_as("SELECT user_id, colours FROM user_settings WHERE colours <> 'standard'")
            .fetch_all(conn)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(user, colours)| (id_from_db(user), colours))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_announcement_names_any_user_id_as_stored_and_the_colours() {
        assert_eq!(
            announced(&format!("{} colour-blind", id_to_db(u64::MAX))),
            Some((u64::MAX, Colours::ColourBlind))
        );
        assert_eq!(announced("42 standard"), Some((42, Colours::Standard)));
        assert_eq!(announced("42 purple"), None);
        assert_eq!(announced("42"), None);
    }
}
