//! Recorded moves, move requests, piece values and the knight/bishop order.
//!
//! Rules reference: `shared/rules/seed-variants.md`, sections A.2, A.3 and A.6.4, A.6.10, A.6.11.

use crate::chess::{PieceKind, Square, PROMOTION_KINDS, STANDARD_KINDS};
use serde::{Deserialize, Serialize};

/// One ply as it is stored in the history: the moving piece kind, the squares,
/// the promotion and whether it captured (A.6.4).
///
/// A replayed move is valid only if all five still match. Castling is recorded
/// as a king move of two files (`Ke1-g1`), en passant as a pawn capture.
///
/// Text form (used by the save record and in error messages): the piece letter,
/// the origin, `-` for a quiet move or `x` for a capture, the destination and an
/// optional `=` plus promotion letter: `Pe2-e4`, `Bc8xg4`, `Pe7-e8=Q`, `Ke1-g1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RecordedMove {
    /// The kind of the piece that moves (a pawn for a promotion).
    pub piece: PieceKind,
    /// Where it starts.
    pub from: Square,
    /// Where it ends (for castling, the king's destination).
    pub to: Square,
    /// The piece a pawn promotes to, if any.
    pub promotion: Option<PieceKind>,
    /// True if the move captured (en passant included).
    pub capture: bool,
}

impl RecordedMove {
    /// The request that names this move: origin, destination, promotion.
    #[must_use]
    pub fn request(&self) -> MoveRequest {
        MoveRequest {
            from: self.from,
            to: self.to,
            promotion: self.promotion,
        }
    }

    /// The UCI spelling (`e2e4`, `e7e8q`).
    #[must_use]
    pub fn uci(&self) -> String {
        self.request().to_string()
    }

    /// Reads the text form (`Pe2-e4`, `Bc8xg4`, `Pe7-e8=Q`).
    ///
    /// # Errors
    /// A [`MoveTextError`] saying which part is wrong.
    pub fn parse(text: &str) -> Result<RecordedMove, MoveTextError> {
        let bad = |why: &'static str| MoveTextError {
            text: text.to_owned(),
            why,
        };
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 6 && chars.len() != 8 {
            return Err(bad("expected a piece letter, two squares joined by '-' or 'x', and an optional '=' promotion, like Pe2-e4 or Pe7xd8=Q"));
        }
        let piece = PieceKind::from_letter(chars[0])
            .filter(|k| STANDARD_KINDS.contains(k) && chars[0].is_ascii_uppercase())
            .ok_or_else(|| bad("the first character must be one of P N B R Q K"))?;
        let square = |a: usize| -> Option<Square> {
            Square::parse(&chars[a..a + 2].iter().collect::<String>())
        };
        let from = square(1).ok_or_else(|| bad("the origin square is not a1..h8"))?;
        let capture = match chars[3] {
            '-' => false,
            'x' => true,
            _ => {
                return Err(bad(
                    "the squares must be joined by '-' (quiet) or 'x' (capture)",
                ))
            }
        };
        let to = square(4).ok_or_else(|| bad("the destination square is not a1..h8"))?;
        let promotion = if chars.len() == 8 {
            if chars[6] != '=' {
                return Err(bad("a promotion is written '=' and a letter, like =Q"));
            }
            let kind = PieceKind::from_letter(chars[7])
                .filter(|k| PROMOTION_KINDS.contains(k) && chars[7].is_ascii_uppercase())
                .ok_or_else(|| bad("a pawn promotes to Q, R, B or N"))?;
            if piece != PieceKind::Pawn {
                return Err(bad("only a pawn move can promote"));
            }
            Some(kind)
        } else {
            None
        };
        if from == to {
            return Err(bad("the origin and destination are the same square"));
        }
        Ok(RecordedMove {
            piece,
            from,
            to,
            promotion,
            capture,
        })
    }
}

