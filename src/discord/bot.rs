//! Starting, serving and stopping the bot.
//!
//! Order of events: settings are read first (a missing token fails before anything starts), then
//! the database (the service applies its migrations), then the Discord client; commands are
//! registered once the gateway says READY. On SIGINT/SIGTERM the gateway is closed first so no new
//! interaction arrives, the ones in flight are allowed to finish, and the database goes last.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::Notify;

use super::ack::Watchdog;
use super::config::{BotConfig, Shards};
use super::reply::Budget;
use super::{BotError, Data, commands, on_error, on_event, present, register};
use crate::app::{self, DatabaseConfig, chain};

/// How long shutdown waits for interactions in flight.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(20);
/// Open challenges older than this expire; checked every `EXPIRY_PERIOD`.
const CHALLENGE_MAX_AGE: Duration = Duration::from_secs(7 * 24 * 3600);
const EXPIRY_PERIOD: Duration = Duration::from_secs(3600);
/// Answers not ready this long after the interaction was created are deferred (Discord allows
/// 3 s from creation, minus network time).
const ANSWER_BUDGET: Duration = Duration::from_millis(2000);
/// How long a refused start-up may take to end the process.
const FATAL_EXIT: Duration = Duration::from_secs(10);

pub fn main_entry() -> ExitCode {
    let config = match BotConfig::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("fibonacci-bot: {e}");
            return ExitCode::from(2);
        }
    };
    init_tracing(config.metrics.is_some());
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("fibonacci-bot: could not start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(run(config))
}

/// Logs to standard error; with `count_statements` (the metrics are served), also counts the
/// statements sqlx records.
fn init_tracing(count_statements: bool) {
    use tracing_subscriber::Layer;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        // PostgreSQL's notices (a migration table that "already exists, skipping" at every
        // start) say nothing to a host.
        .unwrap_or_else(|_| {
            tracing_subscriber::EnvFilter::new(
                "info,serenity=warn,poise=warn,sqlx::postgres::notice=warn",
            )
        });
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let log = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_filter(filter);
    // The statements are counted only for the metrics (sqlx records them only when asked).
    let counter = count_statements.then(crate::metrics::StatementCounter::layer);
    // Another front end of the same binary may have set one up already; keep it.
    let _ = tracing_subscriber::registry()
        .with(log)
        .with(counter)
        .try_init();
}

/// Counts interactions being handled, so shutdown can wait for them.
#[derive(Debug, Default)]
struct InFlight {
    count: AtomicUsize,
    idle: Notify,
}

struct InFlightGuard(Arc<InFlight>);

impl InFlight {
    fn enter(self: &Arc<Self>) -> InFlightGuard {
        self.count.fetch_add(1, Ordering::SeqCst);
        InFlightGuard(self.clone())
    }

