//! End-to-end: French and English (issue 14) — the real bot against a fake Discord and a real
//! PostgreSQL. The registration carries the French localisations; in a French server the channel
//! reads French (status lines, pings, the board picture's words) and each user gets their
//! refusals in their own locale.

use crate::fake_discord::*;
use fibonacci_bot::ai::Level;
use fibonacci_bot::engine::{Config, Game, GameKind};
use fibonacci_bot::i18n::Lang;
use fibonacci_bot::render::{BoardInfo, render_png};
use serde_json::{Value, json};

fn named<'a>(list: &'a Value, name: &str) -> &'a Value {
    list.as_array()
        .into_iter()
        .flatten()
        .find(|item| item["name"] == name)
        .unwrap_or_else(|| panic!("no {name} in {list}"))
}

/// The labels of the buttons of a message's first row.
fn labels(reply: &Reply) -> Vec<String> {
    reply.components[0]["components"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|b| b["label"].as_str().map(str::to_string))
        .collect()
}

/// The pixels of a PNG.
fn pixels(png: &[u8]) -> Vec<u8> {
    image::load_from_memory(png)
        .expect("a PNG")
        .to_rgb8()
        .into_raw()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commands_are_registered_with_french_names_descriptions_and_choices() {
    let t = Table::open().await;
    let commands = Value::Array(t.fake.commands());
    let challenge = named(&commands, "challenge");
    assert_eq!(challenge["name_localizations"]["fr"], "défier");
    assert_eq!(
        challenge["description_localizations"]["fr"],
        "Défier quelqu'un à une partie"
    );
    assert_eq!(challenge["description"], "Challenge someone to a game");
    let opponent = named(&challenge["options"], "opponent");
    assert_eq!(opponent["name_localizations"]["fr"], "adversaire");
    assert_eq!(
        opponent["description_localizations"]["fr"],
        "Le joueur ou la joueuse que vous défiez"
    );
    let clock = named(&challenge["options"], "clock");
    assert_eq!(
        named(&clock["choices"], "none")["name_localizations"]["fr"],
        "sans pendule"
    );
    // The AI's levels show their estimated ratings in both languages (issue 36); the choices
    // keep the level words as names.
    let level = named(&challenge["options"], "level");
    for (word, french) in [
        (Level::Easy, "facile"),
        (Level::Medium, "moyen"),
        (Level::Hard, "fort"),
        (Level::Expert, "expert"),
    ] {
        let choice = named(&level["choices"], word.as_str());
        let rating = word.estimated_rating();
        let english = format!("{word} (rating ≈{rating})");
        assert_eq!(choice["name_localizations"]["en-US"], english.as_str());
        assert_eq!(choice["name_localizations"]["en-GB"], english.as_str());
        assert_eq!(
            choice["name_localizations"]["fr"],
            format!("{french} (classement ≈{rating})").as_str()
        );
    }
    assert_eq!(
        named(&level["choices"], "medium")["name_localizations"]["en-US"],
        "medium (rating ≈1500)"
    );
    // The puzzles' levels are grades, not the AI's: no ratings there.
    let grades = named(&named(&commands, "puzzle")["options"], "level");
    let grade = named(&grades["choices"], "hard");
    assert!(grade["name_localizations"]["en-US"].is_null(), "{grade}");
    assert_eq!(grade["name_localizations"]["fr"], "fort");
    assert_eq!(
        named(&commands, "move")["name_localizations"]["fr"],
        "jouer"
    );
    // Every command has its French name, and Discord would take them all.
    for command in commands.as_array().into_iter().flatten() {
        assert!(
            command["name_localizations"]["fr"].is_string(),
            "/{} has no French name",
            command["name"]
        );
    }
    assert!(t.fake.violations().is_empty(), "{:?}", t.fake.violations());
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_server_reads_french_and_each_user_gets_refusals_in_their_locale() {
    let t = Table::open().await;
    t.fake.set_guild_locale("fr");
    t.fake.set_locale(ALICE, "fr");
    t.fake.set_locale(BOB, "fr");
    t.fake.set_locale(CAROL, "en-US");

    let text = t
        .refused(ALICE, GENERAL, "move", &[("moves", json!("g9-f9"))])
        .await;
    assert_eq!(
        text,
        "Il n'y a pas de partie dans ce salon : lancez-en une avec /défier."
    );
    // The same refusal for a user whose Discord is in English, in the same French server.
    let text = t
        .refused(CAROL, GENERAL, "move", &[("moves", json!("g9-f9"))])
        .await;
    assert_eq!(
        text,
        "There is no game in this channel: start one with /challenge."
    );

    let (reply, followups) = t
        .start_game(
            GENERAL,
            &[("colour", json!("red")), ("clock", json!("none"))],
        )
        .await;
    assert!(!reply.ephemeral);
    assert!(
        reply
            .content
            .contains(&format!("Tour 1 · Rouge <@{ALICE}> joue · 1 coup restant")),
        "{}",
        reply.content
    );
    let ping = &followups[0].content;
    assert!(
        ping.starts_with(&format!(
            "<@{ALICE}>, à vous de jouer (Rouge, tour 1, 1 coup)"
        )),
        "{ping}"
    );
    // The board picture's words are French: it is the French picture of the start, not the
    // English one.
    let png = reply
        .files
        .iter()
        .find(|f| f.is_png())
        .expect("the game starts with a board");
    let start = Game::new(Config::default_for(GameKind::Fibonacci), 0);
    let picture = |lang| {
        let info = BoardInfo {
            players: ["alice".to_string(), "bob".to_string()],
            lang,
            ..BoardInfo::default()
        };
        pixels(&render_png(&start, &info).expect("renders"))
    };
    let sent = pixels(&png.bytes);
    assert!(sent == picture(Lang::Fr), "the board is drawn in French");
    assert!(sent != picture(Lang::En));

    // Carol's refusal stays English; what she makes the channel read is French.
    let text = t
        .refused(CAROL, GENERAL, "move", &[("moves", json!("g9-f9"))])
        .await;
    assert!(
        text.starts_with(&format!(
            "You are not playing in this game (<@{ALICE}> against <@{BOB}>)."
        )),
        "{text}"
    );
    let (_, board) = t.say(CAROL, GENERAL, "board", &[]).await;
    assert!(!board.ephemeral);
    assert!(
        board.content.starts_with("Le plateau :\nTour 1 · Rouge"),
        "{}",
        board.content
    );

    // A French move refusal, and a French headline for a move.
    let text = t
        .refused(BOB, GENERAL, "move", &[("moves", json!("g9-f9"))])
        .await;
    assert_eq!(
        text,
        format!("C'est au tour de <@{ALICE}> (rouge) : attendez son coup.")
    );
    let first = t.first_legal(GENERAL, "fibonacci").await;
    let (_, moved) = t.play(ALICE, GENERAL, &first).await;
    assert!(
        moved.content.starts_with(&format!(
            "<@{ALICE}> a joué `{first}`.\nTour 2 · Vert <@{BOB}> joue"
        )),
        "{}",
        moved.content
    );
    // The rules' reasons are French too, in the seeds' words.
    let text = t
        .refused(BOB, GENERAL, "move", &[("moves", json!("f1-f2"))])
        .await;
    assert_eq!(
        text,
        "`f1-f2` ne peut pas être joué : il n'y a pas de pièce en f1 : choisissez une de vos \
         pièces de frappe ou de soutien."
    );
    let (_, games) = t.say(BOB, GENERAL, "games", &[]).await;
    assert!(games.ephemeral);
    assert!(
        games.content.starts_with(&format!(
            "**Vos parties** (les plus urgentes d'abord)\n• Fibonacci (standard) en Vert contre \
             <@{ALICE}> dans <#{GENERAL}> : **à vous de jouer**, tour 2\n"
        )),
        "{}",
        games.content
    );
    let (_, history) = t.say(CAROL, GENERAL, "history", &[]).await;
    assert!(
        history.content.starts_with("Coups de la partie "),
        "{}",
        history.content
    );
    // /rules is public: in the server's language, whoever asks, with its picture.
    let (_, rules) = t
        .say(CAROL, GENERAL, "rules", &[("game", json!("fanorona"))])
        .await;
    assert!(!rules.ephemeral && rules.has_png(), "{rules:?}");
    assert!(
        rules
            .content
            .starts_with("**Fanorona** (Madagascar) : Blancs contre Noirs")
            && rules.content.contains("Capture par approche")
            && rules.content.contains("par éloignement (retrait)")
            && rules.content.contains("Vela, la seconde manche (/vela"),
        "{}",
        rules.content
    );
    // A challenge, its buttons and a resignation read French in the channel too.
    let (_, challenge) = t
        .say(ALICE, OTHER, "challenge", &[("opponent", json!(BOB))])
        .await;
    assert!(
        challenge.content.starts_with(&format!(
            "<@{BOB}>, <@{ALICE}> vous défie à **Fibonacci (standard)**, 3 jours par tour, \
             classée. Les couleurs sont tirées au sort quand vous acceptez."
        )),
        "{}",
        challenge.content
    );
    let labels = labels(&challenge);
    assert_eq!(labels, ["Accepter", "Refuser"]);
    let (sent, resigned) = t.say(BOB, GENERAL, "resign", &[]).await;
    assert!(
        resigned
            .content
            .starts_with(&format!("<@{BOB}> abandonne.")),
        "{}",
        resigned.content
    );
    let over = t.fake.followups(&sent, 1).await;
    assert!(
        over[0].content.starts_with(&format!(
            "🏁 Partie terminée : Rouge <@{ALICE}> gagne : Vert <@{BOB}> a abandonné."
        )),
        "{}",
        over[0].content
    );
    assert!(t.fake.violations().is_empty(), "{:?}", t.fake.violations());
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_by_dm_follow_the_player_and_in_the_channel_the_server() {
    let mut t = Table::open().await;
    t.fake.set_guild_locale("fr");
    t.fake.set_locale(BOB, "fr");
    t.fake.set_locale(ALICE, "en-US");
    let (_, settings) = t
        .say(BOB, GENERAL, "settings", &[("notify", json!("dm"))])
        .await;
    assert!(
        settings.ephemeral
            && settings
                .content
                .starts_with("Désormais, je vous rappelle vos tours par message privé"),
        "{}",
        settings.content
    );
    let (_, settings) = t
        .say(ALICE, GENERAL, "settings", &[("notify", json!("dm"))])
        .await;
    assert!(
        settings
            .content
            .starts_with("From now on I remind you of your turns by direct message"),
        "{}",
        settings.content
    );
    t.fake.close_dms(ALICE);

    // Bob (French) to move: his reminder comes by DM, in French.
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    let first = t.first_legal(GENERAL, "fibonacci").await;
    t.play(ALICE, GENERAL, &first).await;
    // The language each player was last seen in is kept in the database, so after a restart
    // (and no word from Bob since) his reminder is still French.
    let mut recorded = String::new();
    for _ in 0..100 {
        recorded = t
            .sql_value(
                "SELECT coalesce(max(locale), '') FROM locales WHERE kind = 'user' AND id = $1",
                BOB,
            )
            .await;
        if !recorded.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(recorded, "fr");
    t.kill_and_restart().await;
    t.deadline_in(GENERAL, 3000).await;
    let dm = t
        .fake
        .wait_for("Bob's DM channel", |v| v.dm_channel_of(BOB))
        .await;
    let sent = t.wait_posts(dm, "Votre tour dans", 1).await;
    assert!(
        sent[0]
            .content
            .starts_with("⏰ Votre tour dans **Fibonacci (standard)** (partie "),
        "{}",
        sent[0].content
    );

    // Alice (English, DMs closed) in OTHER: the reminder falls back to the French channel.
    t.start_game(OTHER, &[("colour", json!("red"))]).await;
    t.deadline_in(OTHER, 3000).await;
    let fallback = t.wait_posts(OTHER, "votre tour dans", 1).await;
    assert!(
        fallback[0].content.starts_with(&format!(
            "⏰ <@{ALICE}>, votre tour dans **Fibonacci (standard)** est à jouer <t:"
        )),
        "{}",
        fallback[0].content
    );
    assert_eq!(fallback[0].pings, [ALICE]);

    // A request to pause, read by the French channel, with French buttons.
    let (_, asked) = t.say(BOB, OTHER, "pause", &[("days", json!(2))]).await;
    assert!(
        asked.content.starts_with(&format!(
            "<@{BOB}> demande à <@{ALICE}> d'arrêter la pendule pendant 2 jours."
        )),
        "{}",
        asked.content
    );
    let labels = labels(&asked);
    assert_eq!(labels, ["Accepter la pause", "Refuser la pause"]);
    t.close().await;
}
