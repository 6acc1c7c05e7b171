//! The bands above and below the board, the same for both games: who plays which colour, whose
//! turn it is, the banner of a finished game; the legend and notes.

use image::Rgb;

use super::layout::{FOOTER_HEIGHT, HEADER_HEIGHT, WIDTH};
use super::paint::{Canvas, Shape};
use super::palette::{Colours, PieceColours};
use super::text::{Align, Face, Fonts};
use crate::i18n::Lang;

const NAME_SIZE: f32 = 34.0;
const STATUS_SIZE: f32 = 31.0;
/// The smallest the status line is set to fit before it is cut.
const MIN_STATUS_SIZE: f32 = 23.0;
const BANNER_SIZE: f32 = 34.0;
const LEGEND_SIZE: f32 = 25.0;
const NOTE_SIZE: f32 = 25.0;

/// The first row of the header ends here; the status line or banner fills the rest.
const NAME_ROW: f32 = 74.0;

/// What the header says.
pub struct Header<'a> {
    /// The players' names, first mover first (may be empty).
    pub names: [&'a str; 2],
    /// The colours' names, capitalised ("Red", "Green").
    pub colour_names: [String; 2],
    /// The language of the words.
    pub lang: Lang,
    pub swatches: [PieceColours; 2],
    /// Index of the side to move, underlined; `None` once the game is over.
    pub to_move: Option<usize>,
    /// The status line: turn, side to move, moves left.
    pub status: String,
    /// Replaces the status line when the game is over.
    pub banner: Option<String>,
    /// Follows the status line (the clock, the game's origin).
    pub note: Option<&'a str>,
}

/// The name shown for a player: their name and colour, or the colour alone when unnamed.
pub fn player_label(lang: Lang, name: &str, colour: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        colour.to_string()
    } else {
        crate::tr!(lang, "board-player", name = name, colour = colour)
    }
}

/// Paints the static part of the header band (kept in the cached background).
pub fn header_band(canvas: &mut Canvas, colours: &Colours) {
    canvas.fill_rect(0, 0, WIDTH, HEADER_HEIGHT, colours.header);
}

pub fn draw_header(canvas: &mut Canvas, fonts: &Fonts, colours: &Colours, header: &Header) {
    let half = WIDTH as f32 / 2.0;
    let swatch_r = 17.0;
    let baseline = 50.0;
    let max_name = half - 2.0 * swatch_r - 50.0;
    for side in 0..2 {
        let label = player_label(header.lang, header.names[side], &header.colour_names[side]);
        let label = fonts.fit(Face::Bold, NAME_SIZE, &label, max_name);
        let width = fonts.width(Face::Bold, NAME_SIZE, &label);
        let (swatch_x, text_x, align, text_left) = if side == 0 {
            let sx = 22.0 + swatch_r;
            let tx = sx + swatch_r + 12.0;
            (sx, tx, Align::Left, tx)
        } else {
            let sx = WIDTH as f32 - 22.0 - swatch_r;
            let tx = sx - swatch_r - 12.0;
            (sx, tx, Align::Right, tx - width)
        };
        let swatch = Shape::circle((swatch_x, baseline - 12.0), swatch_r);
        canvas.fill(&swatch, 2.5, header.swatches[side].outline);
        canvas.fill(&swatch, 0.0, header.swatches[side].fill);
        canvas.stroke(&swatch, 1.5, colours.header_ink);
        fonts.draw(
            canvas,
            Face::Bold,
            NAME_SIZE,
            &label,
            (text_x, baseline),
            align,
            colours.header_ink,
        );
        if header.to_move == Some(side) {
            // Underline the player to move from their swatch to the end of their name.
            let (x0, x1) = if side == 0 {
                (swatch_x - swatch_r, text_left + width)
            } else {
                (text_left, swatch_x + swatch_r)
            };
            let bar = Shape::rect(
                ((x0 + x1) / 2.0, baseline + 12.0),
                ((x1 - x0) / 2.0, 3.0),
                3.0,
            );
            canvas.fill(&bar, 0.0, colours.banner);
        }
    }
    fonts.draw(
        canvas,
        Face::Bold,
        24.0,
        &crate::tr!(header.lang, "board-versus"),
        (half, baseline - 2.0),
        Align::Centre,
        colours.header_dim,
    );

    let row_mid = (NAME_ROW + HEADER_HEIGHT as f32) / 2.0;
    match &header.banner {
        Some(text) => {
            canvas.fill_rect(
                0,
                NAME_ROW as u32,
                WIDTH,
                HEADER_HEIGHT - NAME_ROW as u32,
                colours.banner,
            );
            let text = fonts.fit(Face::Bold, BANNER_SIZE, text, WIDTH as f32 - 40.0);
            fonts.draw_centred(
                canvas,
                Face::Bold,
                BANNER_SIZE,
                &text,
                (half, row_mid),
                colours.banner_ink,
            );
        }
        None => {
            let max = WIDTH as f32 - 40.0;
            // A note is cleaned as names are: a character the font lacks is left out, never
            // drawn as a stand-in.
            let note = header.note.map(|n| fonts.printable(Face::Bold, n));
            let status = match note.filter(|n| !n.is_empty()) {
                Some(note) => format!("{} · {note}", header.status),
                None => header.status.clone(),
            };
            // A long line is set smaller before anything is cut.
            let natural = fonts.width(Face::Bold, STATUS_SIZE, &status);
            let size = if natural > max {
                (STATUS_SIZE * max / natural).max(MIN_STATUS_SIZE)
            } else {
                STATUS_SIZE
            };
            let text = fonts.fit(Face::Bold, size, &status, max);
            fonts.draw_centred(
                canvas,
                Face::Bold,
                size,
                &text,
                (half, row_mid),
                colours.header_ink,
            );
        }
    }
}

