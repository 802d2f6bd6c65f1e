//! `chronochess puzzles`: 5D mate puzzles, generated and proved by the exact
//! search (`fived::puzzle`), stored one per 5dpgn file (`play::puzzle`).
//!
//! - `puzzles generate [--out DIR] [--corpus DIR] [--boards A,B,..]
//!   [--seed S] [--games N] [--minutes M] [--per-cell K] [--alternatives K]
//!   [--threads T] [--budget NODES] [--positions N]`: scans every position
//!   of the corpus games and of seeded playouts on each board for mates in 1,
//!   and the positions two actions before a mate in 1 of the same side for
//!   mates in 2; keeps at most K puzzles per (board, kind, timeline count)
//!   cell, writes them to DIR (`m1-001.5dpgn`, `m2-001.5dpgn`, ...) and
//!   prints the figures (candidates, rejections, per-minute rate, spread).
//!   Without `--add` the folder's `m1-*`/`m2-*` files are replaced; with it
//!   they are kept (their positions count as seen, their cells as filled)
//!   and new files numbered after them. `--m2-everywhere` tries a mate in 2
//!   on every position without a mate in 1 (slow); `--verbose` prints each
//!   game's time.
//! - `puzzles verify PATH... [--stats] [--budget NODES] [--positions N]`:
//!   re-proves every `.5dpgn` file (in the folders given, or the files);
//!   prints `file: what is wrong` for each failure and exits 1 if any.

mod generate;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use chronochess::fived::puzzle::Effort;
use chronochess::fived::Budget;
use chronochess::play::puzzle::{self, Kind, Puzzle};

use crate::{flag, operands};

const USAGE: &str = "usage: chronochess puzzles generate [--out DIR] [--corpus DIR] [--boards A,B,..] [--seed S] [--games N] [--minutes M] [--per-cell K] [--alternatives K] [--threads T] [--budget NODES] [--positions N]
       chronochess puzzles verify PATH... [--stats] [--budget NODES] [--positions N]";

/// Flags that take no value.
const SWITCHES: [&str; 4] = ["--stats", "--verbose", "--m2-everywhere", "--add"];

/// The proof effort from `--budget` and `--positions`.
fn effort(args: &[String]) -> Result<Effort, String> {
    Ok(Effort {
        budget: Budget::nodes(flag(args, "--budget", Effort::DEFAULT.budget.nodes)?),
        positions: flag(args, "--positions", Effort::DEFAULT.positions)?,
    })
}

/// The `main` entry of `chronochess puzzles`.
///
/// # Errors
/// A usage or I/O message.
pub fn main(args: &[String]) -> Result<ExitCode, String> {
    match args.first().map(String::as_str) {
        Some("generate") => generate::generate(&args[1..]),
        Some("verify") => verify(&args[1..]),
        _ => Err(USAGE.to_string()),
    }
}

/// Every `.5dpgn` file under the paths (folders are read one level deep),
/// sorted.
fn puzzle_files(paths: &[String]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        let path = Path::new(p);
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| format!("{p}: {e}"))?;
            for e in entries {
                let f = e.map_err(|e| format!("{p}: {e}"))?.path();
                if f.extension().is_some_and(|x| x == "5dpgn") {
                    out.push(f);
                }
            }
        } else {
            out.push(path.to_path_buf());
        }
    }
    out.sort();
    Ok(out)
}

/// The spread of a set of puzzles: per board, per timeline count, per kind.
pub fn print_spread<'a>(puzzles: impl Iterator<Item = (&'a str, usize, Kind, bool)>) {
    let mut boards: BTreeMap<&str, [usize; 2]> = BTreeMap::new();
    let mut timelines: BTreeMap<usize, [usize; 2]> = BTreeMap::new();
    let mut unique = [0usize; 2];
    let mut total = 0;
    for (board, tl, kind, is_unique) in puzzles {
        let k = usize::from(kind == Kind::MateIn2);
        boards.entry(board).or_default()[k] += 1;
        timelines.entry(tl).or_default()[k] += 1;
        unique[k] += usize::from(is_unique);
        total += 1;
    }
    println!("{total} puzzles on {} boards", boards.len());
    println!("  {:<34} {:>6} {:>6}", "board", "mate1", "mate2");
    for (b, [m1, m2]) in &boards {
        println!("  {b:<34} {m1:>6} {m2:>6}");
    }
    println!("  {:<34} {:>6} {:>6}", "timelines", "mate1", "mate2");
    for (t, [m1, m2]) in &timelines {
        println!("  {t:<34} {m1:>6} {m2:>6}");
    }
    println!(
        "  unique solution: {} of the mates in 1, {} of the mates in 2",
        unique[0], unique[1]
    );
}

/// `puzzles verify PATH... [--stats]`.
fn verify(args: &[String]) -> Result<ExitCode, String> {
    let paths = operands(args, &SWITCHES);
    if paths.is_empty() {
        return Err(USAGE.to_string());
    }
    let effort = effort(args)?;
    let stats = args.iter().any(|a| a == "--stats");
    let files = puzzle_files(&paths)?;
    if files.is_empty() {
        eprintln!("no .5dpgn file in {}", paths.join(", "));
        return Ok(ExitCode::FAILURE);
    }
    let started = Instant::now();
    let mut ok: Vec<(String, Puzzle)> = Vec::new();
    let mut failed = 0usize;
    let mut slowest: Vec<(f64, String)> = Vec::new();
    for f in &files {
        let name = f.display().to_string();
        let t = Instant::now();
        let result = std::fs::read(f)
            .map_err(|e| e.to_string())
            .and_then(|bytes| puzzle::verify(&String::from_utf8_lossy(&bytes), effort));
        slowest.push((t.elapsed().as_secs_f64(), name.clone()));
        match result {
            Ok(p) => ok.push((name, p)),
            Err(e) => {
                eprintln!("{name}: {e}");
                failed += 1;
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{} of {} puzzle files verified in {secs:.2} s ({failed} failed)",
        ok.len(),
        files.len()
    );
    if stats {
        // Catalogue names as the catalogue spells them (files may shout).
        let named: Vec<(&str, &Puzzle)> = ok
            .iter()
            .map(|(_, p)| {
                let name =
                    chronochess::fived::boards::find(p.board()).map_or("custom 5DFEN", |v| v.name);
                (name, p)
            })
            .collect();
        print_spread(
            named
                .iter()
                .map(|(b, p)| (*b, p.timelines(), p.kind, p.alternatives.is_empty())),
        );
        slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (s, name) in slowest.iter().take(5) {
            println!("  slowest: {s:.3} s  {name}");
        }
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
