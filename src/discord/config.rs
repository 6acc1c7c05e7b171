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
    /// Talk to this base URL instead of `https://discord.com`, with serenity's REST rate limiter
    /// off: a shared REST proxy (`DISCORD_REST_PROXY`), or a fake Discord (`DISCORD_API_BASE`,
    /// tests only).
    pub api_base: Option<String>,
    /// How often the scheduler looks for due reminders, timeouts and pause ends
    /// (`FIBONACCI_BOT_TICK_SECS`, seconds, fractions allowed; 30 by default).
    pub tick: Duration,
    /// Where to serve Prometheus metrics and the health check (`METRICS_ADDR`, `host:port`).
    pub metrics: Option<std::net::SocketAddr>,
    /// The shards this process runs (`FIBONACCI_BOT_SHARDS`); all of those Discord recommends
    /// when unset.
    pub shards: Option<Shards>,
}

/// A range of shards out of a total: `FIBONACCI_BOT_SHARDS=0-3/8` is shards 0 to 3 of 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    /// The last shard of the range, included.
    pub last: u32,
    /// How many shards the whole bot runs, across its processes.
    pub count: u32,
}

impl Shards {
    /// All `count` shards.
    pub fn all(count: u32) -> Shards {
        Shards {
            first: 0,
            last: count.max(1) - 1,
            count: count.max(1),
        }
    }

    /// `first-last/count` or `shard/count`, the range inside the total.
    pub fn parse(text: &str) -> Option<Shards> {
        let (range, count) = text.trim().split_once('/')?;
        let count: u32 = count.trim().parse().ok()?;
        let (first, last) = match range.split_once('-') {
            Some((first, last)) => (first.trim().parse().ok()?, last.trim().parse().ok()?),
            None => {
                let shard = range.trim().parse().ok()?;
                (shard, shard)
            }
        };
        (first <= last && last < count && count <= MOST_SHARDS).then_some(Shards {
            first,
            last,
            count,
        })
    }
}

impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.first, self.last, self.count)
    }
}

/// More shards than any bot needs (Discord asks for one per 1,000 servers at most).
const MOST_SHARDS: u32 = 1 << 16;

// Hand-written so that the token can never reach a log line through `{:?}`.
impl fmt::Debug for BotConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BotConfig")
            .field("token", &"<hidden>")
            .field("guild", &self.guild)
            .field("api_base", &self.api_base)
            .field("tick", &self.tick)
            .field("metrics", &self.metrics)
            .field("shards", &self.shards)
            .finish()
    }
}

/// A setting that is missing or unreadable, worded for whoever starts the bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "DISCORD_TOKEN is not set: create a bot in the Discord developer portal \
         (README, \"Host it\", step 1) and start it with DISCORD_TOKEN=<token>"
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
        "DISCORD_REST_PROXY must be the base URL of a REST proxy such as twilight's http-proxy \
         (http://host:port), not {0:?}"
    )]
    BadRestProxy(String),
    #[error(
        "FIBONACCI_BOT_TICK_SECS must be a number of seconds between 0.05 and 3600 (such as 30), \
         not {0:?}"
    )]
    BadTick(String),
    #[error("METRICS_ADDR must be an address and port such as 127.0.0.1:9100, not {0:?}")]
    BadMetricsAddr(String),
    #[error(
        "FIBONACCI_BOT_SHARDS must be a range of shards out of their total, such as 0-3/8 \
         (shards 0 to 3 of 8) or 5/8 (shard 5 of 8), the range inside the total; not {0:?}"
    )]
    BadShards(String),
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
        let guild = setting(&get, "DISCORD_GUILD_ID", 40, ConfigError::BadGuild, |g| {
            g.parse::<u64>().ok().filter(|&id| id != 0)
        })?;
        let api_base = setting(
            &get,
            "DISCORD_API_BASE",
            80,
            ConfigError::BadApiBase,
            base_url,
        )?;
        // A shared REST proxy (twilight's http-proxy) owns the REST rate limits of every process:
        // requests go to it instead of discord.com, with serenity's own limiter off.
        let api_base = setting(
            &get,
            "DISCORD_REST_PROXY",
            80,
            ConfigError::BadRestProxy,
            base_url,
        )?
        .or(api_base);
        let tick = setting(
            &get,
            "FIBONACCI_BOT_TICK_SECS",
            40,
            ConfigError::BadTick,
            |t| {
                t.parse::<f64>()
                    .ok()
                    .filter(|s| (0.05..=3600.0).contains(s))
                    .map(Duration::from_secs_f64)
            },
        )?
        .unwrap_or(DEFAULT_TICK);
        let metrics = setting(&get, "METRICS_ADDR", 80, ConfigError::BadMetricsAddr, |m| {
            m.parse().ok()
        })?;
        let shards = setting(
            &get,
            "FIBONACCI_BOT_SHARDS",
            40,
            ConfigError::BadShards,
            Shards::parse,
        )?;
        Ok(BotConfig {
            token,
            guild,
            api_base,
            tick,
            metrics,
            shards,
        })
    }
}

/// An optional setting: `None` when unset or blank, else what `parse` makes of it (trimmed), or
/// `bad` with its first `shown` characters when it makes nothing.
fn setting<T>(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    shown: usize,
    bad: fn(String) -> ConfigError,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Result<Option<T>, ConfigError> {
    let Some(value) = get(name)
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
    else {
        return Ok(None);
    };
    parse(&value)
        .map(Some)
        .ok_or_else(|| bad(value.chars().take(shown).collect()))
}

/// An `http://` or `https://` base URL, without its trailing slashes.
fn base_url(value: &str) -> Option<String> {
    (value.starts_with("http://") || value.starts_with("https://"))
        .then(|| value.trim_end_matches('/').to_string())
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

    #[test]
    fn a_shard_range_is_read_and_checked() {
        let with = |v: &str| config(&[("DISCORD_TOKEN", "t"), ("FIBONACCI_BOT_SHARDS", v)]);
        assert_eq!(config(&[("DISCORD_TOKEN", "t")]).unwrap().shards, None);
        assert_eq!(
            with("0-3/8").unwrap().shards,
            Some(Shards {
                first: 0,
                last: 3,
                count: 8
            })
        );
        assert_eq!(
            with(" 5/8 ").unwrap().shards,
            Some(Shards {
                first: 5,
                last: 5,
                count: 8
            })
        );
        for bad in [
            "4-7/4", "3-1/8", "8", "0-3", "a-b/8", "0-0/0", "-1/2", "0-3/x",
        ] {
            let error = with(bad).expect_err(bad);
            assert!(matches!(error, ConfigError::BadShards(_)), "{bad}");
            assert!(error.to_string().contains("0-3/8"), "{error}");
        }
        assert_eq!(Shards::all(3).to_string(), "0-2/3");
        assert_eq!(Shards::all(0), Shards::all(1));
    }

    #[test]
    fn a_rest_proxy_takes_every_rest_request() {
        let c = config(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_REST_PROXY", "http://proxy:3000/"),
        ])
        .unwrap();
        assert_eq!(c.api_base.as_deref(), Some("http://proxy:3000"));
        assert!(matches!(
            config(&[("DISCORD_TOKEN", "t"), ("DISCORD_REST_PROXY", "proxy:3000")]),
            Err(ConfigError::BadRestProxy(_))
        ));
    }
}
