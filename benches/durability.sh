#!/usr/bin/env bash
# What syncing every commit to the disk costs (issue 33), measured in one run on this
# machine: the orders bench (benches/orders.sh) and the crash test
# (benches/orders-crash.sh), each first with database.sync_commits = false (SQLite's
# synchronous = NORMAL on the writer: a power cut may lose the last acknowledged orders)
# and then with the default (FULL: each order on the disk before it is answered). Each
# run keeps its own checks (every acknowledged order stored, paid once). Prints orders
# per second and the p50/p99 of POST /api/orders for the four runs, and PASS when the
# durable setting keeps at least 75% of the orders per second in both.
# Usage: benches/durability.sh [BUYERS] [SECONDS] [KILLS]
set -euo pipefail
cd "$(dirname "$0")/.."
buyers=${1:-64}
seconds=${2:-20}
kills=${3:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for bench in orders crash; do
  for sync in normal full; do
    flag=true
    [ "$sync" = normal ] && flag=false
    echo "running the $bench bench with synchronous = ${sync^^} ..." >&2
    if [ "$bench" = orders ]; then
      run=(benches/orders.sh "$buyers" "$seconds")
    else
      run=(benches/orders-crash.sh "$kills" "$buyers")
    fi
    STORE__DATABASE__SYNC_COMMITS=$flag "${run[@]}" >"$work/$bench-$sync.txt" ||
      { cat "$work/$bench-$sync.txt"; echo "FAIL: ${run[*]} with synchronous = ${sync^^}"; exit 1; }
  done
done

# "orders acknowledged: N distinct in S s = R orders/s" and
# "POST /api/orders latency: n=N p50 A ms   p99 B ms   max C ms".
rate() { sed -n 's/.* = \([0-9.]*\) orders\/s.*/\1/p' "$1" | tail -1; }
p50() { sed -n 's/.*latency:.* p50 \([0-9.]*\) ms.*/\1/p' "$1" | tail -1; }
p99() { sed -n 's/.*latency:.* p99 \([0-9.]*\) ms.*/\1/p' "$1" | tail -1; }

printf '\n%-7s %-13s %12s %10s %10s\n' bench synchronous 'orders/s' 'p50 ms' 'p99 ms'
verdict=PASS
for bench in orders crash; do
  for sync in normal full; do
    file="$work/$bench-$sync.txt"
    printf '%-7s %-13s %12s %10s %10s\n' "$bench" "${sync^^}" "$(rate "$file")" "$(p50 "$file")" "$(p99 "$file")"
  done
  kept=$(awk -v full="$(rate "$work/$bench-full.txt")" -v normal="$(rate "$work/$bench-normal.txt")" \
    'BEGIN { printf "%.0f", 100 * full / normal }')
  echo "  $bench: FULL keeps ${kept}% of NORMAL's orders per second (target: at least 75%)"
  [ "$kept" -ge 75 ] || verdict=FAIL
done
echo "$verdict"
[ "$verdict" = PASS ]
