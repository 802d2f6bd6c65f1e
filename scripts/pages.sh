#!/usr/bin/env bash
# The site's second page, games/ (src/pages/games/index.html: the three other games), built by
# trunk beside the index. Trunk.toml runs this from the index build's hooks:
#   pages.sh build  (pre_build)  trunk-builds the page into target/pages/<profile>/games;
#   pages.sh stage  (post_build) copies it into the index build's staging dir, so dist/games/,
#                   then runs scripts/pwa.sh on the whole site (release: CSP, service worker).
# So `trunk build [--release]` and `trunk serve` give the whole site. The page's own (nested)
# trunk run reads the same Trunk.toml; there both steps do nothing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
html="${TRUNK_HTML_FILE:-}"
if [[ "$(realpath -m "$html")" != "$(realpath index.html)" ]]; then
  exit 0
fi
profile="${TRUNK_PROFILE:-debug}"
out="target/pages/$profile/games"
case "${1:-}" in
  build)
    release=()
    [[ "$profile" == release ]] && release=(--release)
    echo "pages.sh: building games/ ($profile)"
    trunk build src/pages/games/index.html --dist "$out" "${release[@]}"
    ;;
  stage)
    rm -rf "$TRUNK_STAGING_DIR/games"
    cp -R "$out" "$TRUNK_STAGING_DIR/games"
    bash scripts/pwa.sh stage
    ;;
  *)
    echo "usage: pages.sh build|stage (run by trunk's hooks)" >&2
    exit 2
    ;;
esac
