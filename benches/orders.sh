#!/usr/bin/env bash
# Placing orders under load: BUYERS concurrent guests (default 64 connections) on
# 127.0.0.1 quote then place orders for SECONDS (default 20) against the release binary
# over a fresh demo database with the sandbox gateway: most pay by card, 10% compete for
# the last units of three hot products, 10% pay with the same three gift cards, 10%
# submit the same order twice at once, 2% with a card the sandbox declines. Prints the
# answers by status, orders per second and the p50/p99 of POST /api/orders; then, with
# the server stopped, checks the database (stock, gift card balances, charges, every
# acknowledged order) and fails when a check does.
# The tool is crates/app/examples/orders_bench.rs.
# Usage: benches/orders.sh [BUYERS] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
buyers=${1:-64}
seconds=${2:-20}

[ -f ui/dist/index.html ] || (cd ui && npm ci --no-audit --no-fund && npm run build)
# Two builds: in one, the example's dev-dependency features (poem's `test`, the
# adapters' `fakes`) would be compiled into the server binary measured here.
cargo build --release -q -p store-app --bin store
cargo build --release -q -p store-app --example orders_bench
target=${CARGO_TARGET_DIR:-target}
bin=$target/release/store
bench=$target/release/examples/orders_bench
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
db="sqlite://$work/store.db"
export STORE__DATABASE__URL="$db"
# One client address for every buyer: the per-client write limits are raised.
export STORE__LIMITS__CLIENT_BURST=1000000 STORE__LIMITS__CLIENT_PER_MINUTE=100000000
export STORE__LIMITS__GLOBAL_BURST=1000000 STORE__LIMITS__GLOBAL_PER_SECOND=1000000
export STORE__LIMITS__ORDERS__BURST=1000000 STORE__LIMITS__ORDERS__PER_MINUTE=100000000
# So are the failure limits: the buyers' 2% declined cards and the used-up gift cards
# would otherwise count against the one client they share.
export STORE__ORDERS__DECLINES_PER_HOUR=1000000 STORE__CHECKOUT__GIFT_CARD_ATTEMPTS_PER_MINUTE=1000000

"$bin" seed >/dev/null
"$bench" prepare "$db" "$work/state.json"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
STORE__SERVER__PORT=$port "$bin" serve 2>"$work/server.log" &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 600); do curl -sf "$base/api/health" >/dev/null && break; sleep 0.1; done
curl -sf "$base/api/health" >/dev/null || { cat "$work/server.log"; exit 1; }

"$bench" load "$base" "$buyers" "$seconds" "$work/state.json" "$work/acks.jsonl"
printf 'server RSS after the load %s MB\n' "$(awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$server/status")"
kill "$server"
wait "$server" || true
server=
"$bench" check "$db" "$work/state.json" "$work/acks.jsonl"
