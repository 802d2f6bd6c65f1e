//! `stress generate`: playouts from every catalogue board, each position
//! timed on the search and labelled, then the suite and its slowest part
//! written out.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use chronochess::fived::search::{count_legal_actions, outcome};
use chronochess::fived::{boards, Answer, Budget, Move, Multiverse, Outcome};
use chronochess::notation;

use super::data::{LabelledBy, PositionRow, Suite, CAP};
use super::playout::{Limits, Rng, Style};
use super::*;

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
    /// Actions the game begins with (`--from`); empty: from the start.
    prefix: Vec<Vec<Move>>,
}

/// The catalogue board and the first `pos` actions of a generated game's
/// 5dpgn text (`[Board]` tag naming a catalogue board, no 5DFEN boards):
/// where `--from` continues a known position.
///
/// # Errors
/// An imported game (5DFEN boards or a board not in the catalogue), a game
/// that does not replay, or one with fewer than `pos` actions.
pub(super) fn prefix_of(
    text: &str,
    pos: usize,
) -> Result<(&'static boards::Variant, Vec<Vec<Move>>), String> {
    let read = notation::read(text).map_err(|e| e.to_string())?;
    if !read.game.fen_boards.is_empty() {
        return Err("a game with 5DFEN boards (imported)".to_string());
    }
    let name = read.game.tag("Board").ok_or("no [Board] tag")?;
    let variant = boards::find(name).ok_or_else(|| format!("{name}: not a catalogue board"))?;
    let r = notation::resolve::replay(&read.game, |_, _| {}).map_err(|e| e.to_string())?;
    if let Some(e) = r.error {
        return Err(e.to_string());
    }
    let actions: Vec<Vec<Move>> = r.game.actions().take(pos).collect();
    if actions.len() < pos {
        return Err(format!("{} actions, not {pos}", actions.len()));
    }
    Ok((variant, actions))
}

struct JobResult {
    playout: Option<playout::Playout>,
    seen: Vec<Seen>,
}

