//! Text with the fonts shipped in `assets/fonts/` (DejaVu, see the licence there), embedded in
//! the binary so a picture never depends on what is installed.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use super::RenderError;
use super::paint::{self, Canvas, Colour, Pt, Stencil, StencilKey};

static BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
static CONDENSED_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// Which of the two typefaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// Names, banners, the status line.
    Bold,
    /// Point labels: narrow, so `k11` fits inside a piece.
    Condensed,
}

/// The parsed fonts.
pub struct Fonts {
    bold: FontRef<'static>,
    condensed: FontRef<'static>,
}

/// The embedded fonts, parsed once.
pub fn fonts() -> Result<&'static Fonts, RenderError> {
    static FONTS: OnceLock<Result<Fonts, String>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            Ok(Fonts {
                bold: FontRef::try_from_slice(BOLD_TTF).map_err(|e| e.to_string())?,
                condensed: FontRef::try_from_slice(CONDENSED_TTF).map_err(|e| e.to_string())?,
            })
        })
        .as_ref()
        .map_err(|e| RenderError::Font(e.clone()))
}

/// Zero-width characters that only join, dress or steer the characters around them (joiners,
/// variation selectors, direction marks, tags, skin tones).
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{1F3FB}'..='\u{1F3FF}'
            | '\u{E0000}'..='\u{E01EF}'
    )
}

/// Horizontal placement of a line of text relative to the given x.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

