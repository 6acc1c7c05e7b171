//! Before the bot starts anything, one REST call (`GET /gateway/bot`) asks Discord whether it
//! accepts `DISCORD_TOKEN`, and how many shards it recommends. A refused token ends the process
//! with words that say where to copy the right one from (serenity alone would retry forever with
//! raw errors in the log). A Discord that cannot be reached at all is said once, in our words,
//! then asked again less and less often until it answers.

use std::time::Duration;

use serde_json::Value;

/// How long one question may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// The first wait after a failed question; each next one doubles, up to [`MAX_DELAY`].
const FIRST_DELAY: Duration = Duration::from_secs(5);
const MAX_DELAY: Duration = Duration::from_secs(300);

/// What Discord says about the bot's connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GatewayBot {
    /// The number of shards Discord recommends.
    pub shards: u32,
    /// How many shards may identify at once (per 5 s).
    pub max_concurrency: u32,
}

/// Why the bot cannot start: words for the host.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

/// The words for a token Discord refuses (`how`: "401 Unauthorized" on REST, or the gateway's
/// close code), saying where the right one is.
pub fn refused_token_words(how: &str) -> String {
    format!(
        "Discord refused DISCORD_TOKEN ({how}): it is not the token of a bot, or it was reset. \
         Copy the bot's token from the Discord developer portal \
         (https://discord.com/developers/applications → your application → Bot → Reset Token) \
         and start the bot again with DISCORD_TOKEN=<that token>."
    )
}

/// One question: `Ok(Some(..))` answered, `Ok(None)` worth asking again later (with why),
/// `Err` refused for good.
async fn ask(
    client: &reqwest::Client,
    base: &str,
    token: &str,
) -> Result<Result<GatewayBot, String>, Refused> {
    let url = format!("{}/api/v10/gateway/bot", base.trim_end_matches('/'));
    let response = match client
        .get(&url)
        .header(reqwest::header::AUTHORIZATION, format!("Bot {token}"))
        .send()
        .await
    {
        Ok(response) => response,
        Err(e) => return Ok(Err(crate::app::chain(&e))),
    };
    let status = response.status().as_u16();
    match status {
        200 => {
            let text = response.text().await.unwrap_or_default();
            let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            let number = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok());
            Ok(Ok(GatewayBot {
                shards: number(&body["shards"]).unwrap_or(1).max(1),
                max_concurrency: number(&body["session_start_limit"]["max_concurrency"])
                    .unwrap_or(1)
                    .max(1),
            }))
        }
        401 => Err(Refused(refused_token_words("401 Unauthorized"))),
        // Discord's trouble or a rate limit: ask again later.
        429 | 500..=599 => Ok(Err(format!("Discord answered {status}"))),
        _ => {
            let body = response.text().await.unwrap_or_default();
            Err(Refused(format!(
                "Discord refused the bot's first request (GET /gateway/bot, {status}): {}. \
                 Check DISCORD_TOKEN and DISCORD_API_BASE.",
                body.chars().take(300).collect::<String>()
            )))
        }
    }
}

/// Asks until Discord answers: the token accepted (with the shards it recommends) or refused.
/// While Discord cannot be reached, says so once and keeps asking, each wait twice the last.
pub async fn check(base: &str, token: &str) -> Result<GatewayBot, Refused> {
    // Without a TLS back end nothing could reach Discord: a host's problem, said once.
    let client = super::http_client(REQUEST_TIMEOUT).map_err(|e| {
        Refused(format!(
            "could not set up an HTTP client to reach Discord: {e}"
        ))
    })?;
    let mut delay = FIRST_DELAY;
    let mut said = false;
    loop {
        match ask(&client, base, token).await? {
            Ok(gateway) => {
                if said {
                    tracing::info!("Discord answers again");
                }
                return Ok(gateway);
            }
            Err(why) if !said => {
                said = true;
                let words = format!(
                    "Discord cannot be reached at {base} ({why}). Is this machine online, and \
                     does its DNS resolve discord.com? The bot keeps trying, less often each \
                     time (every {} s at first, then up to every {} s).",
                    FIRST_DELAY.as_secs(),
                    MAX_DELAY.as_secs()
                );
                // The log goes to stderr: said there once.
                tracing::error!("{words}");
            }
            Err(why) => tracing::debug!(%why, ?delay, "Discord still cannot be reached"),
        }
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(MAX_DELAY);
    }
}
