//! The Fibonacci board: a hexagon of 91 points on a triangular lattice, every point labelled.
//!
//! Pieces differ by shape (centre: disc with an inner ring; strike: diamond; support: square) and
//! the two sides by lightness as well as hue (dark red against light green), with the label drawn
//! in the piece's contrasting ink. The last turn's unit moves are blue arrows that bow beside the
//! points they pass, numbered when there are several, with a head at both ends for an exchange
//! ([`turn_marks`] lays them out); the legal destinations of a chosen piece are rings in the
//! legal colour (a dashed ring marks an exchange).

use crate::engine::fibonacci::{Cell, Color, Game, Kind, Piece, Played as FibPlayed, Variant};
use crate::engine::{GameKind, Played, Status, WinReason};

use super::frame::{self, Icon};
use super::layout::{self, FIBONACCI_SPACING, fibonacci_lattice, fibonacci_row_numbers};
use super::marks::{self, empty_point, numbers_badge};
use super::turn_marks;
use super::paint::{Canvas, Pt, Shape};
use super::palette::{Colours, Palette};
use super::text::{Face, Fonts};
use super::{BoardInfo, RenderError, board_header, parse_highlight, side_word};
use crate::i18n::Lang;
use crate::tr;

const POINT_R: f32 = 26.0;
const PIECE_LABEL: f32 = 27.0;
const EDGE_LABEL: f32 = 30.0;
const CENTRE_R: f32 = 35.0;
const STRIKE_R: f32 = 39.0;
const SUPPORT_HALF: f32 = 29.5;
/// Rings of the legal destinations, around a piece or around an empty point.
const LEGAL_RING_R: f32 = 46.0;
const EMPTY_RING_R: f32 = POINT_R + 5.0;
/// Arrows stop this far from a point's middle, short of its label.
const ARROW_END: f32 = 24.0;

/// Text of point (row, number): `a1` … `k11`.
fn label(row: u8, number: u8) -> String {
    format!("{}{}", (b'a' + row) as char, number)
}

fn cell_label(cell: Cell) -> String {
    label(cell.row(), cell.number())
}

/// Height of the board area between header and footer.
pub const BOARD_HEIGHT: u32 = layout::FIBONACCI_BOARD_HEIGHT;

/// Draws what never changes: header band, board, lines, empty points with their labels, edge
/// letters and numbers.
pub fn background(fonts: &Fonts, palette: Palette) -> Canvas {
    let colours = palette.colours();
    let (w, h) = layout::image_size(GameKind::Fibonacci);
    let mut c = Canvas::new(w, h, colours.background);
    frame::header_band(&mut c, colours);

    // The hexagon through the six corner points, pushed out to hold the pieces.
    let centre = fibonacci_lattice(5.0, 6.0);
    let grow = 1.0 + 0.58 * FIBONACCI_SPACING / 0.866 / (5.0 * FIBONACCI_SPACING);
    let corners = [
        (0.0, 1.0),
        (0.0, 6.0),
        (5.0, 11.0),
        (10.0, 11.0),
        (10.0, 6.0),
        (5.0, 1.0),
    ]
    .map(|(r, n)| {
        let p = fibonacci_lattice(r, n);
        (
            centre.0 + (p.0 - centre.0) * grow,
            centre.1 + (p.1 - centre.1) * grow,
        )
    });
    let board = Shape::Hexagon(corners);
    c.fill(&board, 5.0, colours.board_edge);
    c.fill(&board, 0.0, colours.board);

    // Lattice lines: each point to its neighbours up and to the right.
    for row in 0..11u8 {
        for n in fibonacci_row_numbers(row) {
            let p = fibonacci_lattice(row as f32, n as f32);
            for (dr, dn) in [(0u8, 1u8), (1, 0), (1, 1)] {
                let (r2, n2) = (row + dr, n + dn);
                if r2 <= 10 && fibonacci_row_numbers(r2).contains(&n2) {
                    let q = fibonacci_lattice(r2 as f32, n2 as f32);
                    c.fill(&Shape::line(p, q, 3.0), 0.0, colours.line);
                }
            }
        }
    }
    for row in 0..11u8 {
        for n in fibonacci_row_numbers(row) {
            empty_point(
                &mut c,
                fonts,
                colours,
                fibonacci_lattice(row as f32, n as f32),
                &label(row, n),
                false,
                POINT_R,
            );
        }
    }

    // Letters at the left end of every row and the right end of the upper rows; numbers at the
    // lower end of each line of equal number (bottom and lower-right edges) and the upper end of
    // lines 6–11 (top edge). Those lines run up and to the left, as the neighbour (i+1, n) does.
    // Each edge carries one kind of label, so letters and numbers never crowd one corner.
    for row in 0..11u8 {
        let numbers = fibonacci_row_numbers(row);
        let letter = ((b'a' + row) as char).to_string();
        let mut ends = vec![*numbers.start() as f32 - 0.9];
        if row >= 5 {
            ends.push(*numbers.end() as f32 + 0.9);
        }
        for x in ends {
            let p = fibonacci_lattice(row as f32, x);
            fonts.draw_centred(
                &mut c,
                Face::Bold,
                EDGE_LABEL,
                &letter,
                p,
                colours.edge_label,
            );
        }
    }
    for n in 1..=11u8 {
        let mut ends = vec![n.saturating_sub(6) as f32 - 0.85];
        if n >= 6 {
            ends.push(10.85);
        }
        for r in ends {
            let p = fibonacci_lattice(r, n as f32);
            fonts.draw_centred(
                &mut c,
                Face::Bold,
                EDGE_LABEL,
                &n.to_string(),
                p,
                colours.edge_label,
            );
        }
    }
    c
}

