//! A tournament's standings as a picture: a title, a header row and one line per player (rank,
//! name, points, two tiebreaks, games played and left), drawn with the board's own canvas,
//! fonts and PNG encoder. Every word comes from the caller (the wording module); this only
//! lays them out. 1000 px wide, 22 px text, so a phone shows it at about 9 px.

use image::Rgb;

use super::RenderError;
use super::paint::{Canvas, Colour};
use super::text::{Align, Face, fonts};

/// One line of the table, already in words and numbers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StandingsLine {
    pub rank: String,
    pub name: String,
    pub points: String,
    pub tiebreaks: [String; 2],
    pub games: String,
    /// Drawn dimmed (a withdrawn player).
    pub dim: bool,
}

pub const STANDINGS_WIDTH: u32 = 1000;
pub(super) const TOP: u32 = 96;
pub(super) const ROW: u32 = 34;
pub(super) const BOTTOM: u32 = 20;
pub(super) const SIZE: f32 = 22.0;

pub(super) const BACKGROUND: Colour = Rgb([250, 248, 243]);
pub(super) const STRIPE: Colour = Rgb([238, 235, 226]);
pub(super) const RULE: Colour = Rgb([190, 186, 176]);
pub(super) const INK: Colour = Rgb([40, 40, 48]);
pub(super) const DIM: Colour = Rgb([130, 130, 140]);

/// Where each column is drawn: its x and alignment (rank, name, points, two tiebreaks, games).
const COLUMNS: [(f32, Align); 6] = [
    (56.0, Align::Right),
    (76.0, Align::Left),
    (520.0, Align::Right),
    (650.0, Align::Right),
    (780.0, Align::Right),
    (975.0, Align::Right),
];

/// The height of a table of `lines` players.
pub fn standings_height(lines: usize) -> u32 {
    TOP + ROW * (lines as u32 + 1) + BOTTOM
}

/// Draws the table under `title`, with `header` naming the six columns, and encodes it as PNG.
pub fn standings_png(
    title: &str,
    header: &[String; 6],
    lines: &[StandingsLine],
) -> Result<Vec<u8>, RenderError> {
    let fonts = fonts()?;
    let height = standings_height(lines.len());
    let mut canvas = Canvas::new(STANDINGS_WIDTH, height, BACKGROUND);
    let title = fonts.fit(
        Face::Bold,
        30.0,
        &fonts.printable(Face::Bold, title),
        STANDINGS_WIDTH as f32 - 48.0,
    );
    fonts.draw(
        &mut canvas,
        Face::Bold,
        30.0,
        &title,
        (24.0, 52.0),
        Align::Left,
        INK,
    );
    let baseline = |row: u32| (TOP + ROW * row + ROW - 10) as f32;
    for (text, &(x, align)) in header.iter().zip(&COLUMNS) {
        let text = fonts.printable(Face::Bold, text);
        fonts.draw(
            &mut canvas,
            Face::Bold,
            SIZE,
            &text,
            (x, baseline(0)),
            align,
            DIM,
        );
    }
    canvas.fill_rect(24, TOP + ROW - 2, STANDINGS_WIDTH - 48, 2, RULE);
    // The name column runs up to the points column, less a gap.
    let name_room = COLUMNS[2].0 - COLUMNS[1].0 - 120.0;
    for (i, line) in lines.iter().enumerate() {
        let row = i as u32 + 1;
        if i % 2 == 1 {
            canvas.fill_rect(24, TOP + ROW * row, STANDINGS_WIDTH - 48, ROW, STRIPE);
        }
        let colour = if line.dim { DIM } else { INK };
        let name = fonts.fit(
            Face::Bold,
            SIZE,
            &fonts.printable(Face::Bold, &line.name),
            name_room,
        );
        let cells = [
            &line.rank,
            &name,
            &line.points,
            &line.tiebreaks[0],
            &line.tiebreaks[1],
            &line.games,
        ];
        for (text, &(x, align)) in cells.into_iter().zip(&COLUMNS) {
            fonts.draw(
                &mut canvas,
                Face::Bold,
                SIZE,
                text,
                (x, baseline(row)),
                align,
                colour,
            );
        }
    }
    super::with_scratch(|scratch| super::encode_png(&canvas, &mut scratch.encoder))
}
