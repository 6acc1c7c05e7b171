//! The Fanorona board: 9 × 5 points, lines between orthogonal neighbours everywhere and diagonal
//! lines only through the strong points, every point labelled.
//!
//! The last turn is drawn as numbered arrows through every step of the chain, with a ghost and a
//! cross on each point whose piece it captured; a chain still in progress is said so in the
//! header and its piece ringed.

use crate::engine::fanorona::{Color, Game, Played as FanPlayed, Point, Step};
use crate::engine::{GameKind, Played};

use super::frame::{self, Icon};
use super::layout::{self, fanorona_grid, fanorona_pixel};
use super::marks::{empty_point, shorten, step_badge};
use super::paint::{Canvas, Pt, Shape};
use super::palette::{Colours, Palette};
use super::text::{Face, Fonts};
use super::{BoardInfo, RenderError, board_header, parse_highlight, side_word};
use crate::tr;

const POINT_R: f32 = 25.0;
const PIECE_R: f32 = 39.0;
const PIECE_LABEL: f32 = 29.0;
const EDGE_LABEL: f32 = 32.0;
const RING_R: f32 = 45.0;
const LEGAL_RING_R: f32 = 47.0;
const EMPTY_RING_R: f32 = POINT_R + 5.0;
const ARROW_END: f32 = 25.0;

fn side_index(color: Color) -> usize {
    color.side().index()
}

/// Height of the board area between header and footer.
pub const BOARD_HEIGHT: u32 = layout::FANORONA_BOARD_HEIGHT;

/// Draws what never changes: header band, board, lines, empty points, edge labels.
pub fn background(fonts: &Fonts, palette: Palette) -> Canvas {
    let colours = palette.colours();
    let (w, h) = layout::image_size(GameKind::Fanorona);
    let mut c = Canvas::new(w, h, colours.background);
    frame::header_band(&mut c, colours);

    let m = 0.52;
    let tl = fanorona_grid(-m, 4.0 + m);
    let br = fanorona_grid(8.0 + m, -m);
    let board = Shape::rect(
        ((tl.0 + br.0) / 2.0, (tl.1 + br.1) / 2.0),
        ((br.0 - tl.0) / 2.0, (br.1 - tl.1) / 2.0),
        14.0,
    );
    c.fill(&board, 5.0, colours.board_edge);
    c.fill(&board, 0.0, colours.board);

    for p in Point::all() {
        let (col, row) = (p.col() as f32, p.row() as f32);
        let from = fanorona_grid(col, row);
        let mut ends = vec![];
        if p.col() < 8 {
            ends.push((col + 1.0, row));
        }
        if p.row() < 4 {
            ends.push((col, row + 1.0));
        }
        if p.is_strong() {
            if p.col() < 8 && p.row() < 4 {
                ends.push((col + 1.0, row + 1.0));
            }
            if p.col() < 8 && p.row() > 0 {
                ends.push((col + 1.0, row - 1.0));
            }
        }
        for (c2, r2) in ends {
            c.fill(
                &Shape::line(from, fanorona_grid(c2, r2), 3.5),
                0.0,
                colours.line,
            );
        }
    }
    for p in Point::all() {
        empty_point(
            &mut c,
            fonts,
            colours,
            fanorona_pixel(p),
            &p.to_string(),
            false,
            POINT_R,
        );
    }

    for col in 0..9u8 {
        let letter = ((b'a' + col) as char).to_string();
        for row in [-0.72, 4.72] {
            let at = fanorona_grid(col as f32, row);
            fonts.draw_centred(
                &mut c,
                Face::Bold,
                EDGE_LABEL,
                &letter,
                at,
                colours.edge_label,
            );
        }
    }
    for row in 0..5u8 {
        let number = (row + 1).to_string();
        for col in [-0.72, 8.72] {
            let at = fanorona_grid(col, row as f32);
            fonts.draw_centred(
                &mut c,
                Face::Bold,
                EDGE_LABEL,
                &number,
                at,
                colours.edge_label,
            );
        }
    }
    c
}

