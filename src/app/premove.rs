//! Conditional moves: "if they play X, I reply Y". While it is the opponent's turn, a player
//! sets lines of turns (`their turn ; my reply ; their turn ; my reply …`), each checked by
//! playing it from the current position and kept with the position every turn leads to. When
//! the opponent ends a turn, the lines whose first turn led to the same position (compared as
//! positions, however the turn was written) have the reply of the earliest of them played at
//! once, in the same transaction; the lines whose reply reaches the same position keep their
//! rest. A turn no line foresaw clears them all. Replies may answer replies: when a reply ends a
//! turn, the lines of the other player are looked at in turn.

use crate::engine::{Game, MoveError, Played, Side, Status};
use crate::store::Tx;
use crate::store::premoves::{self, LineRow};

use super::error::{AppError, PremoveRefusal, Refusal};
use super::input::{echo, split_moves};
use super::replay::{self, Loaded, LoggedPlay};
use super::turn_log::TurnLog;
use super::views::{ConditionalReply, GameView};
use super::{ChannelId, Service, UserId};

/// The most lines a player keeps in one game.
pub const MAX_PREMOVE_LINES: usize = 20;
/// The most pairs (their turn, your reply) in one line.
pub const MAX_PREMOVE_PAIRS: usize = 10;
/// The longest line text accepted.
pub const MAX_PREMOVE_TEXT: usize = 2000;

/// A player's conditional moves in the game of a channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Premoves {
    pub game_id: i64,
    /// The player the lines answer.
    pub opponent: UserId,
    /// Each line's turns in the game's notation: the opponent's turn, the reply, and so on.
    pub lines: Vec<Vec<String>>,
}

/// A reply played from a line, in the command that ended the turn it answers.
pub(super) struct Reply {
    pub side: Side,
    pub user: UserId,
    /// The game after the reply.
    pub game: Game,
    /// What it played, in the notation of the log, moves joined by spaces.
    pub moves: String,
    /// The log's last ply once it was played.
    pub last_ply: i32,
    /// For the first reply: the game before it (after the command's own turn) and the log's
    /// last ply then.
    pub before: Option<(Game, i32)>,
}

/// The turns of `text`, checked by playing them from `game` for `me` (the opponent's turn
/// first): each in the game's notation, with the position it leads to.
fn check_line(game: &Game, me: Side, text: &str) -> Result<LineRow, AppError> {
    if text.chars().count() > MAX_PREMOVE_TEXT {
        return Err(PremoveRefusal::TooLong.into());
    }
    let mut parts: Vec<&str> = text.split(';').map(str::trim).collect();
    if parts.len() > 1 && parts.last() == Some(&"") {
        parts.pop();
    }
    if let Some(empty) = parts.iter().position(|p| p.is_empty()) {
        return Err(PremoveRefusal::EmptyTurn { turn: empty + 1 }.into());
    }
    if parts.len() % 2 == 1 {
        return Err(PremoveRefusal::NoReply.into());
    }
    if parts.len() / 2 > MAX_PREMOVE_PAIRS {
        return Err(PremoveRefusal::TooManyPairs {
            pairs: parts.len() / 2,
        }
        .into());
    }
    let mut game = game.clone();
    let mut line = LineRow {
        line_no: 0,
        turns: Vec::new(),
        positions: Vec::new(),
    };
    for (i, part) in parts.iter().enumerate() {
        let (turn, yours) = (i + 1, i % 2 == 1);
        if game.status() != Status::Ongoing {
            return Err(PremoveRefusal::GameEnds { turn: i }.into());
        }
        let side = if yours { me } else { me.other() };
        if game.side_to_move() != side {
            return Err(PremoveRefusal::Skipped { turn, yours }.into());
        }
        let played = play_turn(&mut game, part).map_err(|why| why.at(turn, yours))?;
        line.turns.push(notation(&played));
        line.positions.push(game.position_string());
    }
    Ok(line)
}

/// Why the words of one turn could not be played as that whole turn.
enum TurnError {
    Words(Refusal),
    Illegal(String, MoveError),
    EndsBefore(String),
    Unfinished,
}

