//! `chronochess stress`: a 5D stress suite built from playouts, labelled by a
//! brute-force oracle, and the check of the fast search against it.
//!
//! - `stress generate [--seed S] [--games N] [--out DIR] [--oracle-nodes N]
//!   [--budget N] [--threads T] [--main N] [--slow N] [--board B]
//!   [--styles S,S...] [--name NAME]`: plays N games per catalogue board
//!   (random and adversarial, see `playout.rs`; game g of a board in the
//!   style g modulo the list, by default random, checks, branching, kings),
//!   times the fast search on every position reached, keeps a spread of them
//!   in `DIR/NAME.tsv` (`positions.tsv`) and the slowest in
//!   `DIR/NAME-slow.tsv` (`slow.tsv` for the default name), and labels both
//!   (oracle first, the search's label only where brute force gives up).
//!   With `--from FILE,...` the games instead continue the rows of those
//!   data files (`--games` per row, each from the row's position or one up
//!   to `--back` actions earlier, default 2; `--plies` more actions, default
//!   30): a local search around known hard positions (`playout::play_from`).
//! - `stress check FILE... [--budget N] [--slowest N] [--every K]
//!   [--softmate-nodes N] [--cpu]`: decides every position with the fast search
//!   (`outcome`, then the capped count), prints each disagreement with its
//!   label, the times (wall clock; `--cpu`: the thread's CPU time), and what `outcome`'s softmate searches answered
//!   (bounded by `SOFTMATE_NODES`, or N); each `slow:` line ends with the
//!   nodes of `outcome`'s two searches, `(nodes FIRST + SOFTMATE)`, and the
//!   capped count's, `count nodes N`; up to ten `slow count:` lines before them
//!   list the slowest counts the same way. Exit 1 on any disagreement.
//! - `stress label FILE [--only FLAG] [--oracle-nodes N] [--budget N]`:
//!   relabels the file in place (all positions, or those with a flag, e.g.
//!   `multistart` after the start-timeline fix).
//! - `stress show FILE GAME POS`: the 5dpgn of a position (the game cut after
//!   POS actions), for other tools.
//! - `stress crosscheck FILE... [--oracle-nodes N] [--show N] [--plain]`: on every
//!   position where brute force finishes uncapped, compares its whole set of
//!   actions with the fast search's (stronger than comparing counts); with
//!   `--show`, prints up to N actions found by only one side. With
//!   `--plain`, the other side is the search that reuses no reason
//!   (`plain_legal_actions`, within `--oracle-nodes` nodes): it reaches
//!   positions too big for brute force and checks the reasons alone.
//! - `stress softcheck FILE... [--enumeration-nodes N] [--oracle-nodes N]
//!   [--budget N]`: on every position in check where the full enumeration
//!   finishes, compares `outcome`'s softmate with the enumeration's (and
//!   brute force's where it finishes) (`softcheck.rs`).
//! - `stress reflag FILE...`: recomputes the flags that describe a position.
//! - `stress import OUT FILE...`: adds the final position (and every
//!   position in check) of real 5dpgn games to a data file, labelled.
//!
//! The format is described in `data.rs`; the oracle in `oracle.rs`.

mod commands;
pub mod data;
mod generate;
pub mod oracle;
pub mod playout;
mod softcheck;

use commands::{check, crosscheck, import, relabel, show};
use generate::generate;

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use chronochess::fived::search::count_legal_actions;
use chronochess::fived::{Answer, Budget, Multiverse, Outcome};

use data::{Label, LabelledBy, Suite, CAP};

use crate::{flag, operands};

