//! Render + encode time per board (issue 4: at most 15 ms median on one core in release;
//! issue 13: at most 3 ms, the busy boards included); then, in thread CPU time, our DEFLATE
//! encoder against the `png` crate's fdeflate on the same palette pixels of each board
//! (`encode/…`), and the rating chart (`chart/…`); and the replay of a 60-turn Fibonacci game
//! as an animated GIF against the same 61 boards as separate PNGs (`replay/…`, issue 32: at most
//! 300 ms and 2 MB; the sizes are printed). Measured 2026-11-27, bench profile without LTO
//! (`CARGO_PROFILE_BENCH_LTO=false CARGO_PROFILE_BENCH_CODEGEN_UNITS=16 cargo bench --bench
//! render -- replay`): the GIF 261 ms median and 1.89 MB; the 61 PNGs 128 ms and 4.63 MB. Before
//! the replay's own LZW and packed-colour comparison it took 460 ms (the `gif` crate's LZW
//! 250 ms of it, the frame comparison 150 ms).
//!
//! `cargo bench --bench render`; the medians are in
//! `target/criterion/<group>/<name>/new/estimates.json`.

use std::hint::black_box;
use std::time::Duration;

use chrono::{DateTime, Utc};
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, criterion_group, criterion_main};
use fibonacci_bot::engine::{Config, Game, GameKind, Status};
use fibonacci_bot::i18n::Lang;
use fibonacci_bot::render::deflate::Deflater;
use fibonacci_bot::render::{
    BoardInfo, ChartSeries, RenderOptions, ReplayFrame, rating_chart, render_png, replay_gif,
};

fn info() -> BoardInfo {
    BoardInfo {
        players: ["Alice".to_string(), "Bob".to_string()],
        ..BoardInfo::default()
    }
}

/// A game after `moves`, with the last of them highlighted as the last turn.
fn after(kind: GameKind, moves: &[&str], highlight: Option<&str>) -> (Game, BoardInfo) {
    played(Game::new(Config::default_for(kind), 7), moves, highlight)
}

/// `game` after `moves`, all of them shown as the last turn.
fn played(mut game: Game, moves: &[&str], highlight: Option<&str>) -> (Game, BoardInfo) {
    let mut info = info();
    for m in moves {
        match game.play(m) {
            Ok(p) => info.last_turn.push(p),
            Err(e) => panic!("{m}: {e}"),
        }
    }
    info.highlight = highlight.map(str::to_string);
    (game, info)
}

/// A Fibonacci game forty legal moves in (the same every run), its last turn shown: the
/// kind of board the load benchmark draws, pieces spread over the whole board.
fn midgame() -> (Game, BoardInfo) {
    let mut game = Game::new(Config::default_for(GameKind::Fibonacci), 7);
    let mut info = info();
    let mut shown_turn = 0;
    for i in 0..40 {
        let legal = game.legal_moves();
        if legal.is_empty() || game.status() != Status::Ongoing {
            break;
        }
        // The turn a move is played in is the one shown, until a move of the next turn.
        if game.turn_number() != shown_turn {
            shown_turn = game.turn_number();
            info.last_turn.clear();
        }
        // A fixed stride through the legal moves: varied, and the same every run.
        match game.play(&legal[(i * 37 + 11) % legal.len()]) {
            Ok(p) => info.last_turn.push(p),
            Err(e) => panic!("{e}"),
        }
    }
    (game, info)
}

