//! The REST API the bot calls.

use super::*;

pub(crate) fn command_id(name: &str) -> u64 {
    // Stable per name; Discord's ids are opaque to the bot.
    950_000_000_000_000_000 + name.bytes().map(u64::from).sum::<u64>()
}

pub(crate) fn user_object(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "bot": false,
    })
}

pub(crate) fn bot_user() -> Value {
    json!({"id": BOT_ID.to_string(), "username": "fibonacci-bot", "discriminator": "0",
           "avatar": null, "bot": true, "global_name": null})
}

pub(crate) fn message_object(p: &Posted, base: &str) -> Value {
    let attachments: Vec<Value> = p
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            json!({
                "id": (p.id + 1 + i as u64).to_string(),
                "filename": f.filename,
                "size": f.bytes.len(),
                "url": format!("{base}/attachments/{}/{}", p.id, f.filename),
                "proxy_url": format!("{base}/attachments/{}/{}", p.id, f.filename),
            })
        })
        .collect();
    json!({
        "id": p.id.to_string(),
        "channel_id": p.channel.to_string(),
        "guild_id": GUILD.to_string(),
        "author": bot_user(),
        "content": p.content,
        "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": p.flags,
        "components": [],
    })
}

pub(crate) fn unknown_message() -> Response {
    json_response(
        StatusCode::NOT_FOUND,
        json!({"message": "Unknown Message", "code": 10008}),
    )
}

pub(crate) fn json_response(status: StatusCode, body: Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// Reads a JSON or multipart body.
pub(crate) async fn read_body(req: HttpRequest<Body>) -> (Value, Vec<File>) {
    let is_multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if is_multipart {
        let mut json = Value::Null;
        let mut files = Vec::new();
        let Ok(mut multipart) = Multipart::from_request(req, &()).await else {
            return (json!({"__unreadable_multipart": true}), files);
        };
        while let Ok(Some(field)) = multipart.next_field().await {
            let name = field.name().unwrap_or("").to_string();
            let filename = field.file_name().map(str::to_string);
            let content_type = field.content_type().map(str::to_string);
            let Ok(bytes) = field.bytes().await else {
                break;
            };
            if name == "payload_json" {
                json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
            } else {
                files.push(File {
                    field: name,
                    filename: filename.unwrap_or_default(),
                    content_type,
                    bytes: bytes.to_vec(),
                });
            }
        }
        (json, files)
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 64 << 20)
            .await
            .unwrap_or_default();
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap_or(Value::Null)
        };
        (json, Vec::new())
    }
}

/// Whether `authorization` carries the bot's token (`Bot <token>`, as serenity sends it).
pub(crate) fn token_accepted(authorization: Option<&str>) -> bool {
    authorization.is_some_and(|a| a.strip_prefix("Bot ").unwrap_or(a) == TOKEN)
}

/// Whether `agent` has the form Discord's reference requires of every HTTP client,
/// `DiscordBot ($url, $versionNumber)` (a client may append more after it): an http(s) address
/// with a host, and a version that starts with a digit. Discord may block a request without it.
pub fn user_agent_accepted(agent: Option<&str>) -> bool {
    let Some((inside, _)) = agent
        .and_then(|a| a.strip_prefix("DiscordBot ("))
        .and_then(|a| a.split_once(')'))
    else {
        return false;
    };
    let Some((url, version)) = inside.split_once(", ") else {
        return false;
    };
    let host = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .and_then(|rest| rest.split('/').next());
    let spaceless = |s: &str| !s.is_empty() && !s.contains(char::is_whitespace);
    host.is_some_and(|h| spaceless(h) && h.contains('.'))
        && spaceless(version)
        && version.starts_with(|c: char| c.is_ascii_digit())
}

/// An HTTP client for a test's own requests to the fake, which says who it is as Discord wants.
pub fn http_client() -> reqwest::Client {
    reqwest::Client::builder()
        .user_agent("DiscordBot (https://example.org/fake-discord-tests, 1.0)")
        .build()
        .expect("an HTTP client")
}

