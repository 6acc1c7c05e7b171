//! Persistence on PostgreSQL (sqlx), with numbered migrations in `migrations/`.
