#!/usr/bin/env bash
# Load benchmarks: the release binary on loopback, driven by wrk from a second process.
# For every target it prints requests/s and p50/p99, and the same for a static file with the
# target's own bytes served by the same binary (the ceiling), measured in the same run.
# Not a test: it prints figures for docs/benchmarks.md.
#
#   bench/run.sh                              # SQLite, demo shop, 5 s per target, 32 connections
#   PRODUCTS=10000 bench/run.sh               # plus a synthetic catalogue of 10,000 products
#   DATABASE_URL=postgres://postgres@127.0.0.1/bench PRODUCTS=10000 bench/run.sh   # (a fresh database)
#   DURATION=10s CONNECTIONS=64 bench/run.sh
#   IDENTITY=1 bench/run.sh                   # wrk without Accept-Encoding (uncompressed answers)
#   DIST=/path/to/dist bench/run.sh           # another built frontend than web/dist
#
# wrk sends `Accept-Encoding: gzip, br` as browsers do, and each ceiling file is served with
# the target's own gzip and brotli bytes beside it (precompressed, as the assets are), so the
# ceiling costs no compression; "bytes" is the target's uncompressed size.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${MERCATO_BIN:-target/release/mercato}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-1}
PRODUCTS=${PRODUCTS:-0}
IDENTITY=${IDENTITY:-0}
DIST=${DIST:-web/dist}
if [ "$IDENTITY" = 1 ]; then accept=(); else accept=(-H "Accept-Encoding: gzip, br"); fi
[ -x "$BIN" ] || { echo "build the release binary first: cargo build --release -p mercato" >&2; exit 1; }
command -v wrk >/dev/null || { echo "installing wrk (Debian)"; apt-get install -y -qq wrk >/dev/null; }

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

[ -d "$DIST" ] || { echo "build the frontend first: make web" >&2; exit 1; }
cp -r "$DIST" "$work/dist"   # a copy, so the ceiling files can sit beside the assets
DB=${DATABASE_URL:-sqlite://$work/bench.db}

if [ "$PRODUCTS" -gt 0 ]; then
  DATABASE_URL="$DB" MERCATO_LOG=warn "$BIN" demo --products "$PRODUCTS" >/dev/null
fi

start_server() {
  DATABASE_URL="$DB" MERCATO_LOG=warn "$BIN" serve --addr 127.0.0.1:0 --assets-dir "$work/dist" \
    --demo-if-empty >"$work/server.out" 2>"$work/server.err" &
  server_pid=$!
  url=""
  for _ in $(seq 1 300); do
    url=$(sed -n 's/^mercato listening on //p' "$work/server.out" 2>/dev/null || true)
    [ -n "$url" ] && return 0
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.err" >&2; exit 1; }
    sleep 0.1
  done
  echo "server did not start" >&2; exit 1
}

start_server
product=$(curl -sf "$url/wp-json/wc/store/v1/products?type=variable&per_page=1&orderby=title&order=asc" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["slug"])')
category=$(curl -sf "$url/wp-json/wc/store/v1/products/categories" \
  | python3 -c 'import json,sys; print(max(json.load(sys.stdin), key=lambda c: c["count"])["slug"])')
asset=$(curl -sf "$url/" | grep -o '/assets/main-[A-Za-z0-9_-]*\.js' | head -1)

targets=(
  "home page|/"
  "shop page|/shop/"
  "category page|/product-category/$category/"
  "product page|/product/$product/"
  "search results|/?s=hoodie&post_type=product"
  "search suggestions|/wp-admin/admin-ajax.php?action=mercato_ajax_search_products&query=hoodie"
  "Store API products|/wp-json/wc/store/v1/products?per_page=10"
  "static asset (main.js)|$asset"
)

# Each target's own bytes become a static file: its ceiling.
i=0
for target in "${targets[@]}"; do
  path=${target#*|}
  curl -sf "$url$path" -o "$work/dist/assets/ceiling-$i.html"
  for coding in gzip br; do
    file="$work/dist/assets/ceiling-$i.html.${coding/gzip/gz}"
    sent=$(curl -sf -H "Accept-Encoding: $coding" -o "$file" -w '%header{content-encoding}' "$url$path")
    [ "$sent" = "$coding" ] || rm -f "$file"   # not compressed (too small): the ceiling neither
  done
  i=$((i + 1))
done
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
start_server   # again, so the ceiling files are loaded

mem_kb=$(awk '/VmRSS/ {print $2}' "/proc/$server_pid/status")
echo "# mercato bench: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $($BIN --version)"
echo "# database: ${DB%%://*}, products: demo + $PRODUCTS, wrk -t$THREADS -c$CONNECTIONS -d$DURATION," \
  "$([ "$IDENTITY" = 1 ] && echo "no Accept-Encoding" || echo "Accept-Encoding: gzip, br")"
printf '%-24s %9s %11s %9s %9s %12s %8s\n' target bytes "req/s" p50 p99 "ceiling r/s" ratio

measure() {  # prints "rps p50 p99"
  local out
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "${accept[@]}" "$1")
  if grep -q "Non-2xx" <<<"$out"; then echo "non-2xx answers from $1" >&2; fi
  awk '/^Requests\/sec/ {r=$2} $1=="50%" {p50=$2} $1=="99%" {p99=$2} END {print r, p50, p99}' <<<"$out"
}

i=0
for target in "${targets[@]}"; do
  name=${target%%|*}
  path=${target#*|}
  bytes=$(stat -c %s "$work/dist/assets/ceiling-$i.html")
  read -r rps p50 p99 < <(measure "$url$path")
  read -r crps _ _ < <(measure "$url/assets/ceiling-$i.html")
  ratio=$(awk -v a="$rps" -v b="$crps" 'BEGIN {printf "%.2f", a/b}')
  printf '%-24s %9s %11s %9s %9s %12s %8s\n' "$name" "$bytes" "$rps" "$p50" "$p99" "$crps" "$ratio"
  i=$((i + 1))
done
echo "# resident memory after start: $((mem_kb / 1024)) MB; after the run: $(( $(awk '/VmRSS/ {print $2}' "/proc/$server_pid/status") / 1024 )) MB"
