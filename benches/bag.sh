#!/usr/bin/env bash
# The bag quote at N generated products (default 100,000): a 20-line bag priced by
# `POST /api/bag/quote` against the release binary over HTTP, p50/p99 at a fixed rate
# (default 200 requests/s for 10 s) and the maximum throughput with 8 connections.
# The write limits are raised for the one benchmarking client. Prints figures; asserts nothing.
# Usage: benches/bag.sh [N] [RATE] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100000}
rate=${2:-200}
seconds=${3:-10}

[ -f ui/dist/index.html ] || (cd ui && npm ci --no-audit --no-fund && npm run build)
cargo build --release -q -p store-app --bin store --example bag_bench
bin=target/release/store
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
db="sqlite://$work/store.db"
export STORE__DATABASE__URL="$db"

echo "seeding $count generated products..."
"$bin" seed --products "$count" >/dev/null

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
STORE__SERVER__PORT=$port \
  STORE__LIMITS__CLIENT_BURST=1000000 STORE__LIMITS__CLIENT_PER_MINUTE=100000000 \
  STORE__LIMITS__GLOBAL_BURST=1000000 STORE__LIMITS__GLOBAL_PER_SECOND=1000000 \
  "$bin" serve 2>"$work/server.log" &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 600); do curl -sf "$base/api/health" >/dev/null && break; sleep 0.1; done
target/release/examples/bag_bench "$db" "$base" "$rate" "$seconds"
printf 'server RSS after the load %s MB\n' "$(awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$server/status")"
