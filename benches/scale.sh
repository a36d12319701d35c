#!/usr/bin/env bash
# Search at scale (issue 32, "A million products"): for each catalogue size (default
# 100,000 and 1,000,000 generated products) on a SQLite store, prints ONE table of
#   seed        `store seed --products N`: wall time and peak RSS (/usr/bin/time -v)
#   build       `store serve` with no index on disk, from start until ready (its first
#               generation built from the catalogue, page by page): time, and the
#               server's peak RSS then (VmHWM: the rebuild's peak, serving included)
#   first       `store serve` again, the generation now on disk: start until the first
#               search answers with products
#   suggest     suggestions p50/p99 at RATE requests/s for SECONDS (open loop,
#               crates/app/examples/search_bench.rs)
#   faceted     faceted search p50/p99, the same way
#   disk        the generation's size on disk (tantivy index and facts.bin)
# Figures only, no asserts. Release build; run it `nice`d on a shared machine. Both sizes
# take about six minutes here and a few GB of disk in a temporary folder.
# Usage: benches/scale.sh [RATE] [SECONDS] [SIZES...]
set -euo pipefail
cd "$(dirname "$0")/.."
rate=${1:-200}
seconds=${2:-10}
shift $(($# < 2 ? $# : 2))
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100000 1000000)

cargo build --release -q -p store-app --bin store --example search_bench
bin=$PWD/target/release/store
bench=$PWD/target/release/examples/search_bench
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}'; }
mb() { awk -v n="$1" 'BEGIN {printf "%.0f", n / 1024}'; }

# Starts the server on $db, prints nothing; sets $server and $base.
start() {
    local port
    port=$(free_port)
    base="http://127.0.0.1:$port"
    STORE__SERVER__PORT=$port RUST_LOG=warn "$bin" serve 2>>"$work/server.log" &
    server=$!
}
stop() { kill "$server"; wait "$server" 2>/dev/null || true; server=; }

rows=()
for n in "${sizes[@]}"; do
    dir="$work/$n"
    mkdir -p "$dir"
    export STORE__DATABASE__URL="sqlite://$dir/store.db"
    export STORE__SEARCH__DIR="$dir/search"

    /usr/bin/time -v "$bin" seed --products "$n" >/dev/null 2>"$dir/seed.time"
    seed_s=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.1f", s}' "$dir/seed.time")
    seed_mb=$(mb "$(awk -F': ' '/Maximum resident/ {print $2}' "$dir/seed.time")")
    echo "$n: seeded in $seed_s s, $seed_mb MB" >&2

    t0=$(now)
    start
    until curl -sf "$base/api/health/ready" >/dev/null; do sleep 0.2; done
    build_s=$(since "$t0")
    build_mb=$(mb "$(awk '/VmHWM/ {print $2}' "/proc/$server/status")")
    stop
    echo "$n: index built in $build_s s, server peak $build_mb MB" >&2

    t0=$(now)
    start
    until curl -sf "$base/api/search?q=mug" 2>/dev/null | grep -q '"total":[1-9]'; do sleep 0.02; done
    first_s=$(since "$t0")
    echo "$n: first search answered $first_s s after start" >&2
    "$bench" load "$STORE__DATABASE__URL" "$base" "$rate" "$seconds" >"$dir/load.txt"
    stop
    # "  suggestions   p50 1.2 ms  p99 3.4 ms ..." -> "1.2/3.4"
    pick() { awk -v what="$1" '$0 ~ "^  " what {for (i = 1; i <= NF; i++) {if ($i == "p50") a = $(i + 1); if ($i == "p99") b = $(i + 1)}; print a "/" b; exit}' "$dir/load.txt"; }
    disk=$(du -sm "$STORE__SEARCH__DIR" | cut -f1)
    rows+=("$(printf '%9s | %7s s %6s MB | %7s s %6s MB | %7s s | %13s | %13s | %6s MB' \
        "$n" "$seed_s" "$seed_mb" "$build_s" "$build_mb" "$first_s" "$(pick suggestions)" "$(pick 'faceted search')" "$disk")")
    rm -rf "$dir"
done

echo
echo "search at scale, SQLite, release build, $rate requests/s for $seconds s (latencies p50/p99 in ms)"
printf '%9s | %17s | %17s | %9s | %13s | %13s | %9s\n' products "seed (time, RSS)" "build (time, RSS)" "first" suggestions faceted "disk"
for row in "${rows[@]}"; do echo "$row"; done
