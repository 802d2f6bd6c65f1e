//! `chronochess puzzles generate`: finds proved mate puzzles in the corpus
//! games and in seeded playouts, and writes one 5dpgn file per puzzle.
//!
//! Every position of every game is classified by `fived::puzzle::classify`
//! for a mate in 1; a position whose side to move has no mate in 1 but has
//! one two actions later (after its own action and the opponent's) is then
//! classified for a mate in 2. A candidate is kept only if the search
//! decided it (`Unknown` rejects it), its solution is unique (or has at most
//! `--alternatives` solutions, all listed), its position was not seen
//! before, and its cell (board, kind, timeline count) is not full. Each kept
//! file is read back (`play::puzzle::read`) and must give the same position
//! and solution.

use std::collections::{BTreeMap, HashSet};
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chronochess::fived::puzzle::{self as proof, action_key, Effort, Mate};
use chronochess::fived::{boards, Answer, Budget, Move, Multiverse};
use chronochess::notation::ast::GameText;
use chronochess::notation::{self, export::canonical_game, resolve};
use chronochess::play::puzzle::{self, Kind};

use super::{flag, print_spread};
use crate::stress::playout::{self, Limits, Rng, Style};

/// Boards played out by default: small and medium boards of every group,
/// with one, two and three starting timelines.
const DEFAULT_BOARDS: &[&str] = &[
    "Very Small",
    "Very Small - Open",
    "Small",
    "Small - Flipped",
    "Small - Centered",
    "Small - Open",
    "Simple - No Bishops",
    "Simple - Knights vs. Bishops",
    "Focused - Just Rooks",
    "Focused - Just Queens",
    "Focused - Just Knights",
    "Misc - Timeline Invasion",
    "Misc - Timeline Tactitian",
    "Misc - Timeline Formations",
    "Misc - Timeline Skirmish",
    "Misc - Timeline Battlegrounds",
    "Standard",
    "Standard - Two Timelines",
];

/// A kept puzzle.
struct Found {
    kind: Kind,
    board: String,
    timelines: usize,
    unique: bool,
    source: String,
    text: String,
}

/// What happened to the candidates.
#[derive(Default)]
struct Tally {
    positions: u64,
    games: u64,
    /// Positions with a mate in 1 / candidates tried for a mate in 2.
    candidates: [u64; 2],
    /// Proved puzzles whose solution was not unique enough.
    non_unique: [u64; 2],
    /// Undecided within the budget (rejected).
    unknown: [u64; 2],
    /// Candidates tried for a mate in 2 that had none.
    no_mate_in_2: u64,
    /// Already seen, or their cell was full.
    duplicate: u64,
    cell_full: u64,
    /// Files that did not read back to the same puzzle (a bug if non-zero).
    bad_roundtrip: u64,
}

struct Shared {
    seen: HashSet<u64>,
    cells: BTreeMap<(String, Kind, usize), usize>,
    found: Vec<Found>,
    tally: Tally,
}

/// What one generation run is asked.
struct Config {
    per_cell: usize,
    alternatives: usize,
    effort_m1: Effort,
    effort_m2: Effort,
    verbose: bool,
    m2_everywhere: bool,
}

fn hash_of(m: &Multiverse) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    m.hash(&mut h);
    h.finish()
}

fn timelines(m: &Multiverse) -> usize {
    let (lo, hi) = m.timeline_range();
    usize::try_from(hi - lo + 1).unwrap_or(0)
}

/// The timeline-count bucket of a cell: 1, 2, 3, or 4 for four and more.
fn bucket(tl: usize) -> usize {
    tl.min(4)
}

/// One game to scan: its canonical text, the board name for the figures, and
/// how to name a position in `[Source]`.
struct Scan {
    game: GameText,
    board: String,
    source: String,
}

/// The positions of a game (0 = start, k = after k actions).
fn positions(game: &GameText) -> Result<Vec<Multiverse>, String> {
    let mut out = Vec::new();
    let replayed =
        resolve::replay(game, |_, g| out.push(g.committed())).map_err(|e| e.to_string())?;
    if let Some(e) = replayed.error {
        return Err(e.to_string());
    }
    Ok(out)
}

