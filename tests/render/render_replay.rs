//! Animated replays (issue 32): the GIF decodes, has one frame per picture asked for, and each
//! frame, drawn over the ones before as a browser does, shows the board that picture shows.

use fibonacci_bot::engine::{Config, Game, GameKind, Status};
use fibonacci_bot::render::{
    BoardInfo, RenderOptions, ReplayFrame, render_image, replay_gif, replay_gif_within,
};
use image::RgbImage;

/// A game of `turns` turns played at random (a fixed generator), one frame per turn after the
/// start position, each with its turn's moves marked and a "turn N / M" note.
fn frames(kind: GameKind, turns: usize) -> Vec<ReplayFrame> {
    let mut game = Game::new(Config::default_for(kind), 3);
    let info = |note: String, last_turn| BoardInfo {
        players: ["Alice".to_string(), "Bob".to_string()],
        last_turn,
        note: Some(note),
        ..BoardInfo::default()
    };
    let mut frames = vec![ReplayFrame {
        game: game.clone(),
        info: info(format!("turn 0 / {turns}"), Vec::new()),
        delay: 100,
    }];
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for n in 1..=turns {
        let mut played = Vec::new();
        loop {
            let legal = game.legal_moves();
            if legal.is_empty() || game.status() != Status::Ongoing {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let p = game
                .play(&legal[(x % legal.len() as u64) as usize])
                .expect("a legal move");
            let ended = p.turn_ended();
            played.push(p);
            if ended {
                break;
            }
        }
        frames.push(ReplayFrame {
            game: game.clone(),
            info: info(format!("turn {n} / {turns}"), played),
            delay: if n == turns { 400 } else { 100 },
        });
        if game.status() != Status::Ongoing {
            break;
        }
    }
    frames
}

/// Each frame of `gif` drawn over the frames before it, as RGB pictures, with its delay.
fn composite(gif: &[u8]) -> Vec<(RgbImage, u16)> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(std::io::Cursor::new(gif))
        .expect("a GIF header");
    let (w, h) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let mut screen = RgbImage::new(w, h);
    let mut out = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        for y in 0..u32::from(frame.height) {
            for x in 0..u32::from(frame.width) {
                let i = 4 * (y * u32::from(frame.width) + x) as usize;
                let px = &frame.buffer[i..i + 4];
                if px[3] == 255 {
                    screen.put_pixel(
                        u32::from(frame.left) + x,
                        u32::from(frame.top) + y,
                        image::Rgb([px[0], px[1], px[2]]),
                    );
                }
            }
        }
        out.push((screen.clone(), frame.delay));
    }
    out
}

/// Pixels of `a` and `b` that differ.
fn differing(a: &RgbImage, b: &RgbImage) -> usize {
    assert_eq!(a.dimensions(), b.dimensions());
    a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count()
}

#[test]
fn each_frame_shows_its_board_and_the_gif_animates_as_discord_needs() {
    for (kind, turns) in [(GameKind::Fibonacci, 12), (GameKind::Fanorona, 10)] {
        let frames = frames(kind, turns);
        let gif = replay_gif(&frames, &RenderOptions::default()).expect("encodes");
        assert_eq!(&gif[..6], b"GIF89a", "{kind}");
        let width = u16::from_le_bytes([gif[6], gif[7]]);
        assert!(width >= 800, "{kind}: {width} px wide");
        let shown = composite(&gif);
        assert_eq!(shown.len(), frames.len(), "{kind}: one frame per picture");
        for (n, ((picture, delay), frame)) in shown.iter().zip(&frames).enumerate() {
            assert_eq!(*delay, frame.delay, "{kind} frame {n}");
            let drawn =
                render_image(&frame.game, &frame.info, &RenderOptions::default()).expect("draws");
            // Colours past a frame's 255 are drawn as the nearest kept one: the rarest
            // anti-aliased pixels, a few hundred at most.
            let off = differing(picture, &drawn);
            let total = (drawn.width() * drawn.height()) as usize;
            assert!(off * 500 < total, "{kind} frame {n}: {off} pixels differ");
        }
        // Only what changed is written: the whole game is far smaller than its frames as
        // separate pictures would be.
        assert!(
            gif.len() < 60_000 * frames.len(),
            "{kind}: {} bytes",
            gif.len()
        );
    }
}

#[test]
fn a_replay_too_large_drops_frames_evenly_and_keeps_the_first_and_the_last() {
    let frames = frames(GameKind::Fibonacci, 16);
    let whole = replay_gif(&frames, &RenderOptions::default()).expect("encodes");
    let (fits, shown) =
        replay_gif_within(&frames, &RenderOptions::default(), whole.len()).expect("encodes");
    assert_eq!(
        (fits.len(), shown),
        (whole.len(), frames.len()),
        "it fits already"
    );
    let limit = whole.len() / 2;
    let (small, shown) =
        replay_gif_within(&frames, &RenderOptions::default(), limit).expect("encodes");
    assert!(small.len() <= limit, "{} > {limit}", small.len());
    assert!(shown < frames.len() && shown >= 2, "{shown}");
    let pictures = composite(&small);
    assert_eq!(pictures.len(), shown);
    let board =
        |f: &ReplayFrame| render_image(&f.game, &f.info, &RenderOptions::default()).expect("draws");
    let total = |img: &RgbImage| (img.width() * img.height()) as usize;
    for (picture, frame) in [
        (&pictures[0].0, &frames[0]),
        (&pictures[shown - 1].0, &frames[frames.len() - 1]),
    ] {
        let drawn = board(frame);
        assert!(differing(picture, &drawn) * 500 < total(&drawn));
    }
}

#[test]
fn a_review_picture_shows_both_boards_side_by_side() {
    let frames = frames(GameKind::Fanorona, 4);
    let (a, b) = (&frames[3], &frames[4]);
    let png = fibonacci_bot::render::side_by_side_png(
        (&a.game, &a.info),
        (&b.game, &b.info),
        &RenderOptions::default(),
    )
    .expect("encodes");
    if let Ok(dir) = std::env::var("RENDER_DUMP_DIR") {
        std::fs::write(format!("{dir}/side-by-side.png"), &png).expect("written");
    }
    let both = image::load_from_memory(&png).expect("a PNG").to_rgb8();
    let left = render_image(&a.game, &a.info, &RenderOptions::default()).expect("draws");
    let right = render_image(&b.game, &b.info, &RenderOptions::default()).expect("draws");
    assert_eq!(both.dimensions(), (left.width() * 2, left.height()));
    let half = |x0: u32| image::imageops::crop_imm(&both, x0, 0, left.width(), left.height());
    let total = (left.width() * left.height()) as usize;
    for (x0, drawn) in [(0, &left), (left.width(), &right)] {
        let shown = half(x0).to_image();
        // At most 256 colours for both boards: the rarest edge pixels take the nearest kept.
        assert!(differing(&shown, drawn) * 100 < total, "half at {x0}");
    }
    assert!(png.len() < 250_000, "{} bytes", png.len());
}
