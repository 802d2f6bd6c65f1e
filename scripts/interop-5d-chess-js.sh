#!/usr/bin/env bash
# Interop check (issue 4, item 6): canonical 5dpgn written by `chronochess convert`
# for every Standard-board corpus game must read back in the npm package
# 5d-chess-js to the same position. 5d-chess-js is installed into a temporary
# folder (never vendored) and removed afterwards.
# usage: scripts/interop-5d-chess-js.sh [--all] [--verbose]   (from the crate root)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${CORPUS:-../shared/corpus}"
cargo build --release --bin chronochess
reference="$(mktemp -d)"
trap 'rm -rf "$reference"' EXIT
(cd "$reference" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund 5d-chess-js >/dev/null)
node bench/interop-5d-chess-js.mjs --bin target/release/chronochess --corpus "$corpus" --reference "$reference" "$@"
