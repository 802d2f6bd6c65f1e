//! `chronochess`: the host command-line tool.
//!
//! - `chronochess boards`: the built-in 5D boards.
//! - `chronochess analyze FILE [--cap N] [--last] [--budget NODES]`: for every
//!   position of a 5dpgn game, `pos side count status` (tab-separated, the
//!   meaning of `shared/corpus/expected.tsv`); cap 1000 by default, 0 = uncapped.
//! - `chronochess conformance DIR [--budget NODES] [--times]`: checks every row of
//!   `DIR/expected.tsv`; exits 1 on any disagreement that is not explained by
//!   ftxi's known missing Black two-timeline pawn double step (5d-chess.md
//!   section 8 recommends the move; such rows are listed, with their position).
//! - `chronochess stress …`: the 5D stress suite (generate, check, relabel;
//!   `chronochess/stress/mod.rs`).
//! - `chronochess puzzles generate|verify …`: proved 5D mate puzzles
//!   (`chronochess/puzzles/mod.rs`).

// Timing needs the host's clocks; the wasm bench harness (bench/wasm) builds
// this module on its own.
#[cfg(not(target_arch = "wasm32"))]
#[path = "chronochess/bench.rs"]
mod bench;
#[cfg(not(target_arch = "wasm32"))]
#[path = "chronochess/bestmove.rs"]
mod bestmove;
#[path = "chronochess/convert.rs"]
mod convert;
#[cfg(not(target_arch = "wasm32"))]
#[path = "chronochess/puzzles/mod.rs"]
mod puzzles;
#[cfg(not(target_arch = "wasm32"))]
#[path = "chronochess/selfplay.rs"]
mod selfplay;
#[cfg(not(target_arch = "wasm32"))]
#[path = "chronochess/stress/mod.rs"]
mod stress;
#[cfg(not(target_arch = "wasm32"))]
#[path = "chronochess/uci_match.rs"]
mod uci_match;

use std::collections::BTreeMap;
use std::process::ExitCode;

use chronochess::fived::Budget;
use chronochess::notation::resolve::{analyze_text, analyze_text_with, PositionLabel};

const USAGE: &str = "usage: chronochess boards
       chronochess analyze FILE [--cap N] [--last] [--budget NODES]
       chronochess conformance DIR [--budget NODES] [--times]
       chronochess stress generate|check|label|show|import ... (see stress/mod.rs)
       chronochess selfplay --white LEVEL --black LEVEL --games N [--board NAME] [--seed S] [--save DIR] [--ms N] [--nodes N[,N]] [--opening K] [--swap]
       chronochess bestmove FILE.5dpgn [--level L] [--ms N | --nodes N] [--seed S]
       chronochess match-uci --engine CMD [--games N] [--movetime MS] [--level L] [--ms N | --nodes N] [--save DIR]
       chronochess puzzles generate|verify ... (see puzzles/mod.rs)";

const DEFAULT_BUDGET: u64 = 200_000_000;

/// The value after flag `name`, parsed, or `default` when the flag is absent (the subcommands'
/// flags: `stress`, `puzzles`).
#[cfg(not(target_arch = "wasm32"))]
fn flag<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} needs a value")),
    }
}

/// The arguments that are neither flags nor flag values: every `--name` takes the next argument
/// as its value, except the `switches`, which take none.
#[cfg(not(target_arch = "wasm32"))]
fn operands(args: &[String], switches: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
        } else if switches.contains(&a.as_str()) {
        } else if a.starts_with("--") {
            skip = true;
        } else {
            out.push(a.clone());
        }
    }
    out
}

fn flag_value(args: &[String], name: &str) -> Result<Option<u64>, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .ok_or_else(|| format!("{name} needs a number"))?
            .parse()
            .map(Some)
            .map_err(|_| format!("{name} needs a number")),
    }
}

fn side(l: &PositionLabel) -> char {
    l.side.letter()
}

fn count_text(l: &PositionLabel) -> String {
    l.count
        .map_or_else(|| "unknown".to_string(), |c| c.to_string())
}

