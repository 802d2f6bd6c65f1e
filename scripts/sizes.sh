#!/usr/bin/env bash
# What each page of a web build downloads, as `gzip -9` of its files (issue 6 target: a page's
# wasm + JS <= 350 KB gzip). scripts/test.sh prints it after the release build; give another
# build folder to compare (e.g. an older dist/ kept aside): bash scripts/sizes.sh [DIR]
set -euo pipefail
dir="${1:-dist}"

# page_size TITLE FILES...: each file's raw and gzip size, then the wasm+JS and all-files totals.
page_size() {
  local title="$1"
  shift
  local raw gz raw_total=0 gzip_total=0 code_gzip=0 file
  echo "$title"
  for file in "$@"; do
    [ -e "$file" ] || continue
    raw=$(stat -c %s "$file")
    gz=$(gzip -9 -c "$file" | wc -c)
    raw_total=$((raw_total + raw))
    gzip_total=$((gzip_total + gz))
    case "$file" in *.wasm | *.js) code_gzip=$((code_gzip + gz)) ;; esac
    printf '  %-48s %8d bytes raw %8d bytes gzip\n' "${file#"$dir"/}" "$raw" "$gz"
  done
  printf '  %-48s %8d bytes gzip\n' "wasm + JS" "$code_gzip"
  printf '  %-48s %8d bytes raw %8d bytes gzip\n' "total with CSS" "$raw_total" "$gzip_total"
}

echo "Web build ($dir/), gzip -9 of every file each page loads (issue 6 target: wasm + JS <= 350 KB gzip):"
shopt -s nullglob
page_size "5D page (index.html)" "$dir"/chronochess-app*.wasm "$dir"/chronochess-app*.js "$dir"/*.css
page_size "mate-check worker (fetched when a check outlasts the page's short search; precached for offline use)" "$dir"/chronochess-worker*
page_size "other-games page (games/)" "$dir"/games/*.wasm "$dir"/games/*.js "$dir"/games/*.css
puzzles=("$dir"/puzzles/*.5dpgn)
if [ "${#puzzles[@]}" -gt 0 ]; then
  raw=0 gz=0 largest=0
  for file in "${puzzles[@]}"; do
    raw=$((raw + $(stat -c %s "$file")))
    one=$(gzip -9 -c "$file" | wc -c)
    gz=$((gz + one))
    [ "$one" -gt "$largest" ] && largest=$one
  done
  echo "puzzle files (puzzles/: the puzzle screen fetches one per puzzle opened; precached for offline use)"
  printf '  %-48s %8d bytes raw %8d bytes gzip (largest file %d)\n' "${#puzzles[@]} files" "$raw" "$gz" "$largest"
fi
