#!/usr/bin/env bash
# Store API cart benchmarks: GET cart, add-item, update-item and a batch of five, against the
# release binary with the demo shop plus a synthetic catalogue, on loopback with wrk. Each
# request uses one of 32 carts named by Cart-Tokens (as headless clients do), so concurrent
# writes spread over carts as real shoppers' would. Not a test: it prints figures for
# docs/benchmarks.md.
#
#   bench/cart.sh                      # SQLite, PRODUCTS=10000, 5 s per target
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mercato_bench_cart bench/cart.sh   # (fresh db)
#   IDENTITY=1 bench/cart.sh           # without Accept-Encoding (uncompressed answers)
#
# wrk sends `Accept-Encoding: gzip, br` as browsers do (since issue 26; before, the answers
# went out uncompressed).
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${MERCATO_BIN:-target/release/mercato}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-32}
PRODUCTS=${PRODUCTS:-10000}
CARTS=${CARTS:-32}
IDENTITY=${IDENTITY:-0}
if [ "$IDENTITY" = 1 ]; then export ACCEPT_ENCODING=""; else export ACCEPT_ENCODING="gzip, br"; fi
[ -x "$BIN" ] || { echo "build the release binary first: cargo build --release -p mercato" >&2; exit 1; }

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
DB=${DATABASE_URL:-sqlite://$work/bench.db}
DATABASE_URL="$DB" MERCATO_LOG=warn "$BIN" demo --products "$PRODUCTS" >/dev/null
DATABASE_URL="$DB" MERCATO_LOG=warn "$BIN" serve --addr 127.0.0.1:0 >"$work/out" 2>"$work/err" &
server_pid=$!
url=""
for _ in $(seq 1 300); do
  url=$(sed -n 's/^mercato listening on //p' "$work/out" 2>/dev/null || true); [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/err" >&2; exit 1; }
  sleep 0.1
done
api="$url/wp-json/wc/store/v1"

# A simple product that does not manage stock, so carts never run out.
product=$(curl -sf "$api/products?type=simple&per_page=100" | python3 -c '
import json, sys
print(next(p["id"] for p in json.load(sys.stdin)
           if p["is_purchasable"] and p["is_in_stock"] and p["add_to_cart"]["maximum"] >= 9999 and not p["sold_individually"]))')

# Prepare the carts: each gets a token and one line.
tokens=""; key=""
for _ in $(seq 1 "$CARTS"); do
  token=$(curl -sfD - -o /dev/null "$api/cart" | awk -F': ' 'tolower($1)=="cart-token" {print $2}' | tr -d '\r')
  key=$(curl -sf -X POST -H "Cart-Token: $token" -H 'Content-Type: application/json' \
    -d "{\"id\":$product,\"quantity\":1}" "$api/cart/add-item" | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["key"])')
  tokens="$tokens,$token"
done
export TOKENS=${tokens#,}

echo "# mercato cart bench: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, database ${DB%%://*}, products demo + $PRODUCTS, $CARTS carts, wrk -t1 -c$CONNECTIONS -d$DURATION, Accept-Encoding: ${ACCEPT_ENCODING:-none}"
printf '%-22s %11s %9s %9s %8s\n' target "req/s" p50 p99 non-2xx
run() {
  local name=$1
  local out
  out=$(wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency -s bench/lua/store_api.lua "$url")
  awk -v n="$name" '/^Requests\/sec/ {r=$2} $1=="50%" {p50=$2} $1=="99%" {p99=$2} /Non-2xx/ {bad=$NF}
    END {printf "%-22s %11s %9s %9s %8s\n", n, r, p50, p99, (bad == "" ? 0 : bad)}' <<<"$out"
}
METHOD=GET PATH_=/wp-json/wc/store/v1/cart BODY= run "GET cart"
METHOD=POST PATH_=/wp-json/wc/store/v1/cart/add-item BODY="{\"id\":$product,\"quantity\":1}" run "add-item"
METHOD=POST PATH_=/wp-json/wc/store/v1/cart/update-item BODY="{\"key\":\"$key\",\"quantity\":2}" run "update-item"
item="{\"path\":\"/wc/store/v1/cart/add-item\",\"method\":\"POST\",\"body\":{\"id\":$product,\"quantity\":1}}"
METHOD=POST PATH_=/wp-json/wc/store/v1/batch BODY="{\"requests\":[$item,$item,$item,$item,$item]}" run "batch of five"
