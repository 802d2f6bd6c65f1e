//! Conformance with the labelled corpus (`../shared/corpus/expected.tsv`):
//! every position's capped count of legal actions and its status.

use std::collections::BTreeMap;

use chronochess::fived::Budget;
use chronochess::notation::resolve::analyze_text;

#[test]
fn every_expected_row_agrees() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let Ok(tsv) = std::fs::read_to_string(dir.join("expected.tsv")) else {
        println!("skipped: {} is absent", dir.display());
        return;
    };
    let mut by_file: BTreeMap<&str, Vec<(usize, &str, &str, &str)>> = BTreeMap::new();
    for line in tsv.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        assert!(f.len() >= 5, "bad row {line}");
        by_file
            .entry(f[0])
            .or_default()
            .push((f[1].parse().unwrap(), f[2], f[3], f[4]));
    }
    let mut disagreements = Vec::new();
    let mut total = 0;
    for (file, rows) in &by_file {
        let text = std::fs::read_to_string(dir.join("games").join(file)).unwrap();
        let a = analyze_text(&text, Some(1000), Budget::nodes(50_000_000), false);
        for &(pos, side, count, status) in rows {
            total += 1;
            let Some(l) = a.labels.iter().find(|l| l.pos == pos) else {
                disagreements.push(format!("{file} {pos}: not reached ({:?})", a.error));
                continue;
            };
            let got = (
                l.side.letter().to_string(),
                l.count.map_or("unknown".to_string(), |c| c.to_string()),
                l.status,
            );
            if got != (side.to_string(), count.to_string(), status) {
                disagreements.push(format!(
                    "{file} {pos}: expected {side} {count} {status}, got {} {} {}",
                    got.0, got.1, got.2
                ));
            }
        }
    }
    println!("{}/{total} positions agree", total - disagreements.len());
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}