fn analyze(args: &[String]) -> Result<ExitCode, String> {
    let file = args.first().ok_or(USAGE)?;
    let cap = flag_value(args, "--cap")?.unwrap_or(1000);
    let budget = flag_value(args, "--budget")?.unwrap_or(DEFAULT_BUDGET);
    let last = args.iter().any(|a| a == "--last");
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let cap = (cap > 0).then_some(cap);
    let a = analyze_text(&text, cap, Budget::nodes(budget), last);
    println!("pos\tside\tcount\tstatus");
    for l in &a.labels {
        println!("{}\t{}\t{}\t{}", l.pos, side(l), count_text(l), l.status);
    }
    if let Some(e) = a.error {
        eprintln!("{file}: {e}");
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

fn conformance(args: &[String]) -> Result<ExitCode, String> {
    let dir = std::path::Path::new(args.first().ok_or(USAGE)?);
    let budget = flag_value(args, "--budget")?.unwrap_or(DEFAULT_BUDGET);
    let times = args.iter().any(|a| a == "--times");
    let tsv = std::fs::read_to_string(dir.join("expected.tsv"))
        .map_err(|e| format!("{}: {e}", dir.join("expected.tsv").display()))?;
    // file -> pos -> (side, count, status)
    let mut expected: BTreeMap<String, BTreeMap<usize, (String, String, String)>> = BTreeMap::new();
    let mut total = 0usize;
    for line in tsv.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 5 {
            continue;
        }
        let pos: usize = f[1].parse().map_err(|_| format!("bad row: {line}"))?;
        expected
            .entry(f[0].to_string())
            .or_default()
            .insert(pos, (f[2].to_string(), f[3].to_string(), f[4].to_string()));
        total += 1;
    }
    let mut agree = 0usize;
    let mut explained_by_ftxi = 0usize;
    let mut millis: Vec<f64> = Vec::new();
    let mut slowest: Vec<(f64, String)> = Vec::new();
    for (file, rows) in &expected {
        let path = dir.join("games").join(file);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                println!("{file}\t-\tcannot read: {e}");
                continue;
            }
        };
        let a = analyze_text(&text, Some(1000), Budget::nodes(budget), false);
        let got: BTreeMap<usize, &PositionLabel> = a.labels.iter().map(|l| (l.pos, l)).collect();
        for (pos, (s, c, st)) in rows {
            match got.get(pos) {
                Some(l) => {
                    millis.push(l.millis);
                    slowest.push((l.millis, format!("{file} pos {pos}")));
                    let mine = (side(l).to_string(), count_text(l), l.status.to_string());
                    if mine == (s.clone(), c.clone(), st.clone()) {
                        agree += 1;
                    } else {
                        // Would ftxi's missing Black two-timeline pawn double
                        // step explain it? (5d-chess.md section 8.)
                        let ftxi = analyze_text_with(
                            &text,
                            Some(1000),
                            Budget::nodes(budget),
                            false,
                            false,
                        );
                        let explained =
                            ftxi.labels.iter().find(|x| x.pos == *pos).is_some_and(|x| {
                                (side(x).to_string(), count_text(x), x.status.to_string())
                                    == (s.clone(), c.clone(), st.clone())
                            });
                        if explained {
                            explained_by_ftxi += 1;
                        }
                        let why = if explained {
                            "\t(only the Black two-timeline pawn double step, missing in ftxi: 5d-chess.md section 8)"
                        } else {
                            ""
                        };
                        println!(
                            "{file}\t{pos}\texpected {s} {c} {st}, got {} {} {}{why}",
                            mine.0, mine.1, mine.2
                        );
                    }
                }
                None => println!(
                    "{file}\t{pos}\tnot reached: {}",
                    a.error.as_deref().unwrap_or("the game has fewer positions")
                ),
            }
        }
    }
    println!("{agree}/{total} positions agree");
    if explained_by_ftxi > 0 {
        println!(
            "{explained_by_ftxi} more differ only by the Black two-timeline pawn double step \
             (ftxi, which labelled the corpus, lacks it; with it disabled they agree)"
        );
    }
    if times && !millis.is_empty() {
        millis.sort_by(f64::total_cmp);
        let at = |q: f64| millis[((millis.len() - 1) as f64 * q).round() as usize];
        println!(
            "decide time per position (ms): p50 {:.3}  p95 {:.3}  max {:.3}  total {:.1}",
            at(0.5),
            at(0.95),
            at(1.0),
            millis.iter().sum::<f64>()
        );
    }
    if times {
        slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (ms, what) in slowest.iter().take(8) {
            println!("slow: {ms:.1} ms  {what}");
        }
    }
    Ok(if agree + explained_by_ftxi == total {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("boards") => {
            for v in chronochess::fived::boards::CATALOGUE {
                println!("{}", v.name);
            }
            Ok(ExitCode::SUCCESS)
        }
        Some("analyze") => analyze(&args[1..]),
        Some("conformance") => conformance(&args[1..]),
        #[cfg(not(target_arch = "wasm32"))]
        Some("bench") => bench::main(&args[1..]),
        Some("convert") => convert::main(&args[1..]),
        #[cfg(not(target_arch = "wasm32"))]
        Some("stress") => stress::main(&args[1..]),
        #[cfg(not(target_arch = "wasm32"))]
        Some("bestmove") => bestmove::main(&args[1..]),
        #[cfg(not(target_arch = "wasm32"))]
        Some("puzzles") => puzzles::main(&args[1..]),
        #[cfg(not(target_arch = "wasm32"))]
        Some("selfplay") => selfplay::main(&args[1..]),
        #[cfg(not(target_arch = "wasm32"))]
        Some("match-uci") => uci_match::main(&args[1..]),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
