//! The catalogue of built-in 5D starting boards, by their community names
//! (`shared/rules/boards.md`).

use crate::chess::{Color, PieceKind, Placement};

/// Menu groups, in the order the desktop game shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    /// 8×8 boards built on the classical setup.
    Standard,
    /// 6×6 and 7×7 boards.
    Simple,
    /// 5×5 boards.
    Small,
    /// 4×4 boards.
    VerySmall,
    /// Multi-timeline and fairy-piece setups.
    Misc,
    /// Kings plus one kind of piece.
    Focused,
    /// Practice positions without a black royal piece.
    CheckmatePractice,
}

/// One initial board of a variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartBoard {
    /// Timeline label as written in 5dpgn: `"0"`, `"-1"`, `"+1"`, `"-0"`, `"+0"`.
    pub timeline: &'static str,
    /// Turn as shown in the game (0 only for Turn Zero boards).
    pub turn: u32,
    /// The colour to move on this board.
    pub to_move: Color,
    /// 5DFEN piece field, with `*` on unmoved pawns, brawns, kings and rooks.
    pub fen: &'static str,
}

/// A built-in starting position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// The exact `[Board "…"]` name.
    pub name: &'static str,
    /// Other names real files use for it (compared case-insensitively).
    pub aliases: &'static [&'static str],
    /// Menu group.
    pub group: Group,
    /// Files per board.
    pub width: u8,
    /// Ranks per board.
    pub height: u8,
    /// The initial boards, in timeline order.
    pub boards: &'static [StartBoard],
    /// What pawns and brawns may promote to.
    pub promotions: &'static [PieceKind],
}

impl Variant {
    /// True when the game starts with the `-0`/`+0` pair of timelines.
    #[must_use]
    pub fn even_start(&self) -> bool {
        self.boards
            .iter()
            .any(|b| b.timeline == "-0" || b.timeline == "+0")
    }

    /// The initial boards with their pieces.
    ///
    /// # Panics
    /// Never for catalogue entries: their FEN fields are checked by the tests.
    #[must_use]
    pub fn placements(&self) -> Vec<(StartBoard, Placement)> {
        self.boards
            .iter()
            .map(|b| {
                let p = Placement::from_fen(b.fen, self.width, self.height)
                    .unwrap_or_else(|e| panic!("catalogue board {}: {e}", self.name));
                (*b, p)
            })
            .collect()
    }
}

const QUEEN_ONLY: &[PieceKind] = &[PieceKind::Queen];

const STANDARD_FEN: &str = "r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*";

/// Every built-in board, grouped as the desktop game groups them.
pub static CATALOGUE: &[Variant] = &[Variant {
    name: "Standard",
    aliases: &[],
    group: Group::Standard,
    width: 8,
    height: 8,
    boards: &[StartBoard {
        timeline: "0",
        turn: 1,
        to_move: Color::White,
        fen: STANDARD_FEN,
    }],
    promotions: QUEEN_ONLY,
}];

/// Finds a variant by name or alias, ignoring case and surrounding spaces.
#[must_use]
pub fn find(name: &str) -> Option<&'static Variant> {
    let name = name.trim();
    CATALOGUE.iter().find(|v| {
        v.name.eq_ignore_ascii_case(name) || v.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}

/// The Standard board.
#[must_use]
pub fn standard() -> &'static Variant {
    &CATALOGUE[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_board_reads() {
        for v in CATALOGUE {
            let boards = v.placements();
            assert!(!boards.is_empty(), "{}", v.name);
        }
    }

    #[test]
    fn names_are_found_case_insensitively() {
        assert_eq!(find(" standard ").map(|v| v.name), Some("Standard"));
        assert_eq!(standard().placements()[0].1.pieces().count(), 32);
        assert!(find("No Such Board").is_none());
    }
}