impl Shared {
    /// Claims a candidate: false if its position was seen or its cell is full.
    fn claim(&mut self, board: &str, kind: Kind, m: &Multiverse, per_cell: usize) -> bool {
        let cell = (board.to_string(), kind, bucket(timelines(m)));
        if self.cells.get(&cell).copied().unwrap_or(0) >= per_cell {
            self.tally.cell_full += 1;
            return false;
        }
        if self.seen.contains(&hash_of(m)) {
            self.tally.duplicate += 1;
            return false;
        }
        true
    }
}

/// Writes, reads back and keeps one proved puzzle.
#[allow(clippy::too_many_arguments)]
fn keep(
    shared: &Mutex<Shared>,
    cfg: &Config,
    scan: &Scan,
    k: usize,
    m: &Multiverse,
    kind: Kind,
    solutions: &[Vec<Move>],
) {
    let mut prefix = scan.game.clone();
    prefix.actions.truncate(k);
    let source = format!(
        "{}, after {k} action{}",
        scan.source,
        if k == 1 { "" } else { "s" }
    );
    let text = puzzle::write(&prefix, kind, &solutions[0], &solutions[1..], &source, m);
    let back = text
        .as_ref()
        .ok()
        .and_then(|t| puzzle::read(t).ok())
        .filter(|p| {
            p.position == *m
                && p.kind == kind
                && action_key(m, &p.solution) == action_key(m, &solutions[0])
                && p.alternatives.len() + 1 == solutions.len()
        });
    let mut s = shared.lock().expect("no panic while holding the lock");
    let (Ok(text), Some(_)) = (text, back) else {
        s.tally.bad_roundtrip += 1;
        return;
    };
    let cell = (scan.board.clone(), kind, bucket(timelines(m)));
    if s.cells.get(&cell).copied().unwrap_or(0) >= cfg.per_cell || !s.seen.insert(hash_of(m)) {
        s.tally.cell_full += 1;
        return;
    }
    *s.cells.entry(cell).or_default() += 1;
    s.found.push(Found {
        kind,
        board: scan.board.clone(),
        timelines: timelines(m),
        unique: solutions.len() == 1,
        source,
        text,
    });
}

/// Scans every position of one game.
fn scan_game(shared: &Mutex<Shared>, cfg: &Config, scan: &Scan) {
    let Ok(ps) = positions(&scan.game) else {
        return;
    };
    let started = Instant::now();
    // Per position: Some(true) has a mate in 1, Some(false) has none, None unknown.
    let mut has_m1: Vec<Option<bool>> = Vec::with_capacity(ps.len());
    for (k, m) in ps.iter().enumerate() {
        let r = proof::classify(m, cfg.effort_m1, false);
        let mut s = shared.lock().expect("lock");
        s.tally.positions += 1;
        match r {
            Answer::Unknown => {
                s.tally.unknown[0] += 1;
                has_m1.push(None);
            }
            Answer::Known(Mate::InOne(ones)) => {
                has_m1.push(Some(true));
                s.tally.candidates[0] += 1;
                if ones.len() > cfg.alternatives {
                    s.tally.non_unique[0] += 1;
                } else if s.claim(&scan.board, Kind::MateIn1, m, cfg.per_cell) {
                    drop(s);
                    keep(shared, cfg, scan, k, m, Kind::MateIn1, &ones);
                }
            }
            Answer::Known(_) => has_m1.push(Some(false)),
        }
    }
    for k in 0..ps.len().saturating_sub(2) {
        if has_m1[k] != Some(false) || (has_m1[k + 2] != Some(true) && !cfg.m2_everywhere) {
            continue;
        }
        let m = &ps[k];
        {
            let mut s = shared.lock().expect("lock");
            s.tally.candidates[1] += 1;
            if !s.claim(&scan.board, Kind::MateIn2, m, cfg.per_cell) {
                continue;
            }
        }
        let r = proof::classify(m, cfg.effort_m2, true);
        let mut s = shared.lock().expect("lock");
        match r {
            Answer::Unknown => s.tally.unknown[1] += 1,
            Answer::Known(Mate::InTwo(twos)) => {
                if twos.len() > cfg.alternatives {
                    s.tally.non_unique[1] += 1;
                } else {
                    drop(s);
                    keep(shared, cfg, scan, k, m, Kind::MateIn2, &twos);
                }
            }
            Answer::Known(_) => s.tally.no_mate_in_2 += 1,
        }
    }
    shared.lock().expect("lock").tally.games += 1;
    if cfg.verbose {
        println!(
            "  {:.2} s  {} positions  {}",
            started.elapsed().as_secs_f64(),
            ps.len(),
            scan.source
        );
    }
}

