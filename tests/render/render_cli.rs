//! `fibonacci-bot render` through the real binary (issue 4: the command line writes a picture).

use std::path::PathBuf;
use std::process::Command;

use fibonacci_bot::engine::GameKind;
use fibonacci_bot::render::image_size;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
}

fn out_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("render-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

fn decoded(path: &PathBuf) -> image::RgbImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgb8()
}

#[test]
fn render_writes_the_start_position_of_each_game() {
    for (game, kind) in [
        ("fibonacci", GameKind::Fibonacci),
        ("fanorona", GameKind::Fanorona),
    ] {
        let out = out_path(&format!("{game}.png"));
        let status = bin()
            .args(["render", "--game", game, "-o"])
            .arg(&out)
            .status()
            .expect("runs");
        assert!(status.success(), "{game}: {status}");
        assert_eq!(decoded(&out).dimensions(), image_size(kind));
    }
}

#[test]
fn render_plays_moves_and_highlights_a_point() {
    let out = out_path("moves.png");
    let output = bin()
        .args([
            "render",
            "--game",
            "fibonacci",
            "--moves",
            "g9-f9",
            "--highlight",
            "E2",
            "--players",
            "Ann",
            "Ben",
            "--palette",
            "colour-blind",
            "-o",
        ])
        .arg(&out)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let plain = out_path("plain.png");
    let status = bin()
        .args(["render", "--game", "fibonacci", "-o"])
        .arg(&plain)
        .status()
        .expect("runs");
    assert!(status.success());
    assert_ne!(
        decoded(&out),
        decoded(&plain),
        "the moves show in the picture"
    );
}

#[test]
fn render_from_a_position_string() {
    let out = out_path("position.png");
    let status = bin()
        .args([
            "render",
            "--game",
            "fanorona",
            "--position",
            "WWWWWWWWW/WWWW.WWWW/BWBWWBWBW/BBBB.BBBB/BBBB.BBBB b",
            "-o",
        ])
        .arg(&out)
        .status()
        .expect("runs");
    assert!(status.success(), "{status}");
    assert_eq!(decoded(&out).dimensions(), image_size(GameKind::Fanorona));
}

#[test]
fn render_refuses_bad_input_with_status_2_and_a_reason() {
    let cases: [&[&str]; 3] = [
        &["--game", "fibonacci", "--highlight", "z9"],
        &["--game", "fibonacci", "--moves", "a1-k11"],
        &["--game", "fanorona", "--position", "nonsense"],
    ];
    for args in cases {
        let out = out_path("refused.png");
        let output = bin()
            .arg("render")
            .args(args)
            .arg("-o")
            .arg(&out)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.trim().is_empty(), "{args:?}: a reason on stderr");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn render_reports_an_unwritable_output() {
    let output = bin()
        .args([
            "render",
            "--game",
            "fibonacci",
            "-o",
            "/nonexistent-dir/x.png",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("could not write"));
}
