// End-to-end: the customer's account in both layouts. A guest's bag and favorite
// survive registration; a second browser's bag merges in at sign-in; addresses and
// cards are added and removed (and no card number or code reaches the database or the
// server's log); a vendor followed stays followed; and every account screen passes
// axe-core in both directions. Names and ids come from the API; the sign-up code from
// the store's own `store mail` command.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { expectAccessible, launchBrowser, openPage } from './browser.mjs'
import { startStore, stopCleanly } from './server.mjs'
import { eventually, limitOf, signUpCode, VIEWPORTS } from './helpers.mjs'

// The same key the app's persisted state uses (ui/src/lib/persist.ts).
const STORAGE_KEY = 'olive-lane'

const CARD_NUMBER = '4242 4242 4242 4242'
const CVC = '123'
const PASSWORD = 'olive-lane-e2e-password'

// The account screens, with their headings (ui/src/features/account/messages.ts and,
// for the dashboard, ui/src/features/accounts/messages.ts).
const SCREENS = [
  { path: '/account/dashboard', eng: 'My Account', heb: 'החשבון שלי' },
  { path: '/account/orders', eng: 'My Orders', heb: 'ההזמנות שלי' },
  { path: '/account/favorites', eng: 'My Favorites', heb: 'המועדפים שלי' },
  { path: '/account/buy-it-again', eng: 'Buy it Again', heb: 'לקנות שוב' },
  { path: '/account/digital-libary', eng: 'Digital Library', heb: 'הספרייה הדיגיטלית' },
  { path: '/account/subscriptions', eng: 'Subscriptions', heb: 'מינויים' },
  { path: '/account/addresses', eng: 'My Addresses', heb: 'הכתובות שלי', open: { eng: 'Add an address', heb: 'הוספת כתובת' } },
  { path: '/account/payments', eng: 'Payment Methods', heb: 'אמצעי תשלום', open: { eng: 'Add a card', heb: 'הוספת כרטיס' } },
]

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/**
 * A button whose visible words are followed by a visually hidden ": <name>". Chromium
 * computes a space before the colon (the hidden span is absolutely positioned); both pass.
 */
const named = (action, name) => new RegExp(`^${escapeRegExp(action)} ?: ${escapeRegExp(name)}$`)

