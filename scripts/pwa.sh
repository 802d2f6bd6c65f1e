#!/usr/bin/env bash
# Makes a release build an installable, offline web app. `pages.sh stage` (the index build's
# post_build hook) runs `pwa.sh stage` once it has copied games/ in, on TRUNK_STAGING_DIR:
#   1. a Content-Security-Policy meta tag in every page: only the site's own files, the wasm they
#      need, and the exact inline scripts trunk wrote (by their sha256);
#   2. the service worker sw.js (workbox-cli generateSW, scripts/workbox-config.cjs), which
#      precaches exactly the files of this build (trunk's hashed names included).
# Debug builds (`trunk serve`) get neither: live reload injects scripts, and a cache in the way of
# a developer's rebuilds helps nobody. `pwa.sh stage DIR` runs both steps on any build folder.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"

csp_pages() {
  local dir="$1" page
  while IFS= read -r page; do
    node "$ROOT/scripts/csp.mjs" "$page"
  done < <(find "$dir" -name index.html -not -path '*/assets/*')
}

stage() {
  local dir="$1"
  csp_pages "$dir"
  PWA_DIR="$(realpath "$dir")" "$ROOT/node_modules/.bin/workbox" generateSW "$ROOT/scripts/workbox-config.cjs"
}

case "${1:-}" in
  stage)
    if [[ -n "${2:-}" ]]; then
      stage "$2"
      exit 0
    fi
    html="${TRUNK_HTML_FILE:-}"
    if [[ "$(realpath -m "$html")" != "$(realpath index.html)" ]]; then
      exit 0 # the games page's own nested build: the index build does the whole site
    fi
    if [[ "${TRUNK_PROFILE:-debug}" != release ]]; then
      echo "pwa.sh: debug build, no service worker or CSP"
      exit 0
    fi
    stage "$TRUNK_STAGING_DIR"
    ;;
  *)
    echo "usage: pwa.sh stage [DIR] (run by trunk's post_build hook)" >&2
    exit 2
    ;;
esac
