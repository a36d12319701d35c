#!/usr/bin/env bash
# The store beyond one machine, measured beside the embedded default in one run (issue
# 31): two release instances on one PostgreSQL database behind nginx, against one
# instance on SQLite, on this machine's 127.0.0.1.
#
#   1. Orders: the load of benches/orders.sh (BUYERS guests for SECONDS) on SQLite, one
#      instance, then through nginx to two instances on PostgreSQL; each followed by the
#      database checks (no oversell, every acknowledged order present and paid once,
#      charges and gift cards consistent).
#   2. Crashes: the load again through nginx while the two instances are killed with
#      SIGKILL KILLS times, one at a time in turn (the other keeps taking orders), each
#      started again; then the start-up sweeps and the crash checks (nothing left held).
#   3. Reads: wrk on a product page and a listing of 24 (keep-alive, 2 threads, 64
#      connections, 10 s each) on the SQLite instance, then through nginx to the two.
# Prints a table of the figures at the end; fails when a check does.
# Needs PostgreSQL on STORE_TEST_POSTGRES (by default postgres://postgres@127.0.0.1:5432,
# where it creates and drops a database per part), nginx (scripts/ensure-nginx) and wrk
# (apt install wrk).
# Usage: benches/instances.sh [BUYERS] [SECONDS] [KILLS]
set -euo pipefail
cd "$(dirname "$0")/.."
buyers=${1:-64}
seconds=${2:-15}
kills=${3:-20}
postgres=${STORE_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
scripts/ensure-nginx
scripts/ensure-postgres

[ -f ui/dist/index.html ] || (cd ui && npm ci --no-audit --no-fund && npm run build)
# Two builds: in one, the example's dev-dependency features would be compiled into the
# server binary measured here (benches/orders.sh).
cargo build --release -q -p store-app --bin store
cargo build --release -q -p store-app --example orders_bench
target=${CARGO_TARGET_DIR:-target}
bin=$PWD/$target/release/store
bench=$PWD/$target/release/examples/orders_bench
work=$(mktemp -d)
chmod 755 "$work" # nginx's workers (nobody) write their temporary files under it
pids=()
databases=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for db in "${databases[@]}"; do psql "$postgres/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# The orders bench's limits: one client address for every buyer, failures expected.
export STORE__LIMITS__CLIENT_BURST=1000000 STORE__LIMITS__CLIENT_PER_MINUTE=100000000
export STORE__LIMITS__GLOBAL_BURST=1000000 STORE__LIMITS__GLOBAL_PER_SECOND=1000000
export STORE__LIMITS__ORDERS__BURST=1000000 STORE__LIMITS__ORDERS__PER_MINUTE=100000000
export STORE__ORDERS__DECLINES_PER_HOUR=1000000 STORE__CHECKOUT__GIFT_CARD_ATTEMPTS_PER_MINUTE=1000000

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() { # URL
  for _ in $(seq 600); do curl -sf "$1/api/health" >/dev/null && return 0; sleep 0.1; done
  echo "nothing answered at $1" >&2
  return 1
}
# A fresh PostgreSQL database with byte-order collation (the store refuses another);
# prints its URL.
new_database() {
  local name
  name=store_bench_$(date +%s%N)
  psql "$postgres/postgres" -qc "CREATE DATABASE $name TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'"
  databases+=("$name")
  echo "$postgres/$name"
}
# Starts `store serve` on PORT with the current STORE__DATABASE__URL; logs to LOG. In the
# work folder: an instance on PostgreSQL keeps its search index in data/search-PORT there.
serve() { # PORT LOG
  (cd "$work" && STORE__SERVER__PORT=$1 exec "$bin" serve) 2>>"$2" &
  pids+=($!)
  wait_for "http://127.0.0.1:$1"
}
stop_servers() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}
# nginx on FRONT before the instances on PORTS..., as docs/deploy.md sets it up (no TLS
# on loopback): keep-alive to the instances, a refused connection tried on the other.
front() { # FRONT PORTS...
  local port=$1 dir=$work/nginx-$1
  shift
  mkdir -p "$dir"
  {
    echo "worker_processes auto; pid $dir/nginx.pid; error_log $dir/error.log warn; daemon off;"
    echo "events { worker_connections 4096; }"
    echo "http { access_log off; client_body_temp_path $dir/body; proxy_temp_path $dir/proxy;"
    echo "  fastcgi_temp_path $dir/fastcgi; uwsgi_temp_path $dir/uwsgi; scgi_temp_path $dir/scgi;"
    echo "  upstream store { $(for p in "$@"; do printf 'server 127.0.0.1:%s max_fails=0; ' "$p"; done) keepalive 128; }"
    echo "  server { listen 127.0.0.1:$port; location / { proxy_pass http://store;"
    echo "    proxy_http_version 1.1; proxy_set_header Connection \"\"; proxy_set_header Host \$host;"
    echo "    proxy_set_header X-Forwarded-For \$remote_addr; proxy_next_upstream error; } } }"
  } >"$dir/nginx.conf"
  nginx -c "$dir/nginx.conf" -p "$dir" &
  pids+=($!)
  sleep 0.3
}
results=$work/results
: >"$results"

