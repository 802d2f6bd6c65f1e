//! History slots: one per ply (A.2).

use super::moves::RecordedMove;
use serde::{Deserialize, Serialize};

/// What one ply of the history holds.
///
/// Text form (save record): a move in [`RecordedMove`]'s form, or one of the
/// words `blank`, `pass`, `pending`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A recorded move, valid in the current replay unless the slot is dormant.
    Move(RecordedMove),
    /// A move deleted by a replay (A.4): replayed as a null move; its owner may
    /// fill it later.
    Blank,
    /// A present move forfeited by time travel (A.3): a permanent null move,
    /// never fillable (A.6.2).
    Pass,
    /// The owner changed the past and the opponent has not acted yet (A.3):
    /// replayed as a null move; becomes [`Slot::Pass`] if the opponent appends,
    /// and disappears on any other action of the opponent.
    Pending,
}

/// The kind of a slot, without its move (for error messages).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SlotKind {
    /// [`Slot::Move`].
    Move,
    /// [`Slot::Blank`].
    Blank,
    /// [`Slot::Pass`].
    Pass,
    /// [`Slot::Pending`].
    Pending,
}

impl SlotKind {
    /// "a move", "a blank", "a pass (a forfeited turn)", "a pending turn".
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            SlotKind::Move => "a move",
            SlotKind::Blank => "a blank",
            SlotKind::Pass => "a pass (a forfeited turn)",
            SlotKind::Pending => "a pending turn",
        }
    }
}

impl Slot {
    /// The kind of slot.
    #[must_use]
    pub const fn kind(&self) -> SlotKind {
        match self {
            Slot::Move(_) => SlotKind::Move,
            Slot::Blank => SlotKind::Blank,
            Slot::Pass => SlotKind::Pass,
            Slot::Pending => SlotKind::Pending,
        }
    }

    /// The recorded move, if this slot holds one.
    #[must_use]
    pub const fn recorded_move(&self) -> Option<RecordedMove> {
        match self {
            Slot::Move(m) => Some(*m),
            _ => None,
        }
    }

    /// Reads the text form.
    ///
    /// # Errors
    /// The reason the text is neither a move nor `blank`/`pass`/`pending`.
    pub fn parse(text: &str) -> Result<Slot, String> {
        match text {
            "blank" => Ok(Slot::Blank),
            "pass" => Ok(Slot::Pass),
            "pending" => Ok(Slot::Pending),
            _ => RecordedMove::parse(text)
                .map(Slot::Move)
                .map_err(|e| format!("{e} (a slot is a move or one of blank, pass, pending)")),
        }
    }
}

impl std::fmt::Display for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Slot::Move(m) => m.fmt(f),
            Slot::Blank => f.write_str("blank"),
            Slot::Pass => f.write_str("pass"),
            Slot::Pending => f.write_str("pending"),
        }
    }
}

impl Serialize for Slot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Slot {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Slot::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_text_round_trips() {
        for text in ["blank", "pass", "pending", "Nb8-c6", "Pd5xe4"] {
            assert_eq!(Slot::parse(text).unwrap().to_string(), text);
        }
        let err = Slot::parse("Blank").unwrap_err();
        assert!(err.contains("blank, pass, pending"), "{err}");
    }
}
