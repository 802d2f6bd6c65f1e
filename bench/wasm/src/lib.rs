//! The corpus benchmark of `chronochess bench`, and the decide and count times of the stress suite
//! (`stress/*.tsv`, as `chronochess stress check` measures them natively), compiled to
//! WebAssembly.
//!
//! A crate of its own (so the main crate's host-only dev-dependencies stay
//! out of the wasm build). Build and run with `scripts/bench-wasm.sh` (wasm-bindgen `--target nodejs`,
//! driven by `bench/run.mjs`). WebAssembly has no file system: the harness
//! reads the corpus and passes it in as strings, and provides the clock.
//! On the host this crate is an empty library.

#[cfg(target_arch = "wasm32")]
#[path = "../../../src/bin/chronochess/bench.rs"]
mod bench;

/// The stress suite's file format, shared with `chronochess stress`.
#[cfg(target_arch = "wasm32")]
#[path = "../../../src/bin/chronochess/stress/data.rs"]
#[allow(dead_code)]
mod stress_data;

#[cfg(target_arch = "wasm32")]
mod entry {
    use super::bench::{run, CorpusFile, Options};
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        /// The harness's clock in milliseconds: `globalThis.benchClock`
        /// (process CPU time from `process.cpuUsage()`, or `performance.now()`).
        #[wasm_bindgen(js_namespace = globalThis, js_name = benchClock)]
        fn bench_clock() -> f64;
    }

    /// Runs the benchmark. `files_json` is a JSON array of `[name, text]`
    /// pairs (the `games/` folder), `expected_tsv` the text of `expected.tsv`.
    /// Returns the report as JSON, or the table when `json` is false.
    #[wasm_bindgen]
    pub fn bench_corpus(
        files_json: &str,
        expected_tsv: &str,
        json: bool,
        budget: f64,
        platform: &str,
    ) -> String {
        let files: Vec<(String, String)> = match serde_json::from_str(files_json) {
            Ok(f) => f,
            Err(e) => return format!("{{\"error\": \"bad corpus JSON: {e}\"}}"),
        };
        let files: Vec<CorpusFile> = files
            .into_iter()
            .map(|(name, text)| CorpusFile { name, text })
            .collect();
        let mut options = Options::default();
        if budget > 0.0 {
            options.budget = budget as u64;
        }
        let report = run(&files, expected_tsv, &bench_clock, &options);
        if json {
            report.json(platform)
        } else {
            report.table(platform)
        }
    }

    /// Decides every position of the stress files (`files_json`: a JSON array of `[name, text]`
    /// pairs of `stress/*.tsv`) with `outcome`, then counts its legal actions with
    /// `count_legal_actions` capped at the suite's cap (1 000), both with a budget of `budget`
    /// nodes and each timed on its own with the harness's clock, as `chronochess stress check`
    /// does natively. An untimed pass over the first `warm` positions (decide and count) comes
    /// first (V8 compiles and re-tiers wasm functions when they first run). Returns a report in
    /// words: positions, disagreements with the labels (status and count), undecided (either
    /// search), decide and count p50 / p99 / p100, positions over 10 ms and over 100 ms for
    /// each, and the ten slowest of each with their nodes.
    #[wasm_bindgen]
    pub fn bench_stress(files_json: &str, budget: f64, warm: u32, platform: &str) -> String {
        use super::stress_data::{Suite, CAP};
        use chronochess::fived::search::{count_legal_actions_traced, outcome_traced};
        use chronochess::fived::{Answer, Budget, Outcome};

        let files: Vec<(String, String)> = match serde_json::from_str(files_json) {
            Ok(f) => f,
            Err(e) => return format!("bad stress JSON: {e}"),
        };
        let mut rows = Vec::new();
        for (name, text) in &files {
            let suite = match Suite::parse(text) {
                Ok(s) => s,
                Err(e) => return format!("{name}: {e}"),
            };
            let positions = match suite.positions() {
                Ok(p) => p,
                Err(e) => return format!("{name}: {e}"),
            };
            for (row, m) in suite.positions.into_iter().zip(positions) {
                rows.push((name.clone(), row, m));
            }
        }
        let budget = Budget::nodes(budget as u64);
        for (_, _, m) in rows.iter().take(warm as usize) {
            let _ = outcome_traced(m, budget);
            let _ = count_legal_actions_traced(m, Some(CAP), budget);
        }
        // (ms, nodes, row) per position, for the decide and for the count.
        let mut decide = Vec::with_capacity(rows.len());
        let mut count = Vec::with_capacity(rows.len());
        let (mut undecided, mut disagree) = (0usize, Vec::new());
        for (name, row, m) in &rows {
            let what = format!("{name} {} {}", row.game, row.pos);
            let started = bench_clock();
            let (answer, [n1, n2]) = outcome_traced(m, budget);
            let ms = bench_clock() - started;
            decide.push((ms, format!("{n1} + {n2}"), what.clone()));
            let started = bench_clock();
            let (counted, c_nodes) = count_legal_actions_traced(m, Some(CAP), budget);
            let ms = bench_clock() - started;
            count.push((ms, c_nodes.to_string(), what.clone()));
            if answer == Answer::Unknown || counted == Answer::Unknown {
                undecided += 1;
            }
            if let Answer::Known(o) = answer {
                let word = match o {
                    Outcome::Checkmate => "checkmate",
                    Outcome::Stalemate => "stalemate",
                    Outcome::Ongoing { .. } => "none",
                };
                if row.label.status != "unknown" && row.label.status != word {
                    disagree.push(format!("{what}: label {}, search {word}", row.label.status));
                }
            }
            if let (Answer::Known(n), Some(l)) = (counted, row.label.count) {
                if n != l {
                    disagree.push(format!("{what}: count label {l}, search {n}"));
                }
            }
        }
        let figures = |times: &[(f64, String, String)]| {
            let mut sorted: Vec<f64> = times.iter().map(|t| t.0).collect();
            sorted.sort_by(f64::total_cmp);
            let pct = |p: f64| {
                if sorted.is_empty() {
                    0.0
                } else {
                    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
                }
            };
            let over = |ms: f64| sorted.iter().filter(|&&t| t > ms).count();
            format!(
                "p50 {:.3} ms, p99 {:.1} ms, p100 {:.1} ms; over 10 ms: {}, over 100 ms: {}; total {:.0} ms",
                pct(0.5),
                pct(0.99),
                pct(1.0),
                over(10.0),
                over(100.0),
                sorted.iter().sum::<f64>(),
            )
        };
        let mut out = format!(
            "stress decide and count ({platform}, budget {} nodes, count cap {CAP}): {} positions, \
             {} disagreements, {} undecided\n\
             decide {}\n\
             count  {}\n",
            budget.nodes,
            rows.len(),
            disagree.len(),
            undecided,
            figures(&decide),
            figures(&count),
        );
        for (word, mut times) in [("decide", decide), ("count", count)] {
            times.sort_by(|a, b| b.0.total_cmp(&a.0));
            out += &format!("slowest {word}:\n");
            for (ms, nodes, what) in times.iter().take(10) {
                out += &format!("  {ms:9.1} ms  {what}  ({word} nodes {nodes})\n");
            }
        }
        for d in disagree {
            out += &format!("DISAGREES: {d}\n");
        }
        out
    }

    /// The computer opponent's speed (issue 15): for each 5dpgn game of `files_json` (a JSON
    /// array of `[name, text]` pairs), the strongest level thinks about the last position for
    /// `ms` milliseconds of the harness's clock, as in the page's worker (`Limits::clock`).
    /// Returns one line per game: the depth of the last completed iteration, the actions
    /// visited, actions per second, and the action's score.
    #[wasm_bindgen]
    pub fn bench_ai(files_json: &str, ms: f64, platform: &str) -> String {
        use chronochess::fived::ai::{choose_action, Level, Limits};
        use chronochess::notation;

        let files: Vec<(String, String)> = match serde_json::from_str(files_json) {
            Ok(f) => f,
            Err(e) => return format!("bad games JSON: {e}"),
        };
        let mut out = format!("computer, strongest level ({platform}, {ms} ms per position)\n");
        for (name, text) in &files {
            let read = match notation::read(text) {
                Ok(r) => r,
                Err(e) => return format!("{name}: {e}"),
            };
            let game = match notation::resolve::replay(&read.game, |_, _| {}) {
                Ok(r) if r.error.is_none() => r.game,
                Ok(r) => {
                    return format!(
                        "{name}: {}",
                        r.error.map(|e| e.to_string()).unwrap_or_default()
                    )
                }
                Err(e) => return format!("{name}: {e}"),
            };
            let started = bench_clock();
            let stop = move || bench_clock() - started >= ms;
            let limits = Limits::clock(&stop);
            let Some(choice) = choose_action(game.multiverse(), Level::Strongest, 1, &limits)
            else {
                return format!("{name}: the side to move has no legal action");
            };
            let spent = bench_clock() - started;
            out += &format!(
                "  {name}: depth {}, {} actions in {spent:.0} ms ({:.0} actions/s), score {}\n",
                choice.depth,
                choice.nodes,
                choice.nodes as f64 * 1000.0 / spent.max(1.0),
                choice
                    .score
                    .map_or_else(|| "-".to_string(), |s| s.to_string()),
            );
        }
        out
    }
}