describe('the account in a browser', { timeout: 600_000 }, () => {
  let store
  let browser
  // Two simple products that can be bought, found through the API.
  let first
  let second

  before(async () => {
    store = await startStore()
    browser = await launchBrowser()
    const home = await store.api('/api/home')
    const found = []
    for (const department of home.departments) {
      const [, index, , id] = department.value.split('/')
      const list = await store.api(`/api/lists/${index}/${id}`)
      for (const item of list.items.filter((i) => i.kind === 'product')) {
        if (found.length >= 2 || found.some((p) => p.id === item.id)) continue
        const product = await store.api(`/api/products/${item.id}`)
        const simple = product.type === 'product' && product.variation_infos.length === 0
        if (simple && limitOf(product) >= 2 && product.meta.personalization.length === 0) found.push(product)
      }
    }
    assert.equal(found.length, 2, 'the catalogue has fewer than two simple products in stock')
    ;[first, second] = found
  })

  after(async () => {
    await browser?.close()
    if (store) await stopCleanly(store)
  })

  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width}x${viewport.height} (${viewport.name})`, () => {
      const mobile = viewport.mobile
      const where = (state, language = 'eng') => `${state} (${viewport.name}${language === 'heb' ? ', Hebrew' : ''})`
      const contextOptions = { viewport: { width: viewport.width, height: viewport.height } }

      it('keeps a guest’s bag and favorite through registration and sign-in, and manages addresses, cards and following', async () => {
        const email = `dana.${viewport.name}.${Date.now()}@example.com`
        const guest = await openPage(browser, contextOptions)
        const other = await openPage(browser, contextOptions)
        let guestOpen = true
        try {
          // ---- A guest fills a bag and a favorite, then registers. ----
          let page = guest.page
          const main = () => page.getByRole('main')
          const header = () => page.getByRole('banner')
          const bagLink = (count) =>
            header().getByRole('link', { name: count > 0 ? `Bag, ${count} items` : 'Bag', exact: true })
          const h1 = (name) => main().getByRole('heading', { level: 1, name, exact: true })

          async function openProduct(product) {
            await page.goto(`${store.url}${product.path}`)
            await h1(product.title).waitFor()
          }
          async function addToBag(product, countAfter) {
            await openProduct(product)
            await main().getByRole('button', { name: 'Add to Bag', exact: true }).click()
            await bagLink(countAfter).waitFor()
          }
          /** The titles of the bag's lines, once they are `wanted`. */
          async function waitForBag(wanted) {
            await page.goto(`${store.url}/bag`)
            const lines = main().getByRole('region', { name: 'In your bag', exact: true }).getByRole('heading', { level: 3 })
            await eventually(async () => {
              const shown = (await lines.allTextContents()).sort()
              return JSON.stringify(shown) === JSON.stringify([...wanted].sort())
                ? undefined
                : `the bag shows ${JSON.stringify(shown)}, expected ${JSON.stringify(wanted)}`
            })
          }
          /** A JSON read in the page's own session (its cookie). */
          const read = (path) => page.evaluate((p) => fetch(p).then((r) => r.json()), path)

          await addToBag(first, 1)
          const favorite = main().getByRole('button', { name: 'Save to Favorites', exact: true })
          await favorite.click()
          assert.equal(await favorite.getAttribute('aria-pressed'), 'true')
          // Following is for customers: a guest is offered no Follow button.
          assert.equal(await main().getByRole('button', { name: /^Follow/ }).count(), 0, 'a guest is offered Follow')

          await page.goto(`${store.url}/register`)
          await h1('Create Account').waitFor()
          await main().getByRole('textbox', { name: 'Full name', exact: true }).fill('Dana Levi')
          await main().getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
          await main().getByLabel('Password', { exact: true }).fill(PASSWORD)
          await main().getByRole('button', { name: 'Create account', exact: true }).click()
          const codeField = main().getByRole('textbox', { name: 'Six-digit code', exact: true })
          await codeField.fill(await signUpCode(store, email))
          await main().getByRole('button', { name: 'Finish', exact: true }).click()
          await page.waitForURL((url) => url.pathname !== '/register')

          // The bag and the favorite came along, and live on the server now.
          await bagLink(1).waitFor()
          await waitForBag([first.title])
          const serverBag = await read('/api/customer/bag')
          assert.deepEqual(serverBag.products.map((line) => line.id), [first.id])
          await page.goto(`${store.url}/account/favorites`)
          await h1('My Favorites').waitFor()
          await main().getByRole('heading', { level: 2, name: first.title, exact: true }).waitFor()
          const customer = await read('/api/customer')
          assert.deepEqual(customer.favorites, [{ id: first.id, kind: 'product' }])

          // ---- Signing out empties the bag and goes Home. ----
          await header()
            .getByRole('button', { name: mobile ? 'Menu' : 'Dana', exact: true })
            .click()
          await page.getByRole('dialog').getByRole('button', { name: 'Sign Out', exact: true }).click()
          await page.waitForURL((url) => url.pathname === '/')
          await bagLink(0).waitFor()
          guestOpen = false
          await guest.close()

          // ---- Another browser, with a guest bag of its own, signs in: both bags merge. ----
          page = other.page
          await addToBag(second, 1)
          await page.goto(`${store.url}/login`)
          await h1('Login').waitFor()
          await main().getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
          await main().getByLabel('Password', { exact: true }).fill(PASSWORD)
          await main().getByRole('button', { name: 'Sign in', exact: true }).click()
          await page.waitForURL((url) => url.pathname !== '/login')
          await bagLink(2).waitFor()
          await waitForBag([first.title, second.title])
          await expectAccessible(page, where('the merged bag after signing in'))

          // ---- An address: the server's problem at its field, then saved, then removed. ----
          await page.goto(`${store.url}/account/addresses`)
          await h1('My Addresses').waitFor()
          await main().getByText('You have no saved addresses yet.', { exact: true }).waitFor()
          await main().getByRole('button', { name: 'Add an address', exact: true }).click()
          const form = main().getByRole('region', { name: 'New address', exact: true })
          await form.getByRole('textbox', { name: 'Full name', exact: true }).fill('Dana Levi')
          await form.getByRole('textbox', { name: 'Street address', exact: true }).fill('1 Olive Lane')
          await form.getByRole('textbox', { name: 'City', exact: true }).fill('Springfield')
          const zip = form.getByRole('textbox', { name: 'ZIP or postal code', exact: true })
          await zip.fill('1234')
          const country = form.getByRole('combobox', { name: 'Country', exact: true })
          await eventually(async () => ((await country.locator('option').count()) > 100 ? undefined : 'no countries'))
          assert.equal(await country.inputValue(), 'US')
          await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('555 010 2030')
          await form.getByRole('button', { name: 'Save address', exact: true }).click()
          await eventually(async () =>
            (await zip.getAttribute('aria-invalid')) === 'true' ? undefined : 'the ZIP code is not marked invalid',
          )
          const zipProblem = await zip.evaluate((input) =>
            document.getElementById(input.getAttribute('aria-describedby')).textContent,
          )
          assert.match(zipProblem, /ZIP code is five digits/)
          await expectAccessible(page, where('the address form with a problem at a field'))
          await zip.fill('62704')
          await form.getByRole('button', { name: 'Save address', exact: true }).click()
          await main().getByText('The address is saved.', { exact: true }).waitFor()
          await main().getByText('1 Olive Lane', { exact: true }).waitFor()
          await expectAccessible(page, where('a saved address'))
          await main().getByRole('button', { name: named('Remove', 'Dana Levi, 1 Olive Lane') }).click()
          await main()
            .getByRole('group', { name: 'Remove this address?', exact: true })
            .getByRole('button', { name: named('Remove', 'Dana Levi, 1 Olive Lane') })
            .click()
          await main().getByText('The address is removed.', { exact: true }).waitFor()
          assert.deepEqual((await read('/api/customer')).addresses, [])

          // ---- A card: saved as a token, shown by its last four digits, removed. ----
          await page.goto(`${store.url}/account/payments`)
          await h1('Payment Methods').waitFor()
          await main().getByRole('button', { name: 'Add a card', exact: true }).click()
          const year = (new Date().getFullYear() + 2) % 100
          await main().getByRole('textbox', { name: 'Card number', exact: true }).fill(CARD_NUMBER)
          await main().getByRole('textbox', { name: 'Expiry date (MM/YY)', exact: true }).fill(`12/${year}`)
          await main().getByRole('textbox', { name: 'Security code (CVC)', exact: true }).fill(CVC)
          await main().getByRole('button', { name: 'Save card', exact: true }).click()
          await main().getByText('The card is saved.', { exact: true }).waitFor()
          const card = main().getByRole('listitem').filter({ hasText: '4242' })
          assert.match(await card.textContent(), /••••\s*ending in\s*4242/)
          assert.match(await card.textContent(), new RegExp(`Expires 12/${year}`))
          await expectAccessible(page, where('a saved card'))
          await main().getByRole('button', { name: named('Remove', 'Visa ending in 4242') }).click()
          await main()
            .getByRole('group', { name: 'Remove this card?', exact: true })
            .getByRole('button', { name: named('Remove', 'Visa ending in 4242') })
            .click()
          await main().getByText('The card is removed.', { exact: true }).waitFor()
          assert.deepEqual((await read('/api/customer')).payments, [])

          // Neither the database (SQLite's file with its write-ahead log, or PostgreSQL's data)
          // nor the server's output holds the number or the code. (A bare "123" is in any
          // file; the code next to its name is not.)
          const kept = { 'the database': await store.databaseText(), 'the server’s output': store.log() }
          const digits = CARD_NUMBER.replaceAll(' ', '')
          const codeNearItsName = new RegExp(`(cvc|csc|cvv|security)\\W{0,8}${CVC}\\b`, 'i')
          for (const [what, text] of Object.entries(kept)) {
            assert.ok(!text.includes(digits) && !text.includes(CARD_NUMBER), `${what} holds the card number`)
            assert.ok(!codeNearItsName.test(text), `${what} holds the security code`)
          }

          // ---- Following a vendor lasts: after a reload it comes from the server. ----
          await openProduct(first)
          const follow = main().getByRole('button', { name: named('Follow', first.vendor.name) })
          assert.equal(await follow.getAttribute('aria-pressed'), 'false')
          await follow.click()
          const following = main().getByRole('button', { name: named('Following', first.vendor.name) })
          assert.equal(await following.getAttribute('aria-pressed'), 'true')
          await eventually(async () =>
            (await read('/api/customer/following')).vendors.includes(first.vendor.id) ? undefined : 'not followed on the server',
          )
          await expectAccessible(page, where('a vendor followed'))
          // Forget this device's copy, so the reload shows what the server keeps.
          await page.evaluate((key) => {
            const stored = JSON.parse(localStorage.getItem(key) ?? '{}')
            delete stored.following
            localStorage.setItem(key, JSON.stringify(stored))
          }, STORAGE_KEY)
          await page.reload()
          await h1(first.title).waitFor()
          await following.waitFor()
          assert.equal(await following.getAttribute('aria-pressed'), 'true')

          // ---- Every account screen, in English and in Hebrew. ----
          for (const language of ['eng', 'heb']) {
            await page.evaluate(
              ([key, value]) => {
                const stored = JSON.parse(localStorage.getItem(key) ?? '{}')
                localStorage.setItem(key, JSON.stringify({ ...stored, language: value }))
              },
              [STORAGE_KEY, language],
            )
            for (const screen of SCREENS) {
              await page.goto(`${store.url}${screen.path}`)
              await h1(screen[language]).waitFor()
              await page.waitForFunction((dir) => document.documentElement.dir === dir, language === 'heb' ? 'rtl' : 'ltr')
              const nav = page.getByRole('navigation', { name: language === 'heb' ? 'החשבון שלך' : 'Your account', exact: true })
              if (screen.path !== '/account/dashboard') {
                assert.equal(await nav.getByRole('link', { name: screen[language], exact: true }).getAttribute('aria-current'), 'page')
              }
              await expectAccessible(page, where(screen.path, language))
              if (screen.open) {
                await main().getByRole('button', { name: screen.open[language], exact: true }).click()
                await main().locator('form').waitFor()
                await expectAccessible(page, where(`${screen.path} with its form open`, language))
              }
            }
          }
        } finally {
          if (guestOpen) await guest.close()
          await other.close()
        }
      })
    })
  }
})
