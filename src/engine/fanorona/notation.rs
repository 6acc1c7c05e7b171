//! Reading what a player types (docs/fanorona.md, Notation): `d2-d3`, `d2d3-`, `D2-D3+`,
//! `d2-d3+,d3-c4-`.
//!
//! Parsing only checks the syntax and that the points exist; whether the steps are legal is the
//! game's business, so the two kinds of mistake get different messages.

use super::CaptureKind;
use super::board::{Point, clip};
use super::error::MoveError;

/// A step as written: the capture kind only when a suffix was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StepInput {
    pub from: Point,
    pub to: Point,
    pub kind: Option<CaptureKind>,
}

/// Longest chain worth reading: each step captures at least one of at most 22 enemy pieces.
const MAX_STEPS: usize = 22;

/// Parses one step or a comma-separated chain.
pub(crate) fn parse_turn(text: &str) -> Result<Vec<StepInput>, MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveError::Syntax(String::new()));
    }
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > MAX_STEPS {
        return Err(MoveError::TooLong(parts.len()));
    }
    parts.into_iter().map(parse_step).collect()
}

/// Parses `from[-]to[+|-]`, spaces around the whole step allowed.
fn parse_step(part: &str) -> Result<StepInput, MoveError> {
    let s = part.trim();
    let syntax = || MoveError::Syntax(clip(s));
    let (from_text, rest) = split_point(s).ok_or_else(syntax)?;
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    let (to_text, rest) = split_point(rest).ok_or_else(syntax)?;
    let kind = match rest {
        "" => None,
        "+" => Some(CaptureKind::Approach),
        "-" => Some(CaptureKind::Withdrawal),
        _ => return Err(syntax()),
    };
    Ok(StepInput {
        from: from_text.parse()?,
        to: to_text.parse()?,
        kind,
    })
}

/// Splits a leading point-shaped token (a letter then digits) from the rest.
fn split_point(s: &str) -> Option<(&str, &str)> {
    let mut chars = s.char_indices();
    let (_, first) = chars.next()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let digits_end = s[1..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(s.len(), |i| i + 1);
    (digits_end > 1).then(|| s.split_at(digits_end))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().expect("point")
    }

    #[test]
    fn rules_2_4_dash_may_be_omitted_and_suffix_picks_the_capture() {
        let step = |from: &str, to: &str, kind| StepInput {
            from: p(from),
            to: p(to),
            kind,
        };
        assert_eq!(parse_turn("d2-d3"), Ok(vec![step("d2", "d3", None)]));
        assert_eq!(parse_turn("d2d3"), Ok(vec![step("d2", "d3", None)]));
        assert_eq!(
            parse_turn(" D2-D3+ "),
            Ok(vec![step("d2", "d3", Some(CaptureKind::Approach))])
        );
        assert_eq!(
            parse_turn("d2d3-"),
            Ok(vec![step("d2", "d3", Some(CaptureKind::Withdrawal))])
        );
        assert_eq!(
            parse_turn("d2-d3+, d3-c4-"),
            Ok(vec![
                step("d2", "d3", Some(CaptureKind::Approach)),
                step("d3", "c4", Some(CaptureKind::Withdrawal)),
            ])
        );
    }

    #[test]
    fn malformed_steps_are_syntax_errors_and_bad_points_point_errors() {
        for bad in [
            "", "d2", "d2-", "d2--d3", "d2-d3++", "d2-d3x", "-d2-d3", "d2-d3,", "2d-3d",
        ] {
            assert!(
                matches!(parse_turn(bad), Err(MoveError::Syntax(_))),
                "{bad:?} should be a syntax error"
            );
        }
        assert!(matches!(parse_turn("j2-d3"), Err(MoveError::Point(_))));
        assert!(matches!(parse_turn("d2-d6"), Err(MoveError::Point(_))));
        assert!(matches!(parse_turn("é2-d3"), Err(MoveError::Syntax(_))));
        let err = parse_turn("d2\n-d3\r").expect_err("control characters");
        assert!(!err.to_string().contains(['\n', '\r']), "{err}");
        let long = vec!["a1-a2"; 40].join(",");
        assert!(matches!(parse_turn(&long), Err(MoveError::TooLong(40))));
    }
}
