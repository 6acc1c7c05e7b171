//! Looking back at a game (issue 32): `/replay` as an animated GIF, the move browser under
//! `/history` (after a restart too), and `/review` of a finished game, served again from the
//! store.

use crate::fake_discord::*;
use fibonacci_bot::render::layout::{FOOTER_HEIGHT, HEADER_HEIGHT};
use serde_json::json;

/// Plays `plies` moves of the Fanorona game in GENERAL (Alice White, Bob Black), each the
/// engine's first legal move for whoever is to move.
async fn play_fanorona(t: &Table, plies: usize) {
    for _ in 0..plies {
        let position: String = t
            .sql_value(
                "SELECT position FROM games WHERE id = \
                 (SELECT max(id) FROM games WHERE channel_id = $1)",
                GENERAL,
            )
            .await;
        let player = if position.ends_with('w') { ALICE } else { BOB };
        let m = t.first_legal(GENERAL, "fanorona").await;
        t.play(player, GENERAL, &m).await;
    }
}

/// The turns with moves of the latest game of GENERAL, as `/history` numbers them.
async fn turns_played(t: &Table) -> i64 {
    t.sql_value(
        "SELECT count(DISTINCT (turn, side)) FROM moves WHERE kind = 'move' AND game_id = \
         (SELECT max(id) FROM games WHERE channel_id = $1)",
        GENERAL,
    )
    .await
}

/// Each frame of a GIF drawn over the ones before, as RGB rows.
fn gif_frames(bytes: &[u8]) -> (u32, u32, Vec<Vec<u8>>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(std::io::Cursor::new(bytes))
        .expect("a GIF");
    let (w, h) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let mut screen = vec![0u8; (w * h * 3) as usize];
    let mut frames = Vec::new();
    while let Some(f) = decoder.read_next_frame().expect("a frame") {
        for y in 0..u32::from(f.height) {
            for x in 0..u32::from(f.width) {
                let i = 4 * (y * u32::from(f.width) + x) as usize;
                if f.buffer[i + 3] == 255 {
                    let o = 3 * ((u32::from(f.top) + y) * w + u32::from(f.left) + x) as usize;
                    screen[o..o + 3].copy_from_slice(&f.buffer[i..i + 3]);
                }
            }
        }
        frames.push(screen.clone());
    }
    (w, h, frames)
}

