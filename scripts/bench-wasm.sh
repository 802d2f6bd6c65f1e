#!/usr/bin/env bash
# The corpus benchmark compiled to WASM and run under node, alone (no native
# run, no 5d-chess-js). usage: scripts/bench-wasm.sh [--wall]   (from the crate root)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${CORPUS:-../shared/corpus}"
(cd bench/wasm && CARGO_TARGET_DIR="$PWD/../../target" cargo build --release --target wasm32-unknown-unknown)
pkg="$(mktemp -d)"
trap 'rm -rf "$pkg"' EXIT
wasm-bindgen --target nodejs --out-dir "$pkg" target/wasm32-unknown-unknown/release/chronochess_bench_wasm.wasm
node bench/run.mjs --corpus "$corpus" --wasm "$pkg" --skip-native "$@"