const USAGE: &str = "usage: chronochess stress generate [--seed S] [--games N] [--out DIR] [--oracle-nodes N] [--budget N] [--threads T] [--main N] [--slow N] [--board B] [--styles random,checks,branching,kings,swarm] [--name NAME] [--plies N] [--timelines N] [--steer K] [--steer-nodes N] [--from FILE,FILE... [--back N]]
       chronochess stress check FILE... [--budget N] [--slowest N] [--every K] [--softmate-nodes N] [--cpu]
       chronochess stress label FILE [--only FLAG] [--oracle-nodes N] [--budget N]
       chronochess stress show FILE GAME POS
       chronochess stress import OUT FILE...
       chronochess stress crosscheck FILE... [--oracle-nodes N] [--show N] [--plain]
       chronochess stress softcheck FILE... [--enumeration-nodes N] [--oracle-nodes N] [--budget N]
       chronochess stress reflag FILE...";

/// Default node budget of the fast search when checking.
const CHECK_BUDGET: u64 = 20_000_000;
/// Default staged-move limit of the oracle.
const ORACLE_NODES: u64 = 15_000;

fn flag_text(args: &[String], name: &str) -> Option<String> {
    let i = args.iter().position(|a| a == name)?;
    args.get(i + 1).cloned()
}

/// The `main` entry of `chronochess stress`.
///
/// # Errors
/// A usage or I/O message.
pub fn main(args: &[String]) -> Result<ExitCode, String> {
    // Asking for help must never run a command: `generate` with no flags
    // rewrites the suite's files.
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return Ok(ExitCode::SUCCESS);
    }
    match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("check") => check(&args[1..]),
        Some("label") => relabel(&args[1..]),
        Some("show") => show(&args[1..]),
        Some("import") => import(&args[1..]),
        Some("crosscheck") => crosscheck(&args[1..]),
        Some("reflag") => reflag(&args[1..]),
        Some("softcheck") => softcheck::softcheck(&args[1..]),
        _ => Err(USAGE.to_string()),
    }
}

/// The status word of an outcome.
pub fn status_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Checkmate => "checkmate",
        Outcome::Stalemate => "stalemate",
        Outcome::Ongoing { .. } => "none",
    }
}

/// The status word of a known count.
fn status_of_count(m: &Multiverse, count: u64) -> &'static str {
    match count {
        0 if m.in_check() => "checkmate",
        0 => "stalemate",
        _ => "none",
    }
}

/// Labels one position: the oracle if it finishes within `oracle_nodes`
/// staged moves, else the fast search's count if it finishes within
/// `budget`. Also returns the oracle's node use.
pub fn label(m: &Multiverse, oracle_nodes: u64, budget: u64) -> (Label, u64) {
    let (found, nodes) = oracle::count(m, CAP, oracle_nodes);
    if let oracle::Found::Count(c) = found {
        return (
            Label {
                count: Some(c),
                status: status_of_count(m, c).to_string(),
                by: LabelledBy::Oracle,
            },
            nodes,
        );
    }
    match count_legal_actions(m, Some(CAP), Budget::nodes(budget)) {
        Answer::Known(c) => (
            Label {
                count: Some(c),
                status: status_of_count(m, c).to_string(),
                by: LabelledBy::Search,
            },
            nodes,
        ),
        Answer::Unknown => (
            Label {
                count: None,
                status: "unknown".to_string(),
                by: LabelledBy::Nobody,
            },
            nodes,
        ),
    }
}

/// Runs `f` on every index below `n` with `threads` threads; results in
/// index order.
fn parallel<T: Send, F: Fn(usize) -> T + Sync>(n: usize, threads: usize, f: F) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<T>>> = Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let r = f(i);
                out.lock().expect("no panic while held")[i] = Some(r);
            });
        }
    });
    out.into_inner()
        .expect("threads joined")
        .into_iter()
        .map(|x| x.expect("every index ran"))
        .collect()
}

/// What one reached position looked like to the generator.
#[derive(Debug, Clone)]
struct Seen {
    pos: usize,
    side: char,
    timelines: usize,
    flags: Vec<String>,
    /// Smallest budget tier (10^k nodes) within which `outcome` finished;
    /// `None` if it did not within the largest.
    tier: Option<u64>,
    /// Milliseconds of the run that finished (or of the last run).
    ms: f64,
    interest: u64,
}

