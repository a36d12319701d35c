#!/usr/bin/env bash
# Foundation figures: time to seed N generated products (default 100,000), the release
# binary's size, the database size, and the server's resident memory once it has served
# a spread of catalogue reads over that database. Prints figures; asserts nothing.
# Usage: benches/foundation.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100000}

[ -f ui/dist/index.html ] || (cd ui && npm ci --no-audit --no-fund && npm run build)
cargo build --release -q -p store-app
bin=target/release/store
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
export STORE__DATABASE__URL="sqlite://$work/store.db"

start=$(date +%s.%N)
"$bin" seed --products "$count"
seed_seconds=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {print b - a}')

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
STORE__SERVER__PORT=$port "$bin" serve 2>"$work/server.log" &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -sf "$base/api/health" >/dev/null && break; sleep 0.1; done
rss_idle=$(awk '/VmRSS/ {print $2}' "/proc/$server/status")

# A spread of reads: departments, list pages in every sort, product pages, the home page.
categories=$(curl -sf "$base/api/categories" | python3 -c 'import json,sys
def walk(nodes):
    for n in nodes:
        yield n["id"]; yield from walk(n["children"])
print(" ".join(str(i) for i in walk(json.load(sys.stdin))))')
for id in $categories; do
  for sort in relavent price-asc price-desc release_date-desc; do
    curl -sf -o /dev/null "$base/api/lists/category/$id?sort=$sort&page=3"
  done
done
for id in $(seq 1000000 7919 $((1000000 + count - 1))); do curl -sf -o /dev/null "$base/api/products/$id"; done
curl -sf -o /dev/null "$base/api/home"
curl -sf -o /dev/null "$base/"
rss_busy=$(awk '/VmRSS/ {print $2}' "/proc/$server/status")
hwm=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
products=$(curl -sf "$base/api/health" | python3 -c 'import json,sys; print(json.load(sys.stdin)["products"])')

printf '\nproducts in catalogue:      %s\n' "$products"
printf 'seed --products %s:    %.2f s\n' "$count" "$seed_seconds"
mb() { awk -v n="$1" -v d="$2" 'BEGIN {printf "%.1f", n / d}'; }
printf 'release binary size:        %s MB\n' "$(mb "$(stat -c %s "$bin")" 1048576)"
printf 'database size (with WAL):   %s MB\n' "$(mb "$(du -sb "$work" | cut -f1)" 1048576)"
printf 'server RSS idle:            %s MB\n' "$(mb "$rss_idle" 1024)"
printf 'server RSS after reads:     %s MB (peak %s MB)\n' "$(mb "$rss_busy" 1024)" "$(mb "$hwm" 1024)"
