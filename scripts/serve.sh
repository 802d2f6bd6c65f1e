#!/usr/bin/env bash
# Installs what is missing, then serves Chronochess with live reload: `bash scripts/serve.sh`.
# PORT=9000 bash scripts/serve.sh picks another port.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh
chronochess_setup
port="${PORT:-8080}"
echo
echo "Chronochess: http://127.0.0.1:$port/  (ready once trunk says it is serving; Ctrl-C stops)"
echo
exec trunk serve --port "$port"
