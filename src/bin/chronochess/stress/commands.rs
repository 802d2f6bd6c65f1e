//! `stress check`, `label`, `show`, `import` and `crosscheck`: the commands
//! that read a suite.

use std::process::ExitCode;
use std::time::Instant;

use chronochess::fived::search::{count_legal_actions_traced, outcome_traced_with, SOFTMATE_NODES};
use chronochess::fived::{Answer, Budget, Outcome};

use super::data::{PositionRow, Suite, CAP};
use super::*;

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

pub(super) fn check(args: &[String]) -> Result<ExitCode, String> {
    let files = operands(args, &["--cpu"]);
    if files.is_empty() {
        return Err(USAGE.to_string());
    }
    // Wall-clock time by default; `--cpu`: this thread's CPU time, as `chronochess bench` and the
    // WASM bench (`bench/stress.mjs`, process CPU time) measure on a shared machine.
    let cpu = args.iter().any(|a| a == "--cpu");
    let origin = Instant::now();
    let clock = move || {
        if cpu {
            crate::bench::thread_cpu_millis()
        } else {
            origin.elapsed().as_secs_f64() * 1000.0
        }
    };
    let budget: u64 = flag(args, "--budget", CHECK_BUDGET)?;
    let slowest: usize = flag(args, "--slowest", 10)?;
    let every: usize = flag(args, "--every", 1)?.max(1);
    let softmate_nodes: u64 = flag(args, "--softmate-nodes", SOFTMATE_NODES)?;
    let mut soft = SoftmateTally::default();
    let mut decide = Vec::new();
    let mut counts = Vec::new();
    let mut worst: Vec<(f64, f64, String, [u64; 2], u64)> = Vec::new();
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
            let t = clock();
            let (o, nodes) = outcome_traced_with(m, Budget::nodes(budget), softmate_nodes);
            let d_ms = clock() - t;
            let t = clock();
            let (c, c_nodes) = count_legal_actions_traced(m, Some(CAP), Budget::nodes(budget));
            let c_ms = clock() - t;
            decide.push(d_ms);
            counts.push(c_ms);
            let what = format!("{file} {} {}", row.game, row.pos);
            soft.add(
                &o,
                nodes,
                budget.saturating_sub(nodes[0]).min(softmate_nodes),
                &what,
            );
            worst.push((d_ms, c_ms, what.clone(), nodes, c_nodes));
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
        "{checked} positions: {disagree} disagree, {undecided} undecided within {budget} nodes ({})",
        if cpu { "thread CPU time" } else { "wall clock" }
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
        "count ms (cap {CAP}): p50 {:.3}  p99 {:.3}  p100 {:.3}  over 10 ms: {}  over 100 ms: {}  total {:.0}",
        percentile(&c, 0.5),
        percentile(&c, 0.99),
        percentile(&c, 1.0),
        c.iter().filter(|&&x| x > 10.0).count(),
        c.iter().filter(|&&x| x > 100.0).count(),
        c.iter().sum::<f64>()
    );
    soft.print(softmate_nodes);
    // The slowest counts first (at most ten: the `slow:` lines below may list every row), then
    // the slowest decisions.
    worst.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (dm, cm, what, [n1, n2], cn) in worst.iter().take(slowest.min(10)) {
        println!(
            "slow count: count {cm:9.1} ms  decide {dm:9.1} ms  {what}  (nodes {n1} + {n2})  count nodes {cn}"
        );
    }
    worst.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (dm, cm, what, [n1, n2], cn) in worst.iter().take(slowest) {
        println!(
            "slow: decide {dm:9.1} ms  count {cm:9.1} ms  {what}  (nodes {n1} + {n2})  count nodes {cn}"
        );
    }
    Ok(if disagree == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What `outcome`'s second searches (softmate: an action keeping the
/// present) answered, for choosing `SOFTMATE_NODES`: a search that stops
/// at its bound reports `false`, like one that finds an action keeping the
/// present, so a bound B hides exactly the proofs that took more than B
/// nodes (run with `--softmate-nodes` large to see them all).
#[derive(Default)]
struct SoftmateTally {
    searches: usize,
    /// Nodes of each proof of softmate, with the row.
    proofs: Vec<(u64, String)>,
    /// The most nodes a search that found an action keeping the present used.
    largest_keep: u64,
    keeps: usize,
    /// Searches stopped by the bound (or the budget): softmate unproven.
    stopped: usize,
}

impl SoftmateTally {
    fn add(&mut self, o: &Answer<Outcome>, [_, n2]: [u64; 2], limit: u64, what: &str) {
        if n2 == 0 {
            return;
        }
        self.searches += 1;
        match o {
            Answer::Known(Outcome::Ongoing { softmate: true, .. }) => {
                self.proofs.push((n2, what.to_string()));
            }
            _ if n2 >= limit => self.stopped += 1,
            _ => {
                self.keeps += 1;
                self.largest_keep = self.largest_keep.max(n2);
            }
        }
    }

    fn print(&mut self, bound: u64) {
        self.proofs.sort();
        println!(
            "softmate searches (bound {bound}): {} ; {} proofs (largest {} nodes), {} found an action keeping the present (largest {} nodes), {} stopped unproven",
            self.searches,
            self.proofs.len(),
            self.proofs.last().map_or(0, |p| p.0),
            self.keeps,
            self.largest_keep,
            self.stopped
        );
        for (n, what) in self.proofs.iter().rev().take_while(|p| p.0 > 500) {
            println!("softmate proof over 500 nodes: {n} {what}");
        }
    }
}

pub(super) fn relabel(args: &[String]) -> Result<ExitCode, String> {
    let ops = operands(args, &[]);
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

pub(super) fn show(args: &[String]) -> Result<ExitCode, String> {
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

pub(super) fn import(args: &[String]) -> Result<ExitCode, String> {
    let ops = operands(args, &[]);
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

pub(super) fn crosscheck(args: &[String]) -> Result<ExitCode, String> {
    let files = operands(args, &["--plain"]);
    let limit: u64 = flag(args, "--oracle-nodes", ORACLE_NODES)?;
    // `--plain`: the other side is the search that reuses no reason
    // (`plain_legal_actions`, within `--oracle-nodes` nodes) instead of
    // brute force: it reaches positions too big for brute force, and a
    // difference is a reason that misses a condition.
    let plain = args.iter().any(|a| a == "--plain");
    let show: usize = flag(args, "--show", 0)?;
    let mut compared = 0usize;
    let mut differ = 0usize;
    let mut skipped = 0usize;
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let suite = Suite::parse(&text).map_err(|e| format!("{file}: {e}"))?;
        let positions = suite.positions().map_err(|e| format!("{file}: {e}"))?;
        for (row, m) in suite.positions.iter().zip(&positions) {
            let brute = if plain {
                chronochess::fived::search::plain_legal_actions(m, Budget::nodes(limit))
                    .map(|s| s.into_iter().collect())
            } else {
                oracle::actions(m, limit)
            };
            let Some(brute) = brute else {
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
                let other = if plain { "plain search" } else { "brute force" };
                println!(
                    "DIFFER {file} {} {}: {other} {} actions, search {} ({} only in {other}, {} only in search)",
                    row.game,
                    row.pos,
                    brute.len(),
                    fast.len(),
                    brute.difference(&fast).count(),
                    fast.difference(&brute).count()
                );
                let even = m.even();
                let text = |a: &(Vec<chronochess::fived::Move>, Vec<chronochess::fived::Move>)| {
                    let nb: Vec<String> = a.0.iter().map(|x| x.long_text(even)).collect();
                    let br: Vec<String> = a.1.iter().map(|x| x.long_text(even)).collect();
                    format!("{{{}}} then [{}]", nb.join(" "), br.join(" "))
                };
                let mut only_brute: Vec<_> = brute.difference(&fast).collect();
                let mut only_fast: Vec<_> = fast.difference(&brute).collect();
                only_brute.sort();
                only_fast.sort();
                for a in only_brute.iter().take(show) {
                    println!("  only {other}: {}", text(a));
                }
                for a in only_fast.iter().take(show) {
                    println!("  only search: {}", text(a));
                }
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