fn piece_shape(kind: Kind, at: Pt) -> Shape {
    match kind {
        Kind::Centre => Shape::circle(at, CENTRE_R),
        Kind::Strike => Shape::diamond(at, STRIKE_R, 4.0),
        Kind::Support => Shape::square(at, SUPPORT_HALF, 6.0),
    }
}

fn side_index(color: Color) -> usize {
    color.side().index()
}

fn draw_piece(c: &mut Canvas, fonts: &Fonts, colours: &Colours, piece: Piece, at: Pt, text: &str) {
    let pc = colours.sides[side_index(piece.color)];
    // The centre's inner ring makes it a bullseye, told apart from the others without colour.
    let ring = (piece.kind == Kind::Centre).then_some((7.0, 3.0, pc.ink));
    c.piece(
        &piece_shape(piece.kind, at),
        ((2.0, 3.5), colours.shadow, 0.28),
        (3.0, pc.outline),
        pc.fill,
        ring,
    );
    fonts.draw_centred(c, Face::Condensed, PIECE_LABEL, text, at, pc.ink);
}

/// Where the last turn's marks go on `game`'s board (see [`turn_marks`]).
fn turn_marks(fonts: &Fonts, game: &Game, marks: &[UnitMark]) -> turn_marks::Marks {
    if marks.is_empty() {
        return turn_marks::Marks::default();
    }
    let labels = label_boxes(fonts, game);
    let deciding = deciding_pieces(game);
    let gap = |cell: Cell| {
        let at = layout::fibonacci_pixel(cell);
        if let Some((_, r)) = deciding.iter().find(|(c, _)| *c == at) {
            // Outside the piece that decides the game, even when it moved there.
            r + turn_marks::SHAFT_HALF + 1.0
        } else {
            ARROW_END
        }
    };
    let moves: Vec<turn_marks::Move> = marks
        .iter()
        .map(|m| turn_marks::Move {
            from: layout::fibonacci_pixel(m.from),
            to: layout::fibonacci_pixel(m.to),
            exchange: m.exchange,
            gaps: (gap(m.from), gap(m.to)),
        })
        .collect();
    turn_marks::lay_out(
        &moves,
        turn_marks::Lattice {
            spacing: FIBONACCI_SPACING,
            lane: layout::ROW_HEIGHT,
        },
        turn_marks::Keep {
            labels: &labels,
            pieces: &deciding,
        },
        &|text| fonts.width(Face::Bold, marks::BADGE_TEXT, text),
    )
}

