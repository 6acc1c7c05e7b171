//! The colours of a player's own pictures (`/settings colours:`, issue 58): stored per user,
//! and known in memory to every process that follows them, kept in step by `NOTIFY`, so that
//! drawing a player's picture reads nothing.

use std::time::Duration;

use sqlx::Connection;

use fibonacci_bot::app::{Colours, Service};
use fibonacci_bot::render::Palette;

use crate::common;

const ALICE: u64 = 1001;
/// A Discord id above `i64::MAX`, stored negative.
const HIGH: u64 = u64::MAX - 5;

/// Waits (up to 10 s) until `service` says `user` chose `wanted`.
async fn until(service: &Service, user: u64, wanted: Colours) {
    for _ in 0..200 {
        if service.colours_of(user).await.expect("read") == wanted {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("user {user} never came to {wanted:?}");
}

#[tokio::test]
async fn a_choice_is_kept_and_draws_that_players_pictures_in_it() {
    let db = common::fresh_database().await;
    let service = Service::connect(db.url()).await.expect("connect");
    assert_eq!(
        service.colours_of(ALICE).await.expect("read"),
        Colours::Standard
    );
    assert_eq!(
        service.picture_options(ALICE).await.palette,
        Palette::Standard
    );
    service
        .set_colours(ALICE, Colours::ColourBlind)
        .await
        .expect("set");
    service
        .set_colours(HIGH, Colours::ColourBlind)
        .await
        .expect("set");
    assert_eq!(
        service.colours_of(ALICE).await.expect("read"),
        Colours::ColourBlind
    );
    assert_eq!(
        service.picture_options(ALICE).await.palette,
        Palette::ColourBlind
    );
    // Kept across a restart, and another user's choice is theirs alone.
    drop(service);
    let service = Service::connect(db.url()).await.expect("connect again");
    assert_eq!(
        service.colours_of(ALICE).await.expect("read"),
        Colours::ColourBlind
    );
    assert_eq!(
        service.colours_of(HIGH).await.expect("read"),
        Colours::ColourBlind
    );
    assert_eq!(
        service.colours_of(7).await.expect("read"),
        Colours::Standard
    );
}

#[tokio::test]
async fn a_process_that_follows_the_colours_learns_every_processs_choices_without_reading_them() {
    let db = common::fresh_database().await;
    let follower = Service::connect(db.url()).await.expect("connect");
    let other = Service::connect(db.url()).await.expect("connect");
    other
        .set_colours(HIGH, Colours::ColourBlind)
        .await
        .expect("set before following");
    follower.follow_colours().await;
    assert_eq!(
        follower.colours_of(HIGH).await.expect("read"),
        Colours::ColourBlind,
        "read from the table when it starts following"
    );

    other
        .set_colours(ALICE, Colours::ColourBlind)
        .await
        .expect("set");
    until(&follower, ALICE, Colours::ColourBlind).await;

    // The follower answers from memory: a change behind its back (no announcement) is not
    // seen, which shows that it reads nothing.
    let mut conn = sqlx::PgConnection::connect(db.url())
        .await
        .expect("connect");
    sqlx::query("UPDATE user_settings SET colours = 'standard'")
        .execute(&mut conn)
        .await
        .expect("update");
    assert_eq!(
        follower.colours_of(ALICE).await.expect("read"),
        Colours::ColourBlind
    );
    assert_eq!(
        other.colours_of(ALICE).await.expect("read"),
        Colours::Standard,
        "a process that does not follow reads the table"
    );

    // An announced change reaches it, back to the default too.
    other
        .set_colours(ALICE, Colours::ColourBlind)
        .await
        .expect("set");
    other
        .set_colours(ALICE, Colours::Standard)
        .await
        .expect("set");
    until(&follower, ALICE, Colours::Standard).await;
}
