//! What the channels of tournaments read besides the commands' answers: the pairings of a
//! round, the standings (as text and as a picture), and the scheduler's look ([`look`]): each
//! paired game gets its thread under the event's channel, and what a channel is owed (a round
//! paired, the end) is posted once.

use poise::serenity_prelude as serenity;

use super::present::{self, mention};
use super::reply::{Message, post};
use crate::app::{Advanced, PairedGame, Service, Table, UserId, chain};
use crate::engine::Codec;
use crate::i18n::Lang;
use crate::render::{CrossRow, StandingsLine, cross_table_png, standings_png};
use crate::tournament::Format;
use crate::tournament::cross::cross_table;
use crate::tournament::standings::EventGame;
use crate::tr;

/// The pairings of `round` as lines: "board 1: <@a> – <@b>", then the bye.
fn pairing_lines(lang: Lang, table: &Table, round: u32) -> String {
    let mut lines: Vec<String> = table
        .games
        .iter()
        .filter(|g| g.round == round)
        .map(|g| {
            tr!(
                lang,
                "tournament-pairing",
                board = g.board,
                first = mention(g.first),
                second = mention(g.second)
            )
        })
        .collect();
    lines.extend(
        table
            .byes
            .iter()
            .filter(|b| b.0 == round)
            .map(|b| tr!(lang, "tournament-bye", player = mention(b.1))),
    );
    lines.join("\n")
}

/// The players of `table` still in the event, to ping.
fn players_in(table: &Table) -> Vec<UserId> {
    table
        .tournament
        .players
        .iter()
        .filter(|p| !p.withdrawn)
        .map(|p| p.user)
        .collect()
}

/// The message that a round was paired: its pairings, pinging every player.
pub(super) fn round_message(lang: Lang, table: &Table, round: u32) -> Message {
    let t = &table.tournament;
    let head = if t.format == Format::Swiss {
        tr!(
            lang,
            "tournament-round-paired",
            name = t.name.as_str(),
            round = round,
            rounds = t.rounds.unwrap_or(round)
        )
    } else {
        tr!(
            lang,
            "tournament-started",
            name = t.name.as_str(),
            games = table.games.len()
        )
    };
    Message::text(format!("{head}\n{}", pairing_lines(lang, table, round)))
        .notify(players_in(table))
}

/// The standings as text: rank, player, points, tiebreaks, games played and left.
pub fn standings_text(lang: Lang, table: &Table) -> String {
    let t = &table.tournament;
    let mut lines = vec![tr!(
        lang,
        "tournament-standings-title",
        name = t.name.as_str(),
        state = t.state.as_str(),
        round = t.round
    )];
    for s in &table.standings {
        let tiebreaks = match t.format {
            Format::Swiss => tr!(
                lang,
                "tournament-tiebreaks-swiss",
                buchholz = s.buchholz(),
                sb = s.sonneborn_berger()
            ),
            Format::RoundRobin => tr!(
                lang,
                "tournament-tiebreaks-round-robin",
                sb = s.sonneborn_berger(),
                wins = s.wins
            ),
        };
        lines.push(tr!(
            lang,
            "tournament-standing",
            rank = s.rank,
            player = mention(s.id),
            points = s.points(),
            tiebreaks = tiebreaks,
            played = s.played,
            left = s.left,
            withdrawn = if s.withdrawn { "yes" } else { "no" }
        ));
    }
    lines.join("\n")
}

/// The standings as a picture (names as the server shows them), drawn by the painters.
pub async fn standings_picture(
    http: &serenity::Http,
    presenter: &present::Presenter,
    lang: Lang,
    table: &Table,
) -> Option<serenity::CreateAttachment> {
    let t = &table.tournament;
    let mut lines = Vec::with_capacity(table.standings.len());
    for s in &table.standings {
        let tiebreaks = match t.format {
            Format::Swiss => [s.buchholz().to_string(), s.sonneborn_berger().to_string()],
            Format::RoundRobin => [s.sonneborn_berger().to_string(), s.wins.to_string()],
        };
        lines.push(StandingsLine {
            rank: s.rank.to_string(),
            name: presenter.names.of(http, s.id).await,
            points: s.points().to_string(),
            tiebreaks,
            games: format!("{} / {}", s.played, s.left),
            dim: s.withdrawn,
        });
    }
    let columns = match t.format {
        Format::Swiss => ["buchholz", "sb"],
        Format::RoundRobin => ["sb", "wins"],
    };
    let header = [
        "#".to_string(),
        tr!(lang, "tournament-column-player"),
        tr!(lang, "tournament-column-points"),
        tr!(lang, &format!("tournament-column-{}", columns[0])),
        tr!(lang, &format!("tournament-column-{}", columns[1])),
        tr!(lang, "tournament-column-games"),
    ];
    let title = tr!(
        lang,
        "tournament-standings-title",
        name = t.name.as_str(),
        state = t.state.as_str(),
        round = t.round
    )
    .replace("**", "");
    let file = format!("standings-{}.png", t.id);
    attachment(presenter, "a tournament's standings", file, move || {
        standings_png(&title, &header, &lines)
    })
    .await
}

/// A picture drawn by the painters, as the attachment `file`.
async fn attachment(
    presenter: &present::Presenter,
    what: &'static str,
    file: String,
    draw: impl FnOnce() -> Result<Vec<u8>, crate::render::RenderError> + Send + 'static,
) -> Option<serenity::CreateAttachment> {
    let png = presenter.pictures.draw(what, draw).await?;
    Some(serenity::CreateAttachment::bytes(png, file))
}

