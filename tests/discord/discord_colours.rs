//! End to end: `/settings colours:` (issue 58). A player who chooses the colour-blind colours
//! sees the boards only they see in them (the move panel, the move browser, puzzles, lessons),
//! in either language, while the boards posted in the channel keep the standard colours; the
//! choice survives a restart.

use crate::fake_discord::*;
use fibonacci_bot::render::Palette;
use serde_json::json;

/// The palette a Fibonacci picture is drawn in: the one whose sides' fills paint the most of
/// it (each side's fill covers thousands of pixels of a board with pieces).
fn palette_of(files: &[File]) -> Palette {
    let png = files
        .iter()
        .find(|f| f.is_png())
        .expect("the answer carries a picture");
    let img = image::load_from_memory(&png.bytes)
        .expect("a PNG")
        .to_rgb8();
    let painted = |palette: Palette| {
        let fills = palette.colours().sides.map(|s| s.fill);
        img.pixels().filter(|p| fills.contains(p)).count()
    };
    let (standard, colour_blind) = (painted(Palette::Standard), painted(Palette::ColourBlind));
    assert!(
        standard.max(colour_blind) > 2000 && standard.min(colour_blind) == 0,
        "one palette's fills paint the picture: {standard} standard, {colour_blind} colour-blind"
    );
    if standard > colour_blind {
        Palette::Standard
    } else {
        Palette::ColourBlind
    }
}

/// An easy Fibonacci puzzle for `user`.
async fn easy_puzzle(t: &Table, user: u64) -> Reply {
    let options = [("game", json!("fibonacci")), ("level", json!("easy"))];
    t.say(user, GENERAL, "puzzle", &options).await.1
}

#[tokio::test]
async fn the_boards_only_a_player_sees_are_drawn_in_the_colours_they_chose() {
    let mut t = Table::open().await;
    let (_, shown) = t.say(ALICE, GENERAL, "settings", &[]).await;
    assert!(
        shown.ephemeral && shown.content.contains("drawn in the standard colours"),
        "{}",
        shown.content
    );
    let (_, chosen) = t
        .say(
            ALICE,
            GENERAL,
            "settings",
            &[("colours", json!("colour-blind"))],
        )
        .await;
    assert!(
        chosen.ephemeral
            && chosen
                .content
                .contains("From now on, the boards only you see")
            && chosen.content.contains("orange and blue"),
        "{}",
        chosen.content
    );

    // The board posted in the channel: the standard colours.
    let (accepted, followups) = t
        .start_game(
            GENERAL,
            &[("game", json!("fibonacci")), ("colour", json!("red"))],
        )
        .await;
    let public = std::iter::once(&accepted)
        .chain(&followups)
        .find(|r| r.has_png())
        .expect("the first board");
    assert!(!public.ephemeral);
    assert_eq!(palette_of(&public.files), Palette::Standard);

    // Alice's panel is hers: her colours. Bob's answers stay standard.
    let play = t
        .fake
        .latest_with_prefix(GENERAL, "fb:play:")
        .components
        .clone();
    let play = custom_ids(&play)
        .into_iter()
        .find(|c| c.starts_with("fb:play:"))
        .expect("Play");
    let sent = t.fake.click(ALICE, GENERAL, &play);
    let panel = t.fake.reply(&sent).await;
    assert!(panel.ephemeral, "{panel:?}");
    assert_eq!(palette_of(&panel.files), Palette::ColourBlind);
    let bobs = easy_puzzle(&t, BOB).await;
    assert!(bobs.ephemeral, "{bobs:?}");
    assert_eq!(palette_of(&bobs.files), Palette::Standard);

    // After a restart the choice holds: her puzzle and her lesson, in French too.
    t.kill_and_restart().await;
    let puzzle = easy_puzzle(&t, ALICE).await;
    assert!(puzzle.ephemeral, "{puzzle:?}");
    assert_eq!(palette_of(&puzzle.files), Palette::ColourBlind);
    t.fake.set_locale(ALICE, "fr");
    let (_, lesson) = t
        .say(ALICE, GENERAL, "learn", &[("game", json!("fibonacci"))])
        .await;
    assert!(lesson.ephemeral, "{lesson:?}");
    assert_eq!(palette_of(&lesson.files), Palette::ColourBlind);
    let (_, french) = t.say(ALICE, GENERAL, "settings", &[]).await;
    assert!(
        french.content.contains("avec des pièces orange et bleues"),
        "{}",
        french.content
    );

    // Back to the standard colours.
    t.fake.set_locale(ALICE, "en-US");
    let (_, back) = t
        .say(
            ALICE,
            GENERAL,
            "settings",
            &[("colours", json!("standard"))],
        )
        .await;
    assert!(
        back.content.contains("From now on") && back.content.contains("standard colours"),
        "{}",
        back.content
    );
    let puzzle = easy_puzzle(&t, ALICE).await;
    assert_eq!(palette_of(&puzzle.files), Palette::Standard);
    t.close().await;
}
