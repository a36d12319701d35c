// End-to-end: two instances of the store on one PostgreSQL database behind nginx, as
// docs/deploy.md runs it (whatever E2E_DATABASE says), over plain HTTP: each call goes
// to nginx, or on purpose to one instance, A or B. A shopper signed in through nginx is
// signed in on both, and sees on B the order placed through A; an import is found by
// both instances' searches within the refresh bound; each order's confirmation is mailed
// once though both instances run jobs; a catalogue change and stock an order took show in
// both instances' kept answers within the cache's bound; a recurring order falling due is placed and charged
// once though two schedulers run at that moment; wrong passwords sent to both are counted
// together.
// Names and ids come from the API and the database; codes and mails from `store mail`.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { httpShopper, placeByApi, post, posted, runJobsOn, saveAddressAndCard, signUp, subscription } from './api.mjs'
import { eventually, simpleProduct } from './helpers.mjs'
import { REFRESH_SECONDS, startInstances, stopCleanly } from './server.mjs'

// The tries one address has a minute from one client (sign-ins, registrations, reset
// requests: [accounts] attempts_per_minute), set here so the count below is this file's.
const ATTEMPTS_PER_MINUTE = 10
// An import is found within a look at the catalogue's version (every REFRESH_SECONDS) and
// a rebuild of the index (a tenth of a second for the demo catalogue), on a busy machine.
const FOUND_WITHIN_MS = (REFRESH_SECONDS + 3) * 1000
// A catalogue change reaches each instance's kept answers within a look at the
// catalogue's version, and stock an order took within an answer's life: both are
// cache.max_age_ms (1 s by default); the rest is room for a busy machine.
const KEPT_WITHIN_MS = 1_000 + 2_000
// Each instance's job runner looks for due jobs every second (orders.jobs_poll_seconds).
const JOB_POLLS_MS = 3_000