fn run_job(job: &Job, budget: u64) -> JobResult {
    let mut rng = Rng(job.seed);
    let Some(p) = playout::play_from(job.variant, &job.prefix, job.style, job.limits, &mut rng)
    else {
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
        if p.prefix > 0 && pos <= p.prefix {
            continue; // the given positions: only what follows is new
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

pub(super) fn generate(args: &[String]) -> Result<ExitCode, String> {
    let seed: u64 = flag(args, "--seed", 20_261_125)?;
    let games: usize = flag(args, "--games", 8)?;
    let out_dir = flag_text(args, "--out").unwrap_or_else(|| "stress".to_string());
    let oracle_nodes: u64 = flag(args, "--oracle-nodes", ORACLE_NODES)?;
    let budget: u64 = flag(args, "--budget", 1_000_000)?;
    let threads: usize = flag(args, "--threads", 2)?;
    let per_board: usize = flag(args, "--main", 48)?;
    let slow_keep: usize = flag(args, "--slow", 80)?;
    let only = flag_text(args, "--board");
    let name = flag_text(args, "--name").unwrap_or_else(|| "positions".to_string());
    // Overrides of the drawn game length and timeline target (the draws are
    // still made, so the other games of a seed stay the same), and the
    // adversarial driver (`playout::steered_action`).
    let plies_max: Option<usize> = flag_text(args, "--plies")
        .map(|t| t.parse().map_err(|_| format!("--plies: not a number: {t}")))
        .transpose()?;
    let timelines_max: Option<usize> = flag_text(args, "--timelines")
        .map(|t| {
            t.parse()
                .map_err(|_| format!("--timelines: not a number: {t}"))
        })
        .transpose()?;
    let steer: usize = flag(args, "--steer", 0)?;
    let steer_nodes: u64 = flag(args, "--steer-nodes", 20_000)?;
    // Games continued from the rows of data files (`--from A.tsv,B.tsv`),
    // each from its row's position up to `--back` actions earlier.
    let from = flag_text(args, "--from");
    let back: usize = flag(args, "--back", 2)?;
    let styles: Vec<Style> = match flag_text(args, "--styles") {
        None => Style::ALL.to_vec(),
        Some(list) => list
            .split(',')
            .map(|w| Style::parse(w).ok_or_else(|| format!("--styles: no style {w}")))
            .collect::<Result<_, _>>()?,
    };
    if styles.is_empty() {
        return Err("--styles: no style".to_string());
    }

    let t0 = Instant::now();
    let mut jobs = Vec::new();
    let mut rng = Rng(seed);
    if let Some(files) = &from {
        // `--games` games per row, in the styles in turn, each from the row's
        // position or one up to `--back` actions before it.
        let mut per_variant: BTreeMap<&str, usize> = BTreeMap::new();
        for file in files.split(',') {
            let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
            let suite = Suite::parse(&text).map_err(|e| format!("{file}: {e}"))?;
            for row in &suite.positions {
                let Ok((variant, actions)) = prefix_of(&suite.games[&row.game], row.pos) else {
                    eprintln!(
                        "stress: {file} {} {}: skipped (not a generated game)",
                        row.game, row.pos
                    );
                    continue;
                };
                if only.as_deref().is_some_and(|o| !variant.is_called(o)) {
                    continue;
                }
                for g in 0..games {
                    let style = styles[g % styles.len()];
                    let cut = actions.len() - rng.below(back + 1).min(actions.len());
                    let prefix = actions[..cut].to_vec();
                    let mut game = chronochess::fived::Game::new(
                        Multiverse::from_variant(variant).map_err(|e| e.to_string())?,
                    );
                    for a in &prefix {
                        for m in a {
                            game.play(*m).map_err(|e| e.to_string())?;
                        }
                        game.submit().map_err(|e| e.to_string())?;
                    }
                    // The timeline target counts from the given position.
                    let tl = data::timelines(&game.committed());
                    let index = per_variant.entry(variant.name).or_insert(0);
                    jobs.push(Job {
                        variant,
                        index: *index,
                        style,
                        limits: Limits {
                            plies: plies_max.unwrap_or(30),
                            timelines: timelines_max.unwrap_or(60).max(tl + 10),
                            search_budget: 300_000,
                            steer,
                            steer_nodes,
                        },
                        seed: rng.next_u64(),
                        prefix,
                    });
                    *index += 1;
                }
            }
        }
    }
    for variant in boards::CATALOGUE {
        if from.is_some() {
            break;
        }
        if only.as_deref().is_some_and(|o| !variant.is_called(o)) {
            continue;
        }
        for g in 0..games {
            let style = styles[g % styles.len()];
            // Swarm games aim at 20-60 timelines and play longer; the other
            // styles at 10-60 (the same draws, so old seeds give old games).
            let (target, plies) = if style == Style::Swarm {
                (20 + rng.below(41), 40 + rng.below(60))
            } else {
                (10 + rng.below(51), 30 + rng.below(50))
            };
            jobs.push(Job {
                variant,
                index: g,
                style,
                limits: Limits {
                    plies: plies_max.unwrap_or(plies),
                    timelines: timelines_max.unwrap_or(target),
                    search_budget: 300_000,
                    steer,
                    steer_nodes,
                },
                seed: rng.next_u64(),
                prefix: Vec::new(),
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
    let command = format!("chronochess stress generate {}", args.join(" "));
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
                    "when made: decide {} ({:.1} ms), count {:.1} ms{}; oracle {} nodes",
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
            "by search = only the fast search of the build that made the file finished; multistart = the game starts from several timelines".to_string(),
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
        "positions chosen because the search of the build that made them is slow on them",
        true,
    )?;
    let label_secs = t1.elapsed().as_secs_f64();
    std::fs::create_dir_all(&out_dir).map_err(|e| format!("{out_dir}: {e}"))?;
    let slow_name = if name == "positions" {
        "slow.tsv".to_string()
    } else {
        format!("{name}-slow.tsv")
    };
    for (file, s) in [
        (format!("{name}.tsv"), &main_suite),
        (slow_name, &slow_suite),
    ] {
        let path = std::path::Path::new(&out_dir).join(file);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_game_gives_back_its_board_and_actions() {
        let variant = boards::find("Focused - Just Queens").expect("a catalogue board");
        let limits = Limits {
            plies: 8,
            timelines: 20,
            search_budget: 300_000,
            steer: 0,
            steer_nodes: 0,
        };
        let p = playout::play(variant, Style::Checks, limits, &mut Rng(7)).expect("a playout");
        assert!(p.actions.len() >= 4);
        let text = playout::pgn(variant, &p, p.actions.len()).expect("a 5dpgn");
        let (v, actions) = prefix_of(&text, 3).expect("a prefix");
        assert_eq!(v.name, variant.name);
        assert_eq!(actions, p.actions[..3].to_vec());
        assert!(prefix_of(&text, p.actions.len() + 1).is_err());
        let imported = "[Board \"Custom - Odd\"]\n[Size \"6x6\"]\n[1q1k*2/6/6/6/6/2K*1Q1:0:1:w]\n1. (0T1)Qe1e2\n";
        assert!(prefix_of(imported, 0).is_err());
    }
}