/// Every point's label on `game`'s board as drawn, as boxes (middle, half size): the label's
/// capitals, and under the first letter its descender (`g`, `j`).
pub(super) fn label_boxes(fonts: &Fonts, game: &Game) -> Vec<(Pt, Pt)> {
    let pos = game.position();
    let mut boxes = Vec::with_capacity(100);
    for cell in Cell::all() {
        let size = if pos.piece_at(cell).is_some() {
            PIECE_LABEL
        } else {
            marks::POINT_LABEL
        };
        let text = cell_label(cell);
        let at = layout::fibonacci_pixel(cell);
        let (width, cap) = (
            fonts.width(Face::Condensed, size, &text),
            fonts.cap_height(Face::Condensed, size),
        );
        // A pixel more each way for the letters' anti-aliased edges.
        boxes.push((at, (width / 2.0 + 1.0, cap / 2.0 + 1.0)));
        if text.starts_with(['g', 'j']) {
            let letter = fonts.width(Face::Condensed, size, &text[..1]);
            let depth = size * 0.22;
            boxes.push((
                (at.0 - width / 2.0 + letter / 2.0, at.1 + cap / 2.0 + depth / 2.0),
                (letter / 2.0 + 1.0, depth / 2.0 + 1.0),
            ));
        }
    }
    boxes
}

/// The pieces that decide the game, which no mark may cover: a surrounded centre.
pub(super) fn deciding_pieces(game: &Game) -> Vec<(Pt, f32)> {
    let pos = game.position();
    match game.status() {
        Status::Won(_, WinReason::Surrounded) => Cell::all()
            .filter(|&cell| {
                pos.piece_at(cell).is_some_and(|p| {
                    p.kind == Kind::Centre && pos.is_surrounded(p.color)
                })
            })
            .map(|cell| (layout::fibonacci_pixel(cell), CENTRE_R + 3.0))
            .collect(),
        _ => Vec::new(),
    }
}

/// The unit moves among `played` (a skipped turn has none).
fn unit_marks<'a>(played: impl IntoIterator<Item = &'a FibPlayed>) -> Vec<UnitMark> {
    played
        .into_iter()
        .filter_map(|p| {
            p.unit.map(|u| UnitMark {
                from: u.from,
                to: u.to,
                exchange: p.exchanged.is_some(),
            })
        })
        .collect()
}

/// One unit move of the last turn.
struct UnitMark {
    from: Cell,
    to: Cell,
    exchange: bool,
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
    let occupied = |cell: Cell| pos.piece_at(cell).is_some();
    let status = game.status();

    let selected: Option<Cell> = parse_highlight(info)?;
    let destinations = selected
        .map(|s| game.legal_destinations(s))
        .unwrap_or_default();

    let fib_played: Vec<&FibPlayed> = info
        .last_turn
        .iter()
        .filter_map(|p| match p {
            Played::Fibonacci(p) => Some(p),
            _ => None,
        })
        .collect();
    let marks = unit_marks(fib_played.iter().copied());

    // Under the pieces: the rings.
    if let Some(s) = selected {
        c.stroke(
            &Shape::circle(layout::fibonacci_pixel(s), LEGAL_RING_R),
            6.0,
            colours.legal,
        );
    }
    for &d in &destinations {
        let at = layout::fibonacci_pixel(d);
        if occupied(d) {
            c.dashed_ring(at, LEGAL_RING_R, 5.0, 12, 0.6, colours.legal);
        } else {
            empty_point(c, fonts, colours, at, &cell_label(d), true, POINT_R);
            c.stroke(&Shape::circle(at, EMPTY_RING_R), 5.0, colours.legal);
        }
    }

    for cell in Cell::all() {
        if let Some(piece) = pos.piece_at(cell) {
            draw_piece(
                c,
                fonts,
                colours,
                piece,
                layout::fibonacci_pixel(cell),
                &cell_label(cell),
            );
        }
    }