/// The boards every measurement here draws, by name.
fn boards() -> Vec<(&'static str, (Game, BoardInfo))> {
    // The golden picture's turn: two exchanges and a step, numbered arrows, and the legal
    // destinations of g7 (an exchange among them).
    let position = ".....C/UUUUUU./......../....S..../....S...../....ScS..../....SS..../\
                    ........./......../uuuuuu./ssssss r 6 11";
    let exchanges = match Game::from_position(Config::default_for(GameKind::Fibonacci), 7, position)
    {
        Ok(game) => played(game, &["f7-f6", "d5-d6", "e5-f7"], Some("g7")),
        Err(e) => panic!("{e}"),
    };
    vec![
        ("fibonacci start", after(GameKind::Fibonacci, &[], None)),
        (
            "fibonacci move + highlight",
            after(GameKind::Fibonacci, &["g9-f9"], Some("e2")),
        ),
        ("fanorona start", after(GameKind::Fanorona, &[], None)),
        (
            "fanorona capture + highlight",
            after(GameKind::Fanorona, &["e2-e3+"], Some("d4")),
        ),
        ("fibonacci exchanges + highlight", exchanges),
        (
            "fanorona chain in progress",
            after(GameKind::Fanorona, &["e2-e3+", "f4-e5-"], None),
        ),
        ("fibonacci mid-game", midgame()),
    ]
}

fn bench(c: &mut Criterion) {
    let cases = boards();
    // Draw each once so the cached board backgrounds are not part of the measurement; the
    // sizes are part of the budget (at most 100 kB each).
    for (name, (game, info)) in &cases {
        match render_png(game, info) {
            Ok(png) => eprintln!("{name}: {} bytes", png.len()),
            Err(e) => panic!("{name}: {e}"),
        }
    }
    for (name, (game, info)) in &cases {
        c.bench_function(name, |b| {
            b.iter(|| render_png(black_box(game), black_box(info)))
        });
    }
}

/// CPU time of the measuring thread: steadier than wall time on a machine that other builds
/// share. Shown in nanoseconds like wall time (whose formatter it borrows).
struct ThreadCpu(WallTime);

fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill in.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    assert!(ok, "the thread's CPU clock");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;
    fn start(&self) -> Duration {
        thread_cpu()
    }
    fn end(&self, start: Duration) -> Duration {
        thread_cpu() - start
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.0.formatter()
    }
}

/// A picture as a palette PNG holds it.
#[derive(PartialEq)]
struct Indexed {
    width: u32,
    height: u32,
    /// Red, green, blue of each colour.
    palette: Vec<u8>,
    /// One palette index per pixel, row after row.
    indices: Vec<u8>,
}

fn decode_indexed(png: &[u8]) -> Indexed {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::IDENTITY);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut indices = vec![0; reader.output_buffer_size().expect("a size")];
    let frame = reader.next_frame(&mut indices).expect("the pixels");
    assert_eq!(frame.color_type, png::ColorType::Indexed);
    assert_eq!(frame.bit_depth, png::BitDepth::Eight);
    indices.truncate(frame.buffer_size());
    let palette = reader
        .info()
        .palette
        .as_deref()
        .expect("a palette")
        .to_vec();
    Indexed {
        width: frame.width,
        height: frame.height,
        palette,
        indices,
    }
}

/// The zlib stream of a PNG: its `IDAT` chunks' data, end to end.
fn idat(png: &[u8]) -> Vec<u8> {
    let mut stream = Vec::new();
    let mut at = 8;
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().expect("4 bytes")) as usize;
        if &png[at + 4..at + 8] == b"IDAT" {
            stream.extend_from_slice(&png[at + 8..at + 8 + len]);
        }
        at += 12 + len;
    }
    stream
}

fn png_encoder<'a>(
    out: &'a mut Vec<u8>,
    picture: &Indexed,
) -> png::Encoder<'static, &'a mut Vec<u8>> {
    let mut png = png::Encoder::new(out, picture.width, picture.height);
    png.set_color(png::ColorType::Indexed);
    png.set_depth(png::BitDepth::Eight);
    png.set_palette(picture.palette.clone());
    png
}