describe('two instances on one PostgreSQL database behind nginx', { timeout: 180_000 }, () => {
  let store
  // Each instance's own URL.
  let a
  let b
  // A simple product in stock for every order below.
  let product

  before(async () => {
    store = await startInstances({ env: { STORE__ACCOUNTS__ATTEMPTS_PER_MINUTE: String(ATTEMPTS_PER_MINUTE) } })
    ;[a, b] = store.instances
    product = await simpleProduct(store, { min: 500, max: 20_000, units: 10 })
  })

  after(async () => {
    if (store) await stopCleanly(store)
  })

  const order = (email) => ({ products: [{ id: product.id, type: 'product', quantity: 1 }], email })

  it('signs a shopper in through nginx on both instances, and shows on B the order placed through A', async () => {
    const email = 'dana.instances@example.com'
    const dana = httpShopper()
    await signUp(dana.at(store.url), store, email)
    for (const base of [a, b]) {
      const me = await dana.at(base).send('GET', '/customer')
      assert.equal(me.status, 200, `the session cookie is not signed in at ${base}`)
      assert.equal(me.json.email, email)
    }
    const placed = await placeByApi(dana.at(a), order(email))
    const list = await dana.at(b).send('GET', '/customer/orders')
    assert.equal(list.status, 200)
    assert.deepEqual(
      list.json.orders.map((o) => o.number),
      [placed.number],
    )
  })

  it('mails each order’s confirmation once, whichever instance placed it and whichever runs the job', async () => {
    const numbers = []
    for (let i = 0; i < 6; i++) {
      const guest = httpShopper().at(store.instances[i % 2])
      numbers.push((await placeByApi(guest, order('guest.instances@example.com'))).number)
    }
    // A confirmation's subject ends with its order's number; a status mail's goes on after it.
    const confirmations = async () => {
      const mails = (await store.command('mail', '--limit', '100')).split(/^(?=#\d)/m)
      const subjects = mails.map((mail) => /^ {2}subject: .* (\S+)$/m.exec(mail)?.[1])
      return numbers.map((number) => subjects.filter((last) => last === number).length)
    }
    await eventually(
      async () => ((await confirmations()).includes(0) ? 'a confirmation is not in the outbox' : undefined),
      30_000,
    )
    // A job run by both runners would show within a few of their polls.
    await sleep(JOB_POLLS_MS)
    const once = numbers.map(() => 1)
    assert.deepEqual(await confirmations(), once, `confirmations of ${numbers.join(', ')} in the outbox`)
  })

  it('places a recurring order once when two schedulers reach its day together', async () => {
    const email = 'noa.instances@example.com'
    const noa = httpShopper()
    await signUp(noa.at(store.url), store, email)
    const card = await saveAddressAndCard(noa.at(a), '4242 4242 4242 4242')
    const first = await placeByApi(noa.at(a), order(email))
    const customer = (await noa.at(b).send('GET', '/customer')).json
    const made = await posted(noa.at(b), `/customer/orders/${first.number}/repeat`, {
      interval: '1w',
      address_id: customer.addresses[0].id,
      payment_id: card,
    })
    const id = made.subscription.id
    // Two schedulers at the same moment, each a process of its own on the shared
    // database, as two instances' job runners would be on that day.
    const due = made.subscription.next_delivery
    await Promise.all([runJobsOn(store, due), runJobsOn(store, due)])
    const after = await subscription(noa.at(a), id)
    assert.deepEqual(
      after.deliveries.map((d) => d.outcome),
      ['charged'],
    )
    const placed = after.deliveries[0].order_number
    const orders = (await noa.at(a).send('GET', '/customer/orders')).json.orders.map((o) => o.number)
    assert.deepEqual(orders.toSorted(), [first.number, placed].toSorted())
    // One charge each: the processor's key for an order's charge is its number without
    // the dashes.
    const keys = [first.number, placed].map((n) => n.replaceAll('-', ''))
    const charges = await store.sql(
      `SELECT idempotency_key FROM sandbox_charges WHERE state = 'captured' AND idempotency_key IN ('${keys.join("', '")}')`,
    )
    assert.deepEqual(charges.map(([key]) => key).toSorted(), keys.toSorted())
    // A third run that day finds nothing left to do.
    await runJobsOn(store, due)
    assert.equal((await subscription(noa.at(b), id)).deliveries.length, 1)
  })

  it(`finds an import in both instances' searches within ${FOUND_WITHIN_MS / 1000} s`, async (t) => {
    const [[newest]] = await store.sql('SELECT max(id) FROM products')
    await store.command('seed', '--products', '3')
    const imported = Date.now()
    const [[id]] = await store.sql(`SELECT min(id) FROM products WHERE id > ${newest}`)
    const added = await store.api(`/api/products/${id}`)
    await Promise.all(
      [a, b].map(async (base) => {
        await eventually(async () => {
          const answer = await fetch(`${base}/api/search?q=${encodeURIComponent(added.sku)}`)
          const found = (await answer.json()).items?.some((item) => item.id === added.id)
          return found ? undefined : `${base} has not found ${added.sku} ${Date.now() - imported} ms after the import`
        }, FOUND_WITHIN_MS)
        t.diagnostic(`${base} found the imported ${added.sku} ${Date.now() - imported} ms after the import ended`)
      }),
    )
  })

  it(`shows a catalogue change and stock an order took on both instances within ${KEPT_WITHIN_MS / 1000} s`, async (t) => {
    const changed = await simpleProduct(store, { min: 500, max: 20_000, units: 1, accept: (offer) => offer.id !== product.id })
    const path = `/api/products/${changed.id}`
    // Both instances keep the product's answer (the second read is a kept one).
    for (const base of [a, b]) for (const _ of [1, 2]) assert.equal((await fetch(base + path)).status, 200)
    const seenOnBoth = async (what, shows) => {
      const since = Date.now()
      await Promise.all(
        [a, b].map(async (base) => {
          await eventually(async () => {
            const answer = await fetch(base + path)
            const body = answer.status === 200 ? await answer.json() : undefined
            return shows(answer.status, body) ? undefined : `${base} does not show ${what} ${Date.now() - since} ms on`
          }, KEPT_WITHIN_MS)
          t.diagnostic(`${base} showed ${what} ${Date.now() - since} ms after it`)
        }),
      )
    }

    const price = changed.price + 101
    const name = 'מחיר חדש לבדיקה'
    await store.command('products', 'change', String(changed.id), '--price', String(price), '--hebrew-title', name)
    await seenOnBoth('the new price and Hebrew name', (status, body) => body?.price === price && body?.heb_title === name)
    await store.command('products', 'change', String(changed.id), '--hide')
    await seenOnBoth('the product hidden', (status) => status === 404)
    await store.command('products', 'change', String(changed.id), '--show', '--stock', '1')
    await seenOnBoth('the product back with one left', (status, body) => body?.max === 1)

    // An order moves stock without a catalogue change: kept answers show it once they expire.
    const guest = httpShopper().at(a)
    await placeByApi(guest, { products: [{ id: changed.id, type: 'product', quantity: 1 }], email: 'last.one@example.com' })
    await seenOnBoth('it out of stock', (status, body) => body?.max === 0)
  })

  it('refuses the wrong password past the limit at either instance: the tries at both count together', async () => {
    const email = 'avi.instances@example.com'
    // Signing up takes two tries (the registration and its code).
    await signUp(httpShopper().at(store.url), store, email)
    // The rest, sent to A and B in turn, are answered; the next is refused at either.
    // (Counted apart, neither instance would have seen more than seven.)
    const wrong = { email, password: 'not-the-password' }
    for (let n = 0; n < ATTEMPTS_PER_MINUTE - 2; n++) {
      const base = n % 2 === 0 ? a : b
      assert.equal((await post(httpShopper().at(base), '/login', wrong)).status, 401, `try ${n + 3} at ${base}`)
    }
    for (const base of [a, b]) {
      const refused = await post(httpShopper().at(base), '/login', wrong)
      assert.equal(refused.status, 429, `a try past the limit at ${base}`)
    }
  })
})
