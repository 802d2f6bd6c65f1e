//! `chronochess stress`: a 5D stress suite built from playouts, labelled by a
//! brute-force oracle, and the check of the fast search against it.
//!
//! - `stress generate [--seed S] [--games N] [--out DIR] [--oracle-nodes N]
//!   [--budget N] [--threads T] [--main N] [--slow N]`: plays N games per
//!   catalogue board (random and adversarial, see `playout.rs`), times the
//!   fast search on every position reached, keeps a spread of them in
//!   `DIR/positions.tsv` and the slowest in `DIR/slow.tsv`, and labels both
//!   (oracle first, the search's label only where brute force gives up).
//! - `stress check FILE... [--budget N] [--slowest N] [--every K]`: decides
//!   every position with the fast search (`outcome`, then the capped count),
//!   prints each disagreement with its label, and the times. Exit 1 on any
//!   disagreement.
//! - `stress label FILE [--only FLAG] [--oracle-nodes N] [--budget N]`:
//!   relabels the file in place (all positions, or those with a flag, e.g.
//!   `multistart` after the start-timeline fix).
//! - `stress show FILE GAME POS`: the 5dpgn of a position (the game cut after
//!   POS actions), for other tools.
//! - `stress crosscheck FILE... [--oracle-nodes N]`: on every position where
//!   brute force finishes uncapped, compares its whole set of actions with
//!   the fast search's (stronger than comparing counts).
//! - `stress reflag FILE...`: recomputes the flags that describe a position.
//! - `stress import OUT FILE...`: adds the final position (and every
//!   position in check) of real 5dpgn games to a data file, labelled.
//!
//! The format is described in `data.rs`; the oracle in `oracle.rs`.

pub mod data;
pub mod oracle;
pub mod playout;

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use chronochess::fived::search::{count_legal_actions, outcome};
use chronochess::fived::{boards, Answer, Budget, Multiverse, Outcome};

use data::{Label, LabelledBy, PositionRow, Suite, CAP};
use playout::{Limits, Rng, Style};

const USAGE: &str = "usage: chronochess stress generate [--seed S] [--games N] [--out DIR] [--oracle-nodes N] [--budget N] [--threads T] [--main N] [--slow N]
       chronochess stress check FILE... [--budget N] [--slowest N] [--every K]
       chronochess stress label FILE [--only FLAG] [--oracle-nodes N] [--budget N]
       chronochess stress show FILE GAME POS
       chronochess stress import OUT FILE...
       chronochess stress crosscheck FILE... [--oracle-nodes N]
       chronochess stress reflag FILE...";

/// Default node budget of the fast search when checking.
const CHECK_BUDGET: u64 = 20_000_000;
/// Default staged-move limit of the oracle.
const ORACLE_NODES: u64 = 15_000;

fn flag<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} needs a value")),
    }
}

fn flag_text(args: &[String], name: &str) -> Option<String> {
    let i = args.iter().position(|a| a == name)?;
    args.get(i + 1).cloned()
}

/// Arguments that are not flags nor flag values.
fn operands(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
        } else if a.starts_with("--") {
            skip = true;
        } else {
            out.push(a.clone());
        }
    }
    out
}

