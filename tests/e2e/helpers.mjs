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

/**
 * A simple product of the running store (no variations, no personalization, shipped)
 * priced from `min` to `max` cents with at least `units` orderable: the first found on
 * the home page's new arrivals, then in each department's list.
 */
export async function simpleProduct(store, { min, max, units }) {
  const home = await store.api('/api/home')
  const candidates = [...home.new_arrivals]
  for (const department of home.departments) {
    const [, index, , id] = department.value.split('/')
    candidates.push(...(await store.api(`/api/lists/${index}/${id}`)).items)
  }
  for (const card of candidates) {
    if (card.kind !== 'product' || !card.in_stock || card.price < min || card.price > max) continue
    const offer = await store.api(`/api/products/${card.id}`)
    const simple = offer.type === 'product' && offer.variation_infos.length === 0
    if (simple && offer.item_type === 'others' && limitOf(offer) >= units && offer.meta.personalization.length === 0) {
      return offer
    }
  }
  assert.fail(`no simple product between ${min} and ${max} cents with ${units} in stock`)
}

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