impl std::fmt::Display for RecordedMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let join = if self.capture { 'x' } else { '-' };
        write!(f, "{}{}{join}{}", self.piece.letter(), self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "={}", p.letter())?;
        }
        Ok(())
    }
}

impl Serialize for RecordedMove {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RecordedMove {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        RecordedMove::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Why a move text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveTextError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

impl std::fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot read move {:?}: {}", self.text, self.why)
    }
}

impl std::error::Error for MoveTextError {}

/// What a player asks to play: origin, destination and promotion (UCI).
///
/// The piece kind and the capture flag are read from the position the move is
/// played in. Castling is asked for as the king's two-file move (`e1g1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveRequest {
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
    /// Promotion piece for a pawn reaching the last rank.
    pub promotion: Option<PieceKind>,
}

impl MoveRequest {
    /// Reads UCI: `e2e4`, `e7e8q`.
    ///
    /// # Errors
    /// A [`MoveTextError`] saying which part is wrong.
    pub fn parse_uci(text: &str) -> Result<MoveRequest, MoveTextError> {
        let bad = |why: &'static str| MoveTextError {
            text: text.to_owned(),
            why,
        };
        if !text.is_ascii() || (text.len() != 4 && text.len() != 5) {
            return Err(bad(
                "expected UCI: two squares and an optional promotion letter, like e2e4 or e7e8q",
            ));
        }
        let from = Square::parse(&text[0..2]).ok_or_else(|| bad("the origin is not a1..h8"))?;
        let to = Square::parse(&text[2..4]).ok_or_else(|| bad("the destination is not a1..h8"))?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) => Some(
                PieceKind::from_letter(c)
                    .filter(|k| PROMOTION_KINDS.contains(k))
                    .ok_or_else(|| bad("the promotion letter must be q, r, b or n"))?,
            ),
        };
        Ok(MoveRequest {
            from,
            to,
            promotion,
        })
    }
}

impl std::fmt::Display for MoveRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{}", p.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl std::str::FromStr for MoveRequest {
    type Err = MoveTextError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        MoveRequest::parse_uci(s)
    }
}

/// The value the upgrade rule compares (A.3.2): P=1, N=B=2, R=3, Q=4, K=5.
///
/// Castling is a king move and a promotion a pawn move, so only the moving
/// piece's kind matters. Fairy kinds never occur in this game; they get 0.
#[must_use]
pub const fn piece_value(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::Bishop => 2,
        PieceKind::Rook => 3,
        PieceKind::Queen => 4,
        PieceKind::King => 5,
        _ => 0,
    }
}

/// A player's order between knights and bishops, fixed by their first
/// knight↔bishop replacement (A.1, A.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NbOrder {
    /// No knight↔bishop replacement yet: either may replace the other once.
    #[default]
    Unset,
    /// Knight < bishop: a bishop move may replace a knight move, not the reverse.
    KnightBelowBishop,
    /// Bishop < knight: a knight move may replace a bishop move, not the reverse.
    BishopBelowKnight,
}

impl NbOrder {
    /// "knight < bishop", "bishop < knight" or "unset".
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            NbOrder::Unset => "unset",
            NbOrder::KnightBelowBishop => "knight < bishop",
            NbOrder::BishopBelowKnight => "bishop < knight",
        }
    }
}

/// Why a replacement is not an upgrade.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpgradeRefusal {
    /// The new piece is worth less than, or as much as, the old one (and they
    /// are not the knight/bishop pair).
    NotMoreValuable,
    /// The same kind of piece: an upgrade must change the piece (A.6.11).
    SameKind,
    /// The knight/bishop pair the wrong way round for the player's fixed order.
    AgainstNbOrder(NbOrder),
}