/// The boards on which a royal piece of the side to move could be taken if
/// it passed on every board it can play (ftxi's "in check", board by
/// board). Built through the public API: the position's boards again as a
/// start, with a copy of every playable board appended; `None` if that
/// cannot be built.
pub fn checked_boards(m: &Multiverse) -> Option<usize> {
    use chronochess::fived::coords::{color_of, turn_of};
    use chronochess::fived::InitialBoard;
    let (w, h) = (m.width(), m.height());
    let mover = m.to_move();
    let mut boards = Vec::new();
    let (lo, hi) = m.timeline_range();
    for l in lo..=hi {
        let t = m.timeline(l)?;
        let mut v = t.start();
        for b in t.boards() {
            boards.push(InitialBoard {
                l,
                turn: turn_of(v),
                to_move: color_of(v),
                placement: b.to_placement(w, h),
            });
            v += 1;
        }
        if m.is_playable(chronochess::fived::BoardId { l, v: v - 1 }, mover) {
            let last = t.boards().last()?;
            boards.push(InitialBoard {
                l,
                turn: turn_of(v),
                to_move: color_of(v),
                placement: last.to_placement(w, h),
            });
        }
    }
    let passed = Multiverse::from_boards(w, h, m.even(), m.promotions(), &boards).ok()?;
    let mut royal: Vec<_> = passed
        .royal_captures(!mover)
        .iter()
        .map(|c| c.royal.board)
        .collect();
    royal.sort();
    royal.dedup();
    Some(royal.len())
}

/// Facts of a position as flags.
fn flags(m: &Multiverse, king_travel: bool, multistart: bool) -> (Vec<String>, u64) {
    let mut f = Vec::new();
    let mut interest = 0;
    if m.in_check() {
        f.push("check".to_string());
        interest += 10;
    }
    let boards = checked_boards(m).unwrap_or(0);
    if boards > 1 {
        f.push(format!("checkboards={boards}"));
        interest += 10 * boards.min(6) as u64;
    }
    let (lo, hi) = m.timeline_range();
    let noroyal = (lo..=hi).any(|l| {
        m.timeline(l)
            .and_then(|t| t.boards().last())
            .is_some_and(|b| {
                chronochess::chess::Color::ALL
                    .iter()
                    .any(|&c| b.royals(c) == 0)
            })
    });
    if noroyal {
        f.push("noroyal".to_string());
        interest += 8;
    }
    if king_travel {
        f.push("kingtravel".to_string());
        interest += 8;
    }
    if multistart {
        f.push("multistart".to_string());
    }
    (f, interest)
}

/// Recomputes the flags that describe the position itself (`check`,
/// `checkboards`, `noroyal`), keeping the others.
fn reflag(args: &[String]) -> Result<ExitCode, String> {
    let files = operands(args, &[]);
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let mut suite = Suite::parse(&text).map_err(|e| format!("{file}: {e}"))?;
        let positions = suite.positions().map_err(|e| format!("{file}: {e}"))?;
        let mut mismatch = 0;
        for (row, m) in suite.positions.iter_mut().zip(&positions) {
            let king = row.has("kingtravel");
            let multistart = row.has("multistart");
            let (mut fl, _) = flags(m, king, multistart);
            if m.in_check() != (checked_boards(m).unwrap_or(0) > 0) {
                mismatch += 1;
            }
            for keep in ["terminal", "hard"] {
                if row.has(keep) {
                    fl.push(keep.to_string());
                }
            }
            row.flags = fl;
        }
        std::fs::write(file, suite.text()).map_err(|e| format!("{file}: {e}"))?;
        println!("{file}: flags recomputed; {mismatch} positions where the board-by-board check differs from in_check");
    }
    Ok(ExitCode::SUCCESS)
}
