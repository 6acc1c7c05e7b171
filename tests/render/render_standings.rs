//! The standings picture: its size follows the number of players, every line is drawn, a long
//! name is cut to fit, and a withdrawn player's line is dimmed.

use fibonacci_bot::render::{STANDINGS_WIDTH, StandingsLine, standings_height, standings_png};

fn line(rank: usize, name: &str, dim: bool) -> StandingsLine {
    StandingsLine {
        rank: rank.to_string(),
        name: name.to_string(),
        points: format!("{}", 4.5 - rank as f64 / 2.0),
        tiebreaks: ["7.5".into(), "6.25".into()],
        games: "5 / 0".into(),
        dim,
    }
}

/// The darkest pixel of the area (the sum of its three channels): below 200 is ink.
fn darkest(image: &image::RgbImage, xs: std::ops::Range<u32>, ys: std::ops::Range<u32>) -> u32 {
    ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
        .map(|(x, y)| image.get_pixel(x, y).0.iter().map(|&c| u32::from(c)).sum())
        .min()
        .expect("pixels")
}

fn header() -> [String; 6] {
    ["#", "Player", "Points", "Buchholz", "S-B", "Played / left"].map(String::from)
}

#[test]
fn every_player_gets_a_line_and_a_withdrawn_one_is_dimmed() {
    let mut lines: Vec<StandingsLine> = (1..=8)
        .map(|r| line(r, &format!("player number {r}"), false))
        .collect();
    lines[6].dim = true;
    lines[2].name = "a name far too long to fit in its column of the table at all, really".into();
    let png = standings_png("Autumn cup: standings (final)", &header(), &lines).expect("drawn");
    if let Ok(path) = std::env::var("STANDINGS_PNG") {
        std::fs::write(path, &png).expect("written");
    }
    let image = image::load_from_memory(&png).expect("decodes").to_rgb8();
    assert_eq!(
        (image.width(), image.height()),
        (STANDINGS_WIDTH, standings_height(8))
    );
    // Each row of the table holds ink (dark pixels) in the name column.
    let top = standings_height(0) - 20;
    for row in 0..8u32 {
        let y0 = top + 34 * row;
        let darkest = darkest(&image, 80..400, y0..y0 + 34);
        if row == 6 {
            assert!(darkest > 200, "the withdrawn line is dimmed: {darkest}");
        } else {
            assert!(darkest < 200, "row {row} has dark text: {darkest}");
        }
    }
    // Nothing is drawn past the name column's room (the long name was cut).
    let y0 = top + 34 * 2;
    let stray = (y0..y0 + 34)
        .flat_map(|y| (440..500).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            image
                .get_pixel(x, y)
                .0
                .iter()
                .map(|&c| u32::from(c))
                .sum::<u32>()
                < 300
        })
        .count();
    assert_eq!(stray, 0, "the long name stops before the points");
}

#[test]
fn a_cross_table_has_a_row_and_a_column_per_player_with_each_own_cell_shaded() {
    use fibonacci_bot::render::{CrossRow, cross_table_png};
    // A double round-robin of 6: two results per cell, some games still in progress.
    let symbols = ["1", "½", "0", "·"];
    let rows: Vec<CrossRow> = (0..6)
        .map(|i| CrossRow {
            name: format!("player {}", i + 1),
            cells: (0..6)
                .map(|j| {
                    if i == j {
                        String::new()
                    } else {
                        format!("{} {}", symbols[(i + j) % 4], symbols[(i * j) % 3])
                    }
                })
                .collect(),
            points: format!("{}", 9 - i),
            dim: i == 4,
        })
        .collect();
    let png = cross_table_png("Autumn cup: cross table", "Points", &rows).expect("drawn");
    if let Ok(path) = std::env::var("CROSS_TABLE_PNG") {
        std::fs::write(path, &png).expect("written");
    }
    let image = image::load_from_memory(&png).expect("decodes").to_rgb8();
    // 96 px of title, a header row and 6 rows of 34 px, 20 px below.
    assert_eq!(image.height(), 96 + 34 * 7 + 20);
    assert!(image.width() >= 600);
    // The grid starts after the margin, rank and name columns (24 + 44 + 230); the cells are
    // equal, and together with the points column fill the rest but for the margin.
    let cell = (image.width() - 24 - 298 - 90) / 6;
    for i in 0..6u32 {
        let y = 96 + 34 * (i + 1) + 17;
        // The row player's own cell is shaded: its centre is the shade, not the background.
        let own = image.get_pixel(298 + cell * i + cell / 2, y).0;
        assert_eq!(own, [205, 201, 190], "row {i}'s own cell");
        // Another cell of the row holds ink.
        let j = (i + 1) % 6;
        let darkest = darkest(
            &image,
            298 + cell * j + 2..298 + cell * (j + 1) - 2,
            y - 12..y + 8,
        );
        if i == 4 {
            assert!(darkest > 200, "the withdrawn row is dimmed: {darkest}");
        } else {
            assert!(
                darkest < 200,
                "row {i} has results in column {j}: {darkest}"
            );
        }
    }
}
