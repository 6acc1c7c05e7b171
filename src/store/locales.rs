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

/// Records that `owner` `id` was last seen speaking `locale`.
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
    .execute(conn)
    .await?;
    Ok(())
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