/// Every REST endpoint.
pub(crate) async fn rest(State(shared): State<Arc<Shared>>, req: HttpRequest<Body>) -> Response {
    let method = req.method().to_string();
    let path = req.uri().path().to_string();
    let authorization = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let user_agent = req
        .headers()
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let (mut body, files) = read_body(req).await;
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let ws_url = format!("{}/ws", shared.base.replacen("http://", "ws://", 1));

    let delay = {
        let mut inner = shared.lock();
        // Counted on arrival, before any delay: a test can act while a request hangs.
        inner.arrived.push((method.clone(), path.clone()));
        let matching = inner
            .delays
            .iter()
            .filter(|(m, p, _)| *m == method && path.contains(p));
        matching.map(|d| d.2).max()
    };
    if let Some(delay) = delay {
        // A test may act on a request that hangs (its arrival is counted); one that does not
        // hang is seen when it is answered, just below.
        shared.changed.notify_waiters();
        tokio::time::sleep(delay).await;
    }
    let fault = {
        let mut inner = shared.lock();
        let found = inner
            .faults
            .iter_mut()
            .find(|(m, p, _, _, times)| *m == method && path.contains(p.as_str()) && *times > 0);
        found.map(|(_, _, status, answer, times)| {
            *times -= 1;
            (*status, answer.clone())
        })
    };
    // Discord wants the bot's token on every request but those an interaction's own token
    // authorises (its callback and follow-ups), and answers 401 to any other.
    let by_interaction = matches!(
        &segments[..],
        ["api", "v10", "interactions" | "webhooks", ..]
    );
    let refused = if !user_agent_accepted(user_agent.as_deref()) {
        Some((
            400,
            json!({"message": "400: a User-Agent of the form `DiscordBot ($url, $versionNumber)` is required", "code": 0}),
        ))
    } else if !by_interaction && !token_accepted(authorization.as_deref()) {
        Some((401, json!({"message": "401: Unauthorized", "code": 0})))
    } else {
        fault
    };
    if let Some((status, answer)) = refused {
        shared.lock().record(Request {
            method,
            path,
            authorization,
            user_agent,
            json: body,
            files,
            known: true,
            received: std::time::SystemTime::now(),
        });
        shared.changed.notify_waiters();
        return json_response(
            StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
            answer,
        );
    }

    let mut known = true;
    let mut registered = false;
    let response = match (method.as_str(), &segments[..]) {
        ("GET", ["api", "v10", "gateway"]) => {
            shared.lock().gateway_lookups += 1;
            json_response(StatusCode::OK, json!({"url": ws_url}))
        }
        ("GET", ["api", "v10", "gateway", "bot"]) => {
            let shards = {
                let mut inner = shared.lock();
                inner.gateway_lookups += 1;
                inner.recommended_shards.max(1)
            };
            json_response(
                StatusCode::OK,
                json!({"url": ws_url, "shards": shards, "session_start_limit":
                    {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}),
            )
        }
        ("GET", ["api", "v10", "oauth2", "applications", "@me"]) => json_response(
            StatusCode::OK,
            json!({"id": APP_ID.to_string(), "name": "fibonacci-bot", "icon": null,
                   "description": "", "bot_public": true, "bot_require_code_grant": false,
                   "owner": {"id": "1", "username": "owner"}, "verify_key": "", "team": null}),
        ),
        ("PUT", ["api", "v10", "applications", _, "commands"])
        | ("PUT", ["api", "v10", "applications", _, "guilds", _, "commands"]) => 'register: {
            if let Some(problem) = schema_problems(&body).pop() {
                break 'register shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let guild_scoped = segments.contains(&"guilds");
            if guild_scoped
                && let Some(problem) = super::places::guild_command_problems(&body).pop()
            {
                break 'register shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let mut inner = shared.lock();
            match inner.registration_answers.pop_front() {
                Some((status, answer)) => json_response(
                    StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST),
                    answer,
                ),
                None => {
                    let listed = body.as_array().cloned().unwrap_or_default();
                    let guild = guild_scoped
                        .then(|| segments.get(5).and_then(|g| g.parse().ok()))
                        .flatten();
                    inner.scoped.insert(guild, listed.clone());
                    if !listed.is_empty() {
                        inner.commands = listed;
                        // Counted with the request's record below, so that a test woken by
                        // the count also finds the request.
                        registered = true;
                    }
                    json_response(StatusCode::OK, json!([]))
                }
            }
        }
        ("POST", ["api", "v10", "interactions", id, token, "callback"]) => 'callback: {
            let kind = body["type"].as_u64().unwrap_or(0);
            let created = created_at(id.parse().unwrap_or(0));
            let age = std::time::SystemTime::now()
                .duration_since(created)
                .unwrap_or_default();
            if age > INTERACTION_DEADLINE {
                break 'callback shared.violation(
                    StatusCode::NOT_FOUND,
                    10062,
                    format!(
                        "Unknown interaction: answered {age:?} after its creation (type {kind})"
                    ),
                );
            }
            if shared.lock().acknowledged.contains_key(*token) {
                break 'callback shared.violation(
                    StatusCode::BAD_REQUEST,
                    40060,
                    format!("Interaction has already been acknowledged (type {kind})"),
                );
            }
            if let Some(problem) = message_problems(&body["data"], &files).pop() {
                break 'callback shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let mut inner = shared.lock();
            inner.acknowledged.insert(token.to_string(), kind);
            let channel = inner.tokens.get(*token).copied().unwrap_or(0);
            let data = &body["data"];
            let update = inner.clicked.get(*token).copied().filter(|_| kind == 7);
            let updated = update.and_then(|m| inner.posted.iter_mut().find(|p| p.id == m));
            if let Some(p) = updated {
                // Like Discord, an update replaces the clicked message in place.
                p.content = data["content"].as_str().unwrap_or("").to_string();
                p.components = data["components"].clone();
                p.files = files.clone();
            } else if kind == 4 || kind == 7 {
                let id = shared.snowflake();
                inner.originals.insert(token.to_string(), id);
                inner.posted.push(Posted {
                    id,
                    channel,
                    content: data["content"].as_str().unwrap_or("").to_string(),
                    components: data["components"].clone(),
                    flags: data["flags"].as_u64().unwrap_or(0),
                    files: files.clone(),
                    pings: allowed_users(data),
                });
            }
            drop(inner);
            StatusCode::NO_CONTENT.into_response()
        }
        ("POST", ["api", "v10", "webhooks", _app, token]) => 'followup: {
            if let Some(problem) = message_problems(&body, &files).pop() {
                break 'followup shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let counted = shared.lock().places.followup(token);
            if let Err(why) = counted {
                break 'followup shared.violation(StatusCode::BAD_REQUEST, 40094, why);
            }
            let channel = shared.lock().tokens.get(*token).copied().unwrap_or(0);
            let posted = post(&shared, channel, &body, &files);
            json_response(StatusCode::OK, message_object(&posted, &shared.base))
        }
        ("PATCH", ["api", "v10", "webhooks", _app, token, "messages", _]) => 'edit: {
            if let Some(problem) = message_problems(&body, &files).pop() {
                break 'edit shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let mut inner = shared.lock();
            let channel = inner.tokens.get(*token).copied().unwrap_or(0);
            // After a deferred update (type 6) the original response is the clicked message.
            let clicked = inner
                .clicked
                .get(*token)
                .copied()
                .filter(|_| inner.acknowledged.get(*token) == Some(&6));
            if let Some(message) = clicked
                && let Some(p) = inner.posted.iter_mut().find(|p| p.id == message)
            {
                if let Some(content) = body["content"].as_str() {
                    p.content = content.to_string();
                }
                if !body["components"].is_null() {
                    p.components = body["components"].clone();
                }
                if !files.is_empty() {
                    p.files = files.clone();
                }
                let p = p.clone();
                inner.edits.push(Edit {
                    channel,
                    message,
                    json: body.clone(),
                });
                drop(inner);
                break 'edit json_response(StatusCode::OK, message_object(&p, &shared.base));
            }
            drop(inner);
            let posted = Posted {
                id: shared.snowflake(),
                channel,
                content: body["content"].as_str().unwrap_or("").to_string(),
                components: body["components"].clone(),
                flags: 0,
                files: files.clone(),
                pings: allowed_users(&body),
            };
            json_response(StatusCode::OK, message_object(&posted, &shared.base))
        }
        (
            "GET",
            [
                "api",
                "v10",
                "webhooks",
                _app,
                token,
                "messages",
                "@original",
            ],
        ) => {
            let inner = shared.lock();
            let original = inner
                .originals
                .get(*token)
                .and_then(|id| inner.posted.iter().find(|p| p.id == *id))
                .cloned();
            drop(inner);
            match original {
                Some(p) => json_response(StatusCode::OK, message_object(&p, &shared.base)),
                None => unknown_message(),
            }
        }
        ("PATCH", ["api", "v10", "channels", channel, "messages", message]) => 'edit: {
            if let Some(problem) = message_problems(&body, &files).pop() {
                break 'edit shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let channel: u64 = channel.parse().unwrap_or(0);
            let message: u64 = message.parse().unwrap_or(0);
            let mut inner = shared.lock();
            if !inner.places.bot_is_in(channel) {
                drop(inner);
                break 'edit shared.violation(
                    StatusCode::FORBIDDEN,
                    50001,
                    format!("Missing Access: the bot edited a message of channel {channel}, which it is not in"),
                );
            }
            let edited = inner
                .posted
                .iter_mut()
                .find(|p| p.id == message && p.channel == channel)
                .map(|p| {
                    if let Some(content) = body["content"].as_str() {
                        p.content = content.to_string();
                    }
                    if !body["components"].is_null() {
                        p.components = body["components"].clone();
                    }
                    p.clone()
                });
            match edited {
                Some(p) => {
                    inner.edits.push(Edit {
                        channel,
                        message,
                        json: body.clone(),
                    });
                    drop(inner);
                    json_response(StatusCode::OK, message_object(&p, &shared.base))
                }
                None => unknown_message(),
            }
        }
        ("POST", ["api", "v10", "users", "@me", "channels"]) => {
            let user: u64 = body["recipient_id"]
                .as_str()
                .and_then(|u| u.parse().ok())
                .or_else(|| body["recipient_id"].as_u64())
                .unwrap_or(0);
            let name = shared.lock().users.get(&user).cloned();
            match name {
                Some(name) => {
                    let existing = shared.lock().dm_channels.get(&user).copied();
                    let id = existing.unwrap_or_else(|| shared.snowflake());
                    shared.lock().dm_channels.insert(user, id);
                    json_response(
                        StatusCode::OK,
                        json!({"id": id.to_string(), "type": 1, "last_message_id": null,
                               "recipients": [user_object(user, &name)]}),
                    )
                }
                None => json_response(
                    StatusCode::BAD_REQUEST,
                    json!({"message": "Invalid Recipient(s)", "code": 50033}),
                ),
            }
        }
        ("POST", ["api", "v10", "channels", channel, "messages"]) => 'post: {
            if let Some(problem) = message_problems(&body, &files).pop() {
                break 'post shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let channel: u64 = channel.parse().unwrap_or(0);
            if !shared.lock().places.bot_is_in(channel) {
                // The bot is not in a DM between users, a group DM, or a server that did not
                // install it: only interactions reach those.
                break 'post shared.violation(
                    StatusCode::FORBIDDEN,
                    50001,
                    format!(
                        "Missing Access: the bot posted in channel {channel}, which it is not in"
                    ),
                );
            }
            let closed = {
                let inner = shared.lock();
                inner
                    .dm_channels
                    .iter()
                    .any(|(user, dm)| *dm == channel && inner.closed_dms.contains(user))
            };
            if closed {
                break 'post json_response(
                    StatusCode::FORBIDDEN,
                    json!({"message": "Cannot send messages to this user", "code": 50007}),
                );
            }
            // Like Discord: a channel the bot cannot see is Missing Access; one it may not
            // post in (or attach files in, for a post with files) is Missing Permissions.
            const VIEW_CHANNEL: u64 = 1 << 10;
            const SEND_MESSAGES: u64 = 1 << 11;
            const ATTACH_FILES: u64 = 1 << 15;
            let allowed = shared
                .lock()
                .app_permissions
                .get(&channel)
                .copied()
                .unwrap_or(ALL_PERMISSIONS);
            if allowed & VIEW_CHANNEL == 0 {
                break 'post json_response(
                    StatusCode::FORBIDDEN,
                    json!({"message": "Missing Access", "code": 50001}),
                );
            }
            if allowed & SEND_MESSAGES == 0 || (!files.is_empty() && allowed & ATTACH_FILES == 0) {
                break 'post json_response(
                    StatusCode::FORBIDDEN,
                    json!({"message": "Missing Permissions", "code": 50013}),
                );
            }
            let posted = post(&shared, channel, &body, &files);
            json_response(StatusCode::OK, message_object(&posted, &shared.base))
        }
        ("POST", ["api", "v10", "channels", parent, "threads"]) => 'thread: {
            let parent: u64 = parent.parse().unwrap_or(0);
            let kind = body["type"].as_u64().unwrap_or(PUBLIC_THREAD);
            let parent_kind = shared.lock().channels.get(&parent).map_or(TEXT, |c| c.0);
            // Like Discord: a forum takes posts (with a message), and an announcement channel
            // announcement threads only.
            if parent_kind == FORUM
                || (parent_kind == ANNOUNCEMENT) != (kind == ANNOUNCEMENT_THREAD)
            {
                break 'thread shared.violation(
                    StatusCode::BAD_REQUEST,
                    50024,
                    format!(
                        "Cannot create a thread of type {kind} in a channel of type {parent_kind}"
                    ),
                );
            }
            let id = shared.snowflake();
            shared.lock().channels.insert(id, (kind, Some(parent)));
            body["__created_id"] = json!(id);
            json_response(
                StatusCode::CREATED,
                json!({
                    "id": id.to_string(),
                    "type": kind,
                    "guild_id": GUILD.to_string(),
                    "parent_id": parent.to_string(),
                    "owner_id": BOT_ID.to_string(),
                    "name": body["name"],
                    "last_message_id": null,
                    "rate_limit_per_user": 0,
                    "message_count": 0,
                    "member_count": 1,
                    "thread_metadata": {
                        "archived": false,
                        "auto_archive_duration": 10080,
                        "archive_timestamp": "2024-01-01T00:00:00.000000+00:00",
                        "locked": false,
                    },
                    "flags": 0,
                    "total_message_sent": 0,
                }),
            )
        }
        ("GET", ["api", "v10", "channels", id]) => 'lookup: {
            let id: u64 = id.parse().unwrap_or(0);
            let known = shared.lock().channels.get(&id).copied();
            if !shared.lock().places.bot_is_in(id) {
                break 'lookup json_response(
                    StatusCode::FORBIDDEN,
                    json!({"message": "Missing Access", "code": 50001}),
                );
            }
            match known {
                Some((kind, parent)) => json_response(
                    StatusCode::OK,
                    json!({
                        "id": id.to_string(), "type": kind, "guild_id": GUILD.to_string(),
                        "name": format!("channel-{id}"), "position": 0,
                        "permission_overwrites": [], "nsfw": false,
                        "parent_id": parent.map(|p| p.to_string()),
                        "rate_limit_per_user": 0, "flags": 0,
                    }),
                ),
                None => json_response(
                    StatusCode::NOT_FOUND,
                    json!({"message": "Unknown Channel", "code": 10003}),
                ),
            }
        }
        ("GET", ["api", "v10", "users", id]) => {
            let id: u64 = id.parse().unwrap_or(0);
            let name = shared.lock().users.get(&id).cloned();
            match name {
                Some(name) => json_response(StatusCode::OK, user_object(id, &name)),
                None => json_response(
                    StatusCode::NOT_FOUND,
                    json!({"message": "Unknown User", "code": 10013}),
                ),
            }
        }
        _ => {
            known = false;
            json_response(
                StatusCode::NOT_FOUND,
                json!({"message": "404: Not Found", "code": 0}),
            )
        }
    };
    {
        let mut inner = shared.lock();
        inner.record(Request {
            method,
            path,
            authorization,
            user_agent,
            json: body,
            files,
            known,
            received: std::time::SystemTime::now(),
        });
        if registered {
            inner.registrations += 1;
        }
    }
    shared.changed.notify_waiters();
    response
}

pub(crate) fn post(shared: &Shared, channel: u64, body: &Value, files: &[File]) -> Posted {
    let posted = Posted {
        id: shared.snowflake(),
        channel,
        content: body["content"].as_str().unwrap_or("").to_string(),
        components: body["components"].clone(),
        flags: body["flags"].as_u64().unwrap_or(0),
        files: files.to_vec(),
        pings: allowed_users(body),
    };
    shared.lock().posted.push(posted.clone());
    posted
}
