//! Move panels: playing by picking moves from menus instead of typing them (issue 35).
//!
//! A panel is built from one moment of a game, named by a [`PanelKey`] (the game, its turn
//! number and the version of its row). Every pick carries that key and goes through the same
//! locked transaction as a typed move; a key that no longer names the game as it stands is
//! refused before anything is played ([`Refusal::PanelStale`], [`Refusal::PanelGone`]), so a
//! panel left open, or a forged one, can never play into another position.
//!
//! [`menu_moves`] lists what a panel offers: single steps (a Fibonacci unit move, one step of a
//! Fanorona chain), each with what it does, so the menus can say "⇄ exchanges with the green
//! support piece" or "captures 2 by approach".

use crate::engine::{Game, GameKind, Played, Side, Status, fibonacci};

use super::error::{AppError, Refusal};
use super::replay::Loaded;
use super::views::{GameView, MoveOutcome};
use super::{ChannelId, Service, UserId};

/// The moment of a game a panel was built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelKey {
    pub game: i64,
    pub turn: u32,
    pub version: i32,
}

impl PanelKey {
    /// The key of `view` as it stands.
    pub fn of(view: &GameView) -> PanelKey {
        PanelKey {
            game: view.id,
            turn: view.game.turn_number(),
            version: view.version,
        }
    }
}

/// What a pick on a panel does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Play one move (a menu option's value).
    Move(String),
    /// End the turn early, or stop a capture chain.
    End,
    /// Take back one's last move of the turn.
    Undo,
    /// Swap sides instead of moving (the swap rule), as `/move swap` does.
    Swap,
}

/// The longest menu value worth reading: Discord's limit on an option's value.
pub const MAX_PICK: usize = 100;

/// Refuses `loaded` for a panel built at `panel` (nothing to check without one).
pub(super) fn check_panel(loaded: &Loaded, panel: Option<PanelKey>) -> Result<(), Refusal> {
    let Some(key) = panel else {
        return Ok(());
    };
    if loaded.row.id != key.game {
        return Err(Refusal::PanelGone);
    }
    if loaded.row.version != key.version || loaded.game.turn_number() != key.turn {
        return Err(Refusal::PanelStale);
    }
    Ok(())
}

impl Service {
    /// The game in progress in `channel` for a panel of game `game`: refused when the channel's
    /// game is another one, or none.
    pub async fn panel_game(&self, channel: ChannelId, game: i64) -> Result<GameView, AppError> {
        match self.game_in_channel(channel).await? {
            Some(view) if view.id == game && view.outcome.is_none() => Ok(view),
            _ => Err(Refusal::PanelGone.into()),
        }
    }

    /// Carries out `pick` for `user` in the game of `channel`, if that game still stands at
    /// `key`. A move is played exactly as `/move` plays it (one word), `End` as `/end`, `Undo`
    /// as `/undo`.
    pub async fn pick(
        &self,
        channel: ChannelId,
        user: UserId,
        key: PanelKey,
        pick: Pick,
    ) -> Result<MoveOutcome, AppError> {
        let outcome = match pick {
            Pick::Move(word) => {
                let word: String = word.trim().chars().take(MAX_PICK).collect();
                if word.is_empty() || word.eq_ignore_ascii_case("end") {
                    return Err(Refusal::PanelStale.into());
                }
                self.guarded(self.play_words(channel, user, &[&word], Some(key)))
                    .await?
            }
            Pick::End => {
                self.guarded(self.play_words(channel, user, &["end"], Some(key)))
                    .await?
            }
            Pick::Undo => self.undo_checked(channel, user, Some(key)).await?,
            Pick::Swap => {
                self.guarded(self.play_words(channel, user, &[fibonacci::SWAP], Some(key)))
                    .await?
            }
        };
        self.ai_owes_turn(&outcome.view);
        Ok(outcome)
    }
}

/// What one offered move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveEffect {
    /// A step to an empty point.
    Plain,
    /// A Fibonacci move onto a piece, which goes to `from`: the piece's side and kind.
    Exchange { side: Side, kind: fibonacci::Kind },
    /// A Fanorona capture: by approach (else withdrawal), and how many pieces it takes.
    Capture { approach: bool, pieces: usize },
}

/// One move a panel offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuMove {
    /// What is played (`b6-c6`, `d2-d3+`).
    pub notation: String,
    /// The point it starts from and the point it goes to, when the notation has both.
    pub from: Option<String>,
    pub to: String,
    /// The kind of the piece that moves, in games whose pieces have kinds.
    pub piece: Option<fibonacci::Kind>,
    pub effect: MoveEffect,
    /// True when the move wins the game at once.
    pub wins: bool,
}

/// A point's place in reading order: its letters, then its number as a number (`g8` before
/// `g10`, where plain text sorts them the other way).
fn point_order(point: &str) -> (String, u32, String) {
    let digits = point
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(point.len());
    let (letters, rest) = point.split_at(digits);
    let number_end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let number = rest[..number_end].parse().unwrap_or(0);
    (letters.to_string(), number, rest[number_end..].to_string())
}