/// The corpus games (`DIR/games/*.5dpgn`) as scans.
fn corpus_scans(dir: &Path) -> Vec<Scan> {
    let Ok(entries) = std::fs::read_dir(dir.join("games")) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "5dpgn"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        let Ok(game) = canonical_game(&String::from_utf8_lossy(&bytes)) else {
            continue;
        };
        let name = f
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().to_string());
        let board = game
            .tag("Board")
            .or_else(|| game.tag("Variant"))
            .unwrap_or("Standard")
            .to_string();
        // A file that writes a catalogue board out as 5DFEN keeps its name.
        let board =
            boards::find(&board).map_or_else(|| "custom 5DFEN".to_string(), |v| v.name.to_string());
        out.push(Scan {
            game,
            board,
            source: format!("corpus games/{name} (MIT, see README.md)"),
        });
    }
    out
}

/// The seed of game `g` on board number `b`.
fn game_seed(seed: u64, b: usize, g: usize) -> u64 {
    let mut r = Rng(seed ^ ((b as u64) << 32) ^ g as u64);
    r.next_u64()
}

/// One seeded playout as a scan.
fn playout_scan(seed: u64, b: usize, name: &str, g: usize) -> Option<Scan> {
    let variant = boards::lookup(name).ok()?;
    let style = Style::ALL[g % Style::ALL.len()];
    let limits = Limits {
        plies: 50,
        timelines: 4,
        search_budget: 200_000,
        steer: 0,
        steer_nodes: 0,
    };
    let mut rng = Rng(game_seed(seed, b, g));
    let p = playout::play(variant, style, limits, &mut rng)?;
    let text = playout::pgn(variant, &p, p.actions.len()).ok()?;
    let game = notation::read(&text).ok()?.game;
    Some(Scan {
        game,
        board: variant.name.to_string(),
        source: format!(
            "playout (chronochess stress playout.rs) seed {seed} board #{b} game {g} style {}, board {}",
            style.name(),
            variant.name
        ),
    })
}

/// With `--add`: the puzzles already in `dir` count as seen and fill their
/// cells; returns how many files of each kind there are (new files are
/// numbered after them).
fn load_existing(dir: &Path, s: &mut Shared) -> Result<[usize; 2], String> {
    let mut numbers = [0usize; 2];
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(numbers);
    };
    for e in entries.filter_map(Result::ok) {
        let n = e.file_name().to_string_lossy().to_string();
        let k = if n.starts_with("m1-") {
            0
        } else if n.starts_with("m2-") {
            1
        } else {
            continue;
        };
        let text = std::fs::read_to_string(e.path()).map_err(|e| format!("{n}: {e}"))?;
        let p = puzzle::read(&text).map_err(|e| format!("{n}: {e}"))?;
        let board = boards::find(p.board())
            .map_or_else(|| "custom 5DFEN".to_string(), |v| v.name.to_string());
        s.seen.insert(hash_of(&p.position));
        *s.cells
            .entry((board, p.kind, bucket(p.timelines())))
            .or_default() += 1;
        let number: usize = n[3..n.len().saturating_sub(6)]
            .parse()
            .map_err(|_| format!("{n}: not mK-NNN.5dpgn"))?;
        numbers[k] = numbers[k].max(number);
    }
    Ok(numbers)
}

