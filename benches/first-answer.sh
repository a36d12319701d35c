#!/usr/bin/env bash
# A newcomer's first minutes: clones this repository at REV (default HEAD) into DIR
# (default a temporary folder, removed after), runs its scripts/run there with no
# build output and no database, and prints the seconds until /api/health answers,
# then how long cargo took to compile.
# Crates and npm packages come from the local caches when they hold them, so the
# figure leaves out download time; run it on a quiet machine.
# Usage: benches/first-answer.sh [REV] [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD}
dir=${2:-}
if [ -z "$dir" ]; then
  dir=$(mktemp -d)
  keep=
else
  keep=yes
fi
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; [ -z "$keep" ] && rm -rf "$dir"' EXIT

git clone -q . "$dir/store"
git -C "$dir/store" checkout -q "$(git rev-parse "$rev")"
cd "$dir/store"
unset CARGO_TARGET_DIR
# Fetching is not compiling: the lock file's crates are downloaded (or found) first.
cargo fetch --locked -q

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export STORE__SERVER__PORT=$port STORE__DATABASE__URL="sqlite://$dir/store.db"
start=$(date +%s.%N)
# scripts/run ends by exec'ing the store, so this is the store's process in the end.
scripts/run >"$dir/run.log" 2>&1 &
server=$!
until curl -sf "http://127.0.0.1:$port/api/health" >/dev/null; do
  if ! kill -0 "$server" 2>/dev/null; then
    tail -30 "$dir/run.log"
    exit 1
  fi
  sleep 0.2
done
answered=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
compile=$(grep -o 'Finished .* in .*' "$dir/run.log" | tail -1)
echo "revision      $(git rev-parse --short HEAD)"
echo "first answer  ${answered} s after scripts/run started"
echo "cargo         ${compile:-nothing to compile}"
