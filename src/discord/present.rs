//! How games look on Discord: the one-line status, the board picture, the turn ping and the
//! end-of-game message. Wording lives here so every command says things the same way.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::buttons::follow_up_row;
use super::painters::draw_off_thread;
use super::reply::Message;
use crate::app::{FollowKind, GameView, Outcome, RatingChange, UserId};
use crate::engine::{Codec, Config, Game, GameKind, Played, Side, WinReason};
use crate::i18n::Lang;
use crate::rating::RatingGame;
use crate::render::{BoardInfo, render_png};
use crate::tr;

/// A mention, shown as the user's name by Discord clients; it notifies only when the message's
/// allowed mentions say so.
pub fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// "Red", "Green", "White", "Black" in `lang`.
pub fn side_name(lang: Lang, kind: GameKind, side: Side) -> String {
    crate::render::side_word(lang, kind.side_names()[side.index()])
}

/// The game and its options in `lang`: "Fibonacci (variante des cartes)".
pub fn describe(lang: Lang, config: &Config) -> String {
    match config {
        Config::Fibonacci(o) => tr!(
            lang,
            "config-fibonacci",
            variant = o.variant.as_str(),
            group = o.group.as_str()
        ),
        Config::Fanorona(o) => tr!(
            lang,
            "config-fanorona",
            rules = o.rules.as_str(),
            vela = if o.vela.is_some() { "yes" } else { "no" }
        ),
    }
}

/// A turn clock in `lang`: "3 days per turn", "no clock".
pub fn clock_words(lang: Lang, clock: crate::app::TurnClock) -> String {
    tr!(lang, &format!("clock-{}", clock.as_str()))
}

/// A Discord timestamp: each reader sees it in their own time zone (`R`: "in 2 days", `f`: the
/// date and time).
pub fn timestamp(at: chrono::DateTime<chrono::Utc>, style: char) -> String {
    format!("<t:{}:{style}>", at.timestamp())
}

