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

const STANDARD_FEN: &str = "r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*";

/// Every built-in board, grouped as the desktop game groups them (Standard first).
pub static CATALOGUE: &[Variant] = &[
    Variant {
        name: "Standard",
        aliases: &[],
        group: Group::Standard,
        width: 8,
        height: 8,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: STANDARD_FEN,
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "",
    },
    Variant {
        name: "Standard - Turn Zero",
        aliases: &[],
        group: Group::Standard,
        width: 8,
        height: 8,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 0,
            to_move: Color::Black,
            fen: STANDARD_FEN,
        },
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: STANDARD_FEN,
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "Black moves first on an untouched T0 board and White on T1 of the same timeline; `BOARDS` writes `A|A` with index `0:-1`, 5DFEN `[...:0:0:b]` `[...:0:1:w]` (boards.md section 2).",
    },
    Variant {
        name: "Standard - Two Timelines",
        aliases: &[],
        group: Group::Standard,
        width: 8,
        height: 8,
        boards: &[
        StartBoard {
            timeline: "-0",
            turn: 1,
            to_move: Color::White,
            fen: STANDARD_FEN,
        },
        StartBoard {
            timeline: "+0",
            turn: 1,
            to_move: Color::White,
            fen: STANDARD_FEN,
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "",
    },
    Variant {
        name: "Standard - Defended Pawn",
        aliases: &[],
        group: Group::Standard,
        width: 8,
        height: 8,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "r*qbnk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*QBNK*BNR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "",
    },
    Variant {
        name: "Standard - Princess",
        aliases: &[],
        group: Group::Standard,
        width: 8,
        height: 8,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "r*nbsk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBSK*BNR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "Promotes to a queen as ftxi, cwmtt and tools do; the variants repository lists `S,N,R,B` and the in-game piece is not established (5d-chess.md section 9).",
    },
    Variant {
        name: "Standard - Reversed Royalty",
        aliases: &[],
        group: Group::Standard,
        width: 8,
        height: 8,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "r*nbycbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYCBNR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "The royal queen and common king never castle, so this board has no castling (5d-chess.md section 9).",
    },
    Variant {
        name: "Standard - Half Reflected",
        aliases: &[],
        group: Group::Standard,
        width: 8,
        height: 8,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "r*nbk*qbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Doubtful,
        note: "Uncertain (boards.md 8.1): Black's king and queen are swapped (king d8, queen e8), the majority reading; the variants repository's 5DFEN swaps White's instead, but recorded games move White's queen from d1.",
    },
    Variant {
        name: "Simple - No Queens",
        aliases: &["Simple - No Queen"],
        group: Group::Simple,
        width: 7,
        height: 7,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "r*nbk*nbr*/p*p*p*p*p*p*p*/7/7/7/P*P*P*P*P*P*P*/R*NBK*NBR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "Called `Simple - No Queen` before 2020-08-24. Kings start on the d-file; the 5DPGN README game castles both ways on it.",
    },
    Variant {
        name: "Simple - Knights vs. Bishops",
        aliases: &["Simple - Knights vs. Bishop"],
        group: Group::Simple,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "r*bqk*br*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*NQK*NR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "`BOARDS` spells the key `Knights vs. Bishop` (singular); both spellings are accepted.",
    },
    Variant {
        name: "Simple - No Bishops",
        aliases: &[],
        group: Group::Simple,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "r*nqk*nr*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*NQK*NR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Simple - No Knights",
        aliases: &[],
        group: Group::Simple,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "r*bqk*br*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*BQK*BR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Simple - No Rooks",
        aliases: &[],
        group: Group::Simple,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "nbqk*bn/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/NBQK*BN",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Simple - Simple Set",
        aliases: &[],
        group: Group::Simple,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "r*nbqk*r*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*K*QBNR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Small",
        aliases: &["Misc - Small"],
        group: Group::Small,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "k*qbnr*/p*p*p*p*p*/5/P*P*P*P*P*/K*QBNR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "Named `Misc - Small` before 5dchess-notation v1.3.0; a recorded game replays on it to its checkmate.",
    },
    Variant {
        name: "Small - Flipped",
        aliases: &["Misc - Small Flipped"],
        group: Group::Small,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "nbr*qk*/p*p*p*p*p*/5/P*P*P*P*P*/K*QR*BN",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Small - Centered",
        aliases: &["Misc - Small Centered"],
        group: Group::Small,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "r*nk*qr*/p*p*p*p*p*/5/P*P*P*P*P*/R*QK*NR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Small - Open",
        aliases: &["Misc - Small Open"],
        group: Group::Small,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "p*r*nbk*/3p*p*/5/P*P*3/K*BNR*P*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Very Small",
        aliases: &["Misc - Very Small"],
        group: Group::VerySmall,
        width: 4,
        height: 4,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "nbr*k*/p*p*p*p*/P*P*P*P*/K*R*BN",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "Uncertain (boards.md 8.4): before v1.3.0 Black's row read `krbn`; the current `nbrk` matches Very Small - Open, no second source.",
    },
    Variant {
        name: "Very Small - Open",
        aliases: &["Misc - Very Small Open"],
        group: Group::VerySmall,
        width: 4,
        height: 4,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "nbr*k*/3p*/P*3/K*R*BN",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "",
    },
    Variant {
        name: "Misc - Timeline Invasion",
        aliases: &["Misc - Timeline Invasions"],
        group: Group::Misc,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "-0",
            turn: 1,
            to_move: Color::White,
            fen: "nbk*r*b/p*p*p*p*p*/5/5/P*P*P*P*P*",
        },
        StartBoard {
            timeline: "+0",
            turn: 1,
            to_move: Color::White,
            fen: "p*p*p*p*p*/5/5/P*P*P*P*P*/NBK*R*B",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "White's pawns on rank 1 of -0 may double-step and be taken en passant (boards.md 8.2); one recorded game only.",
    },
    Variant {
        name: "Misc - Timeline Formations",
        aliases: &[],
        group: Group::Misc,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "-0",
            turn: 1,
            to_move: Color::White,
            fen: "p*p*p*p*p*/5/5/5/2K*2",
        },
        StartBoard {
            timeline: "+0",
            turn: 1,
            to_move: Color::White,
            fen: "2k*2/5/5/5/P*P*P*P*P*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Misc - Timeline Tactitian",
        aliases: &["Misc - Timeline Tactician"],
        group: Group::Misc,
        width: 4,
        height: 4,
        boards: &[
        StartBoard {
            timeline: "-0",
            turn: 1,
            to_move: Color::White,
            fen: "k*bnr*/p*p*p*p*/4/4",
        },
        StartBoard {
            timeline: "+0",
            turn: 1,
            to_move: Color::White,
            fen: "4/4/P*P*P*P*/K*BNR*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "Spelled `Tactitian` as in `BOARDS`; `Tactician` is accepted. One two-turn record only (boards.md 8.3).",
    },
    Variant {
        name: "Misc - Timeline Strategos",
        aliases: &[],
        group: Group::Misc,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "-0",
            turn: 1,
            to_move: Color::White,
            fen: "nbk*ur*/p*p*p*p*p*/5/5/5",
        },
        StartBoard {
            timeline: "+0",
            turn: 1,
            to_move: Color::White,
            fen: "5/5/5/P*P*P*P*P*/R*UK*BN",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "Black's king restored on 2020-09-06 (`nbrur` had none).",
    },
    Variant {
        name: "Misc - Timeline Battlegrounds",
        aliases: &["Misc - Timeline Battleground"],
        group: Group::Misc,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "-1",
            turn: 1,
            to_move: Color::White,
            fen: "r*r*k*r*r*/bbqbb/p*p*p*p*p*/5/P*P*P*P*P*",
        },
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "nnnnn/p*p*p*p*p*/5/P*P*P*P*P*/NNNNN",
        },
        StartBoard {
            timeline: "+1",
            turn: 1,
            to_move: Color::White,
            fen: "p*p*p*p*p*/5/P*P*P*P*P*/BBQBB/R*R*K*R*R*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "cwmtt writes the singular `Battleground`; accepted as an alias.",
    },
    Variant {
        name: "Misc - Timeline Skirmish",
        aliases: &[],
        group: Group::Misc,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "-0",
            turn: 1,
            to_move: Color::White,
            fen: "3r*k*/3p*p*/5/BB3/NN3",
        },
        StartBoard {
            timeline: "+0",
            turn: 1,
            to_move: Color::White,
            fen: "3nn/3bb/5/P*P*3/K*R*3",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Misc - Timeline Fragments",
        aliases: &[],
        group: Group::Misc,
        width: 4,
        height: 4,
        boards: &[
        StartBoard {
            timeline: "-0",
            turn: 1,
            to_move: Color::Black,
            fen: "k*p*p*p*/4/4/NBR*U",
        },
        StartBoard {
            timeline: "+0",
            turn: 1,
            to_move: Color::White,
            fen: "nbr*u/4/4/K*P*P*P*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "Timeline -0 starts at T1 with Black to move (`BOARDS` index `-0:1`); White moves first on +0, after which both timelines are at T1b.",
    },
    Variant {
        name: "Misc - Timeline Marauders",
        aliases: &[],
        group: Group::Misc,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "-1",
            turn: 1,
            to_move: Color::White,
            fen: "w*r*k*r*w*/1w*w*w*1/5/5/5",
        },
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "w*1w*1w*/5/5/5/W*1W*1W*",
        },
        StartBoard {
            timeline: "+1",
            turn: 1,
            to_move: Color::White,
            fen: "5/5/5/1W*W*W*1/W*R*K*R*W*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "Uncertain (boards.md 8.5): the only file is a one-turn notation test whose moves pass over occupied squares, so it neither confirms nor refutes this setup.",
    },
    Variant {
        name: "Misc - King of Kings",
        aliases: &[],
        group: Group::Misc,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "cck*cc/5/5/5/CCK*CC",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Misc - Royal Queen Showdown",
        aliases: &[],
        group: Group::Misc,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "4y1/6/6/6/6/1Y4",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Misc - Excessive",
        aliases: &[],
        group: Group::Misc,
        width: 7,
        height: 7,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "k*r*uqdr*k*/r*nbk*nbr*/p*p*p*p*p*p*p*/7/P*P*P*P*P*P*P*/R*NBK*NBR*/K*R*UQDR*K*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Focused - Just Knights",
        aliases: &[],
        group: Group::Focused,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "n1k*n1/5/5/5/1NK*1N",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Focused - Just Bishops",
        aliases: &[],
        group: Group::Focused,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "1bbk*1/5/5/5/1K*BB1",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Focused - Just Rooks",
        aliases: &[],
        group: Group::Focused,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "1r*k*1r*/5/5/5/R*1K*R*1",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Focused - Just Queens",
        aliases: &[],
        group: Group::Focused,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "1q1k*2/6/6/6/6/2K*1Q1",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Focused - Just Pawns",
        aliases: &[],
        group: Group::Focused,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "p*p*p*p*k*/5/5/5/K*P*P*P*P*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "",
    },
    Variant {
        name: "Focused - Just Kings",
        aliases: &[],
        group: Group::Focused,
        width: 3,
        height: 3,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "2k*/3/K*2",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "Read `2k/3/k2` (two black kings) until 2021-03-24; the corner king is White's.",
    },
    Variant {
        name: "Focused - Just Unicorns",
        aliases: &[],
        group: Group::Focused,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "1u1uk*/5/5/5/K*U1U1",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Focused - Just Dragons",
        aliases: &[],
        group: Group::Focused,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "2ddk*/5/5/5/K*DD2",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::SingleSource,
        note: "",
    },
    Variant {
        name: "Focused - Just Brawns",
        aliases: &["Brawns - Small"],
        group: Group::Focused,
        width: 5,
        height: 5,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "w*w*w*w*k*/5/5/5/K*W*W*W*W*",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Confirmed,
        note: "The variants repository calls it `Brawns - Small`; accepted as an alias.",
    },
    Variant {
        name: "Checkmate Practice - Knight",
        aliases: &[],
        group: Group::CheckmatePractice,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "5n/6/6/6/6/K*5",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Doubtful,
        note: "Uncertain (boards.md section 7): Black has no royal piece, so Black is never in check; what ends the game when Black has no legal action is not established. Unverified practice position.",
    },
    Variant {
        name: "Checkmate Practice - Bishop",
        aliases: &[],
        group: Group::CheckmatePractice,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "4b1/6/6/6/6/K*5",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Doubtful,
        note: "Uncertain (boards.md section 7): Black has no royal piece, so Black is never in check; what ends the game when Black has no legal action is not established. Unverified practice position.",
    },
    Variant {
        name: "Checkmate Practice - Rook",
        aliases: &[],
        group: Group::CheckmatePractice,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "5r*/6/6/6/6/K*5",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Doubtful,
        note: "Uncertain (boards.md section 7): Black has no royal piece, so Black is never in check; what ends the game when Black has no legal action is not established. Unverified practice position.",
    },
    Variant {
        name: "Checkmate Practice - Queen",
        aliases: &[],
        group: Group::CheckmatePractice,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "4q1/6/6/6/6/K*5",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Doubtful,
        note: "Uncertain (boards.md section 7): Black has no royal piece, so Black is never in check; what ends the game when Black has no legal action is not established. Unverified practice position.",
    },
    Variant {
        name: "Checkmate Practice - Pawns",
        aliases: &[],
        group: Group::CheckmatePractice,
        width: 6,
        height: 6,
        boards: &[
        StartBoard {
            timeline: "0",
            turn: 1,
            to_move: Color::White,
            fen: "2p*p*p*1/6/6/6/6/3K*2",
        },
        ],
        promotions: QUEEN_ONLY,
        confidence: Confidence::Doubtful,
        note: "Uncertain (boards.md section 7): Black has no royal piece, so Black is never in check; what ends the game when Black has no legal action is not established. Unverified practice position.",
    },
];

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
