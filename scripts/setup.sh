#!/usr/bin/env bash
# Installs what building, serving and testing Chronochess needs, skipping whatever is
# already there (a few seconds when everything is present). Versions and the reasons
# for each choice: ../shared/TOOLCHAIN.md (measured on Debian 12, 2 cores).
#
#   bash scripts/setup.sh              everything (web build + browser tests)
#   bash scripts/setup.sh --no-browser skip Chromium (enough for `trunk build`, as in the Pages workflow)
#
# scripts/serve.sh and scripts/test.sh source this file, so the PATH it sets
# (node_modules/.bin first, for wasm-opt) carries over to them.
set -euo pipefail

CHRONOCHESS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRUNK_VERSION="0.21.14"
WASM_OPT_VERSION="132"

# cargo install puts binaries in $CARGO_INSTALL_ROOT/bin, else $CARGO_HOME/bin.
CARGO_TOOLS_BIN="${CARGO_INSTALL_ROOT:-${CARGO_HOME:-$HOME/.cargo}}/bin"
export PATH="$CHRONOCHESS_ROOT/node_modules/.bin:$CARGO_TOOLS_BIN:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"

setup_note() { printf '  setup: %s\n' "$*"; }

# Prints the version a tool reports, or nothing when it is missing.
tool_version() { "$@" 2>/dev/null | head -n 1 || true; }

# The wasm-bindgen version Cargo.lock pins: the CLI must match it exactly.
locked_wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { found = 1; next }
       found && /^version = / { gsub(/"/, "", $3); print $3; exit }' "$CHRONOCHESS_ROOT/Cargo.lock"
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

setup_wasm_target() {
  if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    setup_note "rust target wasm32-unknown-unknown present"
  else
    setup_note "adding rust target wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
}

setup_trunk() {
  if [ "$(tool_version trunk --version)" = "trunk $TRUNK_VERSION" ]; then
    setup_note "trunk $TRUNK_VERSION present"
  else
    setup_note "installing trunk $TRUNK_VERSION (about 8 minutes on 2 cores)"
    # Thin LTO-free release profile: half the build time of trunk's fat-LTO default, same tool.
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
      cargo install trunk --version "=$TRUNK_VERSION" --locked
  fi
}

setup_wasm_bindgen() {
  local want
  want="$(locked_wasm_bindgen_version)"
  if [ -z "$want" ]; then
    echo "setup: no wasm-bindgen version in Cargo.lock" >&2
    return 1
  fi
  if [ "$(tool_version wasm-bindgen --version)" = "wasm-bindgen $want" ] &&
    [ "$(tool_version wasm-bindgen-test-runner --version)" = "wasm-bindgen-test-runner $want" ]; then
    setup_note "wasm-bindgen-cli $want present"
  else
    setup_note "installing wasm-bindgen-cli $want (about 4 minutes)"
    # No --locked: the crate's own lock file pins a webpki-roots release the registry no longer has.
    cargo install wasm-bindgen-cli --version "=$want"
  fi
}

setup_node_tools() {
  local stamp="$CHRONOCHESS_ROOT/node_modules/.chronochess-lock"
  local want
  want="$(sha256sum "$CHRONOCHESS_ROOT/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] &&
    tool_version wasm-opt --version | grep -q "version $WASM_OPT_VERSION"; then
    setup_note "npm tools (binaryen $WASM_OPT_VERSION, playwright-core) present"
  else
    setup_note "installing npm tools with npm ci"
    (cd "$CHRONOCHESS_ROOT" && npm ci --no-audit --no-fund)
    echo "$want" >"$stamp"
  fi
}

setup_chromium() {
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    setup_note "chromium and chromedriver present"
  else
    setup_note "installing Debian's chromium and chromium-driver"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
  fi
}

chronochess_setup() {
  local with_browser=1 arg
  for arg in "$@"; do
    case "$arg" in
      --no-browser) with_browser=0 ;;
      *) echo "setup: unknown option $arg" >&2; return 2 ;;
    esac
  done
  local started=$SECONDS
  setup_wasm_target
  setup_node_tools
  setup_trunk
  setup_wasm_bindgen
  if [ "$with_browser" -eq 1 ]; then setup_chromium; fi
  setup_note "done in $((SECONDS - started)) s"
}

# Run directly: install. Sourced: only define the functions and PATH.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  chronochess_setup "$@"
fi
