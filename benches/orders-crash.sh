#!/usr/bin/env bash
# Placing orders while the server crashes: the load of benches/orders.sh (BUYERS guests,
# default 64) while the server is killed with SIGKILL KILLS times (default 20, at least
# 20) at random moments and started again on the same database file and port. Buyers send
# the same request (same idempotency key) again after a network error or a 503 until it
# is answered, as the UI does, and record every order acknowledged. After a last clean
# start (its start-up sweep runs) and stop, checks the database: every acknowledged order
# present and paid once, none left half-placed, no charge left authorised or captured
# twice, stock and gift card balances adding up. Fails when a check does.
# The tool is crates/app/examples/orders_bench.rs.
# Usage: benches/orders-crash.sh [KILLS] [BUYERS]
set -euo pipefail
cd "$(dirname "$0")/.."
kills=${1:-20}
buyers=${2:-64}
[ "$kills" -ge 20 ] || { echo "KILLS must be at least 20" >&2; exit 2; }

[ -f ui/dist/index.html ] || (cd ui && npm ci --no-audit --no-fund && npm run build)
# Two builds: in one, the example's dev-dependency features (poem's `test`, the
# adapters' `fakes`) would be compiled into the server binary measured here.
cargo build --release -q -p store-app --bin store
cargo build --release -q -p store-app --example orders_bench
target=${CARGO_TARGET_DIR:-target}
bin=$target/release/store
bench=$target/release/examples/orders_bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="sqlite://$work/store.db"
export STORE__DATABASE__URL="$db"
export STORE__LIMITS__CLIENT_BURST=1000000 STORE__LIMITS__CLIENT_PER_MINUTE=100000000
export STORE__LIMITS__GLOBAL_BURST=1000000 STORE__LIMITS__GLOBAL_PER_SECOND=1000000
export STORE__LIMITS__ORDERS__BURST=1000000 STORE__LIMITS__ORDERS__PER_MINUTE=100000000
# So are the failure limits: the buyers' 2% declined cards and the used-up gift cards
# would otherwise count against the one client they share.
export STORE__ORDERS__DECLINES_PER_HOUR=1000000 STORE__CHECKOUT__GIFT_CARD_ATTEMPTS_PER_MINUTE=1000000

"$bin" seed >/dev/null
"$bench" prepare "$db" "$work/state.json"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The tool starts, kills and restarts the server itself (STORE__SERVER__PORT below).
STORE__SERVER__PORT=$port "$bench" crash "$bin" "$port" "$buyers" "$kills" \
  "$work/state.json" "$work/acks.jsonl" "$work/server.log" ||
  { tail -20 "$work/server.log"; exit 1; }
"$bench" check "$db" "$work/state.json" "$work/acks.jsonl" crash
