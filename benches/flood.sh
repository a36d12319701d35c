#!/usr/bin/env bash
# The flood test: one client on 127.0.0.1 sends WRITES anonymous writes (default 10,000)
# in SECONDS (default 20) to the release binary over a fresh demo database, with the
# default limits, while catalogue reads go on at 20 requests/s. Prints the writes'
# answers by status, the reads' p50/p99, and the database's growth per table.
# With BUDGET_BYTES it also checks what does not depend on timing (most writes 429, no
# 5xx, every read 200, growth within BUDGET_BYTES) and fails when one does not hold;
# scripts/test runs it that way, short.
# Usage: benches/flood.sh [WRITES] [SECONDS] [BUDGET_BYTES]
#
# STORE_BIN and FLOOD_BENCH name a server and a client already built; without them both
# are built here in release. The two builds are separate: the client is an example of
# store-app, so building it brings the dev-dependencies' features into that build
# (poem's `test`, the adapters' `fakes`); built in one command with `--bin store`, the
# server was recompiled with them too and overwrote the release binary. scripts/test
# passes the release binary it tests everywhere else and the client `cargo test` has
# just built (in debug: what the checks judge is the server's answers, and a debug
# client still sends 500 writes a second), which saves recompiling store-app's
# dependents in release a second time.
set -euo pipefail
cd "$(dirname "$0")/.."
writes=${1:-10000}
seconds=${2:-20}
budget=${3:-}

bin=${STORE_BIN:-}
bench=${FLOOD_BENCH:-}
if [ -z "$bin" ]; then
  [ -f ui/dist/index.html ] || (cd ui && npm ci --no-audit --no-fund && npm run build)
  cargo build --release -q -p store-app --bin store
  bin=target/release/store
fi
if [ -z "$bench" ]; then
  cargo build --release -q -p store-app --example flood_bench
  bench=target/release/examples/flood_bench
fi
[ -x "$bin" ] || { echo "flood: no store binary at $bin" >&2; exit 1; }
[ -x "$bench" ] || { echo "flood: no flood_bench at $bench" >&2; exit 1; }
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
