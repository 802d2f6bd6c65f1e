#!/usr/bin/env bash
# The computer opponent's depth and actions per second compiled to WASM and run under node
# (bench/ai.mjs), with the native `chronochess bestmove` on the same files in the same run.
# usage: scripts/bench-ai-wasm.sh [--ms N] [FILE.5dpgn...]   (from the crate root)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-wasm-pkg.sh
cargo build --release --bin chronochess
node bench/ai.mjs --wasm "$pkg" "$@"
ms=1000
files=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --ms) ms="$2"; shift 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
[[ ${#files[@]} -gt 0 ]] || files=(bench/ai/*.5dpgn)
echo
echo "native, same files (${ms} ms each):"
for f in "${files[@]}"; do
  printf '  %s: ' "$(basename "$f")"
  target/release/chronochess bestmove "$f" --ms "$ms" 2>&1 >/dev/null
done