impl Fonts {
    fn font(&self, face: Face) -> &FontRef<'static> {
        match face {
            Face::Bold => &self.bold,
            Face::Condensed => &self.condensed,
        }
    }

    /// Glyph of `c`, with `?` standing in for characters the font lacks (emoji in names) so a
    /// reader sees that something is there rather than an empty box.
    fn glyph(&self, face: Face, c: char) -> GlyphId {
        let font = self.font(face);
        let id = font.glyph_id(c);
        if id.0 == 0 && !c.is_whitespace() {
            font.glyph_id('?')
        } else {
            id
        }
    }

    /// Whether `face` has a glyph for `c` (ab_glyph gives glyph 0, the empty box, for one it
    /// lacks; [`Fonts::draw`] shows `?` instead).
    pub fn covers(&self, face: Face, c: char) -> bool {
        self.font(face).glyph_id(c).0 != 0
    }

    /// `text` without the characters the font cannot draw (most emoji of Discord names), the
    /// invisible ones that join or dress emoji, and control characters, its spaces collapsed:
    /// "🔥 Blaze 🔥" becomes "Blaze"; the symbols the font has ("❤", "♟") stay.
    pub fn printable(&self, face: Face, text: &str) -> String {
        let kept: String = text
            .chars()
            .map(|c| if c.is_whitespace() { ' ' } else { c })
            .filter(|&c| c == ' ' || !(c.is_control() || is_invisible(c) || !self.covers(face, c)))
            .collect();
        kept.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// Advance width of `text` in pixels at height `size`.
    pub fn width(&self, face: Face, size: f32, text: &str) -> f32 {
        let font = self.font(face).as_scaled(PxScale::from(size));
        let mut w = 0.0;
        let mut prev: Option<GlyphId> = None;
        for c in text.chars() {
            let id = self.glyph(face, c);
            if let Some(p) = prev {
                w += font.kern(p, id);
            }
            w += font.h_advance(id);
            prev = Some(id);
        }
        w
    }

    /// Height of a capital letter (and of the digits) at `size`: what centring a label uses, so
    /// that every label sits at the same height whatever its letters.
    pub fn cap_height(&self, face: Face, size: f32) -> f32 {
        let font = self.font(face);
        let glyph = font
            .glyph_id('H')
            .with_scale_and_position(PxScale::from(size), point(0.0, 0.0));
        match font.outline_glyph(glyph) {
            Some(g) => -g.px_bounds().min.y,
            None => size * 0.6,
        }
    }

    /// Draws `text` with its baseline at `y`, placed at `x` by `align`. Returns its width.
    ///
    /// The labels of a board are the same text at the same place picture after picture: each
    /// line is rasterised once, at its sub-pixel offset, into a [`Stencil`].
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &self,
        canvas: &mut Canvas,
        face: Face,
        size: f32,
        text: &str,
        (x, y): Pt,
        align: Align,
        colour: Colour,
    ) -> f32 {
        let width = self.width(face, size, text);
        let left = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        let anchor = (left.floor(), y.floor());
        // Far off the picture (or not a number) nothing is drawn.
        if !(anchor.0.abs() < 1.0e5 && anchor.1.abs() < 1.0e5) {
            return width;
        }
        let offset = (left - anchor.0, y - anchor.1);
        let key = StencilKey::Text {
            face: face as u8,
            size: size.to_bits(),
            offset: [offset.0.to_bits(), offset.1.to_bits()],
            text: text.to_string(),
        };
        let stencil = paint::stencil(key, || self.stencil(face, size, text, offset));
        let ink = canvas.ink(colour);
        canvas.apply(&stencil, (anchor.0 as i64, anchor.1 as i64), ink);
        width
    }

    /// The coverage of `text` set from `(x, y)` (its left end on the baseline), glyph after
    /// glyph.
    fn stencil(&self, face: Face, size: f32, text: &str, (x, y): Pt) -> Stencil {
        let font = self.font(face);
        let scale = PxScale::from(size);
        let scaled = font.as_scaled(scale);
        let mut stencil = Stencil::default();
        let mut grid = Vec::new();
        let mut pen = x;
        let mut prev: Option<GlyphId> = None;
        for c in text.chars() {
            let id = self.glyph(face, c);
            if let Some(p) = prev {
                pen += scaled.kern(p, id);
            }
            let glyph = id.with_scale_and_position(scale, point(pen, y));
            if let Some(outlined) = font.outline_glyph(glyph) {
                let b = outlined.px_bounds();
                let (w, h) = (b.width() as usize, b.height() as usize);
                grid.clear();
                grid.resize(w * h, 0);
                outlined.draw(|gx, gy, cover| {
                    if let Some(k) = grid.get_mut(gy as usize * w + gx as usize) {
                        *k = paint::eighths(cover);
                    }
                });
                if w > 0 {
                    for (row, covers) in grid.chunks_exact(w).enumerate() {
                        let at = (b.min.x as i64, b.min.y as i64 + row as i64);
                        stencil.push_row(at, covers);
                    }
                }
            }
            pen += scaled.h_advance(id);
            prev = Some(id);
        }
        stencil
    }

    /// Draws `text` centred on `c`, vertically by its cap height.
    pub fn draw_centred(
        &self,
        canvas: &mut Canvas,
        face: Face,
        size: f32,
        text: &str,
        c: Pt,
        colour: Colour,
    ) {
        let baseline = c.1 + self.cap_height(face, size) / 2.0;
        self.draw(
            canvas,
            face,
            size,
            text,
            (c.0, baseline),
            Align::Centre,
            colour,
        );
    }

    /// `text`, shortened with an ellipsis when wider than `max_width` at `size`.
    pub fn fit(&self, face: Face, size: f32, text: &str, max_width: f32) -> String {
        if self.width(face, size, text) <= max_width {
            return text.to_string();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let candidate: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
            if self.width(face, size, &candidate) <= max_width {
                return candidate;
            }
        }
        "…".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn embedded_fonts_parse() {
        let f = fonts().expect("the fonts in assets/fonts are valid");
        assert!(f.width(Face::Bold, 20.0, "k11") > 10.0);
        assert!(f.cap_height(Face::Condensed, 20.0) > 10.0);
    }

    #[test]
    fn condensed_labels_are_narrower() {
        let f = fonts().expect("fonts");
        assert!(f.width(Face::Condensed, 26.0, "k11") < f.width(Face::Bold, 26.0, "k11"));
    }

    #[test]
    fn fit_shortens_long_names_with_an_ellipsis() {
        let f = fonts().expect("fonts");
        let long = "A very long display name that never ends, really";
        let short = f.fit(Face::Bold, 30.0, long, 200.0);
        assert!(short.ends_with('…'));
        assert!(f.width(Face::Bold, 30.0, &short) <= 200.0);
        assert_eq!(f.fit(Face::Bold, 30.0, "Ann", 200.0), "Ann");
        assert_eq!(f.fit(Face::Bold, 30.0, "Ann", 1.0), "…");
    }

    #[test]
    fn names_keep_what_the_font_can_draw() {
        let f = fonts().expect("fonts");
        assert_eq!(f.printable(Face::Bold, "🔥 Blaze 🔥"), "Blaze");
        assert_eq!(
            f.printable(Face::Bold, "  Zoë\t\n Ångström "),
            "Zoë Ångström"
        );
        assert_eq!(f.printable(Face::Bold, "👩\u{200D}💻\u{FE0F}"), "");
        assert_eq!(f.printable(Face::Bold, "a\u{0007}b"), "ab");
        assert_eq!(f.printable(Face::Bold, "I ❤\u{FE0F} 🐉"), "I ❤");
        assert_eq!(f.printable(Face::Bold, "Ана"), "Ана", "DejaVu has Cyrillic");
    }

    #[test]
    fn text_is_drawn_where_asked_and_missing_glyphs_do_not_panic() {
        let f = fonts().expect("fonts");
        let mut c = Canvas::new(100, 40, Rgb([255, 255, 255]));
        f.draw_centred(
            &mut c,
            Face::Bold,
            30.0,
            "H\u{1F600}漢",
            (50.0, 20.0),
            Rgb([0, 0, 0]),
        );
        let img = c.to_rgb();
        let dark = img.pixels().filter(|p| p.0[0] < 128).count();
        assert!(dark > 50, "{dark} dark pixels");
        // Nothing above the text box.
        assert!(
            img.rows()
                .next()
                .is_some_and(|r| r.into_iter().all(|p| p.0[0] == 255))
        );
    }
}
