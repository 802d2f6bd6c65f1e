//! Indexes the proved puzzles of `puzzles/` for the puzzle screen
//! (`play::learn::puzzles::INDEX`): one `Entry { name, kind, board }` per
//! `*.5dpgn`, sorted by name, read from the file's `[Puzzle]` and `[Board]`
//! (else `[Variant]`) tags. The page carries only this index; it fetches a
//! puzzle's file (copied into the site by trunk) when the puzzle opens. A
//! host test checks the index against every file as the game reader reads
//! it, so nothing here is kept by hand.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The value of tag `name` (compared ignoring ASCII case, as the 5dpgn
/// reader does): the text between the quotes of `[Name "value"]`.
fn tag<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix('[')?;
        let (key, value) = rest.split_once(char::is_whitespace)?;
        if !key.eq_ignore_ascii_case(name) {
            return None;
        }
        let value = value.trim().strip_suffix(']')?.trim();
        value.strip_prefix('"')?.strip_suffix('"')
    })
}

/// The index entry of one file, or why it has none.
fn entry(path: &Path) -> Result<String, String> {
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or("the file name is not UTF-8")?;
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let kind = match tag(&text, "Puzzle").map(str::trim) {
        Some("mate in 1") => "MateIn1",
        Some("mate in 2") => "MateIn2",
        other => {
            return Err(format!(
                "[Puzzle] is {other:?}, not \"mate in 1\" or \"mate in 2\""
            ))
        }
    };
    let board = tag(&text, "Board")
        .or_else(|| tag(&text, "Variant"))
        .unwrap_or("Standard");
    Ok(format!(
        "    Entry {{ name: {name:?}, kind: Kind::{kind}, board: {board:?} }},"
    ))
}

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
        println!("cargo:rerun-if-changed={}", f.display());
        match entry(f) {
            Ok(line) => {
                let _ = writeln!(out, "{line}");
            }
            Err(e) => panic!("{}: {e}", f.display()),
        }
    }
    out.push(']');
    let target = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("puzzles.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