/// The `main` entry of `chronochess stress`.
///
/// # Errors
/// A usage or I/O message.
pub fn main(args: &[String]) -> Result<ExitCode, String> {
    match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("check") => check(&args[1..]),
        Some("label") => relabel(&args[1..]),
        Some("show") => show(&args[1..]),
        Some("import") => import(&args[1..]),
        Some("crosscheck") => crosscheck(&args[1..]),
        Some("reflag") => reflag(&args[1..]),
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
    let files = operands(args);
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

/// Times `outcome` with budgets 10^4, 10^5, … up to `max`: the first that
/// finished and its time.
fn time_outcome(m: &Multiverse, max: u64) -> (Option<u64>, f64, Option<Outcome>) {
    let mut b = 10_000u64;
    loop {
        let b_now = b.min(max);
        let t = Instant::now();
        let r = outcome(m, Budget::nodes(b_now));
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        if let Answer::Known(o) = r {
            return (Some(b_now), ms, Some(o));
        }
        if b_now >= max {
            return (None, ms, None);
        }
        b *= 10;
    }
}

struct Job {
    variant: &'static boards::Variant,
    index: usize,
    style: Style,
    limits: Limits,
    seed: u64,
}

struct JobResult {
    playout: Option<playout::Playout>,
    seen: Vec<Seen>,
}

fn run_job(job: &Job, budget: u64) -> JobResult {
    let mut rng = Rng(job.seed);
    let Some(p) = playout::play(job.variant, job.style, job.limits, &mut rng) else {
        return JobResult {
            playout: None,
            seen: Vec::new(),
        };
    };
    let multistart = data::timelines(&p.start) > 1;
    let mut game = chronochess::fived::Game::new(p.start.clone());
    let mut seen = Vec::new();
    let mut king = false;
    for pos in 0..=p.actions.len() {
        if pos > 0 {
            for m in &p.actions[pos - 1] {
                game.play(*m).expect("a played action replays");
            }
            game.submit().expect("a played action submits");
            king |= p.king_travel[pos - 1];
        }
        let m = game.committed();
        let (mut fl, mut interest) = flags(&m, king, multistart);
        if pos == p.actions.len() {
            match p.end {
                playout::End::NoAction => {
                    fl.push("terminal".to_string());
                    interest += 100;
                }
                playout::End::SearchGaveUp => {
                    fl.push("hard".to_string());
                    interest += 100;
                }
                playout::End::Limit => {}
            }
        }
        let (tier, ms, _) = time_outcome(&m, budget);
        seen.push(Seen {
            pos,
            side: m.to_move().letter(),
            timelines: data::timelines(&m),
            flags: fl,
            tier,
            ms,
            interest,
        });
    }
    JobResult {
        playout: Some(p),
        seen,
    }
}

fn bucket(timelines: usize) -> usize {
    match timelines {
        0..=1 => 0,
        2..=3 => 1,
        4..=9 => 2,
        10..=19 => 3,
        20..=39 => 4,
        _ => 5,
    }
}

fn generate(args: &[String]) -> Result<ExitCode, String> {
    let seed: u64 = flag(args, "--seed", 20_261_125)?;
    let games: usize = flag(args, "--games", 8)?;
    let out_dir = flag_text(args, "--out").unwrap_or_else(|| "stress".to_string());
    let oracle_nodes: u64 = flag(args, "--oracle-nodes", ORACLE_NODES)?;
    let budget: u64 = flag(args, "--budget", 1_000_000)?;
    let threads: usize = flag(args, "--threads", 2)?;
    let per_board: usize = flag(args, "--main", 48)?;
    let slow_keep: usize = flag(args, "--slow", 80)?;
    let only = flag_text(args, "--board");

    let t0 = Instant::now();
    let mut jobs = Vec::new();
    let mut rng = Rng(seed);
    for variant in boards::CATALOGUE {
        if only.as_deref().is_some_and(|o| !variant.is_called(o)) {
            continue;
        }
        for g in 0..games {
            let style = Style::ALL[g % Style::ALL.len()];
            let target = 10 + rng.below(51);
            jobs.push(Job {
                variant,
                index: g,
                style,
                limits: Limits {
                    plies: 30 + rng.below(50),
                    timelines: target,
                    search_budget: 300_000,
                },
                seed: rng.next_u64(),
            });
        }
    }
    eprintln!("stress: {} playouts on {threads} threads", jobs.len());
    let results = parallel(jobs.len(), threads, |i| {
        let r = run_job(&jobs[i], budget);
        eprintln!(
            "  {:.0}s {} #{} {}: {} positions, {} timelines at the end",
            t0.elapsed().as_secs_f64(),
            jobs[i].variant.name,
            jobs[i].index,
            jobs[i].style.name(),
            r.seen.len(),
            r.seen.last().map_or(0, |s| s.timelines)
        );
        r
    });
    let play_secs = t0.elapsed().as_secs_f64();
    let reached: usize = results.iter().map(|r| r.seen.len()).sum();
    eprintln!("stress: {reached} positions reached in {play_secs:.0} s");

    // Selection: per board, the most interesting positions with a quota per
    // timeline bucket, then the rest by interest.
    let mut pick_rng = Rng(seed ^ 0x5e1e_c7ed);
    let mut chosen: Vec<(usize, usize)> = Vec::new(); // (job, index in seen)
    let mut by_variant: BTreeMap<&str, Vec<(u64, usize, usize)>> = BTreeMap::new();
    for (j, r) in results.iter().enumerate() {
        for (k, s) in r.seen.iter().enumerate() {
            if s.pos == 0 && jobs[j].index > 0 {
                continue; // one start per board is enough
            }
            let score = s.interest * 1000 + (pick_rng.next_u64() % 1000);
            by_variant
                .entry(jobs[j].variant.name)
                .or_default()
                .push((score, j, k));
        }
    }
    for list in by_variant.values_mut() {
        list.sort_by_key(|e| std::cmp::Reverse(e.0));
        let mut per_bucket = [0usize; 6];
        let mut taken = vec![false; list.len()];
        let quota = per_board / 4;
        let mut n = 0;
        for (i, &(_, j, k)) in list.iter().enumerate() {
            let b = bucket(results[j].seen[k].timelines);
            if n < per_board && per_bucket[b] < quota {
                per_bucket[b] += 1;
                taken[i] = true;
                n += 1;
            }
        }
        for t in &mut taken {
            if n >= per_board {
                break;
            }
            if !*t {
                *t = true;
                n += 1;
            }
        }
        for (i, &(_, j, k)) in list.iter().enumerate() {
            if taken[i] {
                chosen.push((j, k));
            }
        }
    }
    chosen.sort_unstable();

    // The slow set: undecided first, then by budget tier and time.
    let mut all: Vec<(usize, usize)> = results
        .iter()
        .enumerate()
        .flat_map(|(j, r)| (0..r.seen.len()).map(move |k| (j, k)))
        .collect();
    all.sort_by(|&(j1, k1), &(j2, k2)| {
        let (a, b) = (&results[j1].seen[k1], &results[j2].seen[k2]);
        let ta = a.tier.unwrap_or(u64::MAX);
        let tb = b.tier.unwrap_or(u64::MAX);
        tb.cmp(&ta).then(b.ms.total_cmp(&a.ms))
    });
    let mut slow: Vec<(usize, usize)> = all.into_iter().take(slow_keep).collect();
    slow.sort_unstable();

    let game_id = |j: usize| {
        let v = jobs[j].variant.name;
        let short: String = v
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_lowercase();
        format!("{short}-{}-{}", jobs[j].index, jobs[j].style.name())
    };
    let command = format!("chronochess stress {}", args.join(" "));
    let build = |set: &[(usize, usize)], title: &str, note_times: bool| -> Result<Suite, String> {
        let mut suite = Suite::default();
        let mut upto: BTreeMap<usize, usize> = BTreeMap::new();
        for &(j, k) in set {
            let e = upto.entry(j).or_insert(0);
            *e = (*e).max(results[j].seen[k].pos);
        }
        for (&j, &pos) in &upto {
            let p = results[j]
                .playout
                .as_ref()
                .expect("positions imply a playout");
            let text = playout::pgn(jobs[j].variant, p, pos)?;
            let id = game_id(j);
            suite.games.insert(id.clone(), text);
            suite.game_order.push(id);
        }
        let positions = parallel(set.len(), threads, |i| {
            let (j, k) = set[i];
            let s = &results[j].seen[k];
            let p = results[j].playout.as_ref().expect("a playout");
            let mut game = chronochess::fived::Game::new(p.start.clone());
            for a in &p.actions[..s.pos] {
                for m in a {
                    game.play(*m).expect("replays");
                }
                game.submit().expect("submits");
            }
            let m = game.committed();
            let (lab, onodes) = label(&m, oracle_nodes, budget);
            if i % 100 == 0 {
                eprintln!(
                    "  {:.0}s {title}: labelled #{i}",
                    t0.elapsed().as_secs_f64()
                );
            }
            let note = if note_times {
                let t = Instant::now();
                let c = count_legal_actions(&m, Some(CAP), Budget::nodes(budget));
                let count_ms = t.elapsed().as_secs_f64() * 1000.0;
                format!(
                    "main@47e6862: decide {} ({:.1} ms), count {:.1} ms{}; oracle {} nodes",
                    s.tier.map_or_else(
                        || format!("unknown within {budget} nodes"),
                        |t| format!("within {t} nodes")
                    ),
                    s.ms,
                    count_ms,
                    if c == Answer::Unknown {
                        " (unknown)"
                    } else {
                        ""
                    },
                    onodes
                )
            } else {
                String::new()
            };
            PositionRow {
                game: game_id(j),
                pos: s.pos,
                side: s.side,
                timelines: s.timelines,
                label: lab,
                flags: s.flags.clone(),
                note,
            }
        });
        suite.positions = positions;
        let by = |w: LabelledBy| suite.positions.iter().filter(|p| p.label.by == w).count();
        suite.header = vec![
            format!("Chronochess 5D stress suite: {title}"),
            format!("Made by: {command} (seed {seed}, deterministic for a seed except the slow set's times)"),
            "Format: see src/bin/chronochess/stress/data.rs. G = game (5dpgn, escaped), P = position.".to_string(),
            "Labels: count = min(legal actions, 1000); by oracle = brute force over every order of every move (exact);".to_string(),
            "by search = only main's fast search (47e6862) finished; multistart = the game starts from several timelines".to_string(),
            "(relabel after the start-timeline fix: chronochess stress label FILE --only multistart).".to_string(),
            format!(
                "{} positions: {} by oracle, {} by search, {} unlabelled.",
                suite.positions.len(),
                by(LabelledBy::Oracle),
                by(LabelledBy::Search),
                by(LabelledBy::Nobody)
            ),
        ];
        Ok(suite)
    };
    let t1 = Instant::now();
    let main_suite = build(
        &chosen,
        "positions from random and adversarial playouts",
        false,
    )?;
    let slow_suite = build(
        &slow,
        "positions chosen because main's search (47e6862) is slow on them",
        true,
    )?;
    let label_secs = t1.elapsed().as_secs_f64();
    std::fs::create_dir_all(&out_dir).map_err(|e| format!("{out_dir}: {e}"))?;
    for (name, s) in [("positions.tsv", &main_suite), ("slow.tsv", &slow_suite)] {
        let path = std::path::Path::new(&out_dir).join(name);
        std::fs::write(&path, s.text()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    println!(
        "stress: {} playouts, {reached} positions reached in {play_secs:.0} s ({:.0} positions/s); \
         kept {} + {} slow; labelled in {label_secs:.0} s",
        jobs.len(),
        reached as f64 / play_secs.max(1e-9),
        main_suite.positions.len(),
        slow_suite.positions.len()
    );
    summary(&main_suite);
    Ok(ExitCode::SUCCESS)
}

/// Prints positions per board and per timeline bucket, and label coverage.
fn summary(s: &Suite) {
    let mut per_board: BTreeMap<String, usize> = BTreeMap::new();
    let mut per_bucket = [0usize; 6];
    let mut by: BTreeMap<&str, usize> = BTreeMap::new();
    let mut status: BTreeMap<&str, usize> = BTreeMap::new();
    let mut flagc: BTreeMap<String, usize> = BTreeMap::new();
    for p in &s.positions {
        let board = s.games[&p.game]
            .lines()
            .find_map(|l| l.strip_prefix("[Board \""))
            .and_then(|l| l.strip_suffix("\"]"))
            .unwrap_or("?")
            .to_string();
        *per_board.entry(board).or_default() += 1;
        per_bucket[bucket(p.timelines)] += 1;
        *by.entry(p.label.by.word()).or_default() += 1;
        *status.entry(p.label.status.as_str()).or_default() += 1;
        for f in &p.flags {
            let f = f.split('=').next().unwrap_or(f).to_string();
            *flagc.entry(f).or_default() += 1;
        }
    }
    println!("timelines 1 / 2-3 / 4-9 / 10-19 / 20-39 / 40+: {per_bucket:?}");
    println!("labelled by: {by:?}");
    println!("status: {status:?}");
    println!("flags: {flagc:?}");
    for (b, n) in per_board {
        println!("  {n:4}  {b}");
    }
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn check(args: &[String]) -> Result<ExitCode, String> {
    let files = operands(args);
    if files.is_empty() {
        return Err(USAGE.to_string());
    }
    let budget: u64 = flag(args, "--budget", CHECK_BUDGET)?;
    let slowest: usize = flag(args, "--slowest", 10)?;
    let every: usize = flag(args, "--every", 1)?.max(1);
    let mut decide = Vec::new();
    let mut counts = Vec::new();
    let mut worst: Vec<(f64, f64, String)> = Vec::new();
    let mut disagree = 0usize;
    let mut undecided = 0usize;
    let mut checked = 0usize;
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let suite = Suite::parse(&text).map_err(|e| format!("{file}: {e}"))?;
        let positions = suite.positions().map_err(|e| format!("{file}: {e}"))?;
        for (i, (row, m)) in suite.positions.iter().zip(&positions).enumerate() {
            if i % every != 0 {
                continue;
            }
            checked += 1;
            let t = Instant::now();
            let o = outcome(m, Budget::nodes(budget));
            let d_ms = t.elapsed().as_secs_f64() * 1000.0;
            let t = Instant::now();
            let c = count_legal_actions(m, Some(CAP), Budget::nodes(budget));
            let c_ms = t.elapsed().as_secs_f64() * 1000.0;
            decide.push(d_ms);
            counts.push(c_ms);
            let what = format!("{file} {} {}", row.game, row.pos);
            worst.push((d_ms, c_ms, what.clone()));
            let mut problems = Vec::new();
            if let Answer::Known(o) = &o {
                if row.label.status != "unknown" && status_word(*o) != row.label.status {
                    problems.push(format!(
                        "status {} (label {})",
                        status_word(*o),
                        row.label.status
                    ));
                }
            }
            if let (Answer::Known(n), Some(l)) = (&c, row.label.count) {
                if *n != l {
                    problems.push(format!("count {n} (label {l})"));
                }
            }
            if let (Answer::Known(o), Answer::Known(n)) = (&o, &c) {
                let from_count = status_of_count(m, *n);
                if status_word(*o) != from_count {
                    problems.push(format!(
                        "outcome {} but count {n} says {from_count}",
                        status_word(*o)
                    ));
                }
            }
            if o == Answer::Unknown || c == Answer::Unknown {
                undecided += 1;
                println!(
                    "undecided within {budget} nodes: {what} (outcome {}, count {})",
                    if o == Answer::Unknown {
                        "unknown"
                    } else {
                        "known"
                    },
                    if c == Answer::Unknown {
                        "unknown"
                    } else {
                        "known"
                    }
                );
            }
            if !problems.is_empty() {
                disagree += 1;
                println!(
                    "DISAGREE {what} [{} label, {} timelines, {}]: {}",
                    row.label.by.word(),
                    row.timelines,
                    row.flags.join(","),
                    problems.join("; ")
                );
            }
        }
    }
    let mut d = decide.clone();
    d.sort_by(f64::total_cmp);
    let mut c = counts.clone();
    c.sort_by(f64::total_cmp);
    println!(
        "{checked} positions: {disagree} disagree, {undecided} undecided within {budget} nodes"
    );
    println!(
        "decide ms: p50 {:.3}  p99 {:.3}  p100 {:.3}  over 10 ms: {}  over 100 ms: {}  total {:.0}",
        percentile(&d, 0.5),
        percentile(&d, 0.99),
        percentile(&d, 1.0),
        d.iter().filter(|&&x| x > 10.0).count(),
        d.iter().filter(|&&x| x > 100.0).count(),
        d.iter().sum::<f64>()
    );
    println!(
        "count ms (cap {CAP}): p50 {:.3}  p99 {:.3}  p100 {:.3}",
        percentile(&c, 0.5),
        percentile(&c, 0.99),
        percentile(&c, 1.0)
    );
    worst.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (dm, cm, what) in worst.iter().take(slowest) {
        println!("slow: decide {dm:9.1} ms  count {cm:9.1} ms  {what}");
    }
    Ok(if disagree == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn relabel(args: &[String]) -> Result<ExitCode, String> {
    let ops = operands(args);
    let file = ops.first().ok_or(USAGE)?;
    let only = flag_text(args, "--only");
    let oracle_nodes: u64 = flag(args, "--oracle-nodes", ORACLE_NODES)?;
    let budget: u64 = flag(args, "--budget", CHECK_BUDGET)?;
    let threads: usize = flag(args, "--threads", 2)?;
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut suite = Suite::parse(&text).map_err(|e| format!("{file}: {e}"))?;
    let positions = suite.positions().map_err(|e| format!("{file}: {e}"))?;
    let todo: Vec<usize> = (0..suite.positions.len())
        .filter(|&i| only.as_deref().is_none_or(|f| suite.positions[i].has(f)))
        .collect();
    let labels = parallel(todo.len(), threads, |k| {
        label(&positions[todo[k]], oracle_nodes, budget).0
    });
    let mut changed = 0;
    for (k, lab) in todo.iter().zip(labels) {
        let row = &mut suite.positions[*k];
        if row.label != lab {
            println!(
                "{} {}: {} {} ({}) -> {} {} ({})",
                row.game,
                row.pos,
                row.label.count.map_or("unknown".into(), |c| c.to_string()),
                row.label.status,
                row.label.by.word(),
                lab.count.map_or("unknown".into(), |c| c.to_string()),
                lab.status,
                lab.by.word()
            );
            changed += 1;
            row.label = lab;
        }
    }
    std::fs::write(file, suite.text()).map_err(|e| format!("{file}: {e}"))?;
    println!("{} relabelled, {changed} changed", todo.len());
    Ok(ExitCode::SUCCESS)
}

fn show(args: &[String]) -> Result<ExitCode, String> {
    let [file, game, pos] = args else {
        return Err(USAGE.to_string());
    };
    let pos: usize = pos.parse().map_err(|_| USAGE.to_string())?;
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let suite = Suite::parse(&text).map_err(|e| format!("{file}: {e}"))?;
    let pgn = suite
        .games
        .get(game)
        .ok_or_else(|| format!("no game {game}"))?;
    let read = chronochess::notation::read(pgn).map_err(|e| e.to_string())?;
    let mut g = read.game.clone();
    let mut kept = 0;
    g.actions.retain(|a| {
        if a.moves.is_empty() {
            return true;
        }
        kept += 1;
        kept <= pos
    });
    print!("{}", chronochess::notation::write(&g));
    Ok(ExitCode::SUCCESS)
}

fn import(args: &[String]) -> Result<ExitCode, String> {
    let ops = operands(args);
    let (out, files) = ops.split_first().ok_or(USAGE)?;
    let oracle_nodes: u64 = flag(args, "--oracle-nodes", ORACLE_NODES)?;
    let budget: u64 = flag(args, "--budget", CHECK_BUDGET)?;
    let mut suite = match std::fs::read_to_string(out) {
        Ok(t) => Suite::parse(&t).map_err(|e| format!("{out}: {e}"))?,
        Err(_) => Suite::default(),
    };
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let positions = match data::replay_text(&text) {
            Ok(p) => p,
            Err(e) => {
                println!("{file}: skipped: {e}");
                continue;
            }
        };
        let id = std::path::Path::new(file)
            .file_name()
            .map_or_else(|| file.clone(), |n| n.to_string_lossy().into_owned());
        if suite.games.contains_key(&id) {
            println!("{file}: already there as {id}");
            continue;
        }
        let multistart = data::timelines(&positions[0]) > 1;
        suite.games.insert(id.clone(), text.replace('\r', ""));
        suite.game_order.push(id.clone());
        let last = positions.len() - 1;
        for (pos, m) in positions.iter().enumerate() {
            if pos != last && !m.in_check() {
                continue;
            }
            let (fl, _) = flags(m, false, multistart);
            let t = Instant::now();
            let (lab, _) = label(m, oracle_nodes, budget);
            println!(
                "{id} {pos}: {} timelines, {} {} by {} ({:.0} ms)",
                data::timelines(m),
                lab.count.map_or("unknown".into(), |c| c.to_string()),
                lab.status,
                lab.by.word(),
                t.elapsed().as_secs_f64() * 1000.0
            );
            suite.positions.push(PositionRow {
                game: id.clone(),
                pos,
                side: m.to_move().letter(),
                timelines: data::timelines(m),
                label: lab,
                flags: fl,
                note: String::new(),
            });
        }
    }
    std::fs::write(out, suite.text()).map_err(|e| format!("{out}: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

fn crosscheck(args: &[String]) -> Result<ExitCode, String> {
    let files = operands(args);
    let limit: u64 = flag(args, "--oracle-nodes", ORACLE_NODES)?;
    let mut compared = 0usize;
    let mut differ = 0usize;
    let mut skipped = 0usize;
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let suite = Suite::parse(&text).map_err(|e| format!("{file}: {e}"))?;
        let positions = suite.positions().map_err(|e| format!("{file}: {e}"))?;
        for (row, m) in suite.positions.iter().zip(&positions) {
            let Some(brute) = oracle::actions(m, limit) else {
                skipped += 1;
                continue;
            };
            let Some(fast) = oracle::search_actions(m, CHECK_BUDGET) else {
                skipped += 1;
                continue;
            };
            compared += 1;
            if brute != fast {
                differ += 1;
                println!(
                    "DIFFER {file} {} {}: brute force {} actions, search {} ({} only in brute force, {} only in search)",
                    row.game,
                    row.pos,
                    brute.len(),
                    fast.len(),
                    brute.difference(&fast).count(),
                    fast.difference(&brute).count()
                );
            }
        }
    }
    println!("{compared} positions compared action by action, {differ} differ, {skipped} too big");
    Ok(if differ == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
