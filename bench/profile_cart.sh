#!/usr/bin/env bash
# Instruction-count profile of the Store API cart routes, as bench/profile.sh does for pages:
# the release binary under callgrind serving N requests of one route (4 at a time, counters
# zeroed after 5 warm-up requests) for a guest cart named by its Cart-Token, with one line
# (the product bench/cart.sh uses), `Accept-Encoding: gzip, br`. Summarised per source file
# by bench/callgrind_by_file.py. Not a test: figures for docs/benchmarks.md.
#
#   bench/profile_cart.sh                               # GET cart, add-item, update-item
#   N=150 MERCATO_BIN=/tmp/mercato-before bench/profile_cart.sh
#   ROUTES="get" OUT=/tmp/prof bench/profile_cart.sh    # OUT's shop and cart again
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${MERCATO_BIN:-target/release/mercato}
N=${N:-150}
PRODUCTS=${PRODUCTS:-10000}
ROUTES=${ROUTES:-get add update}
OUT=${OUT:-$(mktemp -d)}
command -v valgrind >/dev/null || { echo "install valgrind (Debian)" >&2; exit 1; }
DB=sqlite://$OUT/shop.db
pid=""
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null || true' EXIT

# Starts the server (under valgrind when $1 is set); sets pid and url.
start() {
  local log=$OUT/server-$$.out
  : >"$log"
  DATABASE_URL=$DB MERCATO_LOG=warn MERCATO_REQUEST_TIMEOUT_SECS=600 MERCATO_HEADER_TIMEOUT_SECS=600 \
    MERCATO_IDLE_TIMEOUT_SECS=600 ${1:+valgrind --tool=callgrind --callgrind-out-file=$1} \
    "$BIN" serve --addr 127.0.0.1:0 >"$log" 2>"$OUT/server-$$.err" &
  pid=$!
  url=""
  for _ in $(seq 1 1200); do
    url=$(sed -n 's/^mercato listening on //p' "$log" 2>/dev/null || true)
    [ -n "$url" ] && break
    sleep 0.1
  done
  [ -n "$url" ] || { echo "the server did not start" >&2; exit 1; }
}
stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

# An OUT folder that already holds a shop and a cart (an earlier run's) profiles them again.
if [ ! -e "$OUT/cart" ]; then
  [ -e "$OUT/shop.db" ] || DATABASE_URL=$DB MERCATO_LOG=warn "$BIN" demo --products "$PRODUCTS" >/dev/null
  start ""
  api="$url/wp-json/wc/store/v1"
  product=$(curl -sf "$api/products?type=simple&per_page=100" | python3 -c '
import json, sys
print(next(p["id"] for p in json.load(sys.stdin)
           if p["is_purchasable"] and p["is_in_stock"] and p["add_to_cart"]["maximum"] >= 9999 and not p["sold_individually"]))')
  token=$(curl -sfD - -o /dev/null "$api/cart" | awk -F': ' 'tolower($1)=="cart-token" {print $2}' | tr -d '\r')
  key=$(curl -sf -X POST -H "Cart-Token: $token" -H 'Content-Type: application/json' \
    -d "{\"id\":$product,\"quantity\":1}" "$api/cart/add-item" | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["key"])')
  stop
  printf '%s %s %s\n' "$product" "$token" "$key" >"$OUT/cart"
fi
read -r product token key <"$OUT/cart"

run=$(date +%s)
for route in $ROUTES; do
  case $route in
    get) method=GET path=/wp-json/wc/store/v1/cart body="" ;;
    add) method=POST path=/wp-json/wc/store/v1/cart/add-item body="{\"id\":$product,\"quantity\":1}" ;;
    update) method=POST path=/wp-json/wc/store/v1/cart/update-item body="{\"key\":\"$key\",\"quantity\":2}" ;;
    *) echo "unknown route $route (get, add, update)" >&2; exit 1 ;;
  esac
  start "$OUT/cart-$run-$route.%p.out"
  args=(-s -o /dev/null -X "$method" -H 'Accept-Encoding: gzip, br' -H "Cart-Token: $token")
  [ -z "$body" ] || args+=(-H 'Content-Type: application/json' -d "$body")
  for _ in 1 2 3 4 5; do curl "${args[@]}" "$url$path"; done
  callgrind_control -z "$pid" >/dev/null 2>&1
  seq 1 "$N" | xargs -P4 -I{} curl "${args[@]}" "$url$path"
  callgrind_control -d "$pid" >/dev/null 2>&1
  stop
  echo "## $method $path ($N requests; files in $OUT)"
  python3 bench/callgrind_by_file.py "$(ls "$OUT"/cart-$run-$route.*.out.1)" "$N" "${ROWS:-25}"
done