/// A PNG as RGB rows.
fn png_rgb(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("pixels");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// The public answer to `/<name> game:<game>`: the reply itself, or, when the bot deferred (a
/// review takes seconds, and shows its progress meanwhile), the message it posted below.
async fn public_answer(t: &Table, user: u64, channel: u64, name: &str, game: i64) -> Reply {
    let (sent, reply) = t.say(user, channel, name, &[("game", json!(game))]).await;
    let answer = if reply.deferred {
        t.fake.followups(&sent, 1).await.remove(0)
    } else {
        reply
    };
    assert!(!answer.ephemeral, "{answer:?}");
    answer
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_a_move_browser_and_a_review_look_back_at_a_game() {
    let mut t = Table::open().await;
    // Nothing to look back at yet.
    let none = t.refused(CAROL, GENERAL, "replay", &[]).await;
    assert!(none.contains("No game"), "{none}");
    t.start_game(
        GENERAL,
        &[("game", json!("fanorona")), ("colour", json!("white"))],
    )
    .await;
    play_fanorona(&t, 7).await;
    let turns = turns_played(&t).await;
    let game: i64 = t
        .sql_value("SELECT max(id) FROM games WHERE channel_id = $1", GENERAL)
        .await;

    // A spectator's replay of the game in progress: one frame per turn after the start, and
    // the last frame's board is the board `/board` shows.
    let (_, replay) = t.say(CAROL, GENERAL, "replay", &[]).await;
    assert!(!replay.ephemeral, "{replay:?}");
    let gif = replay
        .files
        .iter()
        .find(|f| f.filename == "replay.gif")
        .unwrap_or_else(|| panic!("no replay.gif in {replay:?}"));
    assert_eq!(&gif.bytes[..6], b"GIF89a");
    let (w, h, frames) = gif_frames(&gif.bytes);
    assert!(w >= 800, "{w} px wide");
    assert_eq!(frames.len() as i64, turns + 1, "{}", replay.content);
    let (_, board) = t.say(CAROL, GENERAL, "board", &[]).await;
    let png = board.files.iter().find(|f| f.is_png()).expect("a board");
    let (bw, bh, board_rgb) = png_rgb(&png.bytes);
    assert_eq!((bw, bh), (w, h));
    let rows = (3 * w * HEADER_HEIGHT) as usize..(3 * w * (h - FOOTER_HEIGHT)) as usize;
    let last = frames.last().expect("frames");
    let differing = last[rows.clone()]
        .chunks(3)
        .zip(board_rgb[rows.clone()].chunks(3))
        .filter(|(a, b)| a != b)
        .count();
    assert!(
        differing * 500 < rows.len() / 3,
        "{differing} pixels differ"
    );

    // By number, from another channel; a game of no one is refused.
    let (_, by_id) = t
        .say(CAROL, OTHER, "replay", &[("game", json!(game))])
        .await;
    assert!(by_id.files.iter().any(|f| f.filename == "replay.gif"));
    let unknown = t
        .refused(CAROL, GENERAL, "replay", &[("game", json!(game + 1000))])
        .await;
    assert!(unknown.contains(&(game + 1000).to_string()), "{unknown}");

    // The move browser: ◀ from /history shows the turn before the last, for the clicker alone.
    let (_, history) = t.say(CAROL, GENERAL, "history", &[]).await;
    let back = format!("fb:browse-back:{game}:{}", turns - 1);
    assert!(
        history.custom_ids().contains(&back),
        "{:?}",
        history.custom_ids()
    );
    let click = t.fake.click(BOB, GENERAL, &back);
    let shown = t.fake.reply(&click).await;
    assert!(shown.ephemeral && shown.has_png(), "{shown:?}");
    assert!(
        shown.content.contains(&format!("Game {game}")),
        "{}",
        shown.content
    );
    // After a restart, the buttons of that answer still work, for anyone.
    t.kill_and_restart().await;
    let first = format!("fb:browse-first:{game}:0");
    let click = t.fake.click(CAROL, GENERAL, &first);
    let start = t.fake.reply(&click).await;
    assert!(start.ephemeral && start.has_png(), "{start:?}");
    assert!(
        start.content.contains("start position"),
        "{}",
        start.content
    );
    assert!(
        start
            .custom_ids()
            .contains(&format!("fb:browse-next:{game}:1"))
    );
    // A forged turn is refused and shows nothing.
    let forged = t.fake.click_unknown(
        CAROL,
        GENERAL,
        &format!("fb:browse-next:{game}:{}", turns + 5),
    );
    let refused = t.fake.reply(&forged).await;
    assert!(refused.ephemeral && !refused.has_png(), "{refused:?}");
    assert!(
        refused.content.contains(&format!("has {turns} turns")),
        "{}",
        refused.content
    );

    // No review while the game goes on; once it is over, a review, then the same from the store.
    let early = t
        .refused(CAROL, GENERAL, "review", &[("game", json!(game))])
        .await;
    assert!(early.contains("still being played"), "{early}");
    t.say(BOB, GENERAL, "resign", &[]).await;
    let review = public_answer(&t, CAROL, GENERAL, "review", game).await;
    // The played and the better turn side by side, for each turn reported.
    let reported = review.content.matches("Better: `").count();
    assert_eq!(
        review.files.iter().filter(|f| f.is_png()).count(),
        reported,
        "{review:?}"
    );
    assert!(
        review.content.contains(&format!("Review of game {game}")),
        "{}",
        review.content
    );
    let stored: i32 = t
        .sql_value(
            "SELECT turns FROM reviews WHERE game_id = (SELECT max(id) FROM games WHERE channel_id = $1)",
            GENERAL,
        )
        .await;
    // Whole turns: a capture chain left half played at the resignation is no turn to review.
    assert!(
        [turns, turns - 1].contains(&i64::from(stored)),
        "{stored} of {turns}"
    );
    // Marked in the store, the second review says what the store says.
    t.sql(
        "UPDATE reviews SET turns = 4242 WHERE game_id = \
         (SELECT max(id) FROM games WHERE channel_id = $1)",
        GENERAL,
    )
    .await;
    let again = public_answer(&t, ALICE, OTHER, "review", game).await;
    assert!(again.content.contains("4242 turns"), "{}", again.content);
    t.close().await;
}

/// A review already stored (issue 58, point 4) is answered at once, within Discord's first
/// answer, not deferred behind a progress that had nothing to show.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stored_review_is_answered_at_once() {
    let t = Table::open().await;
    t.start_game(
        GENERAL,
        &[("game", json!("fanorona")), ("colour", json!("white"))],
    )
    .await;
    play_fanorona(&t, 3).await;
    let game: i64 = t
        .sql_value("SELECT max(id) FROM games WHERE channel_id = $1", GENERAL)
        .await;
    t.say(BOB, GENERAL, "resign", &[]).await;
    let first = public_answer(&t, CAROL, GENERAL, "review", game).await;
    assert!(
        first.content.contains(&format!("Review of game {game}")),
        "{}",
        first.content
    );
    // From the store: the answer itself, with its pictures, and no progress edit before it.
    let (sent, again) = t
        .say(ALICE, GENERAL, "review", &[("game", json!(game))])
        .await;
    assert!(!again.deferred, "a stored review was deferred: {again:?}");
    assert!(!again.ephemeral, "{again:?}");
    assert_eq!(again.content, first.content);
    assert_eq!(
        again.files.iter().filter(|f| f.is_png()).count(),
        first.files.iter().filter(|f| f.is_png()).count()
    );
    assert_eq!(t.fake.followups_now(&sent), 0);
    t.close().await;
}
