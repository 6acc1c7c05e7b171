//! A round-robin's cross table as a picture: one row per player in standings order, one column
//! per opponent (numbered by rank), the row player's results in the cells, and the points at
//! the end. Drawn with the standings' canvas, fonts and PNG encoder; every word and symbol
//! comes from the caller. 22 px text; the picture is as wide as the players need.

use image::Rgb;

use super::RenderError;
// The standings' sizes and colours: the two tables of an event look alike.
use super::paint::{Canvas, Colour};
use super::standings::{BACKGROUND, BOTTOM, DIM, INK, ROW, RULE, SIZE, STRIPE, TOP};
use super::text::{Align, Face, fonts};

/// One row of the table, already in words.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CrossRow {
    pub name: String,
    /// One cell per player of the table, this row's own cell included (drawn shaded).
    pub cells: Vec<String>,
    pub points: String,
    /// Drawn dimmed (a withdrawn player).
    pub dim: bool,
}

const MARGIN: u32 = 24;
const RANK: u32 = 44;
const NAME: u32 = 230;
const POINTS: u32 = 90;
const MIN_CELL: u32 = 44;
const MIN_WIDTH: u32 = 600;
const OWN: Colour = Rgb([205, 201, 190]);

/// Draws the table under `title` (`points` heads the last column) and encodes it as PNG.
pub fn cross_table_png(
    title: &str,
    points: &str,
    rows: &[CrossRow],
) -> Result<Vec<u8>, RenderError> {
    let fonts = fonts()?;
    let n = rows.len() as u32;
    let widest = rows
        .iter()
        .flat_map(|r| &r.cells)
        .map(|c| fonts.width(Face::Bold, SIZE, c).ceil() as u32)
        .max()
        .unwrap_or(0);
    let cell = (widest + 16).max(MIN_CELL);
    let grid_left = MARGIN + RANK + NAME;
    let width = (grid_left + cell * n + POINTS + MARGIN).max(MIN_WIDTH);
    let height = TOP + ROW * (n + 1) + BOTTOM;
    let mut canvas = Canvas::new(width, height, BACKGROUND);
    let title = fonts.fit(
        Face::Bold,
        30.0,
        &fonts.printable(Face::Bold, title),
        (width - 2 * MARGIN) as f32,
    );
    fonts.draw(
        &mut canvas,
        Face::Bold,
        30.0,
        &title,
        (MARGIN as f32, 52.0),
        Align::Left,
        INK,
    );
    let baseline = |row: u32| (TOP + ROW * row + ROW - 10) as f32;
    let centre = |column: u32| (grid_left + cell * column + cell / 2) as f32;
    let points_x = (grid_left + cell * n + POINTS - 8) as f32;
    let text = |canvas: &mut Canvas, s: &str, x: f32, row: u32, align, colour| {
        fonts.draw(
            canvas,
            Face::Bold,
            SIZE,
            s,
            (x, baseline(row)),
            align,
            colour,
        );
    };
    for j in 0..n {
        text(
            &mut canvas,
            &(j + 1).to_string(),
            centre(j),
            0,
            Align::Centre,
            DIM,
        );
    }
    let points = fonts.printable(Face::Bold, points);
    text(&mut canvas, &points, points_x, 0, Align::Right, DIM);
    canvas.fill_rect(MARGIN, TOP + ROW - 2, width - 2 * MARGIN, 2, RULE);
    for (i, line) in rows.iter().enumerate() {
        let row = i as u32 + 1;
        let y = TOP + ROW * row;
        if i % 2 == 1 {
            canvas.fill_rect(MARGIN, y, width - 2 * MARGIN, ROW, STRIPE);
        }
        // The player's own cell, against themselves.
        canvas.fill_rect(grid_left + cell * (row - 1), y, cell, ROW, OWN);
        let colour = if line.dim { DIM } else { INK };
        let name = fonts.fit(
            Face::Bold,
            SIZE,
            &fonts.printable(Face::Bold, &line.name),
            (NAME - 12) as f32,
        );
        text(
            &mut canvas,
            &row.to_string(),
            (MARGIN + RANK - 12) as f32,
            row,
            Align::Right,
            colour,
        );
        text(
            &mut canvas,
            &name,
            (MARGIN + RANK) as f32,
            row,
            Align::Left,
            colour,
        );
        for (j, c) in line.cells.iter().enumerate().take(n as usize) {
            text(&mut canvas, c, centre(j as u32), row, Align::Centre, colour);
        }
        text(
            &mut canvas,
            &line.points,
            points_x,
            row,
            Align::Right,
            colour,
        );
    }
    // Rules between the columns of results.
    for j in 0..=n {
        canvas.fill_rect(grid_left + cell * j, TOP, 1, ROW * (n + 1), RULE);
    }
    super::with_scratch(|scratch| super::encode_png(&canvas, &mut scratch.encoder))
}
