//! Animated replays: a game as a GIF89a, one frame per turn, that Discord plays in place.
//!
//! Each frame is the board picture of that moment, drawn as [`super::render_png`] draws it, but
//! only what changed since the frame before is written: the smallest rectangle that holds every
//! changed pixel, with a transparent colour for the pixels inside it that did not change (as
//! lichess's `lila-gif` does for chess). A turn moves a few pieces and changes the header's
//! words, so most of each rectangle is one transparent run, which LZW shrinks to almost
//! nothing (with [`super::lzw`], which crosses such a run in a few steps). Each frame has its
//! own palette: the canvas already holds every picture in at most a few hundred colours, so no
//! colour quantisation is needed.

use std::borrow::Cow;

use super::lzw::Lzw;
use super::{BoardInfo, RenderError, RenderOptions, draw, paint, with_scratch};
use crate::engine::Game;

/// One picture of a replay and how long it stays.
#[derive(Clone, Debug)]
pub struct ReplayFrame {
    pub game: Game,
    pub info: BoardInfo,
    /// Hundredths of a second.
    pub delay: u16,
}

/// Draws `frames` and encodes them as a looping animated GIF.
pub fn replay_gif(frames: &[ReplayFrame], options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    let encode_error = |e: gif::EncodingError| RenderError::Encode(e.to_string());
    with_scratch(|scratch| {
        let mut shown = Vec::new();
        let mut rect = paint::FrameRect::default();
        let mut lzw = Lzw::default();
        let mut data = Vec::new();
        let mut encoder: Option<gif::Encoder<Vec<u8>>> = None;
        for frame in frames {
            draw(&mut scratch.canvas, &frame.game, &frame.info, options)?;
            let canvas = &scratch.canvas;
            if encoder.is_none() {
                let size = |n: u32| {
                    u16::try_from(n)
                        .map_err(|_| RenderError::Encode(format!("{n} px is too large for a GIF")))
                };
                let mut e = gif::Encoder::new(
                    Vec::new(),
                    size(canvas.width())?,
                    size(canvas.height())?,
                    &[],
                )
                .map_err(encode_error)?;
                e.set_repeat(gif::Repeat::Infinite).map_err(encode_error)?;
                encoder = Some(e);
            }
            canvas.write_frame(&mut shown, &mut rect);
            // The narrowest code the frame's slots allow (GIF's least is 2 bits).
            let top = rect.indices.iter().copied().max().unwrap_or(0);
            let min_width = (u8::BITS - top.leading_zeros()).max(2) as u8;
            data.clear();
            lzw.encode(&rect.indices, min_width, rect.transparent, &mut data);
            let gif_frame = gif::Frame {
                delay: frame.delay,
                dispose: gif::DisposalMethod::Keep,
                transparent: rect.transparent,
                left: rect.left as u16,
                top: rect.top as u16,
                width: rect.width as u16,
                height: rect.height as u16,
                palette: Some(rect.palette.clone()),
                buffer: Cow::Borrowed(&data),
                ..gif::Frame::default()
            };
            if let Some(e) = encoder.as_mut() {
                e.write_lzw_pre_encoded_frame(&gif_frame)
                    .map_err(encode_error)?;
            }
        }
        match encoder {
            Some(e) => e.into_inner().map_err(encode_error),
            None => Err(RenderError::Encode(
                "a replay needs at least one frame".to_string(),
            )),
        }
    })
}

/// [`replay_gif`] within `limit` bytes: when the whole game is larger, frames are dropped
/// evenly (never the first nor the last) until it fits. Returns the GIF and how many of the
/// frames it shows.
pub fn replay_gif_within(
    frames: &[ReplayFrame],
    options: &RenderOptions,
    limit: usize,
) -> Result<(Vec<u8>, usize), RenderError> {
    let mut keep = frames.len();
    loop {
        let gif = replay_gif(&evenly(frames, keep), options)?;
        if gif.len() <= limit || keep <= 2 {
            return Ok((gif, keep));
        }
        // Fewer frames in proportion to the excess, and a tenth more for the frames' sizes
        // differing.
        let fits = keep as f64 * limit as f64 / gif.len() as f64 * 0.9;
        keep = (fits as usize).clamp(2, keep - 1);
    }
}

/// `keep` of `frames` spread evenly, the first and the last among them.
fn evenly(frames: &[ReplayFrame], keep: usize) -> Vec<ReplayFrame> {
    let n = frames.len();
    if keep >= n || n < 2 {
        return frames.to_vec();
    }
    let keep = keep.max(2);
    (0..keep)
        .map(|i| frames[i * (n - 1) / (keep - 1)].clone())
        .collect()
}

/// Two boards side by side in one PNG (a review's played turn and the AI's better one), each
/// drawn as [`super::render_png`] draws it, in one palette PNG of the board pictures' encoder.
pub fn side_by_side_png(
    left: (&Game, &BoardInfo),
    right: (&Game, &BoardInfo),
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    with_scratch(|scratch| {
        draw(&mut scratch.canvas, left.0, left.1, options)?;
        let first = scratch.canvas.clone();
        draw(&mut scratch.canvas, right.0, right.1, options)?;
        let both =
            paint::Canvas::side_by_side(&[&first, &scratch.canvas], image::Rgb([255, 255, 255]));
        super::encode_png(&both, &mut scratch.encoder)
    })
}
