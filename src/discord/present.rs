//! How games look on Discord: the one-line status, the board picture, the turn ping and the
//! end-of-game message. Wording lives here so every command says things the same way.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::buttons::follow_up_row;
use super::reply::Message;
use crate::app::{FollowKind, GameView, Languages, Outcome, Pictures, RatingChange, UserId};
use crate::engine::{Codec, Game, GameKind, Played, Side};
use crate::i18n::Lang;
use crate::rating::RatingGame;
use crate::render::{BoardInfo, RenderOptions};
use crate::tr;

pub use super::markup::{mention, timestamp};
pub use crate::words::{describe, side_name};

/// A turn clock in `lang`: "3 days per turn", "no clock".
pub fn clock_words(lang: Lang, clock: crate::app::TurnClock) -> String {
    tr!(lang, &crate::i18n::word_id("clock", clock.as_str()))
}

/// A time span in whole hours, in `lang`: "9 d 4 h", "10 d", "5 h".
pub fn span_words(lang: Lang, span: chrono::Duration) -> String {
    let hours = span.num_hours().max(0);
    match (hours / 24, hours % 24) {
        (0, hours) => tr!(lang, "span-hours", hours = hours),
        (days, 0) => tr!(lang, "span-days", days = days),
        (days, hours) => tr!(lang, "span-days-hours", days = days, hours = hours),
    }
}

/// The players on vacation now, for opponents to see ("🏖 Green on vacation until …").
pub fn vacation_text(lang: Lang, view: &GameView) -> Option<String> {
    let now = chrono::Utc::now();
    let on: Vec<String> = [Side::First, Side::Second]
        .into_iter()
        .filter_map(|side| {
            let until = view.clock.on_vacation(side, now)?;
            Some(tr!(
                lang,
                "game-on-vacation",
                side = side_name(lang, view.game.kind(), side),
                until = timestamp(until, 'f')
            ))
        })
        .collect();
    (view.outcome.is_none() && !on.is_empty()).then(|| on.join(" · "))
}

/// With a time bank: each side's bank ("🏦 banks: Red 9 d 4 h · Green 10 d"). The player to
/// move's is what they had when their turn started; their deadline counts it down.
pub fn bank_text(lang: Lang, view: &GameView) -> Option<String> {
    let banks = view.clock.banks.filter(|_| view.outcome.is_none())?;
    let kind = view.game.kind();
    Some(tr!(
        lang,
        "game-clock-banks",
        first = side_name(lang, kind, Side::First),
        first_bank = span_words(lang, banks[0]),
        second = side_name(lang, kind, Side::Second),
        second_bank = span_words(lang, banks[1])
    ))
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
    parts.extend(bank_text(lang, view));
    parts.extend(vacation_text(lang, view));
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
    event_text(lang, view).or_else(|| {
        view.follows.map(|(kind, game)| match kind {
            FollowKind::Rematch => tr!(lang, "game-origin-rematch", game = game),
            FollowKind::Vela => tr!(lang, "game-origin-vela", game = game),
        })
    })
}

/// The tournament a game belongs to, and its round: "Autumn cup, round 2".
pub fn event_text(lang: Lang, view: &GameView) -> Option<String> {
    let event = view.tournament.as_ref()?;
    Some(tr!(
        lang,
        "game-origin-tournament",
        name = event.name.as_str(),
        round = event.round.map_or("none".to_string(), |r| r.to_string())
    ))
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
        // With a time bank the deadline is where the bank of the player to move runs out;
        // both banks are in the message's status line (the picture's line has no room left).
    }
    parts.extend(event_text(lang, view));
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
    // The swap rule moves no piece: the picture says that the players changed sides.
    if view.game.sides_swapped() {
        parts.push(tr!(lang, "game-note-swapped"));
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
            let how = tr!(lang, &format!("game-how-{reason}"), loser = loser);
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
pub fn banner(lang: Lang, view: &GameView) -> Option<String> {
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
            .components(vec![follow_up_row(
                lang,
                view.id,
                view.second_round_possible(),
            )]),
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

/// What the Discord layer draws and speaks with: the names it learnt (they only label the
/// boards), the service's pictures (painters and board cache) and the languages last seen. One value, shared by the commands, the
/// scheduler's notices and the AI's posts.
#[derive(Debug)]
pub struct Presenter {
    pub names: Names,
    pub pictures: Pictures,
    /// The languages last seen per server and user, for messages sent without an interaction.
    pub languages: Languages,
}

impl Presenter {
    /// Starts the painter threads.
    pub fn start(languages: Languages) -> Presenter {
        Presenter {
            names: Names::default(),
            pictures: Pictures::start(),
            languages,
        }
    }
}

/// Renders a game's board off the async executor (or finds it drawn already). A failure is
/// logged and yields no picture: the move stands whatever happens to its illustration.
pub async fn board_png(
    http: &serenity::Http,
    presenter: &Presenter,
    lang: Lang,
    view: &GameView,
) -> Option<serenity::CreateAttachment> {
    board_png_marked(http, presenter, lang, view, None, RenderOptions::default()).await
}

/// [`board_png`] with the point `highlight` marked (a move panel's chosen piece), drawn as
/// `options` says (the colours of the one player who sees it).
pub async fn board_png_marked(
    http: &serenity::Http,
    presenter: &Presenter,
    lang: Lang,
    view: &GameView,
    highlight: Option<String>,
    options: RenderOptions,
) -> Option<serenity::CreateAttachment> {
    let names = &presenter.names;
    let players = [
        names.of(http, view.players[0]).await,
        names.of(http, view.players[1]).await,
    ];
    let info = BoardInfo {
        players,
        last_turn: view.last_turn.clone(),
        banner: banner(lang, view),
        note: board_note(lang, view),
        lang,
        highlight,
    };
    // The cache keeps a version's plain board: a marked one is drawn each time.
    let png = match info.highlight {
        Some(_) => {
            presenter
                .pictures
                .position(view.game.clone(), info, options)
                .await?
        }
        None => presenter.pictures.board(view, info, options).await?,
    };
    let filename = format!("{}-{}.png", view.game.kind(), view.id);
    Some(serenity::CreateAttachment::bytes(png, filename))
}

/// Renders any position (for `/rules`, a lesson, a puzzle) off the async executor, drawn as
/// `options` says.
pub async fn picture(
    pictures: &Pictures,
    game: Game,
    info: BoardInfo,
    options: RenderOptions,
    filename: String,
) -> Option<serenity::CreateAttachment> {
    let png = pictures.position(game, info, options).await?;
    Some(serenity::CreateAttachment::bytes(png, filename))
}

/// A message about a game: a headline, the status line and the board.
pub async fn game_message(
    http: &serenity::Http,
    presenter: &Presenter,
    lang: Lang,
    headline: &str,
    view: &GameView,
) -> Message {
    let board = board_png(http, presenter, lang, view).await;
    let mut text = format!("{headline}\n{}", status_line(lang, view));
    if board.is_none() {
        text.push('\n');
        text.push_str(&tr!(lang, "game-no-picture"));
    }
    let message = Message::text(text).file(board);
    // The board of a game in progress carries the Play button (the move panel); a moment
    // inside a command is not the game as it stands.
    if view.outcome.is_none() && !view.interim {
        message.components(vec![super::buttons::play_row(lang, view.id)])
    } else {
        message
    }
}
