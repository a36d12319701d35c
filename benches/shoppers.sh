#!/usr/bin/env bash
# Shoppers under a flood: 32 signed-up shoppers browse, sign in and place orders at a
# person's pace for SECONDS (default 30) against the release binary over a fresh demo
# database, with the default limits, as if behind a reverse proxy (X-Forwarded-For
# believed from 127.0.0.1, so each shopper is a client of its own). Run twice, each on
# a freshly started server: the shoppers alone, then the shoppers while one more client
# floods the anonymous writes and signs in with wrong passwords as fast as it can.
# Prints the shoppers' answers by kind and status, the orders placed and the p50/p99 of
# POST /api/orders for each run, the flooder's answers and requests/s, then PASS/FAIL
# per target (no 429 and no 5xx for the shoppers; orders p99 with the flood within 2x
# of the run without) and exits non-zero on a FAIL.
# The tool is crates/app/examples/shoppers_bench.rs.
# Usage: benches/shoppers.sh [SECONDS]
#
# STORE_BIN and SHOPPERS_BENCH name a server and a tool already built; without them
# both are built here in release, separately (see benches/flood.sh for why).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
shoppers=32

target=${CARGO_TARGET_DIR:-target}
bin=${STORE_BIN:-}
bench=${SHOPPERS_BENCH:-}
if [ -z "$bin" ]; then
  [ -f ui/dist/index.html ] || (cd ui && npm ci --no-audit --no-fund && npm run build)
  cargo build --release -q -p store-app --bin store
  bin=$target/release/store
fi
if [ -z "$bench" ]; then
  cargo build --release -q -p store-app --example shoppers_bench
  bench=$target/release/examples/shoppers_bench
fi
[ -x "$bin" ] || { echo "shoppers: no store binary at $bin" >&2; exit 1; }
[ -x "$bench" ] || { echo "shoppers: no shoppers_bench at $bench" >&2; exit 1; }
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
db="sqlite://$work/store.db"
export STORE__DATABASE__URL="$db"
# The documented proxy set-up; every budget keeps its default.
export STORE__LIMITS__CLIENT_IP_HEADER=X-Forwarded-For STORE__LIMITS__TRUSTED_PROXIES=127.0.0.1

"$bin" seed >/dev/null
"$bench" prepare "$db" "$work/state.json" "$shoppers"

# A fresh server (fresh budgets) on a free port: sets $server and $base.
start() {
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  STORE__SERVER__PORT=$port "$bin" serve 2>>"$work/server.log" &
  server=$!
  base="http://127.0.0.1:$port"
  for _ in $(seq 600); do curl -sf "$base/api/health" >/dev/null && break; sleep 0.1; done
  curl -sf "$base/api/health" >/dev/null || { cat "$work/server.log"; exit 1; }
}

stop() {
  kill "$server"
  wait "$server" || true
  server=
}

echo "== without the flood"
start
"$bench" run "$base" "$seconds" "$work/state.json" "$work/quiet.json"
stop
echo "== with the flood"
start
"$bench" run "$base" "$seconds" "$work/state.json" "$work/flooded.json" flood
stop
echo "== targets"
"$bench" verdict "$work/quiet.json" "$work/flooded.json"
