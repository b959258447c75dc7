#!/usr/bin/env bash
# The password rule's worst-case times (issue 21): the server's check on 4 096-character
# passwords (release build) and the browser's estimate in Node. Prints Markdown for
# docs/benchmarks.md. Not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d web/node_modules/zxcvbn ] || { echo "no web/node_modules: cd web && npm ci" >&2; exit 1; }
echo "## Server: check_new_password, release build"
cargo run --quiet --release -p mercato-core --example password_check_time
echo
echo "## Browser: zxcvbn 4.4.2 in Node $(node --version)"
timeout 300 node bench/passwords.mjs