orders_run() { # NAME URL BASE
  local name=$1 url=$2 base=$3 out=$work/$1.out
  STORE__DATABASE__URL=$url "$bench" load "$base" "$buyers" "$seconds" "$work/$name.state" "$work/$name.acks" | tee "$out"
  stop_servers
  "$bench" check "$url" "$work/$name.state" "$work/$name.acks" | tee -a "$out"
}

echo "== 1. Orders: $buyers buyers for $seconds s"
echo "-- one instance on SQLite"
sqlite_url="sqlite://$work/store.db"
STORE__DATABASE__URL=$sqlite_url "$bin" seed >/dev/null
"$bench" prepare "$sqlite_url" "$work/sqlite.state"
sqlite_port=$(free_port)
STORE__DATABASE__URL=$sqlite_url serve "$sqlite_port" "$work/sqlite.log"
orders_run sqlite "$sqlite_url" "http://127.0.0.1:$sqlite_port"

echo "-- two instances on PostgreSQL behind nginx"
pg_url=$(new_database)
STORE__DATABASE__URL=$pg_url "$bin" seed >/dev/null
"$bench" prepare "$pg_url" "$work/postgres.state"
a=$(free_port) b=$(free_port) nginx_port=$(free_port)
STORE__DATABASE__URL=$pg_url serve "$a" "$work/postgres.log"
STORE__DATABASE__URL=$pg_url serve "$b" "$work/postgres.log"
front "$nginx_port" "$a" "$b"
orders_run postgres "$pg_url" "http://127.0.0.1:$nginx_port"

echo "== 2. Crashes: two instances on PostgreSQL behind nginx, killed $kills times in turn"
crash_url=$(new_database)
STORE__DATABASE__URL=$crash_url "$bin" seed >/dev/null
"$bench" prepare "$crash_url" "$work/crash.state"
a=$(free_port) b=$(free_port) nginx_port=$(free_port)
front "$nginx_port" "$a" "$b"
(cd "$work" && STORE__DATABASE__URL=$crash_url exec "$bench" crash "$bin" "$a,$b" "$buyers" "$kills" \
  "$work/crash.state" "$work/crash.acks" "$work/crash.log" "$nginx_port") | tee "$work/crash.out" ||
  { tail -20 "$work/crash.log"; exit 1; }
stop_servers
"$bench" check "$crash_url" "$work/crash.state" "$work/crash.acks" crash | tee -a "$work/crash.out"

echo "== 3. Reads: wrk, 2 threads, 64 connections, 10 s per page"
read_page() { # LABEL URL
  wrk -t2 -c64 -d10s --latency "$2" >"$work/wrk.out"
  printf '%-48s %12s %10s\n' "$1" "$(awk '/Requests\/sec/ {print $2}' "$work/wrk.out")" \
    "$(awk '$1 == "99%" {print $2}' "$work/wrk.out")" >>"$results"
}
reads() { # LABEL BASE
  local category product
  category=$(curl -sf "$2/api/categories" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
  product=$(curl -sf "$2/api/lists/category/$category" | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
  read_page "$1: product page" "$2/api/products/$product"
  read_page "$1: listing of 24" "$2/api/lists/category/$category?sort=price-asc&page=1"
}
STORE__DATABASE__URL=$sqlite_url serve "$sqlite_port" "$work/sqlite.log"
reads "SQLite, one instance" "http://127.0.0.1:$sqlite_port"
stop_servers
a=$(free_port) b=$(free_port) nginx_port=$(free_port)
STORE__DATABASE__URL=$pg_url serve "$a" "$work/postgres.log"
STORE__DATABASE__URL=$pg_url serve "$b" "$work/postgres.log"
front "$nginx_port" "$a" "$b"
reads "PostgreSQL, two behind nginx" "http://127.0.0.1:$nginx_port"
stop_servers

echo
echo "== Figures (one run, this machine: $(nproc) cores)"
for run in sqlite postgres crash; do
  case $run in
    sqlite) echo "orders, SQLite, one instance:" ;;
    postgres) echo "orders, PostgreSQL, two instances behind nginx:" ;;
    crash) echo "orders, PostgreSQL, two instances behind nginx, killed $kills times in turn:" ;;
  esac
  grep -E '^orders acknowledged|^POST /api/orders latency' "$work/$run.out" | sed 's/^/  /'
done
printf '\n%-48s %12s %10s\n' "reads (wrk -t2 -c64 -d10s, keep-alive)" "requests/s" "p99"
cat "$results"
