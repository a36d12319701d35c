// End-to-end: a store whose cards Stripe takes, against localstripe (a fake of Stripe's
// API and of Stripe.js; localstripe.mjs says what the test completes in it). At desktop
// and at 390x844, a guest ships an order and types the test card into the library's card
// form, never the store's: the thank-you page shows the order paid, localstripe holds the
// captured PaymentIntent for its amount, and the store's log never holds the card number.
// axe-core checks the payment step with the library's form in English and in Hebrew.
// A customer saves a card in the library's form (kept as Stripe's customer and method),
// pays with it at Review, and removes it (detached at Stripe).
import assert from 'node:assert/strict'
import { after, afterEach, before, describe, it } from 'node:test'
import { expectAccessible, launchBrowser, openPage } from './browser.mjs'
import { completeStandIn, startLocalstripe } from './localstripe.mjs'
import { startStore, stopCleanly } from './server.mjs'
import { signUpCode, simpleProduct, VIEWPORTS } from './helpers.mjs'
import { DESKTOP, shopper } from './shopper.mjs'

const CARD_NUMBER = '4242 4242 4242 4242'
// localstripe's card element takes the number as 16 digits.
const DIGITS = CARD_NUMBER.replaceAll(' ', '')
const cents = (text) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100)
const plain = (orderNumber) => orderNumber.replaceAll('-', '')

