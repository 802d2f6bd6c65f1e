# Sourced by the WASM bench scripts (from the crate root): builds bench/wasm for wasm32 and runs
# wasm-bindgen into a temporary folder, removed on exit; sets `pkg` to that folder.
(cd bench/wasm && CARGO_TARGET_DIR="$PWD/../../target" cargo build --release --target wasm32-unknown-unknown)
pkg="$(mktemp -d)"
trap 'rm -rf "$pkg"' EXIT
wasm-bindgen --target nodejs --out-dir "$pkg" target/wasm32-unknown-unknown/release/chronochess_bench_wasm.wasm
