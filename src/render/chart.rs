//! A small line chart of ratings over time (a player's profile), drawn with the board's own
//! canvas, fonts and PNG encoder. 900 × 490 px with 24 px text: read at about 400 px wide on a
//! phone, the labels stay above 10 px.

use chrono::{DateTime, Datelike, Utc};
use image::Rgb;

use super::RenderError;
use super::paint::{Canvas, Colour, Shape};
use super::text::{Align, Face, fonts};
use crate::i18n::Lang;

/// One line of the chart: a label for the legend and its points, oldest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartSeries {
    pub label: String,
    pub points: Vec<(DateTime<Utc>, f64)>,
}

pub const CHART_WIDTH: u32 = 900;
pub const CHART_HEIGHT: u32 = 490;

const BACKGROUND: Colour = Rgb([250, 248, 243]);
const INK: Colour = Rgb([40, 40, 48]);
const DIM: Colour = Rgb([110, 110, 120]);
const GRID: Colour = Rgb([222, 219, 210]);
/// Line colours, told apart by lightness as well as hue.
const LINES: [Colour; 3] = [Rgb([30, 96, 190]), Rgb([214, 110, 20]), Rgb([30, 150, 90])];

/// The plot area: left, top, right, bottom.
const PLOT: (f32, f32, f32, f32) = (96.0, 104.0, 870.0, 430.0);

/// The chart as PNG, with the board pictures' encoder and its pooled buffers.
fn encode(canvas: &Canvas) -> Result<Vec<u8>, RenderError> {
    super::with_scratch(|scratch| super::encode_png(canvas, &mut scratch.encoder))
}

/// A step between labelled ratings that gives about four to six lines over `span`.
fn tick_step(span: f64) -> f64 {
    [10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0]
        .into_iter()
        .find(|step| span / step <= 6.0)
        .unwrap_or(1000.0)
}

