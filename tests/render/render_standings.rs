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
        let darkest = (y0..y0 + 34)
            .flat_map(|y| (80..400).map(move |x| (x, y)))
            .map(|(x, y)| {
                image
                    .get_pixel(x, y)
                    .0
                    .iter()
                    .map(|&c| u32::from(c))
                    .sum::<u32>()
            })
            .min()
            .expect("pixels");
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