impl TurnError {
    fn at(self, turn: usize, yours: bool) -> AppError {
        match self {
            TurnError::Words(Refusal::NoMoveGiven) => PremoveRefusal::EmptyTurn { turn }.into(),
            TurnError::Words(other) => other.into(),
            TurnError::Illegal(word, error) => PremoveRefusal::Illegal {
                turn,
                yours,
                word,
                error,
            }
            .into(),
            TurnError::EndsBefore(word) => {
                PremoveRefusal::TurnEndsBefore { turn, yours, word }.into()
            }
            TurnError::Unfinished => PremoveRefusal::Unfinished { turn, yours }.into(),
        }
    }
}

/// Plays the words of one whole turn on `game`: every word must be played within the turn, and
/// the last must end it (or the game). Returns each move with the turn number it was played in.
fn play_turn(game: &mut Game, words: &str) -> Result<Vec<(u32, Played)>, TurnError> {
    let words = split_moves(words).map_err(TurnError::Words)?;
    let mut played: Vec<(u32, Played)> = Vec::new();
    let ended = |played: &[(u32, Played)]| played.last().is_some_and(|(_, p)| p.turn_ended());
    for word in words {
        if ended(&played) || game.status() != Status::Ongoing {
            return Err(TurnError::EndsBefore(echo(word)));
        }
        let turn = game.turn_number();
        let one = game
            .play(word)
            .map_err(|error| TurnError::Illegal(echo(word), error))?;
        played.push((turn, one));
    }
    if !ended(&played) && game.status() == Status::Ongoing {
        return Err(TurnError::Unfinished);
    }
    Ok(played)
}

fn notation(played: &[(u32, Played)]) -> String {
    played
        .iter()
        .map(|(_, p)| p.notation())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Service {
    /// `/premove line:` — adds a line of conditional moves for `user` in the game of `channel`,
    /// while it is their opponent's turn. Returns all their lines.
    pub async fn add_premove(
        &self,
        channel: ChannelId,
        user: UserId,
        text: &str,
    ) -> Result<Premoves, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (loaded, side) = self.lock_game(&mut tx, channel, user).await?;
            if loaded.game.side_to_move() == side {
                return Err(PremoveRefusal::YourTurn.into());
            }
            let line = check_line(&loaded.game, side, text)?;
            let game_id = loaded.row.id;
            let mut lines = premoves::lines(&mut tx, game_id, user).await?;
            if lines.iter().any(|kept| kept.positions == line.positions) {
                return Err(PremoveRefusal::Duplicate.into());
            }
            if lines.len() >= MAX_PREMOVE_LINES {
                return Err(PremoveRefusal::TooManyLines.into());
            }
            premoves::add(&mut tx, game_id, user, &line.turns, &line.positions).await?;
            tx.commit().await?;
            lines.push(line);
            Ok(premoves_of(&loaded, side, lines))
        })
        .await
    }

    /// `/premove list`: `user`'s lines in the game of `channel`.
    pub async fn premoves(&self, channel: ChannelId, user: UserId) -> Result<Premoves, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (loaded, side) = self.lock_game(&mut tx, channel, user).await?;
            let lines = premoves::lines(&mut tx, loaded.row.id, user).await?;
            Ok(premoves_of(&loaded, side, lines))
        })
        .await
    }

    /// `/premove clear`: removes `user`'s lines in the game of `channel`; returns how many.
    pub async fn clear_premoves(&self, channel: ChannelId, user: UserId) -> Result<u64, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let (loaded, _) = self.lock_game(&mut tx, channel, user).await?;
            let cleared = premoves::clear(&mut tx, loaded.row.id, Some(user)).await?;
            tx.commit().await?;
            Ok(cleared)
        })
        .await
    }

    /// After a command ended a turn of the locked game `loaded` (now at `game`): plays the
    /// conditional replies its lines hold, one turn after another, adding them to `log`.
    /// Returns the replies played.
    pub(super) async fn conditional_replies(
        tx: &mut Tx,
        loaded: &Loaded,
        game: &mut Game,
        log: &mut TurnLog,
    ) -> Result<Vec<Reply>, AppError> {
        let game_id = loaded.row.id;
        let mut replies = Vec::new();
        if !loaded.row.has_premoves {
            return Ok(replies);
        }
        while game.status() == Status::Ongoing {
            let side = game.side_to_move();
            let user = loaded.player(side);
            let lines = premoves::lines(tx, game_id, user).await?;
            if lines.is_empty() {
                break;
            }
            let reached = game.position_string();
            let foreseen: Vec<LineRow> = lines
                .into_iter()
                .filter(|line| line.positions.first() == Some(&reached))
                .collect();
            let Some(first) = foreseen.first() else {
                premoves::clear(tx, game_id, Some(user)).await?;
                break;
            };
            let mut after = game.clone();
            let played = match play_turn(&mut after, &first.turns[1]) {
                Ok(played) if after.side_to_move() != side || after.status() != Status::Ongoing => {
                    played
                }
                // The same position plays the same way: a line checked when set cannot fail
                // here unless the rules changed since. Dropped, never half played.
                _ => {
                    tracing::warn!(game_id, "a conditional line no longer plays; dropped");
                    premoves::clear(tx, game_id, Some(user)).await?;
                    break;
                }
            };
            let replied = after.position_string();
            let kept: Vec<LineRow> = foreseen
                .into_iter()
                .filter(|line| line.positions.get(1) == Some(&replied) && line.turns.len() > 2)
                .map(|line| LineRow {
                    line_no: line.line_no,
                    turns: line.turns[2..].to_vec(),
                    positions: line.positions[2..].to_vec(),
                })
                .collect();
            premoves::replace(tx, game_id, user, &kept).await?;
            let own_last_ply = log.next_ply - 1;
            for (turn, one) in &played {
                log.add(one, *turn, side, user, loaded.players);
            }
            let before = (std::mem::replace(game, after), own_last_ply);
            replies.push(Reply {
                side,
                user,
                game: game.clone(),
                moves: notation(&played),
                last_ply: log.next_ply - 1,
                before: replies.is_empty().then_some(before),
            });
        }
        Ok(replies)
    }
}

