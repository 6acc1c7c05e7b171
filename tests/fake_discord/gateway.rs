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
                        let ready = {
                            let mut inner = shared.lock();
                            inner.identifies += 1;
                            inner.intents.push(frame["d"]["intents"].as_u64().unwrap_or(0));
                            inner.sequence = 1;
                            // Interactions go to the newest connection, like Discord's single shard.
                            inner.gateway = Some(tx.clone());
                            json!({"op": 0, "t": "READY", "s": 1, "d": {
                                "v": 10,
                                "user": bot_user(),
                                "guilds": [],
                                "session_id": format!("session-{}", inner.identifies),
                                "resume_gateway_url": ws_url,
                                "shard": [0, 1],
                                "application": {"id": APP_ID.to_string(), "flags": 0},
                            }})
                        };
                        if socket.send(WsMessage::Text(ready.to_string().into())).await.is_err() {
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
