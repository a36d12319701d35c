#!/usr/bin/env bash
# The flood test: one client on 127.0.0.1 sends WRITES anonymous writes (default 10,000)
# in SECONDS (default 20) to the release binary over a fresh demo database, with the
# default limits, while catalogue reads go on at 20 requests/s. Prints the writes'
# answers by status, the reads' p50/p99, and the database's growth per table.
# With BUDGET_BYTES it also checks what does not depend on timing (most writes 429, no
# 5xx, every read 200, growth within BUDGET_BYTES) and fails when one does not hold;
# scripts/test runs it that way, short.
# Usage: benches/flood.sh [WRITES] [SECONDS] [BUDGET_BYTES]
set -euo pipefail
cd "$(dirname "$0")/.."
writes=${1:-10000}
seconds=${2:-20}
budget=${3:-}

[ -f ui/dist/index.html ] || (cd ui && npm ci --no-audit --no-fund && npm run build)
cargo build --release -q -p store-app --bin store --example flood_bench
bin=target/release/store
bench=target/release/examples/flood_bench
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
export STORE__DATABASE__URL="sqlite://$work/store.db"
# Counts of searches written every second, so the growth measured includes them.
export STORE__SEARCH__COUNT_FLUSH_SECONDS=1

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
STORE__SERVER__PORT=$port "$bin" serve 2>"$work/server.log" &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 600); do curl -sf "$base/api/health" >/dev/null && break; sleep 0.1; done
curl -sf "$base/api/health" >/dev/null || { cat "$work/server.log"; exit 1; }

"$bench" "$STORE__DATABASE__URL" "$base" "$writes" "$seconds" $budget