/// The clock part of a status line: the deadline, the pause, a standing request to pause.
fn clock_text(lang: Lang, view: &GameView) -> Option<String> {
    let clock = &view.clock;
    let mut parts = Vec::new();
    if let Some(until) = clock.paused_until {
        parts.push(tr!(
            lang,
            "game-clock-paused",
            until = timestamp(until, 'f'),
            relative = timestamp(until, 'R')
        ));
    } else if let Some(deadline) = clock.deadline {
        parts.push(tr!(
            lang,
            "game-clock-due",
            relative = timestamp(deadline, 'R')
        ));
    }
    if let Some((side, days)) = clock.pause_offer {
        parts.push(tr!(
            lang,
            "game-pause-asked",
            side = side_name(lang, view.game.kind(), side),
            days = days
        ));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// Where a game comes from, for its status and history: "rematch of game 12".
pub fn origin_text(lang: Lang, view: &GameView) -> Option<String> {
    view.follows.map(|(kind, game)| match kind {
        FollowKind::Rematch => tr!(lang, "game-origin-rematch", game = game),
        FollowKind::Vela => tr!(lang, "game-origin-vela", game = game),
    })
}

/// A date as the board picture prints it (the picture has no reader's time zone): UTC.
fn utc(lang: Lang, at: chrono::DateTime<chrono::Utc>) -> String {
    use chrono::Datelike;
    tr!(
        lang,
        "game-date",
        day = at.day(),
        month = at.month(),
        time = at.format("%H:%M").to_string()
    )
}

/// What the board picture says after its status line: the clock, and the game's origin.
pub fn board_note(lang: Lang, view: &GameView) -> Option<String> {
    let mut parts = Vec::new();
    if view.outcome.is_none() {
        if let Some(until) = view.clock.paused_until {
            parts.push(tr!(lang, "game-note-paused", date = utc(lang, until)));
        } else if let Some(deadline) = view.clock.deadline {
            parts.push(tr!(lang, "game-note-due", date = utc(lang, deadline)));
        }
    }
    if let Some((kind, game)) = view.follows {
        parts.push(match kind {
            FollowKind::Rematch => tr!(lang, "game-note-rematch", game = game),
            FollowKind::Vela => tr!(lang, "game-note-vela", game = game),
        });
    }
    if let Some((_, level)) = view.ai {
        let level = level_word(lang, level);
        parts.push(tr!(lang, "game-note-ai", level = level));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// An AI level as a menu shows it ("medium", "moyen").
pub fn level_word(lang: Lang, level: crate::ai::Level) -> String {
    tr!(lang, &format!("choice-{}", level.as_str()))
}

/// Whose turn, moves left, turn number, card; or how the game ended. One line.
pub fn status_line(lang: Lang, view: &GameView) -> String {
    let kind = view.game.kind();
    if let Some(outcome) = view.outcome {
        let outcome = outcome_text(lang, view, outcome);
        return tr!(lang, "game-status-over", outcome = outcome);
    }
    let side = view.game.side_to_move();
    let mut parts = vec![tr!(
        lang,
        "game-status-turn",
        turn = view.game.turn_number(),
        side = side_name(lang, kind, side),
        player = mention(view.players[side.index()])
    )];
    if let Some(left) = view.game.moves_left() {
        parts.push(tr!(lang, "game-status-moves-left", left = left));
    }
    if let Some(card) = view.game.card() {
        parts.push(tr!(lang, "game-status-card", card = card));
    }
    if view.game.chain_in_progress() {
        parts.push(tr!(lang, "game-status-chain"));
    }
    if let Some(offer) = view.draw_offer {
        let side = side_name(lang, kind, offer);
        parts.push(tr!(lang, "game-status-draw-offer", side = side));
    }
    parts.extend(clock_text(lang, view));
    parts.extend(origin_text(lang, view));
    if let Some((side, level)) = view.ai {
        parts.push(tr!(
            lang,
            "game-status-ai",
            side = side_name(lang, kind, side),
            level = level_word(lang, level)
        ));
    }
    parts.join(" · ")
}

/// "Red @alice wins: Green's centre is surrounded."
pub fn outcome_text(lang: Lang, view: &GameView, outcome: Outcome) -> String {
    let kind = view.game.kind();
    let who = |side: Side| {
        tr!(
            lang,
            "game-player",
            side = side_name(lang, kind, side),
            player = mention(view.players[side.index()])
        )
    };
    match outcome {
        Outcome::Won(winner, reason) => {
            let loser = side_name(lang, kind, winner.other());
            let how = match reason {
                WinReason::Surrounded => "game-how-surrounded",
                WinReason::CardsFormation => "game-how-cards",
                WinReason::AllCaptured => "game-how-all-captured",
                WinReason::NoLegalMove => "game-how-no-move",
            };
            let how = tr!(lang, how, loser = loser);
            tr!(lang, "game-won", winner = who(winner), how = how)
        }
        Outcome::Resigned { winner } => tr!(
            lang,
            "game-resigned",
            winner = who(winner),
            loser = who(winner.other())
        ),
        Outcome::Draw => tr!(lang, "game-draw-rules"),
        Outcome::DrawAgreed => tr!(lang, "game-draw-agreed"),
        Outcome::Timeout { winner } => tr!(
            lang,
            "game-timeout",
            winner = who(winner),
            loser = who(winner.other())
        ),
        Outcome::Aborted => tr!(lang, "game-aborted", player = who(view.game.side_to_move())),
    }
}

/// The banner drawn on the board for an end the engine cannot see.
fn banner(lang: Lang, view: &GameView) -> Option<String> {
    let kind = view.game.kind();
    match view.outcome? {
        Outcome::Resigned { winner } => {
            let side = side_name(lang, kind, winner.other());
            Some(tr!(lang, "game-banner-resigns", side = side))
        }
        Outcome::DrawAgreed => Some(tr!(lang, "game-banner-draw-agreed")),
        Outcome::Timeout { winner } => {
            let side = side_name(lang, kind, winner.other());
            Some(tr!(lang, "game-banner-timeout", side = side))
        }
        Outcome::Aborted => Some(tr!(lang, "game-banner-aborted")),
        Outcome::Won(..) | Outcome::Draw => None,
    }
}

/// The turns the rules skipped because their allowance was 0 (Fibonacci standard variant).
pub fn skipped_turns(lang: Lang, kind: GameKind, played: &[Played]) -> Vec<String> {
    played
        .iter()
        .flat_map(Played::skipped_turns)
        .map(|(turn, side)| {
            let side = side_name(lang, kind, side);
            tr!(lang, "game-turn-skipped", side = side, turn = turn)
        })
        .collect()
}

/// The new message that tells the next player it is their turn (none when the AI is to move:
/// it answers by itself).
pub fn turn_ping(lang: Lang, view: &GameView) -> Option<Message> {
    let user = view.player_to_move()?;
    let side = view.game.side_to_move();
    if view.ai.is_some_and(|(ai, _)| ai == side) {
        return None;
    }
    let mut details = vec![tr!(
        lang,
        "game-ping-turn",
        side = side_name(lang, view.game.kind(), side),
        turn = view.game.turn_number()
    )];
    if let Some(left) = view.game.moves_left() {
        details.push(tr!(lang, "game-ping-moves", left = left));
    }
    if let Some(card) = view.game.card() {
        details.push(tr!(lang, "game-ping-card", card = card));
    }
    let mut text = tr!(
        lang,
        "game-ping",
        player = mention(user),
        details = details.join(", ")
    );
    if let Some(deadline) = view.clock.deadline {
        text.push(' ');
        text.push_str(&tr!(
            lang,
            "game-ping-due",
            relative = timestamp(deadline, 'R')
        ));
    }
    Some(Message::text(text).notify([user]))
}

/// The new message that announces the end of the game to both players.
pub fn game_over(lang: Lang, view: &GameView) -> Option<Message> {
    let outcome = view.outcome?;
    let mut text = tr!(
        lang,
        "game-over",
        outcome = outcome_text(lang, view, outcome),
        first = mention(view.players[0]),
        second = mention(view.players[1])
    );
    if let Some(changes) = rating_changes_text(lang, &view.ratings) {
        text.push('\n');
        text.push_str(&changes);
    }
    // The AI is not pinged about its own game.
    let ai = view.ai.map(|(side, _)| view.player(side));
    Some(
        Message::text(text)
            .notify(view.players.into_iter().filter(|&p| Some(p) != ai))
            .components(vec![follow_up_row(lang, view.id, vela_possible(view))]),
    )
}

/// "Fibonacci ratings: <@1> 1500 → 1662 (+162), <@2> 1500 → 1338 (-162)", for a game that
/// changed ratings.
pub fn rating_changes_text(lang: Lang, changes: &[RatingChange]) -> Option<String> {
    let game = changes.first()?.game;
    let each: Vec<String> = changes
        .iter()
        .map(|c| {
            let (before, after) = (c.before.shown(), c.after.shown());
            tr!(
                lang,
                "game-rating-change",
                player = mention(c.user),
                before = before,
                after = after,
                delta = format!("{:+}", after - before)
            )
        })
        .collect();
    Some(tr!(
        lang,
        "game-rating-changes",
        game = rating_title(lang, game),
        changes = each.join(", ")
    ))
}

/// A rating's name: "Fibonacci (cards)".
pub fn rating_title(lang: Lang, game: RatingGame) -> String {
    tr!(lang, &format!("rating-game-{}", game.as_str()))
}

/// True when a vela round can follow this finished game: a decisive Fanorona game that was not
/// itself a vela round.
pub fn vela_possible(view: &GameView) -> bool {
    let first_round = match view.game.config() {
        Config::Fanorona(options) => options.vela.is_none(),
        _ => false,
    };
    first_round && view.outcome.and_then(Outcome::winner).is_some()
}

/// Display names looked up once and remembered (they only label the board).
#[derive(Debug, Default)]
pub struct Names {
    known: Mutex<HashMap<UserId, String>>,
}

impl Names {
    /// Remembers a name seen in an interaction (the member's nickname or the user's name).
    pub fn learn(&self, user: UserId, name: &str) {
        if let Ok(mut known) = self.known.lock() {
            // Names only label pictures; a bounded map keeps a long-running bot's memory flat.
            if known.len() > 10_000 {
                known.clear();
            }
            known.insert(user, name.to_string());
        }
    }

    fn cached(&self, user: UserId) -> Option<String> {
        self.known.lock().ok()?.get(&user).cloned()
    }

    /// The name to draw for `user`: remembered, else asked of Discord (briefly), else the id.
    pub async fn of(&self, http: &serenity::Http, user: UserId) -> String {
        if let Some(name) = self.cached(user) {
            return name;
        }
        let Some(id) = std::num::NonZeroU64::new(user) else {
            return user.to_string();
        };
        let lookup = http.get_user(serenity::UserId::from(id));
        match tokio::time::timeout(Duration::from_millis(800), lookup).await {
            Ok(Ok(found)) => {
                let name = found.global_name.clone().unwrap_or(found.name.clone());
                self.learn(user, &name);
                name
            }
            Ok(Err(e)) => {
                tracing::debug!(user, error = %e, "could not look up a player's name");
                user.to_string()
            }
            Err(_) => user.to_string(),
        }
    }
}

/// Renders a game's board off the async executor. A failure is logged and yields no picture:
/// the move stands whatever happens to its illustration.
pub async fn board_png(
    http: &serenity::Http,
    names: &Names,
    lang: Lang,
    view: &GameView,
) -> Option<serenity::CreateAttachment> {
    let players = [
        names.of(http, view.players[0]).await,
        names.of(http, view.players[1]).await,
    ];
    let filename = format!("{}-{}.png", view.game.kind(), view.id);
    // Everything the picture shows follows from the game's version and the players' names.
    let key = (view.id, view.version, lang, players.clone());
    if let Some(png) = board_cache().get(&key) {
        tracing::debug!(
            game = view.id,
            version = view.version,
            "board from the cache"
        );
        return Some(serenity::CreateAttachment::bytes(png, filename));
    }
    let info = BoardInfo {
        players,
        last_turn: view.last_turn.clone(),
        highlight: None,
        banner: banner(lang, view),
        note: board_note(lang, view),
        lang,
    };
    let png = render(view.game.clone(), info).await?;
    board_cache().put(key, png.clone());
    Some(serenity::CreateAttachment::bytes(png, filename))
}

/// What identifies a drawn board: the game, its version, the language and names on it.
type BoardKey = (i64, i32, Lang, [String; 2]);

/// The boards drawn last, so that spectators asking for the same board again cost no drawing.
/// Bounded by the bytes it holds, not by a count: fifty games moving at once must all find their
/// latest board again (a cache of 32 boards lost most of them between a move and the `/board`
/// after it). A game's older versions go as soon as a newer one is drawn: nobody asks for them.
#[derive(Debug)]
struct BoardCache {
    boards: Mutex<std::collections::VecDeque<(BoardKey, Vec<u8>)>>,
    /// The most PNG bytes kept (the oldest boards go first).
    budget: usize,
}

impl Default for BoardCache {
    fn default() -> BoardCache {
        // About two hundred boards of the 60–80 kB a busy board weighs.
        BoardCache::with_budget(16 << 20)
    }
}

impl BoardCache {
    fn with_budget(budget: usize) -> BoardCache {
        BoardCache {
            boards: Mutex::default(),
            budget,
        }
    }

    fn get(&self, key: &BoardKey) -> Option<Vec<u8>> {
        let boards = self.boards.lock().ok()?;
        boards
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, png)| png.clone())
    }

    fn put(&self, key: BoardKey, png: Vec<u8>) {
        let Ok(mut boards) = self.boards.lock() else {
            return;
        };
        // A board of a version older than one already drawn (a slow render) is not kept.
        if boards.iter().any(|(k, _)| k.0 == key.0 && k.1 > key.1) {
            return;
        }
        // The same board, and the boards of the game's earlier versions, go.
        boards.retain(|(k, _)| k.0 != key.0 || (k.1 == key.1 && *k != key));
        let mut held: usize = boards.iter().map(|(_, png)| png.len()).sum();
        while held + png.len() > self.budget {
            match boards.pop_front() {
                Some((_, old)) => held -= old.len(),
                None => return,
            }
        }
        boards.push_back((key, png));
    }
}

fn board_cache() -> &'static BoardCache {
    static CACHE: std::sync::OnceLock<BoardCache> = std::sync::OnceLock::new();
    CACHE.get_or_init(BoardCache::default)
}

/// Draws a board on a painter thread. A failure is logged.
async fn render(game: Game, info: BoardInfo) -> Option<Vec<u8>> {
    draw_off_thread("a board", move || render_png(&game, &info)).await
}

/// Renders any position (for `/rules`) off the async executor.
pub async fn picture(
    game: Game,
    info: BoardInfo,
    filename: String,
) -> Option<serenity::CreateAttachment> {
    let png = render(game, info).await?;
    Some(serenity::CreateAttachment::bytes(png, filename))
}

/// A message about a game: a headline, the status line and the board.
pub async fn game_message(
    http: &serenity::Http,
    names: &Names,
    lang: Lang,
    headline: &str,
    view: &GameView,
) -> Message {
    let board = board_png(http, names, lang, view).await;
    let mut text = format!("{headline}\n{}", status_line(lang, view));
    if board.is_none() {
        text.push('\n');
        text.push_str(&tr!(lang, "game-no-picture"));
    }
    Message::text(text).file(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(version: i32) -> BoardKey {
        (7, version, Lang::En, ["ann".to_string(), "ben".to_string()])
    }

    /// A board drawn for a game version is found again; the oldest goes when the cache is full.
    #[test]
    fn the_board_cache_keeps_the_last_boards_by_game_version_and_names() {
        let cache = BoardCache::with_budget(10);
        cache.put(key(1), vec![1]);
        assert_eq!(cache.get(&key(1)), Some(vec![1]));
        assert_eq!(cache.get(&key(2)), None, "another version is another board");
        let renamed = (7, 1, Lang::En, ["ann".to_string(), "bob".to_string()]);
        assert_eq!(
            cache.get(&renamed),
            None,
            "the names are part of the picture"
        );
        // Other games' boards fill the budget: the oldest goes first.
        let other = |game: i64| (game, 1, Lang::En, ["ann".to_string(), "ben".to_string()]);
        for game in 100..109 {
            cache.put(other(game), vec![game as u8]);
        }
        assert_eq!(
            cache.get(&key(1)),
            Some(vec![1]),
            "ten bytes hold ten boards"
        );
        cache.put(other(109), vec![109, 109]);
        assert_eq!(cache.get(&key(1)), None, "the oldest went");
        assert_eq!(cache.get(&other(100)), None, "and the next, to make room");
        assert_eq!(cache.get(&other(101)), Some(vec![101]));
        assert_eq!(cache.get(&other(109)), Some(vec![109, 109]));
    }

    /// Fifty games each find their latest board, however many boards they drew before.
    #[test]
    fn the_board_cache_keeps_one_version_per_game_for_many_games() {
        let cache = BoardCache::default();
        let board = |game: i64, version: i32| {
            (
                game,
                version,
                Lang::En,
                ["ann".to_string(), "ben".to_string()],
            )
        };
        for version in 1..=20 {
            for game in 0..50 {
                cache.put(board(game, version), vec![0; 80_000]);
            }
        }
        for game in 0..50 {
            assert!(cache.get(&board(game, 20)).is_some(), "game {game}");
            assert_eq!(cache.get(&board(game, 19)), None, "an older version goes");
        }
        // A board of an older version drawn late is not kept, and leaves the newer one.
        cache.put(board(3, 18), vec![1]);
        assert!(cache.get(&board(3, 20)).is_some());
        assert_eq!(cache.get(&board(3, 18)), None);
        let held = cache.boards.lock().map(|b| b.len()).ok();
        assert_eq!(held, Some(50));
        // Another language's board of the same version stands beside it.
        let french = (3, 20, Lang::Fr, ["ann".to_string(), "ben".to_string()]);
        cache.put(french.clone(), vec![2]);
        assert!(cache.get(&board(3, 20)).is_some() && cache.get(&french).is_some());
    }
}
