//! Colours. The default palette is the one every public board uses, so it is chosen for every
//! eye: under simulated protanopia, deuteranopia and tritanopia (Machado 2009, full severity),
//! each Fibonacci side's fill stays at least ΔE 25 (CIE 1976) from the other side's, from the
//! board and from an empty point, and the legal-destination marks stay as far from the last
//! turn's. The sides also differ in lightness (dark crimson against a light yellowish green, a
//! contrast ratio above 3), so they stay apart in greyscale. `tests/render/render_colour_vision.rs` measures this in drawn
//! pictures. The [`Palette::ColourBlind`] option (orange and blue) meets the same bounds, for
//! players who prefer those hues.

use image::Rgb;

use super::paint::Colour;

/// The colour scheme of a picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Palette {
    /// Red and green pieces as on the real board (dark crimson, light yellowish green).
    #[default]
    Standard,
    /// Dark orange and light blue instead of red and green, for players who prefer them.
    ColourBlind,
}

impl Palette {
    /// Every palette, for caches indexed by palette.
    pub const ALL: [Palette; 2] = [Palette::Standard, Palette::ColourBlind];

    pub(crate) fn index(self) -> usize {
        match self {
            Palette::Standard => 0,
            Palette::ColourBlind => 1,
        }
    }

    /// Every colour of this palette (tests compare pixels against them).
    pub fn colours(self) -> &'static Colours {
        match self {
            Palette::Standard => &STANDARD,
            Palette::ColourBlind => &COLOUR_BLIND,
        }
    }
}

/// The look of one side's pieces.
#[derive(Clone, Copy, Debug)]
pub struct PieceColours {
    pub fill: Colour,
    pub outline: Colour,
    /// Labels and marks drawn on the piece.
    pub ink: Colour,
}

/// Every colour a picture uses.
#[derive(Clone, Copy, Debug)]
pub struct Colours {
    pub background: Colour,
    pub header: Colour,
    pub header_ink: Colour,
    pub header_dim: Colour,
    pub footer_ink: Colour,
    pub board: Colour,
    pub board_edge: Colour,
    pub line: Colour,
    /// An empty point: its disc and its label.
    pub point: Colour,
    pub point_ink: Colour,
    pub edge_label: Colour,
    /// Fibonacci Red, Green; Fanorona White, Black.
    pub sides: [PieceColours; 2],
    pub fanorona: [PieceColours; 2],
    /// The last turn's moves.
    pub last_turn: Colour,
    /// The legal destinations of the highlighted piece.
    pub legal: Colour,
    pub legal_tint: Colour,
    /// Captured Fanorona pieces.
    pub capture: Colour,
    pub banner: Colour,
    pub banner_ink: Colour,
    pub shadow: Colour,
    pub halo: Colour,
}

const fn rgb(hex: u32) -> Colour {
    Rgb([(hex >> 16) as u8, (hex >> 8) as u8, hex as u8])
}

const FANORONA: [PieceColours; 2] = [
    PieceColours {
        fill: rgb(0xF8F6EE),
        outline: rgb(0x262320),
        ink: rgb(0x262320),
    },
    PieceColours {
        fill: rgb(0x26221F),
        outline: rgb(0x000000),
        ink: rgb(0xFFFFFF),
    },
];

const STANDARD: Colours = Colours {
    background: rgb(0xF4EFE4),
    header: rgb(0x2A2D34),
    header_ink: rgb(0xFFFFFF),
    header_dim: rgb(0xC9CDD6),
    footer_ink: rgb(0x3A3530),
    board: rgb(0xE5CB92),
    board_edge: rgb(0x8A6A3A),
    line: rgb(0x9A7A48),
    point: rgb(0xF6EBD0),
    point_ink: rgb(0x5E4A31),
    edge_label: rgb(0x4A3B28),
    sides: [
        // A yellowish green and a bluish red: the hues red-green colour blindness keeps apart
        // best, on top of the lightness between them.
        PieceColours {
            fill: rgb(0x9C1A36),
            outline: rgb(0x3E0713),
            ink: rgb(0xFFFFFF),
        },
        PieceColours {
            fill: rgb(0x7DB30A),
            outline: rgb(0x2C4A06),
            ink: rgb(0x142404),
        },
    ],
    fanorona: FANORONA,
    last_turn: rgb(0x1D5BD6),
    // Vermilion: the purple of before turned the last turn's blue for red-green blindness.
    legal: rgb(0xD55E00),
    legal_tint: rgb(0xF6D2B4),
    capture: rgb(0xD0312D),
    banner: rgb(0xFFC928),
    banner_ink: rgb(0x1A1A1A),
    shadow: rgb(0x000000),
    halo: rgb(0xFFFFFF),
};

const COLOUR_BLIND: Colours = Colours {
    sides: [
        PieceColours {
            fill: rgb(0xA34700),
            outline: rgb(0x4A2000),
            ink: rgb(0xFFFFFF),
        },
        PieceColours {
            fill: rgb(0x8CCBF0),
            outline: rgb(0x0B4A72),
            ink: rgb(0x0A2A40),
        },
    ],
    last_turn: rgb(0x111111),
    legal: rgb(0xC0398F),
    legal_tint: rgb(0xF3D6E8),
    capture: rgb(0xB85000),
    ..STANDARD
};
