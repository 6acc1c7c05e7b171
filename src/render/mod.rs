//! The board renderer: (position, what to highlight, options) → PNG bytes. Pure: knows the
//! engine, nothing else.
//!
//! CONTRACT (used by the CLI and the Discord layer): [`render_png`], [`BoardInfo`],
//! [`RenderError`]. More public items may be added.
//!
//! The pictures are 1000 px wide and drawn to be read at about 400 px on a phone: every point
//! carries its coordinate, pieces differ by shape and by lightness as well as by hue, and the
//! header says who plays which colour and whose turn it is. The parts that never change (board,
//! lines, empty points, edge labels) are drawn once per game and palette and copied for each
//! picture, which keeps a render well under its time budget.

use std::sync::OnceLock;

use image::RgbImage;

use crate::engine::{Game, GameKind, Played, Status};

mod chart;
mod cross_table;
#[doc(hidden)]
pub mod deflate;
mod frame;
pub mod layout;
mod lzw;
mod marks;
mod paint;
mod palette;
mod replay;
mod standings;
mod text;
mod turn_marks;
#[cfg(test)]
mod words_drawn;

pub use chart::{CHART_HEIGHT, CHART_WIDTH, ChartSeries, rating_chart};
pub use cross_table::{CrossRow, cross_table_png};
pub use layout::{
    fanorona_pixel, fanorona_point_at, fibonacci_cell_at, fibonacci_pixel, image_size,
};
pub use palette::{Colours, Palette, PieceColours};
pub use replay::{ReplayFrame, replay_gif, replay_gif_within, side_by_side_png};
pub use standings::{STANDINGS_WIDTH, StandingsLine, standings_height, standings_png};

use crate::i18n::{Lang, side_word};

/// What the picture shows besides the pieces.
#[derive(Clone, Debug, Default)]
pub struct BoardInfo {
    /// Display names of the players, first mover (Red / White) first.
    pub players: [String; 2],
    /// The moves of the last turn (or of the turn in progress), to highlight.
    pub last_turn: Vec<Played>,
    /// A point (`f4`, `d2`) whose legal destinations to show.
    pub highlight: Option<String>,
    /// A banner for a game that ended outside the engine ("green resigns", "draw agreed").
    pub banner: Option<String>,
    /// Said after the status line: the clock ("due 26 Nov 14:00 UTC", "paused until …") and
    /// where the game comes from ("vela round of game 12").
    pub note: Option<String>,
    /// The language of the words drawn: the language of the message that carries the picture.
    pub lang: Lang,
}

/// How to draw, as opposed to what: a player's preferences.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderOptions {
    pub palette: Palette,
}

/// A picture that could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("{0} is not a point of this board")]
    BadHighlight(String),
    #[error("could not encode the PNG: {0}")]
    Encode(String),
    /// The fonts embedded from `assets/fonts/` did not parse (a build defect, not a user error).
    #[error("the embedded font could not be read: {0}")]
    Font(String),
}

/// Draws the board of `game` with `info` and encodes it as PNG.
pub fn render_png(game: &Game, info: &BoardInfo) -> Result<Vec<u8>, RenderError> {
    render_png_with(game, info, &RenderOptions::default())
}

/// [`render_png`] with a choice of palette.
pub fn render_png_with(
    game: &Game,
    info: &BoardInfo,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    with_scratch(|scratch| {
        draw(&mut scratch.canvas, game, info, options)?;
        encode_png(&scratch.canvas, &mut scratch.encoder)
    })
}

/// Draws the board without encoding it (tests look at pixels through this).
pub fn render_image(
    game: &Game,
    info: &BoardInfo,
    options: &RenderOptions,
) -> Result<RgbImage, RenderError> {
    with_scratch(|scratch| {
        draw(&mut scratch.canvas, game, info, options)?;
        Ok(scratch.canvas.to_rgb())
    })
}

