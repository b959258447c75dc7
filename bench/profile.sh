#!/usr/bin/env bash
# Instruction-count profile of page requests: the release binary under callgrind, serving a
# bounded number of requests of one page at a time (counters zeroed after a warm-up), each
# summarised by bench/callgrind_by_file.py (instructions per source file, inlined code
# counting for its own file). Instruction counts do not depend on how loaded the machine is.
# Not a test: it prints figures for docs/benchmarks.md.
#
#   bench/profile.sh                                # target/release/mercato, home and product
#   N=150 MERCATO_BIN=/tmp/mercato-before bench/profile.sh
#   PAGES="/ /shop/" bench/profile.sh
#   OUT=/tmp/prof PAGES="/wp-json/wc/store/v1/products?per_page=10" bench/profile.sh   # OUT's shop again
#
# Under valgrind a request is 50-100 times slower, so the server's timeouts are raised for it
# (a page's first render on a loaded machine passed the 30 s request timeout).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${MERCATO_BIN:-target/release/mercato}
N=${N:-150}
PRODUCTS=${PRODUCTS:-10000}
DIST=${DIST:-web/dist}
OUT=${OUT:-$(mktemp -d)}
command -v valgrind >/dev/null || { echo "install valgrind (Debian)" >&2; exit 1; }
DB=sqlite://$OUT/shop.db
# An OUT folder that already holds a shop (an earlier run's) profiles that shop again.
if [ ! -e "$OUT/shop.db" ]; then
  DATABASE_URL=$DB MERCATO_LOG=warn "$BIN" demo --products "$PRODUCTS" >/dev/null
fi
# The product bench/run.sh measures: the first variable product by title.
product=$(python3 - "$OUT/shop.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute("select slug from products where kind = 'variable' and parent_id is null"
                 " and status = 'publish' and visibility = 'visible' order by name limit 1").fetchone()[0])
PY
)
PAGES=${PAGES:-/ /product/$product/}
pid=""
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null || true' EXIT
run=$(date +%s)
i=0
for path in $PAGES; do
  i=$((i + 1))
  DATABASE_URL=$DB MERCATO_LOG=warn MERCATO_REQUEST_TIMEOUT_SECS=600 MERCATO_HEADER_TIMEOUT_SECS=600 \
    MERCATO_IDLE_TIMEOUT_SECS=600 valgrind --tool=callgrind \
    --callgrind-out-file="$OUT/page-$run-$i.%p.out" \
    "$BIN" serve --addr 127.0.0.1:0 --assets-dir "$DIST" >"$OUT/server-$run-$i.out" 2>"$OUT/server-$run-$i.err" &
  pid=$!
  url=""
  for _ in $(seq 1 1200); do
    # (The file may not exist yet when the loop first looks.)
    url=$(sed -n 's/^mercato listening on //p' "$OUT/server-$run-$i.out" 2>/dev/null || true)
    [ -n "$url" ] && break
    sleep 0.1
  done
  [ -n "$url" ] || { echo "the server did not start" >&2; kill "$pid"; exit 1; }
  for _ in 1 2 3 4 5; do curl -s -o /dev/null -H 'Accept-Encoding: gzip, br' "$url$path"; done
  callgrind_control -z "$pid" >/dev/null
  seq 1 "$N" | xargs -P4 -I{} curl -s -o /dev/null -H 'Accept-Encoding: gzip, br' "$url$path"
  callgrind_control -d "$pid" >/dev/null
  kill "$pid"; wait "$pid" 2>/dev/null || true
  pid=""
  echo "## $path ($N requests; files in $OUT)"
  python3 bench/callgrind_by_file.py "$(ls "$OUT"/page-$run-$i.*.out.1)" "$N" "${ROWS:-25}"
done
