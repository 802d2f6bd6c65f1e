//! The catalogue of built-in 5D starting boards, by their community names
//! (`shared/rules/boards.md`, sections 2–7).
//!
//! The names are the keys of the community `BOARDS` table (5dchess-notation
//! `parsers/game.js`), which 5dpgn `[Board "…"]` headers use; older and variant
//! spellings are kept as aliases. FEN fields mark every pawn, brawn, king and rook
//! unmoved (`*`), as `adri326/5dchess-variants` does, and nothing else.
//!
//! Uncertain choices (each also in the entry's [`Variant::note`]):
//! - **Standard - Half Reflected**: Black's king and queen are swapped (boards.md 8.1).
//! - **Misc - Global Warming** is left out: the table gives an empty 1×1 board and the
//!   real setup is unknown. [`find`] returns `None` for it; [`lookup`] says why
//!   ([`LookupError::Unsupported`]).
//! - **Checkmate Practice** boards are included but flagged [`Confidence::Doubtful`]:
//!   Black has no royal piece there (see [`Variant::has_royal`]).
//! - Promotion is to a queen only on every board, as in the base game; the list is
//!   per-variant data ([`Variant::promotions`]) so a variant can change it.

mod catalogue;

pub use catalogue::CATALOGUE;

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

/// How well the setup is attested (boards.md's "Conf." column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Confidence {
    /// Two or more sources agree, or a recorded game replays to its recorded end (✔).
    Confirmed,
    /// One source only (○).
    SingleSource,
    /// Conflicting or doubtful sources (⚠); see [`Variant::note`].
    Doubtful,
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
    /// The initial boards, in timeline order (for Turn Zero: `T0b` then `T1w`).
    pub boards: &'static [StartBoard],
    /// What pawns and brawns may promote to.
    pub promotions: &'static [PieceKind],
    /// How well the setup is attested.
    pub confidence: Confidence,
    /// Why a choice was made where sources differ or history matters; empty when none.
    pub note: &'static str,
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

    /// True when `color` owns a royal piece (king or royal queen) on some initial board.
    /// False only for Black on the Checkmate Practice boards.
    #[must_use]
    pub fn has_royal(&self, color: Color) -> bool {
        self.placements().iter().any(|(_, p)| {
            p.pieces()
                .any(|(_, pp)| pp.piece.color == color && pp.piece.kind.is_royal())
        })
    }

    /// True when `name` is this variant's name or one of its aliases, ignoring case and
    /// surrounding spaces.
    #[must_use]
    pub fn is_called(&self, name: &str) -> bool {
        let name = name.trim();
        self.name.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}

/// A `[Board]` name the game knows but this catalogue cannot set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnsupportedBoard {
    /// The `[Board "…"]` name.
    pub name: &'static str,
    /// Why it is missing.
    pub reason: &'static str,
}

/// Boards of the game's menu left out of [`CATALOGUE`].
pub static UNSUPPORTED: &[UnsupportedBoard] = &[UnsupportedBoard {
    name: "Misc - Global Warming",
    reason:
        "its setup is not known from any public source (the community table gives an empty 1x1 \
             placeholder board, which cannot be played)",
}];

/// Why [`lookup`] found no playable variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LookupError {
    /// A known board of the game whose setup this catalogue does not have.
    Unsupported(UnsupportedBoard),
    /// No board of that name.
    Unknown(String),
}

impl std::fmt::Display for LookupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LookupError::Unsupported(b) => {
                write!(f, "board {:?} is not supported: {}", b.name, b.reason)
            }
            LookupError::Unknown(name) => write!(f, "no built-in board is called {name:?}"),
        }
    }
}

impl std::error::Error for LookupError {}

const QUEEN_ONLY: &[PieceKind] = &[PieceKind::Queen];