    async fn wait_idle(&self) {
        loop {
            let notified = self.idle.notified();
            if self.count.load(Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }
}

impl Drop for InFlightGuard {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

/// Poise's framework, counting each event it handles as in flight.
struct Tracked {
    inner: poise::Framework<Data, BotError>,
    in_flight: Arc<InFlight>,
}

#[serenity::async_trait]
impl serenity::Framework for Tracked {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let _guard = self.in_flight.enter();
        self.inner.dispatch(ctx, event).await;
    }
}

async fn run(config: BotConfig) -> ExitCode {
    // Discord first: a refused token is said and ends the process before anything starts.
    let base = config
        .api_base
        .clone()
        .unwrap_or_else(|| register::DISCORD_BASE.to_string());
    let gateway_bot = tokio::select! {
        checked = super::preflight::check(&base, &config.token) => match checked {
            Ok(gateway_bot) => gateway_bot,
            Err(refused) => {
                tracing::error!("{refused}");
                eprintln!("fibonacci-bot: {refused}");
                return ExitCode::FAILURE;
            }
        },
        signal = shutdown_signal() => {
            tracing::info!(signal, "stopped before Discord answered");
            return ExitCode::SUCCESS;
        }
    };
    tracing::info!(
        shards = gateway_bot.shards,
        max_concurrency = gateway_bot.max_concurrency,
        "Discord accepted the token"
    );
    // Every shard Discord recommends, unless this process runs a range of them. Serenity
    // identifies one shard every 5 seconds, within any `max_concurrency` (at least 1 per 5 s).
    let shards = config.shards.unwrap_or(Shards::all(gateway_bot.shards));
    if shards.count < gateway_bot.shards {
        tracing::warn!(
            "FIBONACCI_BOT_SHARDS counts {} shards in all, Discord recommends {}: a shard with \
             too many servers is refused (close code 4011) and retried without end; give every \
             process the same, larger total",
            shards.count,
            gateway_bot.shards
        );
    }
    tracing::info!(%shards, "running shards");
    let running = match app::start(DatabaseConfig::from_env()).await {
        Ok(running) => running,
        Err(e) => {
            tracing::error!(error = %e, "could not start the game service");
            eprintln!("fibonacci-bot: could not start the game service: {e}");
            return ExitCode::FAILURE;
        }
    };
    let service = running.service.clone();
    let languages = app::Languages::load(service.clone()).await;
    // Answers look for notices held only for the users who may have some.
    service.follow_held_notices().await;
    // A player's own pictures are drawn in their colours without asking the database.
    service.follow_colours().await;
    let metrics_task = match config.metrics {
        None => None,
        Some(addr) => {
            let served = async {
                let handle = crate::metrics::install()?;
                let listener = crate::metrics::bind(addr).await?;
                Ok::<_, String>((handle, listener))
            };
            match served.await {
                Ok((handle, listener)) => {
                    tracing::info!(%addr, "metrics at /metrics, health at /healthz");
                    Some(tokio::spawn(crate::metrics::serve(
                        listener,
                        handle,
                        service.clone(),
                    )))
                }
                Err(e) => {
                    tracing::error!("{e}");
                    eprintln!("fibonacci-bot: {e}");
                    running.shutdown().await;
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    let guild = config.guild;
    let options = poise::FrameworkOptions {
        commands: commands(),
        on_error: |error| Box::pin(on_error(error)),
        event_handler: |framework, event| {
            Box::pin(on_event(
                framework.serenity_context,
                event,
                framework.user_data,
            ))
        },
        // Owners are not used; skipping the lookup saves a request at start.
        initialize_owners: false,
        ..Default::default()
    };
    let setup_service = service.clone();
    let runner = match crate::app::AiRunner::start() {
        Ok(runner) => runner,
        Err(e) => {
            tracing::error!(error = %e, "could not start the AI's thread");
            running.shutdown().await;
            return ExitCode::FAILURE;
        }
    };
    let presenter = Arc::new(present::Presenter::start(languages));
    let setup_presenter = presenter.clone();
    let setup_runner = runner.clone();
    let watchdog = match Watchdog::start(&config.token, config.api_base.as_deref()) {
        Ok(watchdog) => watchdog,
        Err(e) => {
            tracing::error!(error = %e, "could not start the answers' watchdog thread");
            running.shutdown().await;
            return ExitCode::FAILURE;
        }
    };
    // A refused registration ends the process: a bot that cannot register would stay connected
    // but never answer (every event waits for the setup's data).
    let (fatal, mut fatal_rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let api_base = config
        .api_base
        .clone()
        .unwrap_or_else(|| register::DISCORD_BASE.to_string());
    let token = config.token.clone();
    let framework = poise::Framework::builder()
        .options(options)
        .setup(move |_ctx, ready, framework| {
            Box::pin(async move {
                let commands =
                    poise::builtins::create_application_commands(&framework.options().commands);
                let scope = guild.map_or(register::Scope::Global, register::Scope::Guild);
                let application = ready.application.id.get();
                if let Err(e) =
                    register::register(&api_base, &token, application, scope, &commands).await
                {
                    let _ = fatal.send(chain(&e));
                    return Err(BotError::Register(e));
                }
                tracing::info!(?scope, "commands registered");
                // The copies of an earlier start's scope (DISCORD_GUILD_ID set, changed or
                // unset since) would show every command twice where both apply.
                match setup_service.command_scope(application).await {
                    Ok(before) => {
                        let before = before.map(register::Scope::from_guild);
                        register::remove_old_copies(&api_base, &token, application, before, scope)
                            .await;
                        if before != Some(scope)
                            && let Err(e) = setup_service
                                .save_command_scope(application, scope.guild())
                                .await
                        {
                            tracing::warn!(
                                "could not record where the commands are registered: {}",
                                chain(&e)
                            );
                        }
                    }
                    Err(e) => tracing::warn!(
                        "could not read where the commands were registered last, so copies \
                         left by an earlier DISCORD_GUILD_ID are not looked for: {}",
                        chain(&e)
                    ),
                }
                tracing::info!(bot = %ready.user.name, "ready");
                Ok(Data {
                    service: setup_service,
                    presenter: setup_presenter,
                    budget: Budget {
                        answer: ANSWER_BUDGET,
                        watchdog,
                    },
                    bot: ready.user.id.get(),
                    runner: setup_runner,
                })
            })
        })
        .build();
    let in_flight = Arc::new(InFlight::default());
    let tracked = Tracked {
        inner: framework,
        in_flight: in_flight.clone(),
    };

    // GUILDS only: slash commands and button clicks arrive whatever the intents, and GUILDS
    // keeps the cache's channels and threads (a challenge's thread parent). Messages, typing,
    // reactions, members and presences are never used, so they are not asked for.
    let intents = serenity::GatewayIntents::GUILDS;
    let builder = match &config.api_base {
        // A shared REST proxy, or a fake Discord in tests: serenity ignores the proxy while its
        // rate limiter is on, so the limiter goes with it (the proxy owns the rate limits).
        Some(base) => {
            let http = serenity::HttpBuilder::new(&config.token)
                .proxy(base.clone())
                .ratelimiter_disabled(true)
                .build();
            serenity::ClientBuilder::new_with_http(http, intents)
        }
        None => serenity::ClientBuilder::new(&config.token, intents),
    };
    let mut client = match builder.framework(tracked).await {
        Ok(client) => client,
        Err(e) => {
            tracing::error!(error = %e, "could not create the Discord client");
            running.shutdown().await;
            return ExitCode::FAILURE;
        }
    };
    let shard_manager = client.shard_manager.clone();
    let expiry_http = client.http.clone();
    let expiry_presenter = presenter.clone();
    let scheduler_http = client.http.clone();
    let ai_http = client.http.clone();
    // Serenity's range includes its end.
    let mut gateway = tokio::spawn(async move {
        client
            .start_shard_range(shards.first..shards.last, shards.count)
            .await
    });

    let expiry_service = service.clone();
    let expiry = tokio::spawn(async move {
        let mut tick = tokio::time::interval(EXPIRY_PERIOD);
        loop {
            tick.tick().await;
            match expiry_service.expire_challenges(CHALLENGE_MAX_AGE).await {
                Ok(expired) if expired.is_empty() => {}
                Ok(expired) => {
                    tracing::info!(expired = expired.len(), "old challenges expired");
                    for c in expired {
                        // The bot cannot edit a message where it is not a member.
                        if expiry_service
                            .interaction_only(c.channel)
                            .await
                            .unwrap_or(true)
                        {
                            continue;
                        }
                        let lang = expiry_presenter.languages.guild(c.guild);
                        if let Some(retired) = super::challenge::answered_challenge(Some(lang), &c)
                        {
                            retired.carry_out(&expiry_http);
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "could not expire old challenges"),
            }
        }
    });

    let scheduler = tokio::spawn(super::scheduler::run(
        service.clone(),
        scheduler_http,
        presenter.clone(),
        config.tick,
    ));

    let ai_task = tokio::spawn(super::ai::run(
        service.clone(),
        ai_http,
        presenter,
        runner,
        config.tick,
    ));

    let code = tokio::select! {
        Some(reason) = fatal_rx.recv() => {
            tracing::error!("{reason}");
            eprintln!("fibonacci-bot: {reason}");
            shard_manager.shutdown_all().await;
            let _ = tokio::time::timeout(FATAL_EXIT, &mut gateway).await;
            ExitCode::FAILURE
        }
        signal = shutdown_signal() => {
            tracing::info!(signal, "shutting down: closing the gateway");
            shard_manager.shutdown_all().await;
            match tokio::time::timeout(Duration::from_secs(10), &mut gateway).await {
                Ok(Ok(Ok(()))) | Err(_) => {}
                Ok(Ok(Err(e))) => tracing::warn!(error = %e, "the gateway closed with an error"),
                Ok(Err(e)) => tracing::warn!(error = %e, "the gateway task failed"),
            }
            ExitCode::SUCCESS
        }
        ended = &mut gateway => {
            match ended {
                Ok(Ok(())) => tracing::error!("the Discord connection ended"),
                // The token was reset since the start's check: said as that check says it.
                Ok(Err(serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication))) => {
                    let words = super::preflight::refused_token_words("gateway close code 4004");
                    tracing::error!("{words}");
                }
                Ok(Err(e)) => tracing::error!(error = %e, "the Discord connection failed"),
                Err(e) => tracing::error!(error = %e, "the gateway task failed"),
            }
            ExitCode::FAILURE
        }
    };
    expiry.abort();
    scheduler.abort();
    ai_task.abort();
    if let Some(task) = metrics_task {
        task.abort();
    }
    if tokio::time::timeout(DRAIN_TIMEOUT, in_flight.wait_idle())
        .await
        .is_err()
    {
        tracing::warn!("some interactions were still running at shutdown");
    } else {
        tracing::info!("all interactions answered");
    }
    running.shutdown().await;
    tracing::info!("stopped");
    code
}

/// Waits for SIGINT or SIGTERM; returns the signal's name.
async fn shutdown_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = tokio::signal::ctrl_c() => "SIGINT",
                _ = term.recv() => "SIGTERM",
            },
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for SIGTERM; only Ctrl-C stops the bot");
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}