/// A symbol in the legend.
#[derive(Clone, Copy, Debug)]
pub enum Icon {
    Diamond,
    Square,
    Bullseye,
    Arrow,
    /// An arrow with a move's number: the order of the last turn's moves.
    NumberedArrow,
    /// An arrow with a head at both ends: an exchange.
    DoubleArrow,
    Cross,
    Ring,
}

/// Draws the legend (one line of icons and words) and up to one note line in the footer.
pub fn draw_footer(
    canvas: &mut Canvas,
    fonts: &Fonts,
    colours: &Colours,
    legend: &[(Icon, Rgb<u8>, &str)],
    note: Option<&str>,
) {
    let top = canvas.height() as f32 - FOOTER_HEIGHT as f32;
    let icon_w = 34.0;
    // A long legend (the last turn's marks, a chosen piece, long French words) draws its
    // items closer, then its words smaller, so that it fits the picture's width.
    let room = WIDTH as f32 - 24.0;
    let total_at = |size: f32, gap: f32| {
        legend
            .iter()
            .map(|(_, _, w)| icon_w + 8.0 + fonts.width(Face::Bold, size, w))
            .sum::<f32>()
            + gap * legend.len().saturating_sub(1) as f32
    };
    let gap = if total_at(LEGEND_SIZE, 30.0) <= room {
        30.0
    } else {
        18.0
    };
    let mut size = LEGEND_SIZE;
    while total_at(size, gap) > room && size > 16.0 {
        size -= 1.0;
    }
    let item_width = |word: &str| icon_w + 8.0 + fonts.width(Face::Bold, size, word);
    let total = total_at(size, gap);
    let mut x = (WIDTH as f32 - total) / 2.0;
    let y = top + 30.0;
    for (icon, colour, word) in legend {
        let c = (x + icon_w / 2.0, y);
        draw_icon(canvas, fonts, colours, *icon, *colour, c);
        fonts.draw(
            canvas,
            Face::Bold,
            size,
            word,
            (
                x + icon_w + 8.0,
                y + fonts.cap_height(Face::Bold, size) / 2.0,
            ),
            Align::Left,
            colours.footer_ink,
        );
        x += item_width(word) + gap;
    }
    if let Some(note) = note {
        let note = fonts.fit(Face::Bold, NOTE_SIZE, note, WIDTH as f32 - 40.0);
        fonts.draw_centred(
            canvas,
            Face::Bold,
            NOTE_SIZE,
            &note,
            (WIDTH as f32 / 2.0, top + 70.0),
            colours.footer_ink,
        );
    }
}

fn draw_icon(
    canvas: &mut Canvas,
    fonts: &Fonts,
    colours: &Colours,
    icon: Icon,
    colour: Rgb<u8>,
    c: (f32, f32),
) {
    let ink = colours.footer_ink;
    match icon {
        Icon::Diamond => {
            let s = Shape::diamond(c, 16.0, 2.0);
            canvas.fill(&s, 2.0, ink);
            canvas.fill(&s, 0.0, colour);
        }
        Icon::Square => {
            let s = Shape::square(c, 12.0, 3.0);
            canvas.fill(&s, 2.0, ink);
            canvas.fill(&s, 0.0, colour);
        }
        Icon::Bullseye => {
            let s = Shape::circle(c, 14.0);
            canvas.fill(&s, 2.0, ink);
            canvas.fill(&s, 0.0, colour);
            canvas.stroke(&Shape::circle(c, 9.5), 2.5, ink);
        }
        Icon::Arrow | Icon::NumberedArrow => {
            canvas.arrow(
                (c.0 - 16.0, c.1),
                (c.0 + 17.0, c.1),
                5.0,
                14.0,
                false,
                colour,
            );
            if matches!(icon, Icon::NumberedArrow) {
                super::marks::number_badge(canvas, fonts, colours, (c.0 - 6.0, c.1), 1);
            }
        }
        Icon::DoubleArrow => {
            canvas.arrow(
                (c.0 - 17.0, c.1),
                (c.0 + 17.0, c.1),
                5.0,
                12.0,
                true,
                colour,
            );
        }
        Icon::Cross => {
            let d = 10.0;
            canvas.fill(
                &Shape::line((c.0 - d, c.1 - d), (c.0 + d, c.1 + d), 5.0),
                0.0,
                colour,
            );
            canvas.fill(
                &Shape::line((c.0 - d, c.1 + d), (c.0 + d, c.1 - d), 5.0),
                0.0,
                colour,
            );
        }
        Icon::Ring => {
            canvas.stroke(&Shape::circle(c, 12.0), 5.0, colour);
        }
    }
}
