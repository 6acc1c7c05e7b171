//! Every word the bot draws into a picture comes from the Fluent files: each character of those
//! messages, in every language, has a glyph in the fonts the renderer uses. A character without
//! one is drawn as `?` (or left out of a note), so an emoji written into such a message fails
//! here rather than in a player's picture.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast;

use super::text::{Face, fonts};

/// The messages the callers hand to the renderer as labels (an id, or a prefix ending in `-`
/// for ids made with `format!`), besides those the renderer asks for itself (found in
/// `src/render/` by [`render_ids`]).
const LABELS: &[&str] = &[
    // `BoardInfo::note` and `banner` of a game (`present::board_note`, `present::banner`).
    "game-note-",
    "game-banner-",
    "game-date",
    "choice-easy",
    "choice-medium",
    "choice-hard",
    "choice-expert",
    // The colours, named in headers and banners (`i18n::side_word`).
    "side-",
    // Other notes: a lesson's counter, a review's two boards, a replay's frame, the move panel,
    // a puzzle.
    "learn-counter",
    "review-picture-",
    "replay-frame",
    "replay-frame-total",
    "panel-played",
    "panel-took-back",
    "puzzle-picture-note",
    // A tournament's standings and cross table.
    "tournament-column-",
    "tournament-standings-title",
    "tournament-cross-title",
];

/// The message ids (or prefixes, for `tr!(lang, &format!("board-why-{reason}"))`) of the
/// `tr!` calls in `src/render/`.
fn render_ids() -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/render");
    let mut ids = BTreeSet::new();
    let mut files = vec![dir];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).expect("src/render") {
                files.push(entry.expect("an entry").path());
            }
            continue;
        }
        // Not this file, which speaks of `tr!` calls.
        if path.extension().is_none_or(|e| e != "rs") || path.ends_with("words_drawn.rs") {
            continue;
        }
        let code = std::fs::read_to_string(&path).expect("a source file");
        for call in code.split("tr!(").skip(1) {
            // The first string of the call is its id.
            let Some(id) = call.split('"').nth(1) else {
                continue;
            };
            let id = id.split('{').next().unwrap_or(id);
            ids.insert(id.to_string());
        }
    }
    ids
}

/// Every message of a language, by id (terms as `-id`).
fn messages(lang: &str) -> BTreeMap<String, ast::Pattern<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/locales")
        .join(lang);
    let mut out = BTreeMap::new();
    let mut files = vec![dir];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).expect("a locale directory") {
                files.push(entry.expect("an entry").path());
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a Fluent file");
        let resource = fluent_syntax::parser::parse(text)
            .unwrap_or_else(|(_, errors)| panic!("{}: {errors:?}", path.display()));
        for entry in resource.body {
            match entry {
                ast::Entry::Message(m) => {
                    if let Some(value) = m.value {
                        out.insert(m.id.name, value);
                    }
                }
                ast::Entry::Term(t) => {
                    out.insert(format!("-{}", t.id.name), t.value);
                }
                _ => {}
            }
        }
    }
    out
}

/// The characters `pattern` can put in a picture: its text, every variant of a selection, and
/// the messages and terms it refers to; not the variables' values (names, numbers).
fn characters(
    all: &BTreeMap<String, ast::Pattern<String>>,
    pattern: &ast::Pattern<String>,
    out: &mut BTreeSet<char>,
) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.extend(value.chars()),
            ast::PatternElement::Placeable { expression } => expression_chars(all, expression, out),
        }
    }
}

fn expression_chars(
    all: &BTreeMap<String, ast::Pattern<String>>,
    expression: &ast::Expression<String>,
    out: &mut BTreeSet<char>,
) {
    match expression {
        ast::Expression::Select { variants, .. } => {
            for variant in variants {
                characters(all, &variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_chars(all, inline, out),
    }
}

fn inline_chars(
    all: &BTreeMap<String, ast::Pattern<String>>,
    inline: &ast::InlineExpression<String>,
    out: &mut BTreeSet<char>,
) {
    let referred = |id: String| all.get(&id).unwrap_or_else(|| panic!("no message {id}"));
    match inline {
        ast::InlineExpression::StringLiteral { value }
        | ast::InlineExpression::NumberLiteral { value } => out.extend(value.chars()),
        ast::InlineExpression::MessageReference { id, .. } => {
            characters(all, referred(id.name.clone()), out);
        }
        ast::InlineExpression::TermReference { id, .. } => {
            characters(all, referred(format!("-{}", id.name)), out);
        }
        ast::InlineExpression::Placeable { expression } => expression_chars(all, expression, out),
        ast::InlineExpression::VariableReference { .. }
        | ast::InlineExpression::FunctionReference { .. } => {}
    }
}

#[test]
fn every_character_of_a_word_drawn_has_a_glyph() {
    let fonts = fonts().expect("the fonts");
    let wanted: Vec<String> = render_ids()
        .into_iter()
        .chain(LABELS.iter().map(|s| s.to_string()))
        .collect();
    let mut missing = Vec::new();
    for lang in ["en-US", "fr"] {
        let all = messages(lang);
        for want in &wanted {
            let ids: Vec<&String> = if want.ends_with('-') {
                all.keys()
                    .filter(|id| id.starts_with(want.as_str()))
                    .collect()
            } else {
                all.keys().filter(|id| *id == want).collect()
            };
            // A renamed message must be renamed here too.
            assert!(!ids.is_empty(), "{lang}: no message {want}…");
            for id in ids {
                let mut chars = BTreeSet::new();
                characters(&all, &all[id], &mut chars);
                for c in chars {
                    for face in [Face::Bold, Face::Condensed] {
                        if !c.is_whitespace() && !fonts.covers(face, c) {
                            missing
                                .push(format!("{lang} {id}: {c:?} (U+{:04X}) {face:?}", c as u32));
                        }
                    }
                }
            }
        }
    }
    assert!(missing.is_empty(), "no glyph for:\n{}", missing.join("\n"));
}

/// The check itself sees a character the fonts lack.
#[test]
fn the_fonts_lack_the_emoji_the_messages_use_elsewhere() {
    let fonts = fonts().expect("the fonts");
    assert!(!fonts.covers(Face::Bold, '🧩'));
    assert!(fonts.covers(Face::Bold, 'é') && fonts.covers(Face::Bold, '·'));
}
