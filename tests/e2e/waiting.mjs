// Small helpers the end-to-end tests share.
import assert from 'node:assert/strict'

/** How long a test waits for the app to settle after an action. */
export const SETTLE_MS = 10_000

/** Polls `check` (a failure description, or nothing when satisfied) until it passes. */
export async function eventually(check, timeout = SETTLE_MS) {
  const deadline = Date.now() + timeout
  for (;;) {
    const problem = await check()
    if (!problem) return
    if (Date.now() > deadline) throw new assert.AssertionError({ message: problem })
    await new Promise((resolveWait) => setTimeout(resolveWait, 100))
  }
}

/** The most of an item one order may hold: its stock, capped by its per-order limit. */
export const limitOf = (offer) => (offer.max_quantity == null ? offer.max : Math.min(offer.max, offer.max_quantity))
