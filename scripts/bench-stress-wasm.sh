#!/usr/bin/env bash
# The stress suite's decide and count times compiled to WASM and run under node (bench/stress.mjs), with
# the native `chronochess stress check` on the same files in the same run for the ratio.
# usage: scripts/bench-stress-wasm.sh [--budget N] [--wall] [FILE.tsv...]   (from the crate root)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-wasm-pkg.sh
cargo build --release --bin chronochess
node bench/stress.mjs --wasm "$pkg" "$@"
files=()
budget=300000
clock=--cpu   # the thread's CPU time natively, as node's process CPU time for WASM
while [[ $# -gt 0 ]]; do
  case "$1" in
    --budget) budget="$2"; shift 2 ;;
    --wall) clock=; shift ;;
    --warm) shift 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
[[ ${#files[@]} -gt 0 ]] || files=(stress/positions.tsv stress/slow.tsv stress/real.tsv)
echo
echo "native, same files:"
target/release/chronochess stress check "${files[@]}" --budget "$budget" $clock