describe('paying through Stripe in a browser', { timeout: 600_000 }, () => {
  let localstripe
  let store
  let browser
  let product

  before(async () => {
    localstripe = await startLocalstripe()
    store = await startStore({ env: localstripe.storeEnv })
    browser = await launchBrowser()
    product = await simpleProduct(store, { min: 1000, max: 20_000, units: 2 })
  })

  after(async () => {
    await browser?.close()
    if (store) await stopCleanly(store)
    await localstripe?.stop()
  })

  let session
  let page
  const steps = shopper({ session: () => session, store: () => store })
  const { main, h1, addToBag, useLanguageFromAnotherTab, accessibleBothWays, checkoutAsGuest } = steps
  const { shipAsGuest, continueToReview, placeOrder } = steps

  afterEach(async () => {
    await session?.close()
    session = undefined
  })

  /** Presses Place order: the store's answer, which must be 201, and the order in it. */
  async function placeAndRead() {
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/orders' && response.request().method() === 'POST',
    )
    await placeOrder()
    const response = await answered
    const placed = await response.json()
    assert.equal(response.status(), 201, JSON.stringify(placed))
    return { response, placed }
  }

  /** The library's card element in the card form (localstripe's inputs are named by their placeholders). */
  const cardInput = (language, field) =>
    main()
      .getByRole('form', { name: language === 'heb' ? 'כרטיס חדש' : 'A new card' })
      .getByRole('group', { name: language === 'heb' ? 'פרטי הכרטיס' : 'Card details' })
      .getByPlaceholder(field, { exact: true })

  for (const viewport of VIEWPORTS) {
    it(`a guest ships an order paid with a card typed into Stripe's form (${viewport.name})`, async () => {
      session = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height } })
      page = session.page
      await completeStandIn(page, localstripe)
      await addToBag(store, product)
      await checkoutAsGuest()
      await cardInput('eng', 'number').waitFor()
      const [scrollWidth, clientWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ])
      assert.ok(scrollWidth <= clientWidth, `Checkout is ${scrollWidth} px wide in a ${clientWidth} px window`)
      // In place (a reload would send a guest back to SignIn): the card element is made
      // again in the new language.
      const hebrewReady = async () => {
        await h1('קופה').waitFor()
        await cardInput('heb', 'number').waitFor()
      }
      await accessibleBothWays(`the payment step with Stripe's form (${viewport.name})`, hebrewReady, useLanguageFromAnotherTab)
      await h1('Checkout').waitFor()

      const email = `stripe.${viewport.name}@example.com`
      await shipAsGuest(email)
      // Typed, key by key, as a shopper would; localstripe's element moves on by itself
      // once a field is full, and Tab then leaves it for "Use this card".
      const year = String((new Date().getFullYear() + 2) % 100)
      await cardInput('eng', 'number').pressSequentially(DIGITS)
      await cardInput('eng', 'exp_month').pressSequentially('12')
      await cardInput('eng', 'exp_year').pressSequentially(year)
      await cardInput('eng', 'cvc').pressSequentially('123')
      await cardInput('eng', 'postal_code').pressSequentially('10001')
      await page.keyboard.press('Tab')
      const use = main().getByRole('button', { name: 'Use this card', exact: true })
      assert.equal(await use.evaluate((button) => button === document.activeElement), true, 'Tab reaches Use this card')
      await page.keyboard.press('Enter')
      await main().getByText('Visa ending in 4242', { exact: true }).waitFor()

      await continueToReview()
      const { response, placed } = await placeAndRead()
      const token = response.request().postDataJSON().payment?.token
      assert.match(token ?? '', /^pm_/, 'the card went to the store as a PaymentMethod id')
      assert.equal(placed.status, 'paid')

      await page.waitForURL((url) => url.pathname.startsWith('/thank-you/'))
      await h1('Thank you for your order!').waitFor()
      const paid = main().locator('dt', { hasText: 'Paid by card ending in 4242' })
      await paid.waitFor()
      const amount = cents(await paid.locator('xpath=following-sibling::dd[1]').textContent())
      assert.equal(amount, placed.totals.amount_due)
      assert.ok(amount > 0, 'the card paid something')

      // The store authorised and captured it at Stripe: one intent for the order, whose
      // number (as stored, without the dashes) is the intent's key.
      const all = await localstripe.paymentIntents()
      const intents = all.filter((intent) => plain(intent.metadata.order ?? '') === plain(placed.number))
      assert.equal(intents.length, 1, `one PaymentIntent for order ${placed.number} in ${JSON.stringify(all)}`)
      assert.equal(intents[0].status, 'succeeded', 'captured')
      assert.equal(intents[0].capture_method, 'manual')
      assert.equal(intents[0].amount, amount)
      assert.equal(intents[0].payment_method, token)
    })
  }

  it('a customer saves a card in Stripe’s form, pays with it at Review, and removes it', async () => {
    session = await openPage(browser, { viewport: { width: DESKTOP.width, height: DESKTOP.height } })
    page = session.page
    await completeStandIn(page, localstripe)
    const email = 'stripe.saved@example.com'
    await page.goto(`${store.url}/register`)
    await h1('Create Account').waitFor()
    await main().getByRole('textbox', { name: 'Full name', exact: true }).fill('Dana Levi')
    await main().getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
    await main().getByLabel('Password', { exact: true }).fill('olive-lane-2026')
    await main().getByRole('button', { name: 'Create account', exact: true }).click()
    await main().getByRole('textbox', { name: 'Six-digit code', exact: true }).fill(await signUpCode(store, email))
    await main().getByRole('button', { name: 'Finish', exact: true }).click()
    await page.waitForURL((url) => url.pathname !== '/register')
    /** A JSON read in the page's own session (its cookie). */
    const read = (path) => page.evaluate((p) => fetch(p).then((r) => r.json()), path)

    await page.goto(`${store.url}/account/addresses`)
    await main().getByRole('button', { name: 'Add an address', exact: true }).click()
    const address = main().getByRole('region', { name: 'New address', exact: true })
    await address.getByRole('textbox', { name: 'Full name', exact: true }).fill('Dana Levi')
    await address.getByRole('textbox', { name: 'Street address', exact: true }).fill('1 Olive Lane')
    await address.getByRole('textbox', { name: 'City', exact: true }).fill('New York')
    await address.getByRole('textbox', { name: 'ZIP or postal code', exact: true }).fill('10001')
    await address.getByRole('textbox', { name: 'Phone', exact: true }).fill('212 555 0100')
    await address.getByRole('checkbox', { name: 'Use as my default address' }).check()
    await address.getByRole('button', { name: 'Save address', exact: true }).click()
    await main().getByText('The address is saved.', { exact: true }).waitFor()

    // ---- Saved through Stripe's form: the store keeps Stripe's customer and method. ----
    await page.goto(`${store.url}/account/payments`)
    await h1('Payment Methods').waitFor()
    await main().getByRole('button', { name: 'Add a card', exact: true }).click()
    const form = main().getByRole('region', { name: 'New card', exact: true })
    const field = (name) => form.getByRole('group', { name: 'Card details' }).getByPlaceholder(name, { exact: true })
    await field('number').waitFor()
    assert.equal(await form.getByRole('textbox', { name: 'Card number', exact: true }).count(), 0, 'no store field')
    await expectAccessible(page, 'saving a card in Stripe’s form')
    await field('number').fill(DIGITS)
    await field('exp_month').fill('12')
    await field('exp_year').fill(String((new Date().getFullYear() + 2) % 100))
    await field('cvc').fill('123')
    await field('postal_code').fill('10001')
    await form.getByRole('checkbox', { name: 'Use as my default card' }).check()
    await form.getByRole('button', { name: 'Save card', exact: true }).click()
    await main().getByText('The card is saved.', { exact: true }).waitFor()
    const [saved] = (await read('/api/customer')).payments
    const [, customer, method] = /^(cus_\w+):(pm_\w+)$/.exec(saved?.token ?? '') ?? []
    assert.ok(customer && method, `a kept card's token names Stripe's customer and method: ${saved?.token}`)
    assert.equal((await localstripe.paymentMethod(method)).customer, customer, 'attached at Stripe')

    // ---- Review is ready with the default address and the saved card; it pays. ----
    await addToBag(store, product)
    await page.goto(`${store.url}/bag`)
    await main().getByRole('link', { name: 'Check out', exact: true }).first().click()
    await page.waitForURL((url) => url.pathname === '/review')
    await h1('Review').waitFor()
    // With no order yet, Review chose the cheapest method, Standard, for the customer.
    await main().getByRole('region', { name: 'Delivery' }).getByText('Standard', { exact: true }).waitFor()
    await main().getByRole('region', { name: 'Payment' }).getByText('Visa ending in 4242').waitFor()
    const { response, placed } = await placeAndRead()
    assert.equal(response.request().postDataJSON().payment?.payment_id, saved.id, 'paid by the saved card’s id')
    assert.equal(placed.status, 'paid')
    const intents = (await localstripe.paymentIntents()).filter(
      (intent) => plain(intent.metadata.order ?? '') === plain(placed.number),
    )
    assert.equal(intents.length, 1)
    assert.deepEqual(
      [intents[0].status, intents[0].customer, intents[0].payment_method],
      ['succeeded', customer, method],
      'charged as the Stripe customer’s method, and captured',
    )

    // ---- Removed: Stripe lets the method go. ----
    await page.goto(`${store.url}/account/payments`)
    const removeCard = { name: /^Remove ?: Visa ending in 4242$/ }
    await main().getByRole('button', removeCard).click()
    await main().getByRole('group', { name: 'Remove this card?', exact: true }).getByRole('button', removeCard).click()
    await main().getByText('The card is removed.', { exact: true }).waitFor()
    assert.equal((await localstripe.paymentMethod(method)).customer, null, 'detached at Stripe')
  })

  it('never wrote the card number into the store’s log', () => {
    const log = store.log()
    assert.ok(log.length > 0, 'the store logged something')
    assert.equal(log.includes(DIGITS), false, 'the number, as digits')
    assert.equal(log.includes(CARD_NUMBER), false, 'the number, as printed')
  })
})