/// Draws `series` (at most three are drawn) under `title` and encodes the chart as PNG.
pub fn rating_chart(
    lang: Lang,
    title: &str,
    series: &[ChartSeries],
) -> Result<Vec<u8>, RenderError> {
    let fonts = fonts()?;
    let mut canvas = Canvas::new(CHART_WIDTH, CHART_HEIGHT, BACKGROUND);
    let series: Vec<&ChartSeries> = series
        .iter()
        .filter(|s| !s.points.is_empty())
        .take(LINES.len())
        .collect();
    let title = fonts.fit(
        Face::Bold,
        28.0,
        &fonts.printable(Face::Bold, title),
        PLOT.2 - 24.0,
    );
    fonts.draw(
        &mut canvas,
        Face::Bold,
        28.0,
        &title,
        (24.0, 42.0),
        Align::Left,
        INK,
    );

    let values = series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
    let (low, high) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if series.is_empty() {
        fonts.draw(
            &mut canvas,
            Face::Bold,
            24.0,
            &crate::tr!(lang, "chart-no-games"),
            ((PLOT.0 + PLOT.2) / 2.0, (PLOT.1 + PLOT.3) / 2.0),
            Align::Centre,
            DIM,
        );
        return encode(&canvas);
    }
    // Ratings: a margin above and below, at least 100 points tall, on whole steps.
    let span = (high - low).max(100.0);
    let step = tick_step(span);
    let bottom = ((low - span * 0.08) / step).floor() * step;
    let top = ((high + span * 0.08) / step).ceil() * step;
    let y_of = |v: f64| PLOT.3 - ((v - bottom) / (top - bottom)) as f32 * (PLOT.3 - PLOT.1);

    let mut tick = bottom;
    while tick <= top + 1e-9 {
        let y = y_of(tick);
        canvas.fill(&Shape::line((PLOT.0, y), (PLOT.2, y), 1.5), 0.0, GRID);
        let label = format!("{}", tick.round());
        fonts.draw(
            &mut canvas,
            Face::Condensed,
            22.0,
            &label,
            (PLOT.0 - 12.0, y + 8.0),
            Align::Right,
            DIM,
        );
        tick += step;
    }

    // Time runs left to right; games all at one moment are spread evenly instead.
    let times = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (first, last) = times.fold(
        (None, None),
        |(lo, hi): (Option<DateTime<Utc>>, Option<DateTime<Utc>>), t| {
            (
                Some(lo.map_or(t, |lo| lo.min(t))),
                Some(hi.map_or(t, |hi| hi.max(t))),
            )
        },
    );
    let (Some(first), Some(last)) = (first, last) else {
        return encode(&canvas);
    };
    let seconds = (last - first).num_seconds();
    let by_time = seconds >= 60;
    let inner = (PLOT.0 + 16.0, PLOT.2 - 16.0);
    let x_at = |t: DateTime<Utc>, i: usize, n: usize| -> f32 {
        let share = if by_time {
            (t - first).num_seconds() as f32 / seconds as f32
        } else if n > 1 {
            i as f32 / (n - 1) as f32
        } else {
            0.5
        };
        inner.0 + share * (inner.1 - inner.0)
    };
    let date = |t: DateTime<Utc>| {
        crate::tr!(
            lang,
            "chart-date",
            day = t.day(),
            month = t.month(),
            year = t.year()
        )
    };
    let date_y = PLOT.3 + 34.0;
    fonts.draw(
        &mut canvas,
        Face::Condensed,
        22.0,
        &date(first),
        (inner.0, date_y),
        Align::Left,
        DIM,
    );
    if date(last) != date(first) {
        fonts.draw(
            &mut canvas,
            Face::Condensed,
            22.0,
            &date(last),
            (inner.1, date_y),
            Align::Right,
            DIM,
        );
    }
    canvas.fill(
        &Shape::line((PLOT.0, PLOT.3), (PLOT.2, PLOT.3), 2.0),
        0.0,
        DIM,
    );

    for (s, colour) in series.iter().zip(LINES) {
        let n = s.points.len();
        let pts: Vec<(f32, f32)> = s
            .points
            .iter()
            .enumerate()
            .map(|(i, &(t, v))| (x_at(t, i, n), y_of(v)))
            .collect();
        for pair in pts.windows(2) {
            canvas.fill(&Shape::line(pair[0], pair[1], 4.0), 0.0, colour);
        }
        // Dots while there is room for them; the last point always.
        let dots = if n <= 40 { &pts[..] } else { &pts[n - 1..] };
        for &p in dots {
            canvas.fill(&Shape::circle(p, 5.5), 0.0, BACKGROUND);
            canvas.fill(&Shape::circle(p, 4.5), 0.0, colour);
        }
    }

    // The legend, under the title: a swatch, the game and its latest rating.
    let mut x = 24.0;
    for (s, colour) in series.iter().zip(LINES) {
        let latest = s.points.last().map_or(0.0, |p| p.1);
        let label = format!(
            "{} {}",
            fonts.printable(Face::Bold, &s.label),
            latest.round()
        );
        canvas.fill(&Shape::line((x, 72.0), (x + 22.0, 72.0), 5.0), 0.0, colour);
        x += 32.0;
        x += fonts.draw(
            &mut canvas,
            Face::Bold,
            22.0,
            &label,
            (x, 80.0),
            Align::Left,
            INK,
        );
        x += 30.0;
    }
    encode(&canvas)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(day: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_900_000_000 + day * 86_400, 0).expect("time")
    }

    #[test]
    fn steps_give_a_handful_of_lines() {
        assert_eq!(tick_step(100.0), 20.0);
        assert_eq!(tick_step(300.0), 50.0);
        assert_eq!(tick_step(2500.0), 500.0);
    }

    #[test]
    fn the_chart_decodes_at_its_size_with_each_line_in_its_colour() {
        let series = [
            ChartSeries {
                label: "Fibonacci".into(),
                points: vec![(at(0), 1500.0), (at(2), 1662.0), (at(9), 1580.0)],
            },
            ChartSeries {
                label: "Fanorona".into(),
                points: vec![(at(1), 1500.0), (at(5), 1338.0)],
            },
        ];
        let png = rating_chart(Lang::En, "Rating of alice", &series).expect("chart");
        let image = image::load_from_memory(&png).expect("decodes").to_rgb8();
        assert_eq!(image.dimensions(), (CHART_WIDTH, CHART_HEIGHT));
        let count = |c: Colour| image.pixels().filter(|&&p| p == c).count();
        assert!(count(LINES[0]) > 300, "the first line is drawn");
        assert!(count(LINES[1]) > 300, "the second line is drawn");
        assert_eq!(count(LINES[2]), 0, "no third line");
        assert!(png.len() < 100_000, "{} bytes", png.len());
    }

    #[test]
    fn an_empty_chart_still_decodes() {
        let png = rating_chart(Lang::Fr, "Personne", &[]).expect("chart");
        assert!(image::load_from_memory(&png).is_ok());
    }
}
