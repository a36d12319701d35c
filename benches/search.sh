#!/usr/bin/env bash
# Search figures at N generated products (default 100,000): index build time from
# empty, index size, in-process engine vs SQL LIKE latency, then over HTTP against the
# release binary: suggestions and faceted search p50/p99 at a fixed rate (default
# 200 requests/s for 10 s), maximum throughput, and the server's resident memory.
# Prints figures; asserts nothing.
# Usage: benches/search.sh [N] [RATE] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100000}
rate=${2:-200}
seconds=${3:-10}

[ -f ui/dist/index.html ] || (cd ui && npm ci --no-audit --no-fund && npm run build)
cargo build --release -q -p store-app --bin store --example search_bench
bin=target/release/store
bench=target/release/examples/search_bench
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
db="sqlite://$work/store.db"
export STORE__DATABASE__URL="$db"

echo "seeding $count generated products..."
"$bin" seed --products "$count" >/dev/null
echo
"$bench" offline "$db"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
start=$(date +%s.%N)
STORE__SERVER__PORT=$port "$bin" serve 2>"$work/server.log" &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 600); do curl -sf "$base/api/health" >/dev/null && break; sleep 0.1; done
ready=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {print b - a}')
rss_idle=$(awk '/VmRSS/ {print $2}' "/proc/$server/status")
echo
printf 'server start to first answer (index built): %.1f s\n' "$ready"
"$bench" load "$db" "$base" "$rate" "$seconds"
rss_busy=$(awk '/VmRSS/ {print $2}' "/proc/$server/status")
hwm=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
mb() { awk -v n="$1" 'BEGIN {printf "%.0f", n / 1024}'; }
echo
printf 'server RSS idle %s MB, after the load %s MB, peak %s MB\n' "$(mb "$rss_idle")" "$(mb "$rss_busy")" "$(mb "$hwm")"