fn premoves_of(loaded: &Loaded, side: Side, lines: Vec<LineRow>) -> Premoves {
    Premoves {
        game_id: loaded.row.id,
        opponent: loaded.player(side.other()),
        lines: lines.into_iter().map(|line| line.turns).collect(),
    }
}

/// What a command that met conditional replies shows (`now`, the view of `loaded` after it): the
/// game after the command's own turn (kept with the first reply), and each reply with the game
/// after it.
pub(super) fn replies_seen(
    loaded: &Loaded,
    now: &GameView,
    mut replies: Vec<Reply>,
) -> (Option<Box<GameView>>, Vec<ConditionalReply>) {
    let last = replies.len().saturating_sub(1);
    let Some((own, own_ply)) = replies.first_mut().and_then(|r| r.before.take()) else {
        return (None, Vec::new());
    };
    let before = Box::new(view_at(loaded, now, own, own_ply));
    let replies = replies
        .into_iter()
        .enumerate()
        .map(|(i, reply)| ConditionalReply {
            user: reply.user,
            moves: reply.moves,
            view: if i == last {
                now.clone()
            } else {
                view_at(loaded, now, reply.game, reply.last_ply)
            },
        })
        .collect();
    (Some(before), replies)
}

/// The game as it stood at `game`, after the log's ply `last_ply`, during a command whose result
/// is `now` (the view of `loaded` after it): a board between a turn and a conditional reply to it.
/// The clock of that moment is not kept: it shows no deadline.
fn view_at(loaded: &Loaded, now: &GameView, game: Game, last_ply: i32) -> GameView {
    let upto: Vec<LoggedPlay> = loaded
        .plays
        .iter()
        .filter(|p| p.ply <= last_ply)
        .cloned()
        .collect();
    let mut view = now.clone();
    view.game = game;
    view.last_turn = replay::last_turn(&upto);
    view.outcome = None;
    view.ratings = Vec::new();
    view.clock.deadline = None;
    view.interim = true;
    view
}
