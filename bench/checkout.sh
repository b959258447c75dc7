#!/usr/bin/env bash
# Complete purchases per second (DESIGN.md: at least 300 orders/s, p99 under 50 ms, SQLite):
# the release binary with the demo shop plus a synthetic catalogue, and bench/checkout.py's
# shoppers each looping over GET cart → add-item → POST checkout on loopback. Order emails go
# to an outbox folder, as they would without SMTP. Not a test: figures for docs/benchmarks.md.
#
#   bench/checkout.sh                   # SQLite, PRODUCTS=10000, 16 shoppers, 5 s
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mercato_bench_checkout bench/checkout.sh   # (fresh db)
#   SHOPPERS=32 RUN_SECONDS=10 METHOD=bacs bench/checkout.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${MERCATO_BIN:-target/release/mercato}
PRODUCTS=${PRODUCTS:-10000}
SHOPPERS=${SHOPPERS:-16}
RUN_SECONDS=${RUN_SECONDS:-5}
METHOD=${METHOD:-cod}
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
# Every shopper comes from 127.0.0.1, far past the checkout rate limit a real client gets
# (25 a minute): the bench measures purchases, so the limit is off for it. RATE_LIMIT sets
# the setting instead, e.g. RATE_LIMIT='{"limit":100000000}' counts every checkout without
# refusing any (the cost of the counting).
limits=${RATE_LIMIT:-'{"enabled":false}'}
echo "$limits" | DATABASE_URL="$DB" MERCATO_LOG=warn "$BIN" settings set checkout_rate_limit - >/dev/null
DATABASE_URL="$DB" MERCATO_LOG=warn MERCATO_OUTBOX_DIR="$work/outbox" \
  "$BIN" serve --addr 127.0.0.1:0 >"$work/out" 2>"$work/err" &
server_pid=$!
url=""
for _ in $(seq 1 300); do
  url=$(sed -n 's/^mercato listening on //p' "$work/out" 2>/dev/null || true); [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/err" >&2; exit 1; }
  sleep 0.1
done

# A simple product anyone can buy in any number (stock not managed).
product=$(curl -sf "$url/wp-json/wc/store/v1/products?type=simple&per_page=100" | python3 -c '
import json, sys
print(next(p["id"] for p in json.load(sys.stdin)
           if p["is_purchasable"] and p["is_in_stock"] and p["add_to_cart"]["maximum"] >= 9999 and not p["sold_individually"]))')

echo "# mercato checkout bench: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, database ${DB%%://*}, products demo + $PRODUCTS"
# CPU time of the server process (every thread: SQLite's connections run on threads of their
# own) and of the local PostgreSQL processes, read from /proc around the run.
server_cpu() { awk '{print $14 + $15}' "/proc/$server_pid/stat"; }
postgres_cpu() {
  local total=0 pid
  for pid in $(pgrep -u postgres postgres 2>/dev/null || true); do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}
cpu_before=$(server_cpu); pg_before=$(postgres_cpu)
python3 bench/checkout.py "$url" "$product" --shoppers "$SHOPPERS" --seconds "$RUN_SECONDS" --method "$METHOD" | tee "$work/result"
cpu_after=$(server_cpu); pg_after=$(postgres_cpu)
orders=$(awk '/^orders/ {print $2}' "$work/result")
python3 -c "
import sys
tick, orders = $(getconf CLK_TCK), max(1, $orders)
server, pg = ($cpu_after - $cpu_before) / tick, ($pg_after - $pg_before) / tick
print(f'# CPU per order: server {1000 * server / orders:.2f} ms (all threads, the email worker included)'
      + (f', local PostgreSQL processes {1000 * pg / orders:.2f} ms' if pg else ''))"
echo "# emails written to the outbox during the run: $(find "$work/outbox" -type f 2>/dev/null | wc -l)"
