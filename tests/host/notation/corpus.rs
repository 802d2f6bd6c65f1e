//! Every 5dpgn file of the shared corpus reads without a syntax error, and the
//! labelled games have as many actions as `expected.tsv` has positions minus one.

use chronochess::notation::{read, read_bytes, WarningKind};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let dir = if dir.is_dir() {
        dir
    } else {
        PathBuf::from("/work/shared/corpus")
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("shared corpus not found: corpus tests skipped");
        None
    }
}

fn pgn_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "5dpgn"));
    files.sort();
    files
}

#[test]
fn labelled_games_read_with_the_expected_number_of_actions() {
    let Some(dir) = corpus() else { return };
    let expected = std::fs::read_to_string(dir.join("expected.tsv")).expect("expected.tsv");
    let mut rows: BTreeMap<String, usize> = BTreeMap::new();
    for line in expected.lines().skip(1) {
        if let Some(file) = line.split('\t').next() {
            *rows.entry(file.to_string()).or_default() += 1;
        }
    }
    let files = pgn_files(&dir.join("games"));
    assert_eq!(files.len(), rows.len(), "one expected.tsv entry per game");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(&path).unwrap();
        let read = read_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let positions = rows
            .get(&name)
            .copied()
            .unwrap_or_else(|| panic!("{name}: no labels"));
        assert_eq!(read.game.actions.len(), positions - 1, "{name}");
        for w in &read.warnings {
            eprintln!("{name}: warning: {w}");
        }
        // A labelled game is well numbered and alternates sides.
        assert!(
            read.warnings
                .iter()
                .all(|w| !matches!(w.kind, WarningKind::TurnNumber | WarningKind::SameSideTwice)),
            "{name}: {:?}",
            read.warnings
        );
    }
}

#[test]
fn unlabelled_files_read() {
    let Some(dir) = corpus() else { return };
    for path in pgn_files(&dir.join("unlabelled")) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let read = read(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!read.game.tags.is_empty(), "{name}");
        for w in &read.warnings {
            eprintln!("{name}: warning: {w}");
        }
    }
}

#[test]
fn corpus_tolerances() {
    let Some(dir) = corpus() else { return };
    let load = |rel: &str| read(&std::fs::read_to_string(dir.join(rel)).unwrap()).unwrap();
    // Turn 25 numbered twice: the sides still alternate, one warning.
    let aivsai = load("unlabelled/notation__aivsai.5dpgn");
    let fixed = load("games/notation__aivsai.fixed.5dpgn");
    assert_eq!(aivsai.game.actions.len(), fixed.game.actions.len());
    let colors = |r: &chronochess::notation::Read| {
        r.game.actions.iter().map(|a| a.color).collect::<Vec<_>>()
    };
    assert_eq!(colors(&aivsai), colors(&fixed));
    let turn_warnings: Vec<_> = aivsai
        .warnings
        .iter()
        .filter(|w| w.kind == WarningKind::TurnNumber)
        .collect();
    assert_eq!(turn_warnings.len(), 1, "{turn_warnings:?}");
    assert_eq!(turn_warnings[0].span.line, 35);
    // Old aliases: `BR` is a brawn.
    let marauders = load("unlabelled/notation__marauders.5dpgn");
    assert!(marauders
        .warnings
        .iter()
        .any(|w| w.kind == WarningKind::PieceAlias));
    // A comment holding `/` and a whole move does not split the action.
    let invasion = load("unlabelled/notation__invasion.5dpgn");
    assert_eq!(invasion.game.actions.len(), 22);
    assert_eq!(
        invasion.game.actions[8].comments,
        vec!["Prevents ... / (1T4)Qa2#"]
    );
    assert_eq!(invasion.game.result.as_deref(), Some("0-1"));
    // `/` at the start of a line after a comment.
    let brawns = load("unlabelled/tools__brawns-en-passant.fen.5dpgn");
    assert_eq!(brawns.game.actions.len(), 4);
    assert_eq!(brawns.game.fen_boards.len(), 1);
    // Tokens in either order after a move.
    let tricky = load("games/tools__tricky-nonmate.5dpgn");
    let mv = &tricky.game.actions[3].moves[0];
    assert_eq!(mv.present_turn, Some(3));
    assert_eq!(
        mv.new_timeline.map(|t| (t.sign, t.number)),
        Some((Some('-'), 2))
    );
    assert_eq!(tricky.game.fen_boards[2].timeline.sign, None);
}

#[test]
fn corpus_files_survive_write_then_read() {
    let Some(dir) = corpus() else { return };
    for sub in ["games", "unlabelled"] {
        for path in pgn_files(&dir.join(sub)) {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let first = read(&std::fs::read_to_string(&path).unwrap()).unwrap().game;
            let text = chronochess::notation::write(&first);
            let second = read(&text)
                .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"))
                .game;
            assert_eq!(second.tags, first.tags, "{name}");
            assert_eq!(second.result, first.result, "{name}");
            assert_eq!(second.actions.len(), first.actions.len(), "{name}");
            for (a, b) in first.actions.iter().zip(&second.actions) {
                assert_eq!(a.color, b.color, "{name}");
                assert_eq!(a.comments, b.comments, "{name}");
                assert_eq!(a.moves.len(), b.moves.len(), "{name}");
                for (m, n) in a.moves.iter().zip(&b.moves) {
                    let strip = |m: &chronochess::notation::ast::MoveText| {
                        let mut m = m.clone();
                        m.span = Default::default();
                        m.text.clear();
                        m
                    };
                    assert_eq!(strip(m), strip(n), "{name}: {} vs {}", m.text, n.text);
                    assert_eq!(
                        chronochess::notation::reader::annotation(&m.text),
                        chronochess::notation::reader::annotation(&n.text),
                        "{name}"
                    );
                }
            }
        }
    }
}
