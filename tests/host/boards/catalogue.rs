//! The 5D board catalogue checked against `shared/rules/boards.md`, sections 2–7.

use chronochess::chess::{Color, PieceKind, Placement};
use chronochess::fived::boards::{self, Group, CATALOGUE};
use std::collections::{BTreeMap, HashSet};

/// boards.md's setups as printed there (no unmoved markers), per starting board in order.
const SETUPS: &[(&str, &[&str])] = &[
    ("Standard", &["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"]),
    (
        "Standard - Turn Zero",
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        ],
    ),
    (
        "Standard - Two Timelines",
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        ],
    ),
    (
        "Standard - Defended Pawn",
        &["rqbnkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR"],
    ),
    (
        "Standard - Princess",
        &["rnbskbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBSKBNR"],
    ),
    (
        "Standard - Reversed Royalty",
        &["rnbycbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBYCBNR"],
    ),
    (
        "Standard - Half Reflected",
        &["rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"],
    ),
    (
        "Simple - No Queens",
        &["rnbknbr/ppppppp/7/7/7/PPPPPPP/RNBKNBR"],
    ),
    (
        "Simple - Knights vs. Bishops",
        &["rbqkbr/pppppp/6/6/PPPPPP/RNQKNR"],
    ),
    ("Simple - No Bishops", &["rnqknr/pppppp/6/6/PPPPPP/RNQKNR"]),
    ("Simple - No Knights", &["rbqkbr/pppppp/6/6/PPPPPP/RBQKBR"]),
    ("Simple - No Rooks", &["nbqkbn/pppppp/6/6/PPPPPP/NBQKBN"]),
    ("Simple - Simple Set", &["rnbqkr/pppppp/6/6/PPPPPP/RKQBNR"]),
    ("Small", &["kqbnr/ppppp/5/PPPPP/KQBNR"]),
    ("Small - Flipped", &["nbrqk/ppppp/5/PPPPP/KQRBN"]),
    ("Small - Centered", &["rnkqr/ppppp/5/PPPPP/RQKNR"]),
    ("Small - Open", &["prnbk/3pp/5/PP3/KBNRP"]),
    ("Very Small", &["nbrk/pppp/PPPP/KRBN"]),
    ("Very Small - Open", &["nbrk/3p/P3/KRBN"]),
    (
        "Misc - Timeline Invasion",
        &["nbkrb/ppppp/5/5/PPPPP", "ppppp/5/5/PPPPP/NBKRB"],
    ),
    (
        "Misc - Timeline Formations",
        &["ppppp/5/5/5/2K2", "2k2/5/5/5/PPPPP"],
    ),
    (
        "Misc - Timeline Tactitian",
        &["kbnr/pppp/4/4", "4/4/PPPP/KBNR"],
    ),
    (
        "Misc - Timeline Strategos",
        &["nbkur/ppppp/5/5/5", "5/5/5/PPPPP/RUKBN"],
    ),
    (
        "Misc - Timeline Battlegrounds",
        &[
            "rrkrr/bbqbb/ppppp/5/PPPPP",
            "nnnnn/ppppp/5/PPPPP/NNNNN",
            "ppppp/5/PPPPP/BBQBB/RRKRR",
        ],
    ),
    (
        "Misc - Timeline Skirmish",
        &["3rk/3pp/5/BB3/NN3", "3nn/3bb/5/PP3/KR3"],
    ),
    (
        "Misc - Timeline Fragments",
        &["kppp/4/4/NBRU", "nbru/4/4/KPPP"],
    ),
    (
        "Misc - Timeline Marauders",
        &[
            "wrkrw/1www1/5/5/5",
            "w1w1w/5/5/5/W1W1W",
            "5/5/5/1WWW1/WRKRW",
        ],
    ),
    ("Misc - King of Kings", &["cckcc/5/5/5/CCKCC"]),
    ("Misc - Royal Queen Showdown", &["4y1/6/6/6/6/1Y4"]),
    (
        "Misc - Excessive",
        &["kruqdrk/rnbknbr/ppppppp/7/PPPPPPP/RNBKNBR/KRUQDRK"],
    ),
    ("Focused - Just Knights", &["n1kn1/5/5/5/1NK1N"]),
    ("Focused - Just Bishops", &["1bbk1/5/5/5/1KBB1"]),
    ("Focused - Just Rooks", &["1rk1r/5/5/5/R1KR1"]),
    ("Focused - Just Queens", &["1q1k2/6/6/6/6/2K1Q1"]),
    ("Focused - Just Pawns", &["ppppk/5/5/5/KPPPP"]),
    ("Focused - Just Kings", &["2k/3/K2"]),
    ("Focused - Just Unicorns", &["1u1uk/5/5/5/KU1U1"]),
    ("Focused - Just Dragons", &["2ddk/5/5/5/KDD2"]),
    ("Focused - Just Brawns", &["wwwwk/5/5/5/KWWWW"]),
    ("Checkmate Practice - Knight", &["5n/6/6/6/6/K5"]),
    ("Checkmate Practice - Bishop", &["4b1/6/6/6/6/K5"]),
    ("Checkmate Practice - Rook", &["5r/6/6/6/6/K5"]),
    ("Checkmate Practice - Queen", &["4q1/6/6/6/6/K5"]),
    ("Checkmate Practice - Pawns", &["2ppp1/6/6/6/6/3K2"]),
];

