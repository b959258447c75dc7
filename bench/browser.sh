#!/usr/bin/env bash
# Browser benchmark (issue 11): builds the frontend and the release binary, then runs
# bench/browser.mjs, which starts the binary on 127.0.0.1 with a fresh SQLite database and the
# demo shop and drives Debian's headless Chromium through playwright-core (from e2e/node_modules).
# It prints Markdown tables: JavaScript and CSS per page type before interaction, requests on
# load (and cart requests, which must be 0: the script exits 1 otherwise), add-to-cart latency
# from a catalogue card, and the mini cart's first open and ten + clicks. Not a test: it
# prints figures for docs/benchmarks.md.
#
#   bench/browser.sh                       # build, then 50 adds and 5 mini-cart rounds
#   NO_BUILD=1 bench/browser.sh            # use the builds already there
#   ADDS=100 ROUNDS=10 bench/browser.sh    # more samples (ADDS ≤ 500, ROUNDS ≤ 50)
#   MERCATO_BIN=… MERCATO_ASSETS_DIR=… NO_BUILD=1 bench/browser.sh   # another binary / build
#
# Everything is bounded: each wait 20 s, the whole run DEADLINE_S (default 600 s; exit 2).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${NO_BUILD:-0}" != 1 ]; then
  make --no-print-directory chromium web e2e-deps >&2
  cargo build --release -p mercato >&2
fi
[ -x /usr/bin/chromium ] || { echo "no /usr/bin/chromium: make chromium" >&2; exit 1; }
[ -d e2e/node_modules/playwright-core ] || { echo "no playwright-core: make e2e-deps" >&2; exit 1; }
exec timeout --kill-after=10s $(( ${DEADLINE_S:-600} + 30 ))s node bench/browser.mjs
