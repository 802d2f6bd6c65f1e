//! Piece kinds (including the fairy pieces of 5D chess) and coloured pieces.

use super::Color;
use serde::{Deserialize, Serialize};

/// What a piece is, regardless of colour.
///
/// The first six are the classical pieces; the rest appear on 5D chess boards
/// (see `shared/rules/5d-chess.md`, section 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PieceKind {
    /// Pawn, `P`.
    Pawn,
    /// Knight, `N`.
    Knight,
    /// Bishop, `B`.
    Bishop,
    /// Rook, `R`.
    Rook,
    /// Queen, `Q`.
    Queen,
    /// King, `K` (royal).
    King,
    /// Princess, `S`: rook + bishop.
    Princess,
    /// Unicorn, `U`: rides along exactly three axes.
    Unicorn,
    /// Dragon, `D`: rides along all four axes.
    Dragon,
    /// Brawn, `W`: a pawn with extra captures.
    Brawn,
    /// Common king, `C`: moves as a king, not royal, never castles.
    CommonKing,
    /// Royal queen, `Y`: moves as a queen, royal.
    RoyalQueen,
}

impl PieceKind {
    /// Every kind, in declaration order.
    pub const ALL: [PieceKind; 12] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
        PieceKind::Princess,
        PieceKind::Unicorn,
        PieceKind::Dragon,
        PieceKind::Brawn,
        PieceKind::CommonKing,
        PieceKind::RoyalQueen,
    ];

    /// Number of kinds.
    pub const COUNT: usize = 12;

    /// Index in [`PieceKind::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter used by 5DFEN and SAN (`P N B R Q K S U D W C Y`).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Knight => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
            PieceKind::Princess => 'S',
            PieceKind::Unicorn => 'U',
            PieceKind::Dragon => 'D',
            PieceKind::Brawn => 'W',
            PieceKind::CommonKing => 'C',
            PieceKind::RoyalQueen => 'Y',
        }
    }

    /// Reads a letter of either case.
    #[must_use]
    pub const fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'N' => PieceKind::Knight,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'Q' => PieceKind::Queen,
            'K' => PieceKind::King,
            'S' => PieceKind::Princess,
            'U' => PieceKind::Unicorn,
            'D' => PieceKind::Dragon,
            'W' => PieceKind::Brawn,
            'C' => PieceKind::CommonKing,
            'Y' => PieceKind::RoyalQueen,
            _ => return None,
        })
    }

    /// The English name, lower case ("knight", "royal queen").
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
            PieceKind::Princess => "princess",
            PieceKind::Unicorn => "unicorn",
            PieceKind::Dragon => "dragon",
            PieceKind::Brawn => "brawn",
            PieceKind::CommonKing => "common king",
            PieceKind::RoyalQueen => "royal queen",
        }
    }

    /// Royal pieces must never be capturable after the owner's action.
    #[must_use]
    pub const fn is_royal(self) -> bool {
        matches!(self, PieceKind::King | PieceKind::RoyalQueen)
    }

    /// Pawns and brawns: they step forward, double-step when unmoved, and promote.
    #[must_use]
    pub const fn is_pawnlike(self) -> bool {
        matches!(self, PieceKind::Pawn | PieceKind::Brawn)
    }
}

impl std::fmt::Display for PieceKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece of one colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// Makes a piece.
    #[must_use]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub const fn fen_char(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter (case gives the colour).
    #[must_use]
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        match PieceKind::from_letter(c) {
            Some(kind) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                kind,
            }),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for kind in PieceKind::ALL {
            assert_eq!(PieceKind::from_letter(kind.letter()), Some(kind));
            assert_eq!(PieceKind::ALL[kind.index()], kind);
            for color in Color::ALL {
                let p = Piece::new(color, kind);
                assert_eq!(Piece::from_fen_char(p.fen_char()), Some(p));
            }
        }
        assert_eq!(PieceKind::from_letter('x'), None);
    }

    #[test]
    fn only_king_and_royal_queen_are_royal() {
        let royal: Vec<_> = PieceKind::ALL
            .into_iter()
            .filter(|k| k.is_royal())
            .collect();
        assert_eq!(royal, vec![PieceKind::King, PieceKind::RoyalQueen]);
    }
}
