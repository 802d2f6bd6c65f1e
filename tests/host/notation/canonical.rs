//! Reading what we write gives the identical game: every playable corpus game,
//! written as canonical 5dpgn (`notation::export` + `notation::writer`), reads
//! back to the same multiverse after the same number of actions, and writing
//! it again gives the same text.

use chronochess::notation::{export, read, resolve, writer};
use std::path::{Path, PathBuf};

fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let mut files = Vec::new();
    for sub in ["games", "unlabelled"] {
        if let Ok(rd) = std::fs::read_dir(root.join(sub)) {
            files.extend(rd.filter_map(|e| e.ok().map(|e| e.path())));
        }
    }
    files.retain(|p| p.extension().is_some_and(|e| e == "5dpgn"));
    files.sort();
    files
}

#[test]
fn corpus_games_round_trip_through_canonical_5dpgn() {
    let files = corpus_files();
    if files.is_empty() {
        eprintln!("shared corpus not found: canonical round trip skipped");
        return;
    }
    let mut checked = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("corpus file");
        let name = path.file_name().unwrap().to_string_lossy();
        let original = resolve::replay(&read(&text).expect("reads").game, |_, _| {})
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(e) = &original.error {
            // An illegal file (white-castle-illegal, marauders, reflected-checkmate) has no
            // canonical form: converting it reports the same failing move.
            let refused = export::canonical_game(&text).expect_err("illegal file converted");
            assert_eq!(refused, e.to_string(), "{name}");
            continue;
        }
        let canonical = export::canonical_game(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = writer::write(&canonical);
        let back = resolve::replay(
            &read(&written)
                .unwrap_or_else(|e| panic!("{name}: canonical text unreadable: {e}\n{written}"))
                .game,
            |_, _| {},
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(back.error.is_none(), "{name}: {:?}\n{written}", back.error);
        assert_eq!(back.played, original.played, "{name}: actions");
        assert!(
            back.game.multiverse() == original.game.multiverse(),
            "{name}: the canonical text replays to another position\n{written}"
        );
        let again = writer::write(&export::canonical_game(&written).expect("rewrites"));
        assert_eq!(again, written, "{name}: canonical text is not stable");
        checked += 1;
    }
    println!("{checked} corpus games round-trip through canonical 5dpgn");
}

/// A finished game keeps its result, written once as a `[Result]` tag and
/// never as a token after the moves (which 5d-chess-js cannot read): the
/// nine corpus files that state a result, by tag, by token or both.
#[test]
fn corpus_results_are_written_as_tags() {
    let files = corpus_files();
    if files.is_empty() {
        eprintln!("shared corpus not found: result tags skipped");
        return;
    }
    let mut with_result = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("corpus file");
        let name = path.file_name().unwrap().to_string_lossy();
        let Ok(canonical) = export::canonical_game(&text) else {
            continue;
        };
        let written = writer::write(&canonical);
        let Some(result) = read(&text).expect("reads").game.result else {
            assert!(!written.contains("[Result"), "{name}\n{written}");
            continue;
        };
        with_result += 1;
        let tag = format!("[Result \"{result}\"]");
        assert_eq!(written.matches("[Result").count(), 1, "{name}\n{written}");
        assert!(written.contains(&tag), "{name}\n{written}");
        let last = written.trim_end().lines().last().unwrap_or("");
        for token in ["1-0", "0-1", "1/2-1/2", "*"] {
            assert!(
                !last.ends_with(&format!(" {token}")),
                "{name}: result token after the moves\n{written}"
            );
        }
        assert_eq!(read(&written).unwrap().game.result, Some(result), "{name}");
    }
    assert!(with_result >= 9, "{with_result} corpus games with a result");
}