/// Draws the board of `game` on `canvas`, which starts as the board's background.
fn draw(
    canvas: &mut paint::Canvas,
    game: &Game,
    info: &BoardInfo,
    options: &RenderOptions,
) -> Result<(), RenderError> {
    let fonts = text::fonts()?;
    let palette = options.palette;
    canvas.reset_to(background(game.kind(), palette, fonts));
    // Discord names often hold emoji the font cannot draw: they are left out rather than shown
    // as stand-ins, and a name made only of them leaves the colour alone.
    let info = &BoardInfo {
        players: info
            .players
            .clone()
            .map(|name| fonts.printable(text::Face::Bold, &name)),
        ..info.clone()
    };
    draw_game(canvas, fonts, palette, game, info)
}

/// Each game's drawing lives in the file of its name (`render/fibonacci.rs`), with a
/// `background` (what never changes) and a `draw` (the pieces and marks of a position); the list
/// of games is the engine's.
macro_rules! draw_games {
    ($($(#[$attr:meta])* $kind:ident => $module:ident),+ $(,)?) => {
        $($(#[$attr])* mod $module;)+

        fn draw_game(
            canvas: &mut paint::Canvas,
            fonts: &text::Fonts,
            palette: Palette,
            game: &Game,
            info: &BoardInfo,
        ) -> Result<(), RenderError> {
            match game {
                $($(#[$attr])* Game::$kind(g) => $module::draw(canvas, fonts, palette, g, info)),+
            }
        }

        /// The height of the board area of `kind` (each game's `BOARD_HEIGHT`).
        fn board_height(kind: GameKind) -> u32 {
            match kind {
                $($(#[$attr])* GameKind::$kind => $module::BOARD_HEIGHT),+
            }
        }

        fn draw_background(
            kind: GameKind,
            fonts: &text::Fonts,
            palette: Palette,
        ) -> paint::Canvas {
            match kind {
                $($(#[$attr])* GameKind::$kind => $module::background(fonts, palette)),+
            }
        }
    };
}

crate::with_games!(draw_games);

/// The unchanging part of each picture, drawn on first use.
fn background(kind: GameKind, palette: Palette, fonts: &text::Fonts) -> &'static paint::Canvas {
    type Cache = [[OnceLock<paint::Canvas>; Palette::ALL.len()]; GameKind::ALL.len()];
    static CACHE: Cache =
        [const { [const { OnceLock::new() }; Palette::ALL.len()] }; GameKind::ALL.len()];
    CACHE[kind.index()][palette.index()].get_or_init(|| draw_background(kind, fonts, palette))
}

/// The memory a picture is drawn and encoded in, kept between pictures: allocating megabytes
/// afresh for every picture cost more in page faults than the compression itself.
struct Scratch {
    canvas: paint::Canvas,
    encoder: Encoder,
}

/// Buffers an encoding needs.
#[derive(Default)]
struct Encoder {
    scanlines: Vec<u8>,
    deflater: deflate::Deflater,
    /// The zlib stream of the last picture (its room kept for the next one).
    deflated: Vec<u8>,
}

/// Takes a [`Scratch`] from a small pool (one per picture drawn at once; the Discord layer
/// draws at most one per core), and gives it back afterwards.
fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    use std::sync::{Mutex, PoisonError};
    const POOLED: usize = 8;
    static POOL: Mutex<Vec<Scratch>> = Mutex::new(Vec::new());
    let pooled = POOL.lock().unwrap_or_else(PoisonError::into_inner).pop();
    let mut scratch = pooled.unwrap_or_else(|| Scratch {
        canvas: paint::Canvas::new(0, 0, image::Rgb([0, 0, 0])),
        encoder: Encoder::default(),
    });
    let out = f(&mut scratch);
    let mut pool = POOL.lock().unwrap_or_else(PoisonError::into_inner);
    if pool.len() < POOLED {
        pool.push(scratch);
    }
    out
}

/// A palette PNG without filters (filters only spoil the runs of equal indices), compressed by
/// [`deflate`], an encoder made for these pictures: rows that repeat the row above or run on in
/// one colour. It replaced `miniz_oxide` at level 1 (a quarter less time, files a sixth
/// smaller), and against the `png` crate's own fdeflate its files are 53–69% smaller on every
/// board of the render bench for about the same time (the figures are in [`deflate`]'s
/// documentation).
fn encode_png(canvas: &paint::Canvas, encoder: &mut Encoder) -> Result<Vec<u8>, RenderError> {
    let palette = canvas.write_indexed(&mut encoder.scanlines);
    let stride = canvas.width() as usize + 1;
    let Encoder {
        scanlines,
        deflater,
        deflated: data,
    } = encoder;
    deflater.zlib(scanlines, stride, data);
    let mut out = Vec::with_capacity(data.len() + 1024);
    let mut png = png::Encoder::new(&mut out, canvas.width(), canvas.height());
    png.set_color(png::ColorType::Indexed);
    png.set_depth(png::BitDepth::Eight);
    png.set_palette(palette);
    let encode_error = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut writer = png.write_header().map_err(encode_error)?;
    writer
        .write_chunk(png::chunk::IDAT, data)
        .map_err(encode_error)?;
    writer.finish().map_err(encode_error)?;
    Ok(out)
}

/// The point named by `info.highlight`, read with the board's own coordinate parser.
fn parse_highlight<T: std::str::FromStr>(info: &BoardInfo) -> Result<Option<T>, RenderError> {
    info.highlight
        .as_deref()
        .map(|text| {
            text.trim()
                .parse::<T>()
                .map_err(|_| RenderError::BadHighlight(text.chars().take(20).collect()))
        })
        .transpose()
}

/// The player named in a banner or note: their name, or their colour when unnamed.
fn player_name(info: &BoardInfo, side: usize, colour: &str) -> String {
    let name = info.players.get(side).map(|s| s.trim()).unwrap_or("");
    frame::player_label(info.lang, name, &side_word(info.lang, colour))
}

/// The header of every game's picture: the players and their colours, the side to move
/// (`to_move`, a side index) underlined and `status_line`, or, once `status` says the game is
/// over, its banner instead.
fn board_header<'a>(
    info: &'a BoardInfo,
    side_names: [&str; 2],
    swatches: [PieceColours; 2],
    status: Status,
    to_move: usize,
    status_line: String,
) -> frame::Header<'a> {
    let banner = banner_text(info, status, side_names);
    frame::Header {
        names: [info.players[0].as_str(), info.players[1].as_str()],
        colour_names: side_names.map(|s| side_word(info.lang, s)),
        lang: info.lang,
        swatches,
        to_move: banner.is_none().then_some(to_move),
        status: status_line,
        banner,
        note: info.note.as_deref(),
    }
}

/// The banner of a finished game: `info.banner` when the game ended outside the engine,
/// else the engine's verdict; `None` while the game goes on.
fn banner_text(info: &BoardInfo, status: Status, side_names: [&str; 2]) -> Option<String> {
    if let Some(b) = &info.banner {
        return Some(b.clone());
    }
    let lang = info.lang;
    match status {
        Status::Ongoing => None,
        Status::Draw => Some(crate::tr!(lang, "board-over-draw")),
        Status::Won(side, reason) => {
            let winner = player_name(info, side.index(), side_names[side.index()]);
            let loser = side_word(lang, side_names[side.other().index()]);
            let why = crate::tr!(lang, &format!("board-why-{reason}"), loser = loser);
            Some(crate::tr!(lang, "board-wins", winner = winner, why = why))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Side, WinReason};

    fn named(a: &str, b: &str) -> BoardInfo {
        BoardInfo {
            players: [a.to_string(), b.to_string()],
            ..BoardInfo::default()
        }
    }

    #[test]
    fn the_banner_names_the_winner_and_the_reason() {
        let sides = GameKind::Fibonacci.side_names();
        let won = Status::Won(Side::Second, WinReason::Surrounded);
        assert_eq!(
            banner_text(&named("Ann", "Ben"), won, sides).as_deref(),
            Some("Ben (Green) wins · the Red centre is surrounded")
        );
        // An unnamed player is called by their colour.
        let won = Status::Won(Side::First, WinReason::AllCaptured);
        assert_eq!(
            banner_text(&named("", " "), won, GameKind::Fanorona.side_names()).as_deref(),
            Some("White wins · every Black piece is captured")
        );
        assert_eq!(
            banner_text(&named("Ann", "Ben"), Status::Ongoing, sides),
            None
        );
    }

    /// A board in the middle of a game, its last turn of six moves shown.
    fn busy_board() -> (Game, BoardInfo) {
        let mut game = Game::new(crate::engine::Config::default_for(GameKind::Fibonacci), 0);
        let mut info = named("Ann", "Ben");
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..60 {
            let legal = game.legal_moves();
            if legal.is_empty() || game.status() != Status::Ongoing {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let played = game.play(&legal[(x % legal.len() as u64) as usize]);
            info.last_turn.push(played.expect("a legal move"));
            let keep = info.last_turn.len().saturating_sub(6);
            info.last_turn.drain(..keep);
        }
        (game, info)
    }

    #[test]
    fn the_png_holds_exactly_the_indices_drawn_and_is_smaller_than_fast_deflate() {
        let (game, info) = busy_board();
        let scanlines = with_scratch(|scratch| {
            draw(&mut scratch.canvas, &game, &info, &RenderOptions::default()).expect("draws");
            let mut scanlines = Vec::new();
            scratch.canvas.write_indexed(&mut scanlines);
            scanlines
        });
        let png = render_png(&game, &info).expect("renders");
        assert!(png.len() < 100_000, "{} bytes", png.len());
        let mut decoder = png::Decoder::new(std::io::Cursor::new(&png));
        decoder.set_transformations(png::Transformations::IDENTITY);
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut indices = vec![0; reader.output_buffer_size().expect("a size")];
        let frame = reader.next_frame(&mut indices).expect("the pixels");
        let mut decoded = Vec::new();
        for row in indices.chunks(frame.line_size) {
            decoded.push(0);
            decoded.extend_from_slice(row);
        }
        assert!(decoded == scanlines, "the PNG decodes to the rows encoded");
        // The same rows through miniz_oxide at level 1, the encoder used before.
        let fast = miniz_oxide::deflate::compress_to_vec_zlib(&scanlines, 1).len();
        assert!(
            png.len() < fast,
            "{} bytes against level 1's {fast}",
            png.len()
        );
    }

    #[test]
    fn a_picture_does_not_depend_on_the_pictures_drawn_before_it() {
        // Pictures are drawn on canvases and buffers kept from earlier ones: whatever was drawn
        // there before, the same board gives the same file.
        let kinds = [GameKind::Fibonacci, GameKind::Fanorona];
        let start = |kind| crate::engine::Game::new(crate::engine::Config::default_for(kind), 0);
        let mut busy = start(GameKind::Fibonacci);
        let mut info = named("Ann", "Ben");
        info.last_turn
            .push(busy.play("g9-f9").expect("a legal move"));
        info.highlight = Some("e2".to_string());
        let first =
            kinds.map(|kind| render_png(&start(kind), &named("Ann", "Ben")).expect("renders"));
        render_png(&busy, &info).expect("renders");
        let colour_blind = RenderOptions {
            palette: Palette::ColourBlind,
        };
        render_png_with(&busy, &info, &colour_blind).expect("renders");
        for (kind, first) in kinds.into_iter().zip(first) {
            let again = render_png(&start(kind), &named("Ann", "Ben")).expect("renders");
            assert!(again == first, "{kind}");
        }
    }

    #[test]
    fn a_banner_from_outside_the_engine_wins_over_the_status() {
        // Resignation and agreement end games the engine still sees as ongoing.
        let info = BoardInfo {
            banner: Some("Ben resigns".to_string()),
            ..named("Ann", "Ben")
        };
        let sides = GameKind::Fibonacci.side_names();
        assert_eq!(
            banner_text(&info, Status::Ongoing, sides).as_deref(),
            Some("Ben resigns")
        );
    }
}
