//! The tic-tac-toe board: three by three squares, every square labelled, crosses in the first
//! side's colour and noughts in the second's; the last mark is ringed and a winning line struck
//! through.

use crate::engine::tictactoe::{Game, Mark, Point};
use crate::engine::{GameKind, Played, Rules};

use super::frame::{self, Icon};
use super::layout::{HEADER_HEIGHT, WIDTH};
use super::paint::{Canvas, Pt, Shape};
use super::palette::{Colours, Palette};
use super::text::{Face, Fonts};
use super::{BoardInfo, RenderError, board_header, parse_highlight, side_word};
use crate::tr;

/// Height of the board area between header and footer.
pub const BOARD_HEIGHT: u32 = 680;

/// The side of a square.
const SQUARE: f32 = 170.0;
const LABEL: f32 = 22.0;
const EDGE_LABEL: f32 = 32.0;
const MARK: f32 = 44.0;

/// Pixel at the middle of column `col` (a = 0) and row `row` (1 = 0), also off the board.
fn grid(col: f32, row: f32) -> Pt {
    let x0 = WIDTH as f32 / 2.0;
    let y0 = HEADER_HEIGHT as f32 + BOARD_HEIGHT as f32 / 2.0;
    (x0 + SQUARE * (col - 1.0), y0 - SQUARE * (row - 1.0))
}

fn pixel(point: Point) -> Pt {
    grid(point.col() as f32, point.row() as f32)
}

/// Draws what never changes: header band, board, grid, square and edge labels.
pub fn background(fonts: &Fonts, palette: Palette) -> Canvas {
    let colours = palette.colours();
    let (w, h) = super::layout::image_size(GameKind::TicTacToe);
    let mut c = Canvas::new(w, h, colours.background);
    frame::header_band(&mut c, colours);
    let board = Shape::rect(grid(1.0, 1.0), (SQUARE * 1.5, SQUARE * 1.5), 14.0);
    c.fill(&board, 5.0, colours.board_edge);
    c.fill(&board, 0.0, colours.board);
    for k in [0.5, 1.5] {
        let lines = [
            (grid(k, -0.5), grid(k, 2.5)),
            (grid(-0.5, k), grid(2.5, k)),
        ];
        for (a, b) in lines {
            c.fill(&Shape::line(a, b, 5.0), 0.0, colours.line);
        }
    }
    for p in Point::all() {
        let (x, y) = pixel(p);
        // In the corner, clear of the largest mark.
        let corner = (x - SQUARE / 2.0 + 20.0, y + SQUARE / 2.0 - 16.0);
        fonts.draw_centred(
            &mut c,
            Face::Condensed,
            LABEL,
            &p.to_string(),
            corner,
            colours.point_ink,
        );
    }
    for i in 0..3u8 {
        let letter = ((b'a' + i) as char).to_string();
        let number = (i + 1).to_string();
        for (text, at) in [
            (&letter, grid(i as f32, -0.78)),
            (&letter, grid(i as f32, 2.78)),
            (&number, grid(-0.78, i as f32)),
            (&number, grid(2.78, i as f32)),
        ] {
            fonts.draw_centred(&mut c, Face::Bold, EDGE_LABEL, text, at, colours.edge_label);
        }
    }
    c
}

fn draw_mark(c: &mut Canvas, colours: &Colours, mark: Mark, at: Pt) {
    let pc = colours.sides[mark.side().index()];
    match mark {
        Mark::Cross => {
            for (sx, sy) in [(1.0, 1.0), (1.0, -1.0)] {
                let (a, b) = (
                    (at.0 - MARK * sx, at.1 - MARK * sy),
                    (at.0 + MARK * sx, at.1 + MARK * sy),
                );
                c.fill(&Shape::line(a, b, 20.0), 3.0, pc.outline);
                c.fill(&Shape::line(a, b, 20.0), 0.0, pc.fill);
            }
        }
        Mark::Nought => {
            c.stroke(&Shape::circle(at, MARK), 26.0, pc.outline);
            c.stroke(&Shape::circle(at, MARK), 20.0, pc.fill);
        }
    }
}

pub fn draw(
    c: &mut Canvas,
    fonts: &Fonts,
    palette: Palette,
    game: &Game,
    info: &BoardInfo,
) -> Result<(), RenderError> {
    let colours = palette.colours();
    let selected: Option<Point> = parse_highlight(info)?;
    let last = info.last_turn.iter().rev().find_map(|p| match p {
        Played::TicTacToe(p) => Some(p.point),
        _ => None,
    });
    if let Some(s) = selected {
        let ring = Shape::rect(pixel(s), (SQUARE / 2.0 - 10.0, SQUARE / 2.0 - 10.0), 10.0);
        c.stroke(&ring, 6.0, colours.legal);
    }
    if let Some(p) = last {
        c.dashed_ring(pixel(p), MARK + 26.0, 5.0, 12, 0.55, colours.last_turn);
    }
    for p in Point::all() {
        if let Some(mark) = game.mark_at(p) {
            draw_mark(c, colours, mark, pixel(p));
        }
    }
    if let Some([a, _, b]) = game.winning_line() {
        let (a, b) = (pixel(a), pixel(b));
        let (dx, dy) = ((b.0 - a.0) / 4.0, (b.1 - a.1) / 4.0);
        let line = Shape::line((a.0 - dx, a.1 - dy), (b.0 + dx, b.1 + dy), 12.0);
        c.fill(&line, 3.0, colours.halo);
        c.fill(&line, 0.0, colours.last_turn);
    }

    let side_names = GameKind::TicTacToe.side_names();
    let lang = info.lang;
    let to_move = game.side_to_move().index();
    let status = tr!(
        lang,
        "board-status-tictactoe",
        turn = game.turn_number(),
        side = side_word(lang, side_names[to_move])
    );
    let header = board_header(
        info,
        side_names,
        colours.sides,
        game.game_status(),
        to_move,
        status,
    );
    frame::draw_header(c, fonts, colours, &header);
    let last_word = tr!(lang, "board-legend-last-turn");
    let legend: Vec<(Icon, _, &str)> = last
        .map(|_| (Icon::Arrow, colours.last_turn, last_word.as_str()))
        .into_iter()
        .collect();
    frame::draw_footer(c, fonts, colours, &legend, None);
    Ok(())
}