/// `puzzles generate ...`.
pub fn generate(args: &[String]) -> Result<ExitCode, String> {
    let out: String = flag(args, "--out", "puzzles".to_string())?;
    let corpus: String = flag(args, "--corpus", "../shared/corpus".to_string())?;
    let board_list: String = flag(args, "--boards", DEFAULT_BOARDS.join(","))?;
    let seed: u64 = flag(args, "--seed", 1)?;
    let games: usize = flag(args, "--games", 40)?;
    let minutes: f64 = flag(args, "--minutes", 10.0)?;
    let threads: usize = flag(args, "--threads", 1)?;
    let budget = Budget::nodes(flag(args, "--budget", 2_000_000)?);
    let positions: u64 = flag(args, "--positions", 60_000)?;
    let cfg = Config {
        per_cell: flag(args, "--per-cell", 4)?,
        alternatives: flag(args, "--alternatives", 1)?.max(1),
        effort_m1: Effort {
            budget,
            positions: positions / 4,
        },
        effort_m2: Effort { budget, positions },
        verbose: args.iter().any(|a| a == "--verbose"),
        m2_everywhere: args.iter().any(|a| a == "--m2-everywhere"),
    };
    let names: Vec<String> = board_list
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    for n in &names {
        boards::lookup(n).map_err(|e| format!("--boards: {e}"))?;
    }
    let started = Instant::now();
    let stop_at = started + Duration::from_secs_f64(minutes * 60.0);
    let corpus_list = corpus_scans(Path::new(&corpus));
    println!(
        "{} corpus games, {} boards x {games} playouts, {threads} thread(s), stop after {minutes} min",
        corpus_list.len(),
        names.len()
    );
    let shared = Mutex::new(Shared {
        seen: HashSet::new(),
        cells: BTreeMap::new(),
        found: Vec::new(),
        tally: Tally::default(),
    });
    let mut numbers = [0usize; 2];
    if args.iter().any(|a| a == "--add") {
        let mut s = shared.lock().map_err(|_| "lock")?;
        numbers = load_existing(Path::new(&out), &mut s)?;
        println!("--add: {} existing puzzles kept", numbers[0] + numbers[1]);
    }
    let jobs = corpus_list.len() + names.len() * games;
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= jobs || Instant::now() >= stop_at {
                    break;
                }
                if i < corpus_list.len() {
                    scan_game(&shared, &cfg, &corpus_list[i]);
                    continue;
                }
                let j = i - corpus_list.len();
                let (b, g) = (j % names.len(), j / names.len());
                if let Some(scan) = playout_scan(seed, b, &names[b], g) {
                    scan_game(&shared, &cfg, &scan);
                }
            });
        }
    });
    let elapsed = started.elapsed().as_secs_f64();
    let mut shared = shared.into_inner().map_err(|_| "a worker panicked")?;
    shared.found.sort_by(|a, b| {
        (a.kind, &a.board, a.timelines, &a.source).cmp(&(b.kind, &b.board, b.timelines, &b.source))
    });
    std::fs::create_dir_all(&out).map_err(|e| format!("{out}: {e}"))?;
    // Replace the previous generation's files (unless adding to them).
    let existing = numbers;
    if existing == [0, 0] {
        if let Ok(entries) = std::fs::read_dir(&out) {
            for e in entries.filter_map(Result::ok) {
                let n = e.file_name().to_string_lossy().to_string();
                if (n.starts_with("m1-") || n.starts_with("m2-")) && n.ends_with(".5dpgn") {
                    std::fs::remove_file(e.path()).map_err(|e| format!("{n}: {e}"))?;
                }
            }
        }
    }
    for f in &shared.found {
        let k = usize::from(f.kind == Kind::MateIn2);
        numbers[k] += 1;
        let name = format!("m{}-{:03}.5dpgn", k + 1, numbers[k]);
        std::fs::write(Path::new(&out).join(&name), &f.text).map_err(|e| format!("{name}: {e}"))?;
    }
    let t = &shared.tally;
    println!(
        "scanned {} positions of {} games in {elapsed:.1} s",
        t.positions, t.games
    );
    println!(
        "mate in 1: {} positions had one; {} rejected as not unique, {} undecided (unknown) positions",
        t.candidates[0], t.non_unique[0], t.unknown[0]
    );
    println!(
        "mate in 2: {} candidates; {} had none, {} rejected as not unique, {} unknown",
        t.candidates[1], t.no_mate_in_2, t.non_unique[1], t.unknown[1]
    );
    println!(
        "skipped: {} seen before, {} in a full cell; {} failed to read back",
        t.duplicate, t.cell_full, t.bad_roundtrip
    );
    println!(
        "kept {} new puzzles ({} mate in 1, {} mate in 2): {:.1} per minute",
        shared.found.len(),
        numbers[0] - existing[0],
        numbers[1] - existing[1],
        shared.found.len() as f64 / (elapsed / 60.0)
    );
    print_spread(
        shared
            .found
            .iter()
            .map(|f| (f.board.as_str(), f.timelines, f.kind, f.unique)),
    );
    Ok(ExitCode::SUCCESS)
}
