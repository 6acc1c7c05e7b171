//! Looking back at a game: its turns one by one, for animated replays, the move browser and
//! reviews. The log is replayed through the engine from the start (as every load does), keeping
//! the position after each turn.

use crate::engine::{Game, Played, Side};
use crate::store::games::{self, GameRow};
use crate::store::id_from_db;
use crate::store::kinds::MoveKind;

use super::error::{AppError, Refusal};
use super::replay::corrupt;
use super::views::GameView;
use super::{ChannelId, GuildId, Service, UserId};

/// One turn of a game, as played.
#[derive(Clone, Debug)]
pub struct TurnStep {
    /// The turn's number as the engine and `/history` count turns (a turn the rules skip has
    /// a number and no moves, so it is in no step).
    pub number: u32,
    pub side: Side,
    pub user: UserId,
    /// Its moves in order, `end` included.
    pub played: Vec<Played>,
    /// The game after it.
    pub after: Game,
    /// False for the turn still being played in a game in progress (its moves so far).
    pub complete: bool,
}

/// A game turn by turn.
#[derive(Clone, Debug)]
pub struct GameTurns {
    /// The game now.
    pub view: GameView,
    /// The start position.
    pub start: Game,
    pub turns: Vec<TurnStep>,
}

impl GameTurns {
    /// The game after `turn` (0: the start position) and the moves of that turn, if the game
    /// has that turn.
    pub fn at(&self, turn: usize) -> Option<(&Game, &[Played])> {
        match turn {
            0 => Some((&self.start, &[][..])),
            n => self
                .turns
                .get(n - 1)
                .map(|step| (&step.after, step.played.as_slice())),
        }
    }

    /// The moves of every complete turn in the notation `rules play` takes, in order: what a
    /// review reads.
    pub fn moves(&self) -> Vec<String> {
        self.turns
            .iter()
            .filter(|t| t.complete)
            .flat_map(|t| t.played.iter().map(Played::notation))
            .collect()
    }
}

impl Service {
    /// A game of `guild` turn by turn: game `id`, or without one the channel's latest game (the
    /// one in progress, else the last one finished). Another server's game is refused as if it
    /// did not exist, and so is a game outside servers (a DM's, a group DM's) asked for from
    /// another conversation: those are private to their own.
    pub async fn game_turns(
        &self,
        guild: GuildId,
        channel: ChannelId,
        id: Option<i64>,
    ) -> Result<GameTurns, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            let row = match id {
                Some(id) => games::get(&mut tx, id)
                    .await?
                    .filter(|row| visible_from(row, guild, channel))
                    .ok_or(Refusal::NoSuchGame { id })?,
                None => games::latest_in_channel(&mut tx, channel)
                    .await?
                    .ok_or(Refusal::NoGameYet)?,
            };
            let loaded = Self::load_row(&mut tx, row.clone()).await?;
            let view = loaded.view();
            turns_of(&row, &loaded.entries, view)
        })
        .await
    }
}

/// Whether game `row` may be looked at from `channel` of `guild` (guild 0: outside servers).
fn visible_from(row: &GameRow, guild: GuildId, channel: ChannelId) -> bool {
    id_from_db(row.guild_id) == guild && (guild != 0 || id_from_db(row.channel_id) == channel)
}

/// Replays the log of `row` turn by turn.
fn turns_of(
    row: &GameRow,
    entries: &[games::MoveRow],
    view: GameView,
) -> Result<GameTurns, AppError> {
    let start = Game::new(view.game.config(), id_from_db(row.seed));
    let moves: Vec<&games::MoveRow> = entries
        .iter()
        .filter(|e| e.kind == MoveKind::Move)
        .collect();
    let notations: Vec<&str> = moves.iter().map(|e| e.notation.as_str()).collect();
    let turns = crate::engine::turns(&start, &notations).map_err(|refused| {
        let ply = moves.get(refused.index).map_or(0, |e| e.ply);
        corrupt(
            row.id,
            &format!("logged move {ply} does not replay: {}", refused.error),
        )
    })?;
    let turns = turns
        .into_iter()
        .map(|t| TurnStep {
            number: t.number,
            side: t.side,
            user: moves.get(t.first_move).map_or(0, |e| id_from_db(e.user_id)),
            played: t.played,
            after: t.after,
            complete: t.complete,
        })
        .collect();
    Ok(GameTurns { view, start, turns })
}
