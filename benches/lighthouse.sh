#!/usr/bin/env bash
# Lighthouse (default mobile profile, Debian Chromium) against the release binary for the
# home page, a product listing and a product page; prints performance and accessibility
# scores and the gzipped JavaScript the home page loads. Prints figures; asserts nothing.
# Targets (issue 3): performance >= 95 and accessibility 100 on each; home JS <= 150 KB gzipped.
# Usage: benches/lighthouse.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

scripts/ensure-chromium
(cd ui && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build)
(cd benches/lighthouse && npm ci --no-audit --no-fund)
cargo build --release -q -p store-app

work=${LH_KEEP:-$(mktemp -d)}; mkdir -p "$work"
trap 'kill "$server" 2>/dev/null || true; [ -n "${LH_KEEP:-}" ] || rm -rf "$work"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
STORE__DATABASE__URL="sqlite://$work/store.db" STORE__SERVER__PORT=$port target/release/store serve 2>"$work/server.log" &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -sf "$base/api/health" >/dev/null && break; sleep 0.1; done

# Real pages from the demo catalogue: the first department's list and its first product.
read -r listing product < <(curl -sf "$base/api/categories" | python3 -c '
import json, sys, urllib.request
department = json.load(sys.stdin)[0]["value"]
_, index, _, ident = department.split("/")
items = json.load(urllib.request.urlopen(sys.argv[1] + f"/api/lists/{index}/{ident}"))["items"]
print(department, items[0]["path"])' "$base")

printf '%-10s %12s %14s %16s\n' page performance accessibility "JS (gzip, KB)"
for pair in "home /" "listing $listing" "product $product"; do
  set -- $pair
  report="$work/$1.json"
  CHROME_PATH=/usr/bin/chromium benches/lighthouse/node_modules/.bin/lighthouse "$base$2" \
    --quiet --output json --output-path "$report" --only-categories=performance,accessibility \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=$work/profile-$1" >/dev/null
  python3 - "$report" "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
score = lambda c: round(r["categories"][c]["score"] * 100)
scripts = [i for i in r["audits"]["network-requests"]["details"]["items"] if i.get("resourceType") == "Script"]
js_kb = sum(i.get("transferSize", 0) for i in scripts) / 1024
print(f"{sys.argv[2]:<10} {score('performance'):>12} {score('accessibility'):>14} {js_kb:>16.1f}")
PY
done