fn draw_piece(c: &mut Canvas, fonts: &Fonts, colours: &Colours, color: Color, at: Pt, text: &str) {
    let pc = colours.fanorona[side_index(color)];
    // A thin inner ring gives the black stones an edge against the dark lines and the white
    // ones a stone-like rim.
    c.piece(
        &Shape::circle(at, PIECE_R),
        ((2.0, 3.5), colours.shadow, 0.3),
        (3.0, pc.outline),
        pc.fill,
        Some((5.0, 1.5, colours.line)),
    );
    fonts.draw_centred(c, Face::Condensed, PIECE_LABEL, text, at, pc.ink);
}

/// The destinations of the first step of every legal turn starting on `from`, read from the
/// notation of `Game::legal_turns` (`d2-d3+,d3-c4-`): the engine exposes turns, not steps.
fn legal_destinations(game: &Game, from: Point) -> Vec<Point> {
    let mut out: Vec<Point> = game
        .legal_turns()
        .iter()
        .filter_map(|turn| {
            let first = turn.split(',').next()?.trim_end_matches(['+', '-']);
            let (a, b) = first.split_once('-')?;
            let (a, b) = (a.parse::<Point>().ok()?, b.parse::<Point>().ok()?);
            (a == from).then_some(b)
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

pub fn draw(
    c: &mut Canvas,
    fonts: &Fonts,
    palette: Palette,
    game: &Game,
    info: &BoardInfo,
) -> Result<(), RenderError> {
    let colours = palette.colours();
    let pos = game.position();
    let occupied = |p: Point| pos.piece_at(p).is_some();
    let status = game.status();

    let selected: Option<Point> = parse_highlight(info)?;
    let destinations = selected
        .map(|s| legal_destinations(game, s))
        .unwrap_or_default();

    let played: Vec<&FanPlayed> = info
        .last_turn
        .iter()
        .filter_map(|p| match p {
            Played::Fanorona(p) => Some(p),
            _ => None,
        })
        .collect();
    let steps: Vec<&(Step, Vec<Point>)> = played.iter().flat_map(|p| p.steps.iter()).collect();
    let last_to = steps.last().map(|(s, _)| s.to);
    // The mover is whoever now stands at the end of the path; the captured pieces were theirs
    // to take, so of the other colour.
    let mover = last_to.and_then(|p| pos.piece_at(p));

    // Under the pieces: rings and the ghosts of captured pieces.
    if let Some(s) = selected {
        c.stroke(
            &Shape::circle(fanorona_pixel(s), LEGAL_RING_R),
            6.0,
            colours.legal,
        );
    }
    for &d in &destinations {
        let at = fanorona_pixel(d);
        empty_point(c, fonts, colours, at, &d.to_string(), true, POINT_R);
        c.stroke(&Shape::circle(at, EMPTY_RING_R), 5.0, colours.legal);
    }
    if let Some((first, _)) = steps.first() {
        let at = fanorona_pixel(first.from);
        let r = if occupied(first.from) {
            RING_R
        } else {
            EMPTY_RING_R
        };
        c.dashed_ring(at, r, 4.0, 10, 0.55, colours.last_turn);
    }
    if let Some(to) = last_to {
        let r = if occupied(to) { RING_R } else { EMPTY_RING_R };
        c.stroke(
            &Shape::circle(fanorona_pixel(to), r),
            5.0,
            colours.last_turn,
        );
    }
    let captured: Vec<Point> = steps
        .iter()
        .flat_map(|(_, caps)| caps.iter().copied())
        .collect();
    for &p in &captured {
        if !occupied(p) {
            let at = fanorona_pixel(p);
            ghost(c, colours, mover, at);
            // The point's label stays readable on top of the cross.
            empty_point(
                c,
                fonts,
                colours,
                at,
                &p.to_string(),
                destinations.contains(&p),
                POINT_R,
            );
        }
    }

    for p in Point::all() {
        if let Some(color) = pos.piece_at(p) {
            draw_piece(c, fonts, colours, color, fanorona_pixel(p), &p.to_string());
        }
    }

    // A captured point that the chain later crossed and now holds a piece: a small cross at
    // its side, so the capture still shows.
    for &p in &captured {
        if occupied(p) {
            let at = fanorona_pixel(p);
            cross(c, colours, (at.0 + 30.0, at.1 - 30.0), 8.0, 5.0);
        }
    }

    let numbered = steps.len() > 1;
    for (i, (step, _)) in steps.iter().enumerate() {
        let a = fanorona_pixel(step.from);
        let b = fanorona_pixel(step.to);
        let gap = |p| {
            if occupied(p) {
                ARROW_END
            } else {
                POINT_R + 2.0
            }
        };
        let (a2, b2) = shorten(a, b, gap(step.from), gap(step.to));
        c.arrow_with_halo(a2, b2, 7.0, 24.0, false, colours.last_turn, colours.halo);
        if numbered {
            step_badge(c, fonts, colours, a, b, 18.0, i + 1);
        }
    }

    let side_names = GameKind::Fanorona.side_names();
    let lang = info.lang;
    let to_move = pos.side_to_move();
    let who = side_word(lang, side_names[side_index(to_move)]);
    let chain = game.chain_in_progress();
    let turn = game.turn();
    let mut status_line = match (chain, last_to) {
        (true, Some(at)) => tr!(
            lang,
            "board-status-fanorona-again",
            turn = turn,
            side = who,
            point = at.to_string()
        ),
        (true, None) => tr!(lang, "board-status-fanorona-chain", turn = turn, side = who),
        (false, _) => tr!(lang, "board-status-fanorona", turn = turn, side = who),
    };
    if game.options().vela.is_some() {
        status_line.push_str(" · ");
        status_line.push_str(&tr!(lang, "board-vela-round"));
    }
    let header = board_header(
        info,
        side_names,
        colours.fanorona,
        status,
        side_index(to_move),
        status_line,
    );
    frame::draw_header(c, fonts, colours, &header);

    let words = [
        tr!(lang, "board-legend-last-turn"),
        tr!(lang, "board-legend-captured"),
    ];
    let mut legend = vec![];
    if !steps.is_empty() {
        legend.push((Icon::Arrow, colours.last_turn, words[0].as_str()));
    }
    if !captured.is_empty() {
        legend.push((Icon::Cross, colours.capture, words[1].as_str()));
    }
    let legal_word;
    if let Some(s) = selected {
        legal_word = tr!(lang, "board-legend-moves-of", point = s.to_string());
        legend.push((Icon::Ring, colours.legal, legal_word.as_str()));
    }
    let note = if let Some(s) = selected {
        let point = s.to_string();
        Some(match destinations.len() {
            0 => tr!(lang, "board-no-legal-move", point = point),
            n => tr!(lang, "board-destinations", point = point, count = n),
        })
    } else if chain {
        Some(tr!(lang, "board-chain-in-progress"))
    } else if !captured.is_empty() {
        Some(tr!(lang, "board-captured", count = captured.len()))
    } else {
        None
    };
    frame::draw_footer(c, fonts, colours, &legend, note.as_deref());
    Ok(())
}

/// Where a captured piece stood: a faint disc of its colour under a cross.
fn ghost(c: &mut Canvas, colours: &Colours, mover: Option<Color>, at: Pt) {
    let victim = match mover {
        Some(Color::White) => Some(Color::Black),
        Some(Color::Black) => Some(Color::White),
        None => None,
    };
    if let Some(v) = victim {
        let pc = colours.fanorona[side_index(v)];
        let disc = Shape::circle(at, PIECE_R);
        c.fill_alpha(&disc, 0.0, pc.fill, 0.35);
        c.dashed_ring(at, PIECE_R, 3.0, 14, 0.5, pc.outline);
    }
    cross(c, colours, at, 27.0, 7.0);
}

fn cross(c: &mut Canvas, colours: &Colours, at: Pt, d: f32, width: f32) {
    for (sx, sy) in [(1.0, 1.0), (1.0, -1.0)] {
        let line = Shape::line(
            (at.0 - d * sx, at.1 - d * sy),
            (at.0 + d * sx, at.1 + d * sy),
            width,
        );
        c.fill(&line, 2.0, colours.halo);
    }
    for (sx, sy) in [(1.0, 1.0), (1.0, -1.0)] {
        let line = Shape::line(
            (at.0 - d * sx, at.1 - d * sy),
            (at.0 + d * sx, at.1 + d * sy),
            width,
        );
        c.fill(&line, 0.0, colours.capture);
    }
}
