//! The corpus benchmark of `chronochess bench`, compiled to WebAssembly.
//!
//! A crate of its own (so the main crate's host-only dev-dependencies stay
//! out of the wasm build). Build and run with `scripts/bench-wasm.sh` (wasm-bindgen `--target nodejs`,
//! driven by `bench/run.mjs`). WebAssembly has no file system: the harness
//! reads the corpus and passes it in as strings, and provides the clock.
//! On the host this crate is an empty library.

#[cfg(target_arch = "wasm32")]
#[path = "../../../src/bin/chronochess/bench.rs"]
mod bench;

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
}