/// A round-robin's cross table as a picture (`None` for a Swiss event, or if it cannot be
/// drawn): rows and columns in standings order.
pub async fn cross_table_picture(
    http: &serenity::Http,
    presenter: &present::Presenter,
    lang: Lang,
    table: &Table,
) -> Option<serenity::CreateAttachment> {
    let t = &table.tournament;
    if t.format != Format::RoundRobin {
        return None;
    }
    let order: Vec<UserId> = table.standings.iter().map(|s| s.id).collect();
    let games: Vec<EventGame> = table.games.iter().map(PairedGame::event_game).collect();
    let cells = cross_table(&order, &games);
    let mut rows = Vec::with_capacity(order.len());
    for (s, results) in table.standings.iter().zip(cells) {
        rows.push(CrossRow {
            name: presenter.names.of(http, s.id).await,
            cells: results
                .iter()
                .map(|r| crate::words::tournament::cross_cell(r))
                .collect(),
            points: s.points().to_string(),
            dim: s.withdrawn,
        });
    }
    let title = tr!(lang, "tournament-cross-title", name = t.name.as_str()).replace("**", "");
    let points = tr!(lang, "tournament-column-points");
    let file = format!("cross-table-{}.png", t.id);
    attachment(presenter, "a tournament's cross table", file, move || {
        cross_table_png(&title, &points, &rows)
    })
    .await
}

/// The scheduler's look at the events: rounds over are followed by the next pairings or the
/// final standings, and every paired game waiting for its thread gets one, with its first
/// board and the first player's ping.
pub async fn look(service: &Service, http: &serenity::Http, presenter: &present::Presenter) {
    if let Err(e) = service.advance_tournaments().await {
        tracing::warn!(error = %chain(&e), "could not advance the tournaments");
    }
    // What the channels are owed (rounds just paired, events just over, or what a process
    // that stopped did not post), each claimed by one process.
    match service.claim_tournament_announcements().await {
        Ok(owed) => {
            for a in owed {
                announce(service, http, presenter, a).await;
            }
        }
        Err(e) => tracing::warn!(error = %chain(&e), "could not read the tournaments owed"),
    }
    loop {
        let claimed = match service.claim_tournament_game().await {
            Ok(Some(claimed)) => claimed,
            Ok(None) => break,
            Err(e) => {
                tracing::warn!(error = %chain(&e), "could not claim a tournament game");
                break;
            }
        };
        let t = &claimed.tournament;
        let lang = presenter.languages.guild(t.guild);
        let [first, second] = claimed.players;
        let title = tr!(
            lang,
            "tournament-thread-title",
            name = t.name.as_str(),
            round = claimed.round,
            board = claimed.board,
            first = presenter.names.of(http, first).await,
            second = presenter.names.of(http, second).await
        );
        let parent = serenity::ChannelId::new(t.channel.max(1));
        let kind = serenity::ChannelType::PublicThread;
        let Some(thread) = super::thread::open_thread(http, parent, kind, title).await else {
            // The claim runs out and a later look tries again.
            break;
        };
        if let Err(e) = service
            .start_tournament_game(claimed.pairing, thread.get())
            .await
        {
            tracing::warn!(error = %chain(&e), "could not start a tournament game");
        }
    }
    // A withdrawn player's games still in progress (one paired before the withdrawal and
    // started since, say) are lost; the first boards and those losses go out by the outbox.
    match service.resign_withdrawn().await {
        Ok(0) => {}
        Ok(n) => tracing::info!(games = n, "games of withdrawn players resigned"),
        Err(e) => tracing::warn!(error = %chain(&e), "could not resign withdrawn players' games"),
    }
    super::notices::send_owed(service, http, presenter).await;
}

async fn announce(
    service: &Service,
    http: &serenity::Http,
    presenter: &present::Presenter,
    advanced: Advanced,
) {
    let (id, round, end) = match &advanced {
        Advanced::Paired { tournament, round } => (tournament.id, *round, false),
        Advanced::Finished(table) => (table.tournament.id, table.tournament.round, true),
    };
    let (channel, message) = match advanced {
        Advanced::Paired { tournament, round } => {
            let lang = presenter.languages.guild(tournament.guild);
            let table = match service.tournament_table(tournament.id).await {
                Ok(table) => table,
                Err(e) => {
                    tracing::warn!(error = %chain(&e), "could not read a tournament");
                    return;
                }
            };
            (tournament.channel, round_message(lang, &table, round))
        }
        Advanced::Finished(table) => {
            let t = &table.tournament;
            let lang = presenter.languages.guild(t.guild);
            let winner = table
                .standings
                .first()
                .map_or_else(String::new, |s| mention(s.id));
            let text = format!(
                "{}\n{}",
                tr!(
                    lang,
                    "tournament-finished",
                    name = t.name.as_str(),
                    winner = winner
                ),
                standings_text(lang, &table)
            );
            let picture = standings_picture(http, presenter, lang, &table).await;
            let cross = cross_table_picture(http, presenter, lang, &table).await;
            let message = Message::text(text).file(picture).file(cross);
            (t.channel, message.notify(players_in(&table)))
        }
    };
    match post(http, channel, &message).await {
        Ok(_) => {
            if let Err(e) = service.tournament_announced(id, round, end).await {
                tracing::warn!(error = %chain(&e), "could not record a tournament's post");
            }
        }
        // Offered again once the claim runs out.
        Err(e) => tracing::warn!(error = %e, "could not post a tournament's round"),
    }
}