/// Ours, as the renderer encodes: the rows unfiltered, compressed by [`Deflater`] into one
/// `IDAT` chunk.
fn encode_ours(
    deflater: &mut Deflater,
    scanlines: &[u8],
    deflated: &mut Vec<u8>,
    picture: &Indexed,
) -> Vec<u8> {
    deflater.zlib(scanlines, picture.width as usize + 1, deflated);
    let mut out = Vec::with_capacity(deflated.len() + 1024);
    let mut writer = png_encoder(&mut out, picture)
        .write_header()
        .expect("a header");
    writer
        .write_chunk(png::chunk::IDAT, deflated)
        .expect("the data");
    writer.finish().expect("the end");
    out
}

/// Sets an encoder of the `png` crate to one of its compression settings.
type Settings = fn(&mut png::Encoder<&mut Vec<u8>>);

/// The `png` crate's own encoder with `settings` (each one of its fdeflate settings).
fn encode_png_crate(picture: &Indexed, settings: Settings) -> Vec<u8> {
    let mut out = Vec::new();
    let mut png = png_encoder(&mut out, picture);
    settings(&mut png);
    let mut writer = png.write_header().expect("a header");
    writer.write_image_data(&picture.indices).expect("the data");
    writer.finish().expect("the end");
    out
}

/// The `png` crate's fast settings, all of them fdeflate: its two presets, and fdeflate on the
/// unfiltered rows ours compresses.
const PNG_CRATE: [(&str, Settings); 3] = [
    ("png Fast (fdeflate, adaptive filter)", |png| {
        png.set_compression(png::Compression::Fast)
    }),
    ("png Fastest (fdeflate, Up filter)", |png| {
        png.set_compression(png::Compression::Fastest)
    }),
    ("png fdeflate, no filter", |png| {
        png.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
        png.set_filter(png::Filter::NoFilter);
    }),
];

/// Ours against the `png` crate's fdeflate settings on the palette pixels of every board:
/// each file decodes to exactly the pixels and palette of the renderer's own.
fn encode(c: &mut Criterion<ThreadCpu>) {
    // fdeflate's streams all open with its one fixed table: a stream that does is fdeflate's.
    let fdeflate_header = fdeflate::compress_to_vec(&[]);
    let fdeflate_header = &fdeflate_header[..53];
    let mut group = c.benchmark_group("encode");
    for (name, (game, info)) in boards() {
        let picture = decode_indexed(&render_png(&game, &info).expect("renders"));
        let scanlines: Vec<u8> = picture
            .indices
            .chunks(picture.width as usize)
            .flat_map(|row| std::iter::once(0).chain(row.iter().copied()))
            .collect();
        let (mut deflater, mut deflated) = (Deflater::default(), Vec::new());
        let ours = encode_ours(&mut deflater, &scanlines, &mut deflated, &picture);
        assert!(decode_indexed(&ours) == picture, "{name}: ours decodes");
        eprintln!("{name}: ours {} bytes", ours.len());
        group.bench_function(format!("{name} / ours"), |b| {
            b.iter(|| encode_ours(&mut deflater, &scanlines, &mut deflated, &picture))
        });
        for (setting, settings) in PNG_CRATE {
            let theirs = encode_png_crate(&picture, settings);
            assert!(
                decode_indexed(&theirs) == picture,
                "{name}: {setting} decodes"
            );
            assert!(
                idat(&theirs).starts_with(fdeflate_header),
                "{name}: {setting} is fdeflate"
            );
            eprintln!("{name}: {setting} {} bytes", theirs.len());
            group.bench_function(format!("{name} / {setting}"), |b| {
                b.iter(|| encode_png_crate(black_box(&picture), settings))
            });
        }
    }
    group.finish();
}

/// A player's profile chart: two games' ratings, 60 and 25 games over three months.
fn chart_series() -> Vec<ChartSeries> {
    let at = |hours: i64| -> DateTime<Utc> {
        DateTime::from_timestamp(1_900_000_000 + hours * 3_600, 0).expect("a time")
    };
    let walk = |label: &str, n: i64, every: i64, seed: u64| {
        let mut x = seed;
        let mut rating = 1500.0;
        let points = (0..n)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                rating += (x % 61) as f64 - 29.0;
                (at(i * every), rating)
            })
            .collect();
        ChartSeries {
            label: label.to_string(),
            points,
        }
    };
    vec![
        walk("Fibonacci", 60, 36, 0x9E37_79B9_7F4A_7C15),
        walk("Fanorona", 25, 80, 0x2545_F491_4F6C_DD1D),
    ]
}