const STD: &str = "K Q 2R 2B 2N 8P";
const STD2: &str = "2K 2Q 4R 4B 4N 16P";

/// boards.md's "pieces per side" column, summed over all starting boards: (name, White, Black).
const PIECE_COUNTS: &[(&str, &str, &str)] = &[
    ("Standard", STD, STD),
    ("Standard - Turn Zero", STD2, STD2),
    ("Standard - Two Timelines", STD2, STD2),
    ("Standard - Defended Pawn", STD, STD),
    ("Standard - Princess", "K S 2R 2B 2N 8P", "K S 2R 2B 2N 8P"),
    (
        "Standard - Reversed Royalty",
        "Y C 2R 2B 2N 8P",
        "Y C 2R 2B 2N 8P",
    ),
    ("Standard - Half Reflected", STD, STD),
    ("Simple - No Queens", "K 2R 2B 2N 7P", "K 2R 2B 2N 7P"),
    (
        "Simple - Knights vs. Bishops",
        "K Q 2R 2N 6P",
        "K Q 2R 2B 6P",
    ),
    ("Simple - No Bishops", "K Q 2R 2N 6P", "K Q 2R 2N 6P"),
    ("Simple - No Knights", "K Q 2R 2B 6P", "K Q 2R 2B 6P"),
    ("Simple - No Rooks", "K Q 2B 2N 6P", "K Q 2B 2N 6P"),
    ("Simple - Simple Set", "K Q 2R B N 6P", "K Q 2R B N 6P"),
    ("Small", "K Q R B N 5P", "K Q R B N 5P"),
    ("Small - Flipped", "K Q R B N 5P", "K Q R B N 5P"),
    ("Small - Centered", "K Q 2R N 5P", "K Q 2R N 5P"),
    ("Small - Open", "K R B N 3P", "K R B N 3P"),
    ("Very Small", "K R B N 4P", "K R B N 4P"),
    ("Very Small - Open", "K R B N 1P", "K R B N 1P"),
    ("Misc - Timeline Invasion", "K R 2B N 10P", "K R 2B N 10P"),
    ("Misc - Timeline Formations", "K 5P", "K 5P"),
    ("Misc - Timeline Tactitian", "K R B N 4P", "K R B N 4P"),
    ("Misc - Timeline Strategos", "K U R B N 5P", "K U R B N 5P"),
    (
        "Misc - Timeline Battlegrounds",
        "K Q 4R 4B 5N 15P",
        "K Q 4R 4B 5N 15P",
    ),
    ("Misc - Timeline Skirmish", "K R 2B 2N 2P", "K R 2B 2N 2P"),
    ("Misc - Timeline Fragments", "K R B N U 3P", "K R B N U 3P"),
    ("Misc - Timeline Marauders", "K 2R 8W", "K 2R 8W"),
    ("Misc - King of Kings", "K 4C", "K 4C"),
    ("Misc - Royal Queen Showdown", "Y", "Y"),
    (
        "Misc - Excessive",
        "3K Q U D 4R 2B 2N 7P",
        "3K Q U D 4R 2B 2N 7P",
    ),
    ("Focused - Just Knights", "K 2N", "K 2N"),
    ("Focused - Just Bishops", "K 2B", "K 2B"),
    ("Focused - Just Rooks", "K 2R", "K 2R"),
    ("Focused - Just Queens", "K Q", "K Q"),
    ("Focused - Just Pawns", "K 4P", "K 4P"),
    ("Focused - Just Kings", "K", "K"),
    ("Focused - Just Unicorns", "K 2U", "K 2U"),
    ("Focused - Just Dragons", "K 2D", "K 2D"),
    ("Focused - Just Brawns", "K 4W", "K 4W"),
    ("Checkmate Practice - Knight", "K", "N"),
    ("Checkmate Practice - Bishop", "K", "B"),
    ("Checkmate Practice - Rook", "K", "R"),
    ("Checkmate Practice - Queen", "K", "Q"),
    ("Checkmate Practice - Pawns", "K", "3P"),
];

