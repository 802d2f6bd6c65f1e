//! Lists the proved puzzles of `puzzles/` for the puzzle screen
//! (`play::learn::puzzles::CATALOGUE`): one `(name, include_str!(file))`
//! per `*.5dpgn`, sorted by name, so the page carries exactly the files the
//! test command verifies and nothing needs regenerating by hand.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let dir =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("puzzles");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "5dpgn"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut out = String::from("&[\n");
    for f in &files {
        let name = f.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let _ = writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            f.display().to_string()
        );
    }
    out.push(']');
    let target = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("puzzles.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
