#!/usr/bin/env bash
# Compares two builds fairly: bench/run.sh's targets, each measured on both binaries in turn,
# ROUNDS times in one sitting (the order of the two flips every round, so a machine that
# warms up or gets busier favours neither), then the median requests/s and p99 per target
# and binary, and the ratio new/old. Not a test: it prints figures for docs/benchmarks.md.
#
#   bench/compare.sh OLD_BIN NEW_BIN
#   ROUNDS=5 DURATION=10s PRODUCTS=10000 bench/compare.sh /tmp/mercato-main target/release/mercato
#   IDENTITY=1 bench/compare.sh OLD NEW     # wrk without Accept-Encoding (uncompressed answers)
#   bench/compare.sh --identity OLD NEW     # the same
#   DIST=/path/to/dist bench/compare.sh OLD NEW   # another built frontend than web/dist
#
# wrk sends `Accept-Encoding: gzip, br` by default, as browsers do; the "bytes" columns are
# what each binary sends for one request of the target with that header. Each binary gets its
# own database (SQLite files, or DATABASE_URL_OLD / DATABASE_URL_NEW: two fresh PostgreSQL
# databases), filled the same way, and its own copy of web/dist.
set -euo pipefail
cd "$(dirname "$0")/.."

IDENTITY=${IDENTITY:-0}
if [ "${1:-}" = "--identity" ]; then IDENTITY=1; shift; fi
[ $# -eq 2 ] || { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
OLD_BIN=$(realpath "$1")
NEW_BIN=$(realpath "$2")
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-1}
PRODUCTS=${PRODUCTS:-0}
DIST=${DIST:-web/dist}
for bin in "$OLD_BIN" "$NEW_BIN"; do
  [ -x "$bin" ] || { echo "not an executable: $bin" >&2; exit 1; }
done
[ -d "$DIST" ] || { echo "build the frontend first: make web" >&2; exit 1; }
command -v wrk >/dev/null || { echo "installing wrk (Debian)"; apt-get install -y -qq wrk >/dev/null; }

if [ "$IDENTITY" = 1 ]; then
  accept=()
else
  accept=(-H "Accept-Encoding: gzip, br")
fi

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# start_server NAME BIN DB: starts BIN on a free port; sets url_NAME.
start_server() {
  local name=$1 bin=$2 db=$3 url="" pid
  mkdir -p "$work/$name"
  cp -r "$DIST" "$work/$name/dist"
  if [ "$PRODUCTS" -gt 0 ]; then
    DATABASE_URL="$db" MERCATO_LOG=warn "$bin" demo --products "$PRODUCTS" >/dev/null
  fi
  DATABASE_URL="$db" MERCATO_LOG=warn "$bin" serve --addr 127.0.0.1:0 \
    --assets-dir "$work/$name/dist" --demo-if-empty \
    >"$work/$name/server.out" 2>"$work/$name/server.err" &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 1 600); do
    url=$(sed -n 's/^mercato listening on //p' "$work/$name/server.out" 2>/dev/null || true)
    [ -n "$url" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/$name/server.err" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$url" ] || { echo "$name server did not start" >&2; exit 1; }
  printf -v "url_$name" '%s' "$url"
}

start_server old "$OLD_BIN" "${DATABASE_URL_OLD:-sqlite://$work/old.db}"
start_server new "$NEW_BIN" "${DATABASE_URL_NEW:-sqlite://$work/new.db}"

# The targets of bench/run.sh, found on the old binary's shop (both hold the same demo data).
product=$(curl -sf "$url_old/wp-json/wc/store/v1/products?type=variable&per_page=1&orderby=title&order=asc" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["slug"])')
category=$(curl -sf "$url_old/wp-json/wc/store/v1/products/categories" \
  | python3 -c 'import json,sys; print(max(json.load(sys.stdin), key=lambda c: c["count"])["slug"])')
asset=$(curl -sf "$url_old/" | grep -o '/assets/main-[A-Za-z0-9_-]*\.js' | head -1)
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

measure() {  # URL -> "rps p99_ms"
  local out
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "${accept[@]}" "$1")
  if grep -q "Non-2xx" <<<"$out"; then echo "non-2xx answers from $1" >&2; fi
  # wrk prints latencies as 812.00us, 1.20ms or 1.02s: in milliseconds.
  awk '/^Requests\/sec/ {r=$2}
       $1=="99%" {v=$2; if (v ~ /us$/) p=v/1000; else if (v ~ /ms$/) p=v+0; else if (v ~ /s$/) p=v*1000; else p=v}
       END {printf "%s %.2f\n", r, p}' <<<"$out"
}

bytes_of() {  # URL -> bytes on the wire for one request (the body as sent, encoded or not)
  curl -s -o /dev/null -w '%{size_download}' "${accept[@]}" "$1"
}

echo "# mercato compare: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores"
echo "# old: $OLD_BIN ($("$OLD_BIN" --version))"
echo "# new: $NEW_BIN ($("$NEW_BIN" --version))"
echo "# products: demo + $PRODUCTS, wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS rounds," \
  "$([ "$IDENTITY" = 1 ] && echo "no Accept-Encoding" || echo "Accept-Encoding: gzip, br")"

: >"$work/results"
for round in $(seq 1 "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then order=(old new); else order=(new old); fi
  for target in "${targets[@]}"; do
    name=${target%%|*}
    path=${target#*|}
    for side in "${order[@]}"; do
      base_var="url_$side"
      read -r rps p99 < <(measure "${!base_var}$path")
      printf '%s\t%s\t%s\t%s\n' "$name" "$side" "$rps" "$p99" >>"$work/results"
    done
  done
  echo "# round $round of $ROUNDS done" >&2
done

printf '%-24s %8s %8s %10s %10s %7s %9s %9s\n' target "old B" "new B" "old r/s" "new r/s" "new/old" "old p99" "new p99"
for target in "${targets[@]}"; do
  name=${target%%|*}
  path=${target#*|}
  old_bytes=$(bytes_of "$url_old$path")
  new_bytes=$(bytes_of "$url_new$path")
  python3 - "$work/results" "$name" "$old_bytes" "$new_bytes" <<'EOF'
import statistics, sys
path, name, old_bytes, new_bytes = sys.argv[1:]
rows = [line.rstrip("\n").split("\t") for line in open(path)]
def median(side, column):
    return statistics.median(float(r[column]) for r in rows if r[0] == name and r[1] == side)
old_rps, new_rps = median("old", 2), median("new", 2)
ratio = new_rps / old_rps if old_rps else float("nan")
print(f"{name:<24} {old_bytes:>8} {new_bytes:>8} {old_rps:>10.0f} {new_rps:>10.0f} {ratio:>7.2f}"
      f" {median('old', 3):>7.1f}ms {median('new', 3):>7.1f}ms")
EOF
done
