#!/usr/bin/env bash
# The corpus benchmark compiled to WASM and run under node, alone (no native
# run, no 5d-chess-js). usage: scripts/bench-wasm.sh [--wall]   (from the crate root)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${CORPUS:-../shared/corpus}"
source scripts/bench-wasm-pkg.sh
node bench/run.mjs --corpus "$corpus" --wasm "$pkg" --skip-native "$@"