/// Builders for the catalogue's entries (`catalogue.rs`).
impl Variant {
    /// An entry without aliases or note, promoting to a queen only.
    const fn new(
        name: &'static str,
        group: Group,
        width: u8,
        height: u8,
        confidence: Confidence,
        boards: &'static [StartBoard],
    ) -> Variant {
        Variant {
            name,
            aliases: &[],
            group,
            width,
            height,
            boards,
            promotions: QUEEN_ONLY,
            confidence,
            note: "",
        }
    }

    /// The entry with other names real files use for it.
    const fn aliases(self, aliases: &'static [&'static str]) -> Variant {
        Variant { aliases, ..self }
    }

    /// The entry with a note on its sources.
    const fn note(self, note: &'static str) -> Variant {
        Variant { note, ..self }
    }
}

/// Finds a variant by name or alias, ignoring case and surrounding spaces.
///
/// Returns `None` for unknown names and for [`UNSUPPORTED`] boards such as
/// `Misc - Global Warming`; use [`lookup`] to tell the two apart.
#[must_use]
pub fn find(name: &str) -> Option<&'static Variant> {
    CATALOGUE.iter().find(|v| v.is_called(name))
}

/// Finds a variant by name or alias, saying why when there is none.
///
/// # Errors
/// [`LookupError::Unsupported`] for a board of the game this catalogue leaves out,
/// [`LookupError::Unknown`] for any other name.
pub fn lookup(name: &str) -> Result<&'static Variant, LookupError> {
    if let Some(v) = find(name) {
        return Ok(v);
    }
    let trimmed = name.trim();
    match UNSUPPORTED
        .iter()
        .find(|b| b.name.eq_ignore_ascii_case(trimmed))
    {
        Some(b) => Err(LookupError::Unsupported(*b)),
        None => Err(LookupError::Unknown(trimmed.to_string())),
    }
}

/// The Standard board.
#[must_use]
pub fn standard() -> &'static Variant {
    &CATALOGUE[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Square;

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
        assert_eq!(
            find("misc - small").map(|v| v.name),
            Some("Small"),
            "old 'Misc - Small' name"
        );
    }

    #[test]
    fn global_warming_is_known_but_unsupported() {
        assert!(find("Misc - Global Warming").is_none());
        assert!(matches!(
            lookup("misc - global warming"),
            Err(LookupError::Unsupported(b)) if b.name == "Misc - Global Warming"
        ));
        assert!(matches!(lookup("Nope"), Err(LookupError::Unknown(n)) if n == "Nope"));
        assert_eq!(lookup("Standard").map(|v| v.name), Ok("Standard"));
    }

    #[test]
    fn half_reflected_swaps_blacks_king_and_queen() {
        let v = find("Standard - Half Reflected").unwrap();
        let p = &v.placements()[0].1;
        let at = |s: &str| p.get(Square::parse(s).unwrap()).unwrap().piece;
        assert_eq!(at("d8").kind, PieceKind::King);
        assert_eq!(at("e8").kind, PieceKind::Queen);
        assert_eq!(at("d1").kind, PieceKind::Queen);
        assert_eq!(at("e1").kind, PieceKind::King);
    }

    #[test]
    fn only_checkmate_practice_lacks_a_black_royal() {
        for v in CATALOGUE {
            assert!(v.has_royal(Color::White), "{}", v.name);
            assert_eq!(
                v.has_royal(Color::Black),
                v.group != Group::CheckmatePractice,
                "{}",
                v.name
            );
        }
    }

    #[test]
    fn turn_zero_and_fragments_start_boards() {
        let tz = find("Standard - Turn Zero").unwrap();
        let starts: Vec<_> = tz
            .boards
            .iter()
            .map(|b| (b.timeline, b.turn, b.to_move))
            .collect();
        assert_eq!(starts, [("0", 0, Color::Black), ("0", 1, Color::White)]);
        let fr = find("Misc - Timeline Fragments").unwrap();
        let starts: Vec<_> = fr
            .boards
            .iter()
            .map(|b| (b.timeline, b.turn, b.to_move))
            .collect();
        assert_eq!(starts, [("-0", 1, Color::Black), ("+0", 1, Color::White)]);
        assert!(fr.even_start());
        assert!(!tz.even_start());
    }
}