/// Reads "K Q 2R 8P" into piece counts.
fn parse_counts(s: &str) -> BTreeMap<PieceKind, usize> {
    let mut out = BTreeMap::new();
    for word in s.split_whitespace() {
        let (n, letter) = word.split_at(word.len() - 1);
        let n = if n.is_empty() { 1 } else { n.parse().unwrap() };
        let kind = PieceKind::from_letter(letter.chars().next().unwrap()).unwrap();
        *out.entry(kind).or_insert(0) += n;
    }
    out
}

fn counts_of(v: &boards::Variant, color: Color) -> BTreeMap<PieceKind, usize> {
    let mut out = BTreeMap::new();
    for (_, p) in v.placements() {
        for (_, pp) in p.pieces() {
            if pp.piece.color == color {
                *out.entry(pp.piece.kind).or_insert(0) += 1;
            }
        }
    }
    out
}

#[test]
fn catalogue_has_every_board_of_sections_2_to_7() {
    assert_eq!(CATALOGUE.len(), 44);
    assert_eq!(SETUPS.len(), CATALOGUE.len());
    assert_eq!(PIECE_COUNTS.len(), CATALOGUE.len());
    for (v, (name, _)) in CATALOGUE.iter().zip(SETUPS) {
        assert_eq!(v.name, *name);
    }
    assert_eq!(boards::standard().name, "Standard");
}

#[test]
fn every_fen_reads_at_its_size_and_matches_boards_md() {
    for (name, setups) in SETUPS {
        let v = boards::find(name).unwrap();
        assert_eq!(v.boards.len(), setups.len(), "{name}");
        for (b, setup) in v.boards.iter().zip(setups.iter()) {
            let p = Placement::from_fen(b.fen, v.width, v.height)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!((p.width(), p.height()), (v.width, v.height));
            assert_eq!(b.fen.replace('*', ""), *setup, "{name} {}", b.timeline);
        }
    }
}

#[test]
fn unmoved_markers_are_on_pawns_brawns_kings_and_rooks_only() {
    for v in CATALOGUE {
        for (b, p) in v.placements() {
            // Writing back keeps `*` only where it belongs, so equality means no stray marker.
            assert_eq!(p.to_fen(), b.fen, "{}", v.name);
            for (sq, pp) in p.pieces() {
                let marked = matches!(
                    pp.piece.kind,
                    PieceKind::Pawn | PieceKind::Brawn | PieceKind::King | PieceKind::Rook
                );
                assert_eq!(pp.unmoved, marked, "{} {sq}", v.name);
            }
        }
    }
}

