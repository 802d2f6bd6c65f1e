#!/usr/bin/env bash
# Installs what is missing, then runs every Chronochess check, stopping at the first failure:
#   formatting, clippy (host and wasm32), host tests, browser tests (headless Chromium),
#   the release web build, end-to-end tests against dist/, 5D conformance on the corpus, and the
#   proof of every puzzle in puzzles/.
# Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
source scripts/setup.sh

LOG_DIR="$ROOT/target/test-logs"
mkdir -p "$LOG_DIR"
rm -f "$LOG_DIR"/*.log
STEP_NAMES=()
STEP_SECONDS=()
STEP_COUNT=0
TOTAL_STARTED=$SECONDS

print_timings() {
  local i
  echo "Step timings:"
  for i in "${!STEP_NAMES[@]}"; do
    printf '  %-34s %5d s\n' "${STEP_NAMES[$i]}" "${STEP_SECONDS[$i]}"
  done
  printf '  %-34s %5d s\n' "total" "$((SECONDS - TOTAL_STARTED))"
}

# run_step NAME COMMAND...: a banner, the command's output (also kept in target/test-logs/), its time.
run_step() {
  local name="$1"
  shift
  STEP_COUNT=$((STEP_COUNT + 1))
  local log
  log="$LOG_DIR/$(printf '%02d' "$STEP_COUNT")-$(echo "$name" | tr -c 'a-zA-Z0-9\n' '-' | tr 'A-Z' 'a-z').log"
  echo
  echo "================================================================"
  echo "== step $STEP_COUNT: $name"
  echo "== \$ $*"
  echo "================================================================"
  local started=$SECONDS
  if ! "$@" 2>&1 | tee "$log"; then
    STEP_NAMES+=("$name (FAILED)")
    STEP_SECONDS+=($((SECONDS - started)))
    echo
    echo "FAILED: step $STEP_COUNT, $name (full output: $log)"
    print_timings
    exit 1
  fi
  STEP_NAMES+=("$name")
  STEP_SECONDS+=($((SECONDS - started)))
}

run_step "set-up (install what is missing)" chronochess_setup
run_step "cargo fmt --check" cargo fmt --all --check
run_step "clippy, host" cargo clippy --all-targets -- -D warnings
run_step "clippy, wasm32" cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings
run_step "host tests" cargo test
run_step "browser tests (headless Chromium)" cargo test --target wasm32-unknown-unknown
run_step "trunk build --release" trunk build --release
run_step "end-to-end tests (playwright-core)" node --test tests/e2e/
if [ -d ../shared/corpus ]; then
  run_step "5D conformance (../shared/corpus)" \
    cargo run --release --quiet --bin chronochess -- conformance ../shared/corpus
else
  echo
  echo "note: 5D conformance skipped: ../shared/corpus not found"
fi
run_step "puzzles verify (puzzles/)" \
  cargo run --release --quiet --bin chronochess -- puzzles verify puzzles/

echo
echo "================================================================"
echo "== summary"
echo "================================================================"
bash scripts/sizes.sh dist
print_timings
# cargo test / wasm-bindgen-test-runner: "test result: ok. N passed; M failed; ..."
# node --test (TAP): "# pass N" and "# fail N".
cat "$LOG_DIR"/*.log | awk '
  /^test result: / { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
  /^# pass / { p += $3 }
  /^# fail / { f += $3 }
  END { print "All checks passed."; printf "Tests: %d passed, %d failed\n", p, f }'
