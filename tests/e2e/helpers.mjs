// Small helpers the end-to-end tests share: waiting for the app, item limits, the outbox.
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

/** The six-digit code of the newest sign-up mail to `email`, read from the outbox with `store mail`. */
export async function signUpCode(store, email) {
  let code
  await eventually(async () => {
    const mails = (await store.command('mail', '--limit', '20')).split(/^(?=#\d)/m)
    const mail = mails.find((text) => text.split('\n')[0].includes(`to ${email}`))
    code = mail?.match(/\b(\d{6})\b/)?.[1]
    return code ? undefined : `no sign-up code for ${email} in the outbox`
  })
  return code
}