#[test]
fn piece_counts_per_side_match_boards_md() {
    for (name, white, black) in PIECE_COUNTS {
        let v = boards::find(name).unwrap();
        assert_eq!(
            counts_of(v, Color::White),
            parse_counts(white),
            "{name} White"
        );
        assert_eq!(
            counts_of(v, Color::Black),
            parse_counts(black),
            "{name} Black"
        );
    }
}

#[test]
fn both_sides_have_a_royal_piece_except_in_checkmate_practice() {
    for v in CATALOGUE {
        let practice = v.group == Group::CheckmatePractice;
        assert!(v.has_royal(Color::White), "{}", v.name);
        assert_eq!(v.has_royal(Color::Black), !practice, "{}", v.name);
        if practice {
            assert_eq!(v.confidence, boards::Confidence::Doubtful);
            assert!(!v.note.is_empty());
        }
    }
}

#[test]
fn names_and_aliases_are_unique_case_insensitively() {
    let mut seen = HashSet::new();
    for v in CATALOGUE {
        for n in std::iter::once(&v.name).chain(v.aliases) {
            assert!(seen.insert(n.to_ascii_lowercase()), "duplicate name {n}");
        }
    }
    for b in boards::UNSUPPORTED {
        assert!(!seen.contains(&b.name.to_ascii_lowercase()));
    }
}

#[test]
fn aliases_resolve() {
    let cases = [
        ("Misc - Small", "Small"),
        ("Misc - Small Flipped", "Small - Flipped"),
        ("Misc - Small Centered", "Small - Centered"),
        ("Misc - Small Open", "Small - Open"),
        ("Misc - Very Small", "Very Small"),
        ("Misc - Very Small Open", "Very Small - Open"),
        (
            "SIMPLE - KNIGHTS VS. BISHOP",
            "Simple - Knights vs. Bishops",
        ),
        (
            "simple - knights vs. bishops",
            "Simple - Knights vs. Bishops",
        ),
        ("Simple - No Queen", "Simple - No Queens"),
        (
            "Misc - Timeline Battleground",
            "Misc - Timeline Battlegrounds",
        ),
        ("Misc - Timeline Tactician", "Misc - Timeline Tactitian"),
        ("Misc - Timeline Invasions", "Misc - Timeline Invasion"),
        ("Brawns - Small", "Focused - Just Brawns"),
    ];
    for (alias, name) in cases {
        assert_eq!(boards::find(alias).map(|v| v.name), Some(name), "{alias}");
    }
    for v in CATALOGUE {
        for a in v.aliases {
            assert_eq!(boards::find(a).map(|f| f.name), Some(v.name));
        }
    }
}

#[test]
fn timeline_labels_are_well_formed() {
    for v in CATALOGUE {
        let labels: Vec<_> = v.boards.iter().map(|b| b.timeline).collect();
        let turns: Vec<_> = v.boards.iter().map(|b| (b.turn, b.to_move)).collect();
        match labels.as_slice() {
            ["0"] => assert_eq!(turns, [(1, Color::White)], "{}", v.name),
            ["0", "0"] => {
                assert_eq!(v.name, "Standard - Turn Zero");
                assert_eq!(turns, [(0, Color::Black), (1, Color::White)]);
            }
            ["-0", "+0"] => {
                assert!(v.even_start());
                let expected_minus = if v.name == "Misc - Timeline Fragments" {
                    Color::Black
                } else {
                    Color::White
                };
                assert_eq!(
                    turns,
                    [(1, expected_minus), (1, Color::White)],
                    "{}",
                    v.name
                );
            }
            ["-1", "0", "+1"] => {
                assert!(!v.even_start());
                assert!(turns.iter().all(|t| *t == (1, Color::White)), "{}", v.name);
            }
            other => panic!("{}: unexpected timelines {other:?}", v.name),
        }
    }
}

#[test]
fn the_cli_lists_every_board() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chronochess"))
        .arg("boards")
        .output()
        .expect("run chronochess boards");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let listed: Vec<&str> = text.lines().collect();
    let names: Vec<&str> = CATALOGUE.iter().map(|v| v.name).collect();
    assert_eq!(listed, names);
}
