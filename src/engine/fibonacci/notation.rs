//! Reading a unit move: `g9-f9`, `G9F9`, `g9 - f9`. Two steps, as in chess libraries: syntax
//! here, legality in [`super::Game::play`].

use std::str::FromStr;

use super::UnitMove;
use super::board::{Cell, CellError, snippet};

/// A unit move that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    #[error("no move given")]
    Empty,
    #[error("{0:?} is not a move (from-to)")]
    Malformed(String),
    #[error("{0}")]
    From(CellError),
    #[error("{0}")]
    To(CellError),
}

/// Longer input cannot be a move (`k11-k11` is 7 characters); refusing it early keeps error
/// messages short whatever was pasted.
const MAX_LEN: usize = 16;

impl FromStr for UnitMove {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        if t.len() > MAX_LEN {
            return Err(ParseMoveError::Malformed(snippet(t)));
        }
        let dashed = t.contains('-');
        let (from, to) = match t.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => {
                // Without a dash the destination starts at the first letter after the first.
                let split = t
                    .char_indices()
                    .skip(1)
                    .find(|(_, c)| c.is_alphabetic())
                    .map(|(i, _)| i)
                    .ok_or_else(|| ParseMoveError::Malformed(snippet(t)))?;
                (t[..split].trim(), t[split..].trim())
            }
        };
        if from.is_empty() || to.is_empty() || to.contains('-') {
            return Err(ParseMoveError::Malformed(snippet(t)));
        }
        // Without a dash a shapeless half (`a1x` read as `a1` + `x`) means the whole text is
        // not a move; a clear point error (`z9`, `f12`) is still worth reporting as such.
        let shapeless = |e: &CellError| matches!(e, CellError::Malformed(_) | CellError::Empty);
        let from: Cell = from.parse().map_err(|e| match e {
            e if !dashed && shapeless(&e) => ParseMoveError::Malformed(snippet(t)),
            e => ParseMoveError::From(e),
        })?;
        let to: Cell = to.parse().map_err(|e| match e {
            e if !dashed && shapeless(&e) => ParseMoveError::Malformed(snippet(t)),
            e => ParseMoveError::To(e),
        })?;
        Ok(UnitMove { from, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> Result<String, ParseMoveError> {
        s.parse::<UnitMove>().map(|m| m.to_string())
    }

    #[test]
    fn unit_moves_read_with_or_without_dash_in_any_case() {
        for s in ["g9-f9", "G9F9", "g9f9", " g9 - f9 ", "G9-f9"] {
            assert_eq!(m(s).as_deref(), Ok("g9-f9"), "{s}");
        }
        assert_eq!(m("k11a1").as_deref(), Ok("k11-a1"));
        assert_eq!(m("a1k11").as_deref(), Ok("a1-k11"));
    }

    #[test]
    fn malformed_moves_are_refused_with_the_reason() {
        assert_eq!(m(""), Err(ParseMoveError::Empty));
        assert!(matches!(m("g9"), Err(ParseMoveError::Malformed(_))));
        assert_eq!(m("a1x"), Err(ParseMoveError::Malformed("a1x".to_string())));
        assert!(matches!(
            m("a1-x"),
            Err(ParseMoveError::To(CellError::Malformed(_)))
        ));
        assert!(matches!(m("g9-"), Err(ParseMoveError::Malformed(_))));
        assert!(matches!(m("g9-f9-e9"), Err(ParseMoveError::Malformed(_))));
        assert!(matches!(
            m("z9-f9"),
            Err(ParseMoveError::From(CellError::BadRow { row: 'z' }))
        ));
        assert!(matches!(
            m("f9-f12"),
            Err(ParseMoveError::To(CellError::OffBoard { .. }))
        ));
        let garbage = "x".repeat(10_000);
        let e = m(&garbage).unwrap_err().to_string();
        assert!(e.len() < 100, "{e}");
    }
}