/// The single moves the side to move may play now, in reading order of their points: unit moves, or the first
/// steps of every legal Fanorona turn (a chain is played one step at a time, its continuations
/// offered after each).
pub fn menu_moves(game: &Game) -> Vec<MenuMove> {
    let mover = game.side_to_move();
    let mut seen = std::collections::BTreeSet::new();
    for turn in game.legal_moves() {
        let step = turn.split(',').next().unwrap_or(&turn).to_string();
        seen.insert(step);
    }
    let mut moves: Vec<MenuMove> = seen
        .into_iter()
        .filter_map(|notation| {
            let mut after = game.clone();
            let played = after.play(&notation).ok()?;
            // The swap rule's turn moves no piece: the panel offers it as a button of its own.
            if played.swapped_sides() {
                return None;
            }
            let (from, to) = match notation.split_once('-') {
                Some((from, to)) => (
                    Some(from.to_string()),
                    to.trim_end_matches(['+', '-']).to_string(),
                ),
                None => (None, notation.clone()),
            };
            Some(MenuMove {
                piece: moved_kind(&played),
                effect: effect(&notation, &played),
                wins: matches!(after.status(), Status::Won(side, _) if side == mover),
                notation,
                from,
                to,
            })
        })
        .collect();
    moves.sort_by_cached_key(|m| {
        (
            m.from.as_deref().map(point_order),
            point_order(&m.to),
            m.notation.clone(),
        )
    });
    moves
}

fn moved_kind(played: &Played) -> Option<fibonacci::Kind> {
    if let Played::Fibonacci(p) = played {
        return p.moved.map(|piece| piece.kind);
    }
    None
}

fn effect(notation: &str, played: &Played) -> MoveEffect {
    if let Played::Fibonacci(p) = played {
        return match p.exchanged {
            Some(piece) => MoveEffect::Exchange {
                side: piece.color.side(),
                kind: piece.kind,
            },
            None => MoveEffect::Plain,
        };
    }
    if let Played::Fanorona(p) = played {
        let pieces = p.steps.first().map_or(0, |(_, taken)| taken.len());
        if pieces > 0 {
            return MoveEffect::Capture {
                approach: notation.ends_with('+'),
                pieces,
            };
        }
    }
    MoveEffect::Plain
}

/// Discord shows at most this many options in one menu.
pub const MENU_LIMIT: usize = 25;

/// Whether a panel first asks for the piece, then for its move: always for Fibonacci (a turn is
/// a choice of piece, then of destination), and for any game whose moves do not fit one menu.
pub fn by_piece(kind: GameKind, moves: &[MenuMove]) -> bool {
    moves.iter().all(|m| m.from.is_some())
        && (kind == GameKind::Fibonacci || moves.len() > MENU_LIMIT)
}

/// The points that start at least one of `moves`, in order.
pub fn pieces(moves: &[MenuMove]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for m in moves {
        if let Some(from) = &m.from
            && !out.contains(from)
        {
            out.push(from.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, fanorona};

    #[test]
    fn fibonacci_menus_offer_every_unit_move_and_mark_exchanges() {
        let game = Game::new(Config::default_for(GameKind::Fibonacci), 0);
        let moves = menu_moves(&game);
        let mut offered: Vec<String> = moves.iter().map(|m| m.notation.clone()).collect();
        offered.sort();
        assert_eq!(offered, game.legal_moves());
        let points = pieces(&moves);
        let g8 = points.iter().position(|p| p == "g8");
        let g10 = points.iter().position(|p| p == "g10");
        assert!(g8 < g10 && g8.is_some(), "reading order: {points:?}");
        assert!(by_piece(GameKind::Fibonacci, &moves));
        let pieces = pieces(&moves);
        assert!(!pieces.is_empty() && pieces.len() <= 13, "{pieces:?}");
        // Red's strike group on row a may exchange with its own support piece next to it.
        let exchanges: Vec<_> = moves
            .iter()
            .filter(|m| matches!(m.effect, MoveEffect::Exchange { .. }))
            .collect();
        assert!(!exchanges.is_empty());
        for m in &moves {
            let per_piece = moves.iter().filter(|o| o.from == m.from).count();
            assert!(per_piece <= MENU_LIMIT, "{m:?}");
        }
    }

    #[test]
    fn a_menu_of_more_than_25_steps_asks_for_the_piece_first() {
        // Four white pieces with eight free directions each, and no capture anywhere.
        let config = Config::Fanorona(fanorona::Options::default());
        let game = Game::from_position(
            config,
            0,
            "........./.W.W.W.W./........./........./........B w",
        )
        .expect("a valid position");
        let moves = menu_moves(&game);
        assert_eq!(moves.len(), 32, "{moves:?}");
        assert!(by_piece(GameKind::Fanorona, &moves));
        assert_eq!(pieces(&moves), ["b2", "d2", "f2", "h2"]);
        assert!(
            moves
                .iter()
                .all(|m| m.effect == MoveEffect::Plain && !m.wins)
        );
        let few = Game::new(config, 0);
        assert!(!by_piece(GameKind::Fanorona, &menu_moves(&few)));
    }

    #[test]
    fn fanorona_menus_offer_first_steps_with_both_captures_where_both_exist() {
        // d3-e3 approaches f3 or withdraws from c3 (docs/fanorona.md, Steps and captures; the
        // lesson "choose").
        let config = Config::Fanorona(fanorona::Options::default());
        let game = Game::from_position(
            config,
            0,
            "........./........./BBBW.B.../........./......... w",
        )
        .expect("a valid position");
        let moves = menu_moves(&game);
        let from_d3: Vec<_> = moves
            .iter()
            .filter(|m| m.notation.starts_with("d3-e3"))
            .collect();
        assert_eq!(from_d3.len(), 2, "{moves:?}");
        assert!(from_d3.iter().any(|m| m.effect
            == MoveEffect::Capture {
                approach: true,
                pieces: 1
            }));
        assert!(from_d3.iter().any(|m| m.effect
            == MoveEffect::Capture {
                approach: false,
                pieces: 3
            }));
        assert!(moves.iter().all(|m| !m.notation.contains(',')));
    }
}
