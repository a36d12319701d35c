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
 * priced from `min` to `max` cents with at least `units` orderable, and that `accept`s:
 * the first found on the home page's new arrivals, then in each department's list.
 */
export async function simpleProduct(store, { min, max, units, accept = () => true }) {
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
    const plain = offer.item_type === 'others' && offer.meta.personalization.length === 0
    if (simple && plain && limitOf(offer) >= units && accept(offer)) {
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

/**
 * The windows each test file runs its journeys in: `E2E_VIEWPORTS` (such as
 * `1366x900,390x844,320x640`), by default a desktop and a phone. `scripts/e2e-matrix` runs the
 * suite at the sizes the default leaves out. `name` is unique within a run (it goes into test
 * names and the e-mail addresses a file signs up with); `mobile` is the app's own breakpoint
 * (ui/src/lib/useMediaQuery.ts), under which the header folds into the menu.
 */
export const VIEWPORTS = (process.env.E2E_VIEWPORTS || '1366x900,390x844').split(',').map((size) => {
  const match = size.trim().match(/^(\d+)x(\d+)$/)
  if (!match) throw new Error(`E2E_VIEWPORTS: "${size}" is not WIDTHxHEIGHT`)
  const [width, height] = [Number(match[1]), Number(match[2])]
  const mobile = width < 769
  const name = width === 1366 && height === 900 ? 'desktop' : width === 390 && height === 844 ? 'mobile' : size.trim()
  return { name, width, height, mobile }
})

/** The outbox's newest mail to `to` whose text holds `words`, as the owner's `store mail` prints it. */
export async function mailTo(store, to, words) {
  let found
  await eventually(async () => {
    const mails = (await store.command('mail', '--limit', '40')).split(/^(?=#\d)/m)
    found = mails.find((text) => text.split('\n')[0].includes(`to ${to}`) && text.includes(words))
    return found ? undefined : `no mail to ${to} saying "${words}"`
  })
  return found
}
