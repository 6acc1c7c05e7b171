//! Where everything goes: the one mapping from board points to pixels, shared by the drawing code,
//! the tests and any future click-map.
//!
//! Fibonacci (rows a–k bottom to top, points 80 px apart on a triangular lattice):
//!
//! ```text
//!              k6  k7  k8  k9  k10 k11
//!            j5  j6  …              j11
//!          …                          …
//!     f1  f2  f3  f4  f5  f6  f7  f8  f9  f10 f11      row f: the widest, f6 the centre
//!          …                          …
//!            b1  b2  …              b7
//!              a1  a2  a3  a4  a5  a6
//! ```
//! Point (row i, number n) sits at axial q = n − i, r = i: one step along a row moves
//! [`FIBONACCI_SPACING`] to the right, one row up moves half a step left and
//! [`FIBONACCI_SPACING`]·√3/2 up.
//!
//! Fanorona: a1 bottom left, i5 top right, points [`FANORONA_SPACING`] apart.

use crate::engine::GameKind;
use crate::engine::fanorona::Point;
use crate::engine::fibonacci::Cell;

/// Height of the band above the board (names, turn, banner).
pub const HEADER_HEIGHT: u32 = 132;
/// Height of the band below the board (legend, notes).
pub const FOOTER_HEIGHT: u32 = 96;

/// Width of every picture.
pub const WIDTH: u32 = 1000;

/// Distance between neighbouring Fibonacci points.
pub const FIBONACCI_SPACING: f32 = 80.0;
/// Height of the Fibonacci board area between header and footer.
pub const FIBONACCI_BOARD_HEIGHT: u32 = 836;
/// Distance between neighbouring Fanorona points (orthogonally).
pub const FANORONA_SPACING: f32 = 100.0;
/// Height of the Fanorona board area between header and footer.
pub const FANORONA_BOARD_HEIGHT: u32 = 580;

pub const ROW_HEIGHT: f32 = FIBONACCI_SPACING * 0.866_025_4;

/// Width and height of the picture of `kind`: the header, the game's board area (its
/// `BOARD_HEIGHT`, in its own file), the footer.
pub fn image_size(kind: GameKind) -> (u32, u32) {
    (
        WIDTH,
        HEADER_HEIGHT + super::board_height(kind) + FOOTER_HEIGHT,
    )
}

/// Pixel of the Fibonacci centre point f6.
fn fibonacci_origin() -> (f32, f32) {
    (
        WIDTH as f32 / 2.0,
        HEADER_HEIGHT as f32 + FIBONACCI_BOARD_HEIGHT as f32 / 2.0,
    )
}

/// Pixel of the lattice point at row index `row` (a=0 … k=10) and number `number`, also for
/// points just off the board (where the edge labels go), hence signed fractional arguments.
/// Rows are snapped to whole pixels so every label of the board is rasterised alike, which
/// the PNG compressor rewards.
pub fn fibonacci_lattice(row: f32, number: f32) -> (f32, f32) {
    let (x0, y0) = fibonacci_origin();
    (
        x0 + FIBONACCI_SPACING * ((number - 6.0) - (row - 5.0) / 2.0),
        (y0 - ROW_HEIGHT * (row - 5.0)).round(),
    )
}

/// Pixel at the middle of Fibonacci point `cell`.
pub fn fibonacci_pixel(cell: Cell) -> (f32, f32) {
    fibonacci_lattice(cell.row() as f32, cell.number() as f32)
}

/// The Fibonacci point drawn at pixel `(x, y)`, if the pixel is within half a spacing of one.
pub fn fibonacci_cell_at(x: f32, y: f32) -> Option<Cell> {
    let (x0, y0) = fibonacci_origin();
    let row = ((y0 - y) / ROW_HEIGHT + 5.0).round();
    let number = ((x - x0) / FIBONACCI_SPACING + 6.0 + (row - 5.0) / 2.0).round();
    if !(0.0..=10.0).contains(&row) || !(1.0..=11.0).contains(&number) {
        return None;
    }
    let cell = Cell::new(row as u8, number as u8)?;
    let (cx, cy) = fibonacci_pixel(cell);
    ((cx - x).hypot(cy - y) <= FIBONACCI_SPACING / 2.0).then_some(cell)
}

/// Pixel of Fanorona column `col` (a=0 …) and row `row` (1=0 …), also off the board for labels.
pub fn fanorona_grid(col: f32, row: f32) -> (f32, f32) {
    let x0 = WIDTH as f32 / 2.0;
    let y0 = HEADER_HEIGHT as f32 + FANORONA_BOARD_HEIGHT as f32 / 2.0;
    (
        x0 + FANORONA_SPACING * (col - 4.0),
        y0 - FANORONA_SPACING * (row - 2.0),
    )
}

