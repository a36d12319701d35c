// The effort of a guest checkout on a phone (issue 27's measure), not a test: at 390x844,
// in English and then in Hebrew, a guest buys one plain product, shipped, paid by card,
// the way a shopper who types the card and presses the big button would. Prints the
// fields filled, the taps and key presses (each character typed counts), the pages seen,
// and the time from "Add to Bag" to the thank-you page, with the browser and the server
// on this machine (typing itself takes no time here: what is timed is waiting for the
// shop). Run by benches/checkout-effort.sh; STORE_BIN picks the binary measured.
import { launchBrowser, openPage } from './browser.mjs'
import { simpleProduct } from './helpers.mjs'
import { startStore, stopCleanly } from './server.mjs'
import { STORAGE_KEY } from './shopper.mjs'

const WORDS = {
  eng: {
    addToBag: 'Add to Bag',
    bag: /^Bag, \d+ items$/,
    checkOut: 'Check out',
    guest: 'Continue as guest',
    zip: 'ZIP or postal code',
    standard: /^Standard/,
    email: 'E-mail',
    name: 'Full name',
    street: 'Street address',
    city: 'City',
    phone: 'Phone',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    useCard: 'Use this card',
    continue: 'Continue to Review',
    place: 'Place order',
    thanks: 'Thank you for your order!',
  },
  heb: {
    addToBag: 'הוספה לסל',
    bag: /^סל, \d+ פריטים$/,
    checkOut: 'לתשלום',
    guest: 'המשך כאורח',
    zip: 'מיקוד',
    standard: /^משלוח רגיל/,
    email: 'דואר אלקטרוני',
    name: 'שם מלא',
    street: 'רחוב ומספר',
    city: 'עיר',
    phone: 'טלפון',
    number: 'מספר הכרטיס',
    expiry: 'תוקף (MM/YY)',
    cvc: 'קוד אבטחה (CVC)',
    useCard: 'להשתמש בכרטיס הזה',
    continue: 'המשך לסקירת ההזמנה',
    place: 'שליחת ההזמנה',
    thanks: 'תודה על ההזמנה!',
  },
}

/** One guest checkout in `language`: what it took. */
async function checkout(browser, store, product, language) {
  const w = WORDS[language]
  const session = await openPage(browser, { viewport: { width: 390, height: 844 } })
  const { page } = session
  const main = page.getByRole('main')
  // Pages: each screen the shopper is shown, in order; a redirect passed through (a
  // guest sent from /checkout to /sign-in) counts once, as the screen seen.
  const effort = { fields: 0, taps: 0, keys: 0, pages: [], widest: 0 }
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return
    const path = new URL(frame.url()).pathname
    if (!effort.pages.includes(path)) effort.pages.push(path)
  })
  const measureWidth = async () => {
    const beyond = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    effort.widest = Math.max(effort.widest, beyond)
  }
  const tap = async (locator) => {
    effort.taps += 1
    await locator.click()
  }
  const type = async (label, text, scope = main) => {
    effort.fields += 1
    effort.keys += text.length
    await scope.getByRole('textbox', { name: label, exact: true }).fill(text)
  }

  await page.goto(`${store.url}/`)
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, JSON.stringify({ language: value })),
    [STORAGE_KEY, language],
  )
  await page.goto(`${store.url}${product.path}`)
  await main.getByRole('button', { name: w.addToBag, exact: true }).waitFor()
  effort.pages = [new URL(page.url()).pathname]
  const started = performance.now()

  await tap(main.getByRole('button', { name: w.addToBag, exact: true }))
  const bag = page.getByRole('banner').getByRole('link', { name: w.bag })
  await tap(bag)
  // Measured once the bag is drawn (the tap returns before the page changes).
  await page.waitForURL((url) => url.pathname === '/bag')
  await main.getByRole('link', { name: w.checkOut, exact: true }).first().waitFor()
  await measureWidth()
  // A phone's bag has Check out above the lines too: the first one, the one in view.
  await tap(main.getByRole('link', { name: w.checkOut, exact: true }).first())
  await tap(main.getByRole('link', { name: w.guest, exact: true }))
  await page.waitForURL((url) => url.pathname === '/checkout')
  await measureWidth()
  // One address form (issue 27): its ZIP brings the delivery options, and the city and
  // state when they are empty. The ZIP is typed, as a shopper elsewhere than the store's
  // default place would; the city only if the lookup left it empty.
  await type(w.email, 'noa.guest@example.com')
  const standard = main.getByRole('radio', { name: w.standard })
  await standard.waitFor()
  effort.taps += 1
  await standard.check()
  await type(w.name, 'Noa Guest')
  await type(w.street, '1 Olive Lane')
  await type(w.zip, '10001')
  const city = main.getByRole('textbox', { name: w.city, exact: true })
  const filled = await page
    .waitForFunction((input) => input.value !== '', await city.elementHandle(), { timeout: 3000 })
    .then(() => true, () => false)
  if (!filled) await type(w.city, 'New York')
  await type(w.phone, '212 555 0100')
  await type(w.number, '4242 4242 4242 4242')
  await type(w.expiry, `12/${(new Date().getFullYear() + 2) % 100}`)
  await type(w.cvc, '123')
  await measureWidth()
  await tap(main.getByRole('button', { name: w.continue, exact: true }))
  // Either Review, or the card refused as not entered (focus at its number): then the
  // shopper finds "Use this card" and presses Continue again.
  const outcome = await Promise.race([
    page.waitForURL((url) => url.pathname === '/review').then(() => 'review'),
    page
      .waitForFunction(() => document.activeElement?.getAttribute('name') === 'card')
      .then(() => 'card'),
  ])
  if (outcome === 'card') {
    await tap(main.getByRole('button', { name: w.useCard, exact: true }))
    await tap(main.getByRole('button', { name: w.continue, exact: true }))
    await page.waitForURL((url) => url.pathname === '/review')
  }
  await measureWidth()
  const place = main.getByRole('button', { name: w.place, exact: true })
  await page.waitForFunction((button) => !button.disabled, await place.elementHandle())
  await tap(place)
  await main.getByRole('heading', { level: 1, name: w.thanks, exact: true }).waitFor()
  const seconds = (performance.now() - started) / 1000
  await measureWidth()
  await session.close()
  return { ...effort, seconds }
}

const store = await startStore()
const browser = await launchBrowser()
try {
  const product = await simpleProduct(store, { min: 1000, max: 20_000, units: 4 })
  console.log(`guest checkout at 390x844 of "${product.title}", shipped, paid by card`)
  console.log('language  fields  taps  keys  pages  seconds  widest overflow (px)')
  for (const language of ['eng', 'heb']) {
    const e = await checkout(browser, store, product, language)
    console.log(
      `${language.padEnd(8)}  ${String(e.fields).padStart(6)}  ${String(e.taps).padStart(4)}  ${String(e.keys).padStart(4)}  ${String(e.pages.length).padStart(5)}  ${e.seconds.toFixed(2).padStart(7)}  ${e.widest}`,
    )
    console.log(`          pages: ${e.pages.join(' > ')}`)
  }
} finally {
  await browser.close()
  await stopCleanly(store)
}