fn chart(c: &mut Criterion<ThreadCpu>) {
    let series = chart_series();
    let png = rating_chart(Lang::En, "Rating of Alice", &series).expect("a chart");
    eprintln!("chart: {} bytes", png.len());
    if let Ok(dir) = std::env::var("CHART_PNG_DIR") {
        std::fs::write(format!("{dir}/chart.png"), &png).expect("the chart written");
    }
    let mut group = c.benchmark_group("chart");
    // The same chart again (its shapes' coverages cached, as for a profile viewed twice), and
    // a new one each time (every rating a hundredth of a point higher: new sub-pixel
    // positions, nothing cached).
    group.bench_function("same chart", |b| {
        b.iter(|| rating_chart(Lang::En, black_box("Rating of Alice"), black_box(&series)))
    });
    let mut shift = 0.0;
    group.bench_function("new chart", |b| {
        b.iter_batched(
            || {
                shift += 0.01;
                let mut series = series.clone();
                for s in &mut series {
                    for p in &mut s.points {
                        p.1 += shift;
                    }
                }
                series
            },
            |series| rating_chart(Lang::En, "Rating of Alice", &series),
            criterion::BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// A Fibonacci game of 60 whole turns (the same every run: a fixed stride through the legal
/// moves), as the replay's 61 frames.
fn sixty_turns() -> Vec<ReplayFrame> {
    let mut game = Game::new(Config::default_for(GameKind::Fibonacci), 7);
    let frame = |game: &Game, last_turn, turn: usize| ReplayFrame {
        game: game.clone(),
        info: BoardInfo {
            last_turn,
            note: Some(format!("turn {turn} / 60")),
            ..info()
        },
        delay: 100,
    };
    let mut frames = vec![frame(&game, Vec::new(), 0)];
    let mut i = 0;
    while frames.len() <= 60 && game.status() == Status::Ongoing {
        let mut played = Vec::new();
        loop {
            let legal = game.legal_moves();
            i += 1;
            let p = game.play(&legal[(i * 37 + 11) % legal.len()]);
            let p = p.unwrap_or_else(|e| panic!("{e}"));
            let ended = p.turn_ended();
            played.push(p);
            if ended || game.status() != Status::Ongoing {
                break;
            }
        }
        frames.push(frame(&game, played, frames.len()));
    }
    assert_eq!(frames.len(), 61, "the game lasts 60 turns");
    frames
}

fn replay(c: &mut Criterion<ThreadCpu>) {
    let frames = sixty_turns();
    let options = RenderOptions::default();
    let gif = replay_gif(&frames, &options).expect("a replay");
    let pngs: usize = frames
        .iter()
        .map(|f| render_png(&f.game, &f.info).expect("a board").len())
        .sum();
    eprintln!(
        "replay of 60 turns: GIF {} bytes; the same 61 boards as PNGs {pngs} bytes",
        gif.len()
    );
    if let Ok(dir) = std::env::var("REPLAY_GIF_DIR") {
        std::fs::write(format!("{dir}/replay.gif"), &gif).expect("the replay written");
    }
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("60 turns as a GIF", |b| {
        b.iter(|| replay_gif(black_box(&frames), &options))
    });
    group.bench_function("61 boards as PNGs", |b| {
        b.iter(|| {
            frames
                .iter()
                .map(|f| render_png(black_box(&f.game), black_box(&f.info)).map(|p| p.len()))
                .collect::<Vec<_>>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpu(WallTime));
    targets = encode, chart, replay
}
criterion_main!(benches, cpu);