/// Pixel at the middle of Fanorona point `point`.
pub fn fanorona_pixel(point: Point) -> (f32, f32) {
    fanorona_grid(point.col() as f32, point.row() as f32)
}

/// The Fanorona point drawn at pixel `(x, y)`, if the pixel is within half a spacing of one.
pub fn fanorona_point_at(x: f32, y: f32) -> Option<Point> {
    let (x0, y0) = fanorona_grid(0.0, 0.0);
    let col = ((x - x0) / FANORONA_SPACING).round();
    let row = ((y0 - y) / FANORONA_SPACING).round();
    if !(0.0..=8.0).contains(&col) || !(0.0..=4.0).contains(&row) {
        return None;
    }
    let point = Point::new(col as u8, row as u8)?;
    let (px, py) = fanorona_pixel(point);
    ((px - x).hypot(py - y) <= FANORONA_SPACING / 2.0).then_some(point)
}

/// The numbers of row `row` of the Fibonacci board: max(1, row−4) ..= min(11, row+6).
pub fn fibonacci_row_numbers(row: u8) -> std::ops::RangeInclusive<u8> {
    (row.saturating_sub(4)).max(1)..=(row + 6).min(11)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fibonacci_board_is_a_centred_hexagon_with_every_neighbour_one_spacing_away() {
        let (w, h) = image_size(GameKind::Fibonacci);
        let f6 = fibonacci_lattice(5.0, 6.0);
        assert_eq!(f6, (w as f32 / 2.0, fibonacci_origin().1));
        // Corners of the hexagon: a1, a6, f11, k11, k6, f1.
        let a1 = fibonacci_lattice(0.0, 1.0);
        let k11 = fibonacci_lattice(10.0, 11.0);
        assert!(
            (a1.0 + k11.0 - w as f32).abs() < 0.01,
            "half-turn symmetric"
        );
        let f1 = fibonacci_lattice(5.0, 1.0);
        let f11 = fibonacci_lattice(5.0, 11.0);
        assert!((f1.0 - 100.0).abs() < 0.01 && (f11.0 - 900.0).abs() < 0.01);
        // The six neighbour offsets (docs/fibonacci.md, The board) are all one spacing long (within
        // the half pixel by which rows are snapped to whole pixels).
        for (dr, dn) in [(0, -1), (0, 1), (1, 0), (1, 1), (-1, -1), (-1, 0)] {
            let p = fibonacci_lattice(5.0 + dr as f32, 6.0 + dn as f32);
            let d = (p.0 - f6.0).hypot(p.1 - f6.1);
            assert!((d - FIBONACCI_SPACING).abs() < 0.5, "{dr},{dn}: {d}");
        }
        // Everything, labels one row beyond the edge included, stays between header and footer.
        for (r, n) in [(-1.0, 3.0), (11.0, 8.0), (5.0, 0.0), (5.0, 12.0)] {
            let (x, y) = fibonacci_lattice(r, n);
            assert!(x > 0.0 && x < w as f32, "{r},{n}");
            assert!(
                y > HEADER_HEIGHT as f32 && y < (h - FOOTER_HEIGHT) as f32,
                "{r},{n}"
            );
        }
    }

    #[test]
    fn fibonacci_rows_hold_the_numbers_of_rules_1_1() {
        assert_eq!(fibonacci_row_numbers(0), 1..=6);
        assert_eq!(fibonacci_row_numbers(5), 1..=11);
        assert_eq!(fibonacci_row_numbers(6), 2..=11);
        assert_eq!(fibonacci_row_numbers(10), 6..=11);
        let total: usize = (0..11).map(|r| fibonacci_row_numbers(r).count()).sum();
        assert_eq!(total, 91);
    }

    #[test]
    fn fanorona_board_is_centred_and_fits() {
        let (w, h) = image_size(GameKind::Fanorona);
        let a1 = fanorona_grid(0.0, 0.0);
        let i5 = fanorona_grid(8.0, 4.0);
        assert!((a1.0 + i5.0 - w as f32).abs() < 0.01);
        assert!(a1.1 > i5.1, "row 1 is at the bottom");
        for (c, r) in [(-0.6, 2.0), (8.6, 2.0), (4.0, -0.6), (4.0, 4.6)] {
            let (x, y) = fanorona_grid(c, r);
            assert!(x > 0.0 && x < w as f32);
            assert!(y > HEADER_HEIGHT as f32 && y < (h - FOOTER_HEIGHT) as f32);
        }
    }
}
