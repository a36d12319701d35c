#!/usr/bin/env bash
# The effort of a guest checkout on a phone (issue 27): tests/e2e/checkout-effort.mjs
# completes one at 390x844 in English and in Hebrew against the release binary (or
# STORE_BIN) in Chromium, and prints the fields filled, taps, key presses, pages and the
# seconds from Add to Bag to the thank-you page, with the widest sideways overflow seen.
# Usage: benches/checkout-effort.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${STORE_BIN:-}" ]; then
  [ -f ui/dist/index.html ] || (cd ui && npm ci --no-audit --no-fund && npm run build)
  cargo build --release -q -p store-app --bin store
  STORE_BIN="$PWD/${CARGO_TARGET_DIR:-target}/release/store"
fi
[ -d tests/e2e/node_modules ] || (cd tests/e2e && npm ci --no-audit --no-fund)
cd tests/e2e
STORE_BIN="$STORE_BIN" node checkout-effort.mjs
