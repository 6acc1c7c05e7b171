//! The words and numbers the tables hold, as Rust types: each maps to its column through
//! `sqlx::Type`, so no query or row reader spells a column's values by hand.

use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgArgumentBuffer, PgTypeInfo, PgValueRef};
use sqlx::{Decode, Encode, Postgres, Type};

use crate::engine::{Codec, Side};

/// Where a challenge stands (`challenges.state`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(type_name = "text", rename_all = "kebab-case")]
pub enum ChallengeState {
    Open,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

/// Who plays the first side (Red / White) (`challenges.colour`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(type_name = "text", rename_all = "kebab-case")]
pub enum ColourChoice {
    /// The challenger plays the first side (Red / White).
    ChallengerFirst,
    /// The challenger plays the second side (Green / Black).
    ChallengerSecond,
    /// Decided at random when the challenge is accepted.
    Random,
}

/// How a game ended (`games.outcome`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(type_name = "text", rename_all = "kebab-case")]
pub enum OutcomeKind {
    Won,
    Resigned,
    Draw,
    DrawAgreed,
    /// The player to move ran out of time; the other wins.
    Timeout,
    /// The player to move ran out of time without ever having moved: no result.
    Aborted,
}

/// What a game follows (`follow_kind`): a rematch of a finished game, or its vela round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, sqlx::Type)]
#[sqlx(type_name = "text", rename_all = "kebab-case")]
pub enum FollowKind {
    Rematch,
    Vela,
}

/// How a user hears of their turn (`user_settings.notify`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, sqlx::Type)]
#[sqlx(type_name = "text", rename_all = "kebab-case")]
pub enum Notify {
    #[default]
    Channel,
    Dm,
}

crate::codec!(Notify {
    Channel => "channel",
    Dm => "dm",
});

/// The colours a user's own pictures are drawn in (`user_settings.colours`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, sqlx::Type)]
#[sqlx(type_name = "text", rename_all = "kebab-case")]
pub enum Colours {
    /// The default palette, the one every public picture uses.
    #[default]
    Standard,
    /// Orange and blue pieces.
    ColourBlind,
}

crate::codec!(Colours {
    Standard => "standard",
    ColourBlind => "colour-blind",
});

/// What a notice of the outbox announces (`notices.kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, sqlx::Type)]
#[sqlx(type_name = "text", rename_all = "kebab-case")]
pub enum NoticeKind {
    Reminder,
    Timeout,
    Aborted,
    Resumed,
    /// A tournament game's first board, in its thread.
    Started,
    /// A game lost because its player withdrew from the tournament.
    Withdrawn,
    /// A deadline passed while its player was on vacation (automatic, or begun meanwhile): the
    /// clock waits for the vacation's end.
    Vacation,
}

/// What a move log entry records (`moves.kind`): `Move` entries are replayed through the engine,
/// the others record what the service decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(type_name = "text", rename_all = "kebab-case")]
pub enum MoveKind {
    Move,
    Skip,
    Resign,
    DrawOffer,
    DrawAccept,
    DrawDecline,
    DrawWithdraw,
    Timeout,
    Abort,
    PauseOffer,
    PauseDecline,
    Pause,
    Resume,
}

impl MoveKind {
    /// The notation a service entry writes into the log (and the history shows).
    pub fn service_notation(self) -> &'static str {
        match self {
            MoveKind::Move => "",
            MoveKind::Skip => "skip",
            MoveKind::Resign => "resign",
            MoveKind::DrawOffer => "draw offered",
            MoveKind::DrawAccept => "draw accepted",
            MoveKind::DrawDecline => "draw declined",
            MoveKind::DrawWithdraw => "draw withdrawn",
            MoveKind::Timeout => "lost on time",
            MoveKind::Abort => "aborted: no move before the deadline",
            MoveKind::PauseOffer => "pause asked",
            MoveKind::PauseDecline => "pause declined",
            MoveKind::Pause => "clock paused",
            MoveKind::Resume => "clock resumed",
        }
    }
}

/// A side as its SMALLINT column stores it: 0 first, 1 second (`winner`, `draw_offer`,
/// `moves.side`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[repr(i16)]
pub enum SideIndex {
    First = 0,
    Second = 1,
}

impl From<Side> for SideIndex {
    fn from(side: Side) -> SideIndex {
        match side {
            Side::First => SideIndex::First,
            Side::Second => SideIndex::Second,
        }
    }
}

impl From<SideIndex> for Side {
    fn from(side: SideIndex) -> Side {
        match side {
            SideIndex::First => Side::First,
            SideIndex::Second => Side::Second,
        }
    }
}

/// A value of one of the engine's codecs (a win reason, …) in a TEXT column, written with the
/// codec's own word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word<T>(pub T);

impl<T: Codec> Type<Postgres> for Word<T> {
    fn type_info() -> PgTypeInfo {
        <&str as Type<Postgres>>::type_info()
    }

    fn compatible(ty: &PgTypeInfo) -> bool {
        <&str as Type<Postgres>>::compatible(ty)
    }
}

impl<T: Codec> Encode<'_, Postgres> for Word<T> {
    fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
        <&str as Encode<Postgres>>::encode(self.0.as_str(), buf)
    }
}

impl<'r, T: Codec> Decode<'r, Postgres> for Word<T> {
    fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
        let word = <&str as Decode<Postgres>>::decode(value)?;
        T::from_word(word)
            .map(Word)
            .ok_or_else(|| format!("unknown value {word:?}: expected {:?}", T::words()).into())
    }
}
