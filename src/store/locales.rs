//! The `locales` table: the language each user and server was last seen in.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::{StoreError, id_from_db, id_to_db};

/// Whose language a row records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, sqlx::Type)]
#[sqlx(type_name = "text", rename_all = "kebab-case")]
pub enum LocaleOwner {
    User,
    Guild,
}

/// The channel on which every recorded language is announced (`kind:id:locale`), so that every
/// bot process sharing the database learns it (see [`listen`]).
pub const CHANNEL: &str = "fibonacci_bot_locales";

/// Records that `owner` `id` was last seen speaking `locale`, and announces it on [`CHANNEL`].
pub async fn save(
    conn: &mut PgConnection,
    owner: LocaleOwner,
    id: u64,
    locale: &str,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO locales (kind, id, locale, seen_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (kind, id) DO UPDATE SET locale = EXCLUDED.locale, seen_at = EXCLUDED.seen_at",
    )
    .bind(owner)
    .bind(id_to_db(id))
    .bind(locale)
    .bind(at)
    .execute(&mut *conn)
    .await?;
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(format!("{}:{id}:{locale}", owner_word(owner)))
        .execute(&mut *conn)
        .await?;
    Ok(())
}

fn owner_word(owner: LocaleOwner) -> &'static str {
    match owner {
        LocaleOwner::User => "user",
        LocaleOwner::Guild => "guild",
    }
}

/// Reads an announcement of [`CHANNEL`]: `kind:id:locale`.
pub fn parse_announcement(payload: &str) -> Option<(LocaleOwner, u64, String)> {
    let mut parts = payload.splitn(3, ':');
    let owner = match parts.next()? {
        "user" => LocaleOwner::User,
        "guild" => LocaleOwner::Guild,
        _ => return None,
    };
    let id = parts.next()?.parse().ok()?;
    let locale = parts.next()?.to_string();
    Some((owner, id, locale))
}

/// A listener of [`CHANNEL`] (see [`Store::listen`](super::Store::listen)).
pub async fn listen(store: &super::Store) -> Result<sqlx::postgres::PgListener, StoreError> {
    store.listen(CHANNEL).await
}

/// Every recorded language, most recently seen first, at most `limit` of them.
pub async fn all(
    conn: &mut PgConnection,
    limit: i64,
) -> Result<Vec<(LocaleOwner, u64, String)>, StoreError> {
    let rows: Vec<(LocaleOwner, i64, String)> =
        sqlx::query_as("SELECT kind, id, locale FROM locales ORDER BY seen_at DESC LIMIT $1")
            .bind(limit)
            .fetch_all(conn)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(owner, id, locale)| (owner, id_from_db(id), locale))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_are_read_back() {
        assert_eq!(
            parse_announcement("user:42:fr"),
            Some((LocaleOwner::User, 42, "fr".to_string()))
        );
        assert_eq!(
            parse_announcement("guild:7:en-US"),
            Some((LocaleOwner::Guild, 7, "en-US".to_string()))
        );
        for bad in ["", "user", "user:x:fr", "team:1:fr", "user:1"] {
            assert_eq!(parse_announcement(bad), None, "{bad}");
        }
    }
}
