//! The gateway WebSocket.

use super::*;

/// The gateway: HELLO, IDENTIFY → READY, heartbeats, and the interactions tests send.
pub(crate) async fn gateway(State(shared): State<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| connection(socket, shared))
}

pub(crate) async fn connection(mut socket: WebSocket, shared: Arc<Shared>) {
    let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
    shared.lock().sockets.push(tx.clone());
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}});
    if socket
        .send(WsMessage::Text(hello.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            outgoing = rx.recv() => match outgoing {
                // [`FakeDiscord::close_gateways`]: Discord drops the connection (4000, which a
                // client answers by resuming its session).
                Some(frame) if frame.get(CLOSE_MARK).is_some() => {
                    let close = axum::extract::ws::CloseFrame {
                        code: 4000,
                        reason: "Unknown error.".into(),
                    };
                    let _ = socket.send(WsMessage::Close(Some(close))).await;
                    return;
                }
                Some(frame) => {
                    if socket.send(WsMessage::Text(frame.to_string().into())).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(t))) => t.to_string(),
                    Some(Ok(WsMessage::Binary(b))) => String::from_utf8_lossy(&b).into_owned(),
                    Some(Ok(WsMessage::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                match frame["op"].as_u64() {
                    Some(1) => {
                        let ack = json!({"op": 11});
                        if socket.send(WsMessage::Text(ack.to_string().into())).await.is_err() {
                            break;
                        }
                    }
                    Some(2) if shared.lock().gateway_refuses
                        || !token_accepted(frame["d"]["token"].as_str()) => {
                        // Discord closes the connection: 4004, authentication failed.
                        shared.lock().refused_identifies += 1;
                        shared.changed.notify_waiters();
                        let close = axum::extract::ws::CloseFrame {
                            code: 4004,
                            reason: "Authentication failed.".into(),
                        };
                        let _ = socket.send(WsMessage::Close(Some(close))).await;
                        return;
                    }
                    Some(2) => {
                        let ws_url = format!("{}/ws", shared.base.replacen("http://", "ws://", 1));
                        // `[id, total]`, `[0, 1]` when absent; Discord closes an IDENTIFY whose id
                        // is outside its total (4010) or whose total is too small (4011).
                        let shard = [0, 1].map(|i| {
                            frame["d"]["shard"][i].as_u64().unwrap_or(i as u64)
                        });
                        let refusal = {
                            let inner = shared.lock();
                            if shard[1] == 0 || shard[0] >= shard[1] {
                                Some((4010, "Invalid shard."))
                            } else if shard[1] < inner.required_shards {
                                Some((4011, "Sharding required."))
                            } else {
                                None
                            }
                        };
                        if let Some((code, reason)) = refusal {
                            shared.lock().refused_shards.push((code, shard));
                            shared.changed.notify_waiters();
                            let close = axum::extract::ws::CloseFrame {
                                code,
                                reason: reason.into(),
                            };
                            let _ = socket.send(WsMessage::Close(Some(close))).await;
                            return;
                        }
                        let ready = {
                            let mut inner = shared.lock();
                            inner.identifies += 1;
                            inner.intents.push(frame["d"]["intents"].as_u64().unwrap_or(0));
                            inner.identified_shards.push(shard);
                            inner.sequence = 1;
                            // A guild's interactions go to the newest session of its shard.
                            inner.gateway = Some(tx.clone());
                            inner.shard_sessions.insert(shard[0], tx.clone());
                            inner.shard_total = shard[1];
                            let session = format!("session-{}", inner.identifies);
                            inner.sessions.insert(session.clone(), shard);
                            json!({"op": 0, "t": "READY", "s": 1, "d": {
                                "v": 10,
                                "user": bot_user(),
                                "guilds": [],
                                "session_id": session,
                                "resume_gateway_url": ws_url,
                                "shard": shard,
                                "application": {"id": APP_ID.to_string(), "flags": 0},
                            }})
                        };
                        if socket.send(WsMessage::Text(ready.to_string().into())).await.is_err() {
                            break;
                        }
                        shared.changed.notify_waiters();
                    }
                    // RESUME: a known session takes its shard back (RESUMED); an unknown one is
                    // told to identify anew (op 9, not resumable).
                    Some(6) => {
                        let answer = {
                            let mut inner = shared.lock();
                            let known = frame["d"]["session_id"]
                                .as_str()
                                .and_then(|id| inner.sessions.get(id).copied());
                            match known {
                                Some(shard) => {
                                    inner.resumes += 1;
                                    inner.sequence += 1;
                                    inner.gateway = Some(tx.clone());
                                    inner.shard_sessions.insert(shard[0], tx.clone());
                                    json!({"op": 0, "t": "RESUMED", "s": inner.sequence, "d": {}})
                                }
                                None => json!({"op": 9, "d": false}),
                            }
                        };
                        if socket.send(WsMessage::Text(answer.to_string().into())).await.is_err() {
                            break;
                        }
                        shared.changed.notify_waiters();
                    }
                    _ => {}
                }
            }
        }
    }
    let _ = socket.send(WsMessage::Close(None)).await;
}
