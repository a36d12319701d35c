#!/usr/bin/env bash
# Reads against static files (issue 32): a product's API answer, a listing of 24 and a
# product page's HTML (with its inlined first screen), over HTTP/1.1 with keep-alive on
# 127.0.0.1, from
#   - nginx serving the very same bytes as files: the ceiling;
#   - the store with its read cache (the default settings);
#   - the store with the cache off (`STORE__CACHE__MAX_MEGABYTES=0`): every answer made
#     afresh, what a miss costs.
# One run, one after the other, on one SQLite store seeded with PRODUCTS generated
# products. Each server has core 0 to itself (nginx with one worker) and wrk, with one
# thread and CONNECTIONS connections for SECONDS each, has core 1: sharing the two cores
# with the client, every server's p99 was set by the scheduler rather than by itself.
# Prints requests/s and the latency p50 and p99 of each, and the store's share of
# nginx's requests/s.
# Needs nginx (scripts/ensure-nginx) and wrk (apt-get install -y wrk).
# Usage: benches/reads.sh [SECONDS] [CONNECTIONS] [PRODUCTS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
connections=${2:-16}
products=${3:-10000}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
scripts/ensure-nginx

[ -f ui/dist/index.html ] || (cd ui && npm ci --no-audit --no-fund && npm run build)
cargo build --release -q -p store-app --bin store
bin=$PWD/${CARGO_TARGET_DIR:-target}/release/store
work=$(mktemp -d)
chmod 755 "$work" # nginx's workers (nobody) read the files under it
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
serve() { # PORT LOG [ENV...]
  local port=$1 log=$2
  shift 2
  env STORE__SERVER__PORT="$port" "$@" taskset -c 0 "$bin" serve 2>>"$log" &
  pids+=($!)
  for _ in $(seq 600); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && return 0; sleep 0.1; done
  echo "the store did not answer on $port" >&2
  exit 1
}

export STORE__DATABASE__URL="sqlite://$work/store.db"
# Reads are never limited; no limit settings needed.
"$bin" seed --products "$products" >/dev/null

cached=$(free_port)
serve "$cached" "$work/cached.log"
base=http://127.0.0.1:$cached
# The first generated product, and the first category with at least 24 of them.
product=1000000
category=$(curl -sf "$base/api/categories" | python3 -c 'import json,sys
def walk(nodes):
    for n in nodes:
        yield n["id"]; yield from walk(n["children"])
print(" ".join(str(i) for i in walk(json.load(sys.stdin))))' | tr ' ' '\n' | while read -r id; do
  total=$(curl -sf "$base/api/lists/category/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
  if [ "$total" -ge 24 ]; then echo "$id"; break; fi
done)
[ -n "$category" ] || { echo "no category holds 24 products" >&2; exit 1; }
paths=("/api/products/$product" "/api/lists/category/$category" "/products/item/$product")
names=("product answer" "listing of 24" "product page HTML")

# The same bytes as files, served by nginx as a static site would be.
mkdir -p "$work/static"
for i in "${!paths[@]}"; do
  curl -sf "$base${paths[$i]}" -o "$work/static/$i"
done
nginx_port=$(free_port)
mkdir -p "$work/nginx"
{
  echo "worker_processes 1; pid $work/nginx/nginx.pid; error_log $work/nginx/error.log warn; daemon off;"
  echo "events { worker_connections 4096; }"
  echo "http { access_log off; sendfile on; keepalive_requests 10000000; open_file_cache max=16;"
  echo "  client_body_temp_path $work/nginx/body; proxy_temp_path $work/nginx/proxy;"
  echo "  fastcgi_temp_path $work/nginx/fastcgi; uwsgi_temp_path $work/nginx/uwsgi; scgi_temp_path $work/nginx/scgi;"
  echo "  server { listen 127.0.0.1:$nginx_port; root $work/static; default_type application/json; } }"
} >"$work/nginx/nginx.conf"
taskset -c 0 nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" &
pids+=($!)
sleep 0.3

uncached=$(free_port)
serve "$uncached" "$work/uncached.log" STORE__CACHE__MAX_MEGABYTES=0

# wrk's summary as "requests/s p50 p99" (latencies in ms).
measure() { # URL
  taskset -c 1 wrk -t1 -c"$connections" -d"${seconds}s" --latency "$1" | python3 -c '
import re, sys
text = sys.stdin.read()
def ms(label):
    m = re.search(r"^\s*" + label + r"\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if errors:
    sys.exit(f"{errors.group(1)} answers were errors:\n{text}")
p50, p99 = ms("50%"), ms("99%")
print(f"{rps:.0f} {p50:.2f} {p99:.2f}")'
}

printf '\n%s generated products; each server on core 0, wrk -t1 -c%s -d%ss on core 1;\n127.0.0.1, keep-alive, no compression\n' \
  "$products" "$connections" "$seconds"
printf '%-20s %-14s %10s %9s %9s %9s\n' "what" "served by" "req/s" "p50 ms" "p99 ms" "of nginx"
for i in "${!paths[@]}"; do
  read -r n_rps n_p50 n_p99 <<<"$(measure "http://127.0.0.1:$nginx_port/$i")"
  printf '%-20s %-14s %10s %9s %9s %9s\n' "${names[$i]}" "nginx, file" "$n_rps" "$n_p50" "$n_p99" "1.00"
  for server in cached uncached; do
    port=${!server}
    read -r rps p50 p99 <<<"$(measure "http://127.0.0.1:$port${paths[$i]}")"
    share=$(awk -v a="$rps" -v b="$n_rps" 'BEGIN {printf "%.2f", a / b}')
    label="store, $server"
    printf '%-20s %-14s %10s %9s %9s %9s\n' "" "$label" "$rps" "$p50" "$p99" "$share"
  done
done
