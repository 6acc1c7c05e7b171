//! The bot's settings, read from the environment.

use std::fmt;
use std::time::Duration;

/// How often the scheduler looks for due work when `FIBONACCI_BOT_TICK_SECS` is unset.
pub const DEFAULT_TICK: Duration = Duration::from_secs(30);

/// What the bot needs besides the database (which `app::DatabaseConfig::from_env` reads).
#[derive(Clone, PartialEq, Eq)]
pub struct BotConfig {
    /// The bot token (`DISCORD_TOKEN`). Never printed: see the `Debug` impl.
    pub token: String,
    /// Register the commands in this guild at once instead of globally (`DISCORD_GUILD_ID`).
    pub guild: Option<u64>,
    /// Talk to this base URL instead of `https://discord.com` (`DISCORD_API_BASE`, tests only).
    pub api_base: Option<String>,
    /// How often the scheduler looks for due reminders, timeouts and pause ends
    /// (`FIBONACCI_BOT_TICK_SECS`, seconds, fractions allowed; 30 by default).
    pub tick: Duration,
    /// Where to serve Prometheus metrics and the health check (`METRICS_ADDR`, `host:port`).
    pub metrics: Option<std::net::SocketAddr>,
}

// Hand-written so that the token can never reach a log line through `{:?}`.
impl fmt::Debug for BotConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BotConfig")
            .field("token", &"<hidden>")
            .field("guild", &self.guild)
            .field("api_base", &self.api_base)
            .field("tick", &self.tick)
            .field("metrics", &self.metrics)
            .finish()
    }
}

/// A setting that is missing or unreadable, worded for whoever starts the bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "DISCORD_TOKEN is not set: create a bot in the Discord developer portal \
         (see README, \"Running it on Discord\") and start it with DISCORD_TOKEN=<token>"
    )]
    MissingToken,
    #[error("DISCORD_TOKEN contains whitespace or control characters; paste the token exactly")]
    MalformedToken,
    #[error(
        "DISCORD_GUILD_ID must be a server id (a number such as 123456789012345678), not {0:?}"
    )]
    BadGuild(String),
    #[error("DISCORD_API_BASE must start with http:// or https://, not {0:?}")]
    BadApiBase(String),
    #[error(
        "FIBONACCI_BOT_TICK_SECS must be a number of seconds between 0.05 and 3600 (such as 30), \
         not {0:?}"
    )]
    BadTick(String),
    #[error("METRICS_ADDR must be an address and port such as 127.0.0.1:9100, not {0:?}")]
    BadMetricsAddr(String),
}

impl BotConfig {
    /// From the process environment.
    pub fn from_env() -> Result<BotConfig, ConfigError> {
        BotConfig::from_lookup(|name| std::env::var(name).ok())
    }

    /// From any source of variables (the tests pass a map).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<BotConfig, ConfigError> {
        let token = get("DISCORD_TOKEN")
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .ok_or(ConfigError::MissingToken)?;
        if token.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(ConfigError::MalformedToken);
        }
        let guild = match get("DISCORD_GUILD_ID").map(|g| g.trim().to_string()) {
            None => None,
            Some(g) if g.is_empty() => None,
            Some(g) => Some(
                g.parse::<u64>()
                    .ok()
                    .filter(|&id| id != 0)
                    .ok_or_else(|| ConfigError::BadGuild(g.chars().take(40).collect()))?,
            ),
        };
        let api_base = match get("DISCORD_API_BASE").map(|b| b.trim().to_string()) {
            None => None,
            Some(b) if b.is_empty() => None,
            Some(b) if b.starts_with("http://") || b.starts_with("https://") => {
                Some(b.trim_end_matches('/').to_string())
            }
            Some(b) => return Err(ConfigError::BadApiBase(b.chars().take(80).collect())),
        };
        let tick = match get("FIBONACCI_BOT_TICK_SECS").map(|t| t.trim().to_string()) {
            None => DEFAULT_TICK,
            Some(t) if t.is_empty() => DEFAULT_TICK,
            Some(t) => t
                .parse::<f64>()
                .ok()
                .filter(|s| (0.05..=3600.0).contains(s))
                .map(Duration::from_secs_f64)
                .ok_or_else(|| ConfigError::BadTick(t.chars().take(40).collect()))?,
        };
        let metrics = match get("METRICS_ADDR").map(|m| m.trim().to_string()) {
            None => None,
            Some(m) if m.is_empty() => None,
            Some(m) => Some(
                m.parse()
                    .map_err(|_| ConfigError::BadMetricsAddr(m.chars().take(80).collect()))?,
            ),
        };
        Ok(BotConfig {
            token,
            guild,
            api_base,
            tick,
            metrics,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<BotConfig, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        BotConfig::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn the_token_is_required() {
        assert_eq!(config(&[]), Err(ConfigError::MissingToken));
        assert_eq!(
            config(&[("DISCORD_TOKEN", "  ")]),
            Err(ConfigError::MissingToken)
        );
    }

    #[test]
    fn a_token_with_inner_whitespace_is_refused() {
        assert_eq!(
            config(&[("DISCORD_TOKEN", "abc def")]),
            Err(ConfigError::MalformedToken)
        );
    }

    #[test]
    fn guild_and_api_base_are_optional_and_checked() {
        let c = config(&[("DISCORD_TOKEN", "t")]).unwrap();
        assert_eq!((c.guild, c.api_base), (None, None));
        let c = config(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_GUILD_ID", "42"),
            ("DISCORD_API_BASE", "http://127.0.0.1:9/"),
        ])
        .unwrap();
        assert_eq!(c.guild, Some(42));
        assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:9"));
        assert!(matches!(
            config(&[("DISCORD_TOKEN", "t"), ("DISCORD_GUILD_ID", "general")]),
            Err(ConfigError::BadGuild(_))
        ));
        assert!(matches!(
            config(&[("DISCORD_TOKEN", "t"), ("DISCORD_API_BASE", "127.0.0.1:9")]),
            Err(ConfigError::BadApiBase(_))
        ));
    }

    #[test]
    fn the_scheduler_looks_every_30_seconds_unless_told_otherwise() {
        let tick = |v: &str| config(&[("DISCORD_TOKEN", "t"), ("FIBONACCI_BOT_TICK_SECS", v)]);
        assert_eq!(
            config(&[("DISCORD_TOKEN", "t")]).unwrap().tick,
            DEFAULT_TICK
        );
        assert_eq!(tick("5").unwrap().tick, Duration::from_secs(5));
        assert_eq!(tick("0.25").unwrap().tick, Duration::from_millis(250));
        for bad in ["0", "-1", "soon", "1e9"] {
            assert!(matches!(tick(bad), Err(ConfigError::BadTick(_))), "{bad}");
        }
    }

    #[test]
    fn metrics_are_served_only_at_a_valid_address() {
        let with = |v: &str| config(&[("DISCORD_TOKEN", "t"), ("METRICS_ADDR", v)]);
        assert_eq!(config(&[("DISCORD_TOKEN", "t")]).unwrap().metrics, None);
        assert_eq!(
            with("127.0.0.1:9100").unwrap().metrics,
            Some("127.0.0.1:9100".parse().unwrap())
        );
        assert!(matches!(
            with("localhost"),
            Err(ConfigError::BadMetricsAddr(_))
        ));
    }

    #[test]
    fn debug_output_never_shows_the_token() {
        let c = config(&[("DISCORD_TOKEN", "very-secret-token")]).unwrap();
        assert!(!format!("{c:?}").contains("very-secret"));
    }
}
