#!/usr/bin/env bash
# The corpus benchmark: native release build, the same code compiled to WASM and
# run under node, and 5d-chess-js (installed into a temporary folder, removed
# afterwards) on the in-check positions; one report with the ratios.
# usage: scripts/bench-all.sh [--wall] [--save DIR] [--reference-timeout-ms N]   (from the crate root)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${CORPUS:-../shared/corpus}"
cargo build --release --bin chronochess
(cd bench/wasm && CARGO_TARGET_DIR="$PWD/../../target" cargo build --release --target wasm32-unknown-unknown)
pkg="$(mktemp -d)"
reference="$(mktemp -d)"
trap 'rm -rf "$pkg" "$reference"' EXIT
wasm-bindgen --target nodejs --out-dir "$pkg" target/wasm32-unknown-unknown/release/chronochess_bench_wasm.wasm
(cd "$reference" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund 5d-chess-js >/dev/null)
node bench/run.mjs --bin target/release/chronochess --corpus "$corpus" --wasm "$pkg" --reference "$reference" "$@"