    // Over the pieces: the arrows of the last turn, numbered when there are several, laid out
    // clear of every label and of the piece that decides the game.
    let laid = turn_marks(fonts, game, &marks);
    for arrow in &laid.arrows {
        c.arrow_along(
            &arrow.path,
            6.0,
            turn_marks::HEAD,
            arrow.both,
            colours.last_turn,
            colours.halo,
        );
    }
    for badge in &laid.badges {
        numbers_badge(c, fonts, colours, badge.at, badge.half_len, &badge.text());
    }

    let side_names = GameKind::Fibonacci.side_names();
    let mover = game.position().side_to_move();
    let lang = info.lang;
    let status_line = {
        let who = side_word(lang, side_names[side_index(mover)]);
        let (turn, left) = (pos.turn(), pos.moves_left());
        match (game.options().variant, game.card()) {
            (Variant::Cards, Some(card)) => tr!(
                lang,
                "board-status-fibonacci-card",
                turn = turn,
                side = who,
                card = card.to_string(),
                left = left
            ),
            _ => tr!(
                lang,
                "board-status-fibonacci",
                turn = turn,
                side = who,
                left = left
            ),
        }
    };
    let header = board_header(
        info,
        side_names,
        colours.sides,
        status,
        side_index(mover),
        status_line,
    );
    frame::draw_header(c, fonts, colours, &header);

    let neutral = colours.point;
    // The last turn's arrows, and what their numbers and double heads say when there are any.
    let numbered = marks.len() > 1;
    let words = [
        tr!(lang, "board-legend-centre"),
        tr!(lang, "board-legend-strike"),
        tr!(lang, "board-legend-support"),
        if numbered {
            tr!(lang, "board-legend-last-turn-order")
        } else {
            tr!(lang, "board-legend-last-turn")
        },
        tr!(lang, "board-legend-exchange"),
    ];
    let mut legend = vec![
        (Icon::Bullseye, neutral, words[0].as_str()),
        (Icon::Diamond, neutral, words[1].as_str()),
        (Icon::Square, neutral, words[2].as_str()),
    ];
    if !marks.is_empty() {
        let icon = if numbered {
            Icon::NumberedArrow
        } else {
            Icon::Arrow
        };
        legend.push((icon, colours.last_turn, words[3].as_str()));
    }
    if marks.iter().any(|m| m.exchange) {
        legend.push((Icon::DoubleArrow, colours.last_turn, words[4].as_str()));
    }
    let legal_word;
    if let Some(s) = selected {
        legal_word = tr!(lang, "board-legend-moves-of", point = cell_label(s));
        legend.push((Icon::Ring, colours.legal, legal_word.as_str()));
    }
    let note = footer_note(lang, &fib_played, selected, &destinations, occupied);
    frame::draw_footer(c, fonts, colours, &legend, note.as_deref());
    Ok(())
}

fn footer_note(
    lang: Lang,
    played: &[&FibPlayed],
    selected: Option<Cell>,
    destinations: &[Cell],
    occupied: impl Fn(Cell) -> bool,
) -> Option<String> {
    if let Some(s) = selected {
        let exchanges = destinations.iter().filter(|&&d| occupied(d)).count();
        let point = cell_label(s);
        return Some(match destinations.len() {
            0 => tr!(lang, "board-no-legal-move", point = point),
            n if exchanges > 0 => tr!(
                lang,
                "board-destinations-exchange",
                point = point,
                count = n
            ),
            n => tr!(lang, "board-destinations", point = point, count = n),
        });
    }
    let skipped: Vec<String> = played
        .iter()
        .flat_map(|p| p.skipped.iter())
        .map(|(turn, color)| {
            let side = side_word(lang, GameKind::Fibonacci.side_names()[side_index(*color)]);
            tr!(lang, "board-turn-skipped", side = side, turn = *turn)
        })
        .collect();
    (!skipped.is_empty()).then(|| skipped.join(" · "))
}

#[cfg(test)]
mod marks_tests;