/// Checks the upgrade rule of A.3.2 for replacing a move of `old` by a move
/// of `new` under `order`.
///
/// On success returns the order in force afterwards (a first knight↔bishop
/// swap fixes it as old < new).
///
/// # Errors
/// An [`UpgradeRefusal`] saying why the replacement is not an upgrade.
pub fn check_upgrade(
    old: PieceKind,
    new: PieceKind,
    order: NbOrder,
) -> Result<NbOrder, UpgradeRefusal> {
    use PieceKind::{Bishop, Knight};
    if old == new {
        return Err(UpgradeRefusal::SameKind);
    }
    match (old, new, order) {
        (Knight, Bishop, NbOrder::Unset) => Ok(NbOrder::KnightBelowBishop),
        (Bishop, Knight, NbOrder::Unset) => Ok(NbOrder::BishopBelowKnight),
        (Knight, Bishop, NbOrder::KnightBelowBishop)
        | (Bishop, Knight, NbOrder::BishopBelowKnight) => Ok(order),
        (Knight, Bishop, _) | (Bishop, Knight, _) => Err(UpgradeRefusal::AgainstNbOrder(order)),
        _ if piece_value(new) > piece_value(old) => Ok(order),
        _ => Err(UpgradeRefusal::NotMoreValuable),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PieceKind::*;

    #[test]
    fn text_form_round_trips() {
        for text in ["Pe2-e4", "Bc8xg4", "Pe7-e8=Q", "Pb7xa8=N", "Ke1-g1"] {
            let m = RecordedMove::parse(text).unwrap();
            assert_eq!(m.to_string(), text);
        }
        let m = RecordedMove::parse("Bc8xg4").unwrap();
        assert_eq!((m.piece, m.capture, m.uci()), (Bishop, true, "c8g4".into()));
    }

    #[test]
    fn bad_move_texts_say_why() {
        for (text, part) in [
            ("e2e4", "expected a piece letter"),
            ("Xe2-e4", "P N B R Q K"),
            ("Pe2+e4", "'-' (quiet)"),
            ("Pi2-e4", "origin"),
            ("Ne7-e8=Q", "only a pawn"),
            ("Pe7-e8=K", "Q, R, B or N"),
            ("Pe2-e2", "same square"),
        ] {
            let err = RecordedMove::parse(text).unwrap_err();
            assert!(err.to_string().contains(part), "{text}: {err}");
        }
    }

    #[test]
    fn uci_requests() {
        let r: MoveRequest = "e7e8q".parse().unwrap();
        assert_eq!(r.promotion, Some(Queen));
        assert_eq!(r.to_string(), "e7e8q");
        assert!("e7e8k".parse::<MoveRequest>().is_err());
        assert!("e7".parse::<MoveRequest>().is_err());
        assert!("é7e8".parse::<MoveRequest>().is_err());
    }

    #[test]
    fn upgrade_rule() {
        let u = NbOrder::Unset;
        assert_eq!(check_upgrade(Pawn, Rook, u), Ok(u));
        assert_eq!(check_upgrade(Rook, King, u), Ok(u));
        assert_eq!(
            check_upgrade(Rook, Bishop, u),
            Err(UpgradeRefusal::NotMoreValuable)
        );
        assert_eq!(
            check_upgrade(Knight, Knight, u),
            Err(UpgradeRefusal::SameKind)
        );
        assert_eq!(
            check_upgrade(Knight, Bishop, u),
            Ok(NbOrder::KnightBelowBishop)
        );
        assert_eq!(
            check_upgrade(Bishop, Knight, u),
            Ok(NbOrder::BishopBelowKnight)
        );
        let nb = NbOrder::KnightBelowBishop;
        assert_eq!(check_upgrade(Knight, Bishop, nb), Ok(nb));
        assert_eq!(
            check_upgrade(Bishop, Knight, nb),
            Err(UpgradeRefusal::AgainstNbOrder(nb))
        );
        assert_eq!(check_upgrade(Bishop, Rook, nb), Ok(nb));
        assert_eq!(
            check_upgrade(Pawn, Bishop, NbOrder::BishopBelowKnight),
            Ok(NbOrder::BishopBelowKnight)
        );
    }
}
