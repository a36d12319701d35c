// End-to-end: placing orders, at desktop and at 390x844. A guest checks out with shipping
// and the test card, sees the thank-you page and the invoice; a declined card is told at
// the card's field with the rest still filled in; the guest's order is found on the status
// page by its number and e-mail; and an e-gift card bought by a guest reaches its
// recipient's mail on its date (the store's jobs run as of that date). A signed-in customer
// picks up an order paid wholly by a gift card and finds it in My Orders, Buy it Again and
// the Digital Library, on a store of its own at each viewport. axe-core checks every new
// screen at both viewports in both directions. Products come from the API; the cards and
// gift card are the documented test ones (docs/api.md).
import assert from 'node:assert/strict'
import { after, afterEach, before, describe, it } from 'node:test'
import { expectAccessible, launchBrowser, openPage } from './browser.mjs'
import { startStore, stopCleanly } from './server.mjs'
import { eventually, signUpCode, simpleProduct, VIEWPORTS } from './helpers.mjs'
import { shopper } from './shopper.mjs'

const APPROVED = '4242 4242 4242 4242'
const DECLINED = '4000 0000 0000 0002'
const THANKS_CARD = 'THNX-SUCH-ABUN-CH99' // $100.00
const PASSWORD = 'olive-lane-orders-e2e'
const ORDER_NUMBER = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/
// Prices (cents) of a product that the $100 gift card pays for in full, tax and all.
const COVERED_BY_THE_CARD = { min: 1000, max: 8000 }

describe('orders in a browser', { timeout: 900_000 }, () => {
  let store
  let browser
  // A simple product that ships and that the $100 gift card covers.
  let product
  // The guest's order of each viewport's run, for the status page.
  const guestOrders = new Map()

  before(async () => {
    store = await startStore()
    browser = await launchBrowser()
    product = await simpleProduct(store, { ...COVERED_BY_THE_CARD, units: 5 })
  })

  after(async () => {
    await browser?.close()
    if (store) await stopCleanly(store)
  })

  let session
  let page
  const {
    main,
    h1,
    waitForPath,
    addToBag,
    useLanguage,
    useLanguageFromAnotherTab,
    accessibleBothWays,
    checkoutAsGuest,
    shipAsGuest,
    continueToReview,
    placeOrder,
  } = shopper({ session: () => session, store: () => store })

  async function open(viewport) {
    session = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height } })
    page = session.page
  }

  afterEach(async () => {
    await session?.close()
    session = undefined
  })

  /** The text of the descriptions `field` points to (aria-describedby): its hint and its problem. */
  function descriptionOf(field) {
    return field.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    )
  }

  async function enterCard(number) {
    const card = main().getByRole('form', { name: 'A new card' })
    const year = (new Date().getFullYear() + 2) % 100
    await card.getByRole('textbox', { name: 'Card number', exact: true }).fill(number)
    await card.getByRole('textbox', { name: 'Expiry date (MM/YY)', exact: true }).fill(`12/${year}`)
    await card.getByRole('textbox', { name: 'Security code (CVC)', exact: true }).fill('123')
    await card.getByRole('button', { name: 'Use this card', exact: true }).click()
    await main().getByText(`Visa ending in ${number.slice(-4)}`, { exact: true }).waitFor()
  }

  for (const viewport of VIEWPORTS) {
    it(`a guest ships an order paid by card, then sees the thank-you page and the invoice (${viewport.name})`, async () => {
      await open(viewport)
      await addToBag(store, product)
      await checkoutAsGuest()
      const email = `guest.${viewport.name}@example.com`
      await shipAsGuest(email)
      await enterCard(APPROVED)
      await continueToReview()
      await placeOrder()

      await page.waitForURL((url) => url.pathname.startsWith('/thank-you/'))
      await h1('Thank you for your order!').waitFor()
      const number = (await main().locator('strong[dir="ltr"]').first().textContent()).trim()
      assert.match(number, ORDER_NUMBER)
      assert.equal(new URL(page.url()).pathname, `/thank-you/${number}`)
      await main().getByText(`We sent the confirmation to ${email}.`, { exact: true }).waitFor()
      await main().getByRole('list', { name: 'Items' }).getByText(product.title).waitFor()
      await main().getByRole('region', { name: 'Delivery' }).getByText('1 Olive Lane').waitFor()
      // The bag is empty now.
      await page.getByRole('banner').getByRole('link', { name: 'Bag', exact: true }).first().waitFor()
      guestOrders.set(viewport, { number, email })
      await accessibleBothWays(`the thank-you page (${viewport.name})`, () => h1('תודה על ההזמנה!').waitFor())
      await h1('Thank you for your order!').waitFor()

      await main().getByRole('link', { name: 'View the invoice', exact: true }).click()
      await waitForPath(`/view-invoice/${number}`)
      await h1('Invoice').waitFor()
      assert.equal(await page.getByRole('banner').count(), 0, 'no header on the invoice')
      assert.equal(await page.getByRole('contentinfo').count(), 0, 'no footer on the invoice')
      const rows = main().getByRole('table', { name: 'Items' }).getByRole('row')
      assert.equal(await rows.count(), 2)
      await main().getByText('Paid by card ending in 4242', { exact: true }).waitFor()
      await main().getByRole('button', { name: 'Print', exact: true }).waitFor()
      await accessibleBothWays(`the invoice (${viewport.name})`, () => h1('חשבונית').waitFor())
    })
  }

  for (const viewport of VIEWPORTS) {
    it(`tells a declined card at the card field and keeps the rest filled in (${viewport.name})`, async () => {
      await open(viewport)
      const email = `declined.${viewport.name}@example.com`
      await addToBag(store, product)
      await checkoutAsGuest()
      await main().getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
      await main().getByRole('radio', { name: /^Pick up at the store/ }).check()
      const pickup = main().getByRole('region', { name: 'Who is picking it up?' })
      await pickup.getByRole('textbox', { name: 'Full name', exact: true }).fill('Dan Declined')
      await pickup.getByRole('textbox', { name: 'Phone', exact: true }).fill('212 555 0199')
      await enterCard(DECLINED)
      await continueToReview()
      await placeOrder()

      const number = main().getByRole('textbox', { name: 'Card number', exact: true })
      await number.waitFor()
      await eventually(async () => ((await number.getAttribute('aria-invalid')) === 'true' ? undefined : 'not marked'))
      assert.match(await descriptionOf(number), /declined/i)
      assert.equal(await number.evaluate((input) => input === document.activeElement), true, 'focus on the card number')
      assert.equal(new URL(page.url()).pathname, '/review')
      await main().getByRole('region', { name: 'Pickup' }).getByText('Dan Declined').waitFor()
      await main().getByRole('region', { name: 'Contact' }).getByText(email).waitFor()
      // The decline lives in the page only (a reload forgets it): Hebrew comes from another tab.
      const hebrewReview = async () => {
        await h1('סקירת ההזמנה').waitFor()
        const hebrewNumber = main().getByRole('textbox', { name: 'מספר הכרטיס', exact: true })
        await eventually(async () => {
          const told = await descriptionOf(hebrewNumber)
          return told.includes('הכרטיס נדחה') ? undefined : `the card number tells "${told}", not the decline in Hebrew`
        })
        assert.equal(await hebrewNumber.getAttribute('aria-invalid'), 'true')
      }
      await accessibleBothWays(`review with a declined card (${viewport.name})`, hebrewReview, useLanguageFromAnotherTab)
    })
  }

  /**
   * A new customer of `shop` picks up an order of `item` paid wholly by the $100 gift card,
   * then finds it in My Orders, its details, Buy it Again and the Digital Library.
   */
  async function customerPaysByGiftCard(viewport, shop, item) {
    await open(viewport)
    const email = `customer.${viewport.name}@example.com`
    await page.goto(`${shop.url}/register`)
    await main().getByRole('textbox', { name: 'Full name', exact: true }).fill('Dana Levi')
    await main().getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
    await main().getByLabel('Password', { exact: true }).fill(PASSWORD)
    await main().getByRole('button', { name: 'Create account', exact: true }).click()
    await main().getByRole('textbox', { name: 'Six-digit code', exact: true }).fill(await signUpCode(shop, email))
    await main().getByRole('button', { name: 'Finish', exact: true }).click()
    await page.waitForURL((url) => url.pathname !== '/register')

    await addToBag(shop, item)
    await page.goto(`${shop.url}/bag`)
    // A phone's bag has a Check out above the lines too.
    await main().getByRole('link', { name: 'Check out', exact: true }).first().click()
    await waitForPath('/review')
    await h1('Review').waitFor()
    // Review chose a delivery for the customer (the cheapest, with no order yet): Change opens the choice.
    const delivery = main().getByRole('region', { name: 'Delivery' })
    await delivery.getByRole('button', { name: 'Change Delivery' }).click()
    await delivery.getByRole('radio', { name: /^Pick up at the store/ }).check()
    const pickup = main().getByRole('region', { name: 'Pickup' })
    await pickup.waitFor()
    // The account's name and e-mail may fill it in already: its editor then opens on Change.
    const change = pickup.getByRole('button', { name: 'Change Pickup', exact: true })
    if ((await change.count()) > 0 && (await change.getAttribute('aria-expanded')) === 'false') await change.click()
    await pickup.getByRole('textbox', { name: 'Full name', exact: true }).fill('Dana Levi')
    await pickup.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
    await pickup.getByRole('textbox', { name: 'Phone', exact: true }).fill('555 010 2030')
    // Review's payment part is open while nothing pays: its code fields are in it, open.
    const giftCards = main().getByRole('form', { name: 'Gift cards' })
    await giftCards.getByRole('textbox', { name: 'Gift card code', exact: true }).fill(THANKS_CARD)
    await giftCards.getByRole('button', { name: 'Apply', exact: true }).click()
    await main().getByText('Your gift cards cover the whole total: no card is needed.', { exact: true }).waitFor()
    await placeOrder()

    await page.waitForURL((url) => url.pathname.startsWith('/thank-you/'))
    const number = (await main().locator('strong[dir="ltr"]').first().textContent()).trim()
    assert.match(number, ORDER_NUMBER)
    await main().getByText('Gift card ending in CH99', { exact: true }).waitFor()
    assert.equal(await main().getByRole('link', { name: 'Track your order' }).count(), 0, 'a customer has My Orders')

    await page.goto(`${shop.url}/account/orders`)
    await h1('My Orders').waitFor()
    const list = main().getByRole('list', { name: 'Your orders, newest first' })
    await list.getByText(`Order ${number}`, { exact: true }).waitFor()
    await accessibleBothWays(`my orders (${viewport.name})`, () => h1('ההזמנות שלי').waitFor())
    await main().getByRole('link', { name: `View order ${number}`, exact: true }).click()
    await waitForPath(`/account/orders/${number}`)
    await h1('Order Details').waitFor()
    const status = main().getByRole('region', { name: 'Status' })
    await status.getByRole('list', { name: 'Order history' }).getByText('Placed', { exact: true }).waitFor()
    await main().getByRole('region', { name: 'Delivery' }).getByText('Pick up at the store').waitFor()
    await main().getByRole('link', { name: 'View the invoice', exact: true }).waitFor()
    await accessibleBothWays(`an order in the account (${viewport.name})`, () => h1('פרטי ההזמנה').waitFor())

    await page.goto(`${shop.url}/account/buy-it-again`)
    await h1('Buy it Again').waitFor()
    await main().getByText(item.title).first().waitFor()
    await accessibleBothWays(`buy it again (${viewport.name})`, () => h1('לקנות שוב').waitFor())
    await page.goto(`${shop.url}/account/digital-libary`)
    await h1('Digital Library').waitFor()
    await accessibleBothWays(`the digital library (${viewport.name})`, () => h1('הספרייה הדיגיטלית').waitFor())
  }

  // The demo's only gift card that can pay a whole order is the $100 one, and each order
  // spends part of it (all of it, near the top of COVERED_BY_THE_CARD). So each viewport's
  // run has a store of its own, a fresh database with the card unspent: neither run depends
  // on the other, on their order or on the product's price, and the flow stays one function.
  for (const viewport of VIEWPORTS) {
    describe(`on a store of its own (${viewport.name})`, () => {
      let own
      let ownProduct
      before(async () => {
        own = await startStore()
        ownProduct = await simpleProduct(own, { ...COVERED_BY_THE_CARD, units: 1 })
      })
      after(async () => {
        if (own) await stopCleanly(own)
      })

      it(`a customer picks up an order paid by a gift card and finds it in My Orders (${viewport.name})`, () =>
        customerPaysByGiftCard(viewport, own, ownProduct))
    })
  }

  for (const viewport of VIEWPORTS) {
    it(`sends an e-gift card bought by a guest to its recipient on its date (${viewport.name})`, async () => {
      await open(viewport)
      const recipient = `gift.recipient.${viewport.name}@example.com`
      await page.goto(`${store.url}/e-gift-card`)
      await h1('E-Gift Card').waitFor()
      await main().getByRole('radio', { name: '$50.00', exact: true }).check()
      await accessibleBothWays(`the e-gift card page (${viewport.name})`, () => h1('כרטיס מתנה דיגיטלי').waitFor())
      await main().getByRole('radio', { name: '$50.00', exact: true }).check()
      await main().getByRole('textbox', { name: 'Recipient’s name', exact: true }).fill('Avi')
      await main().getByRole('textbox', { name: 'Recipient’s e-mail', exact: true }).fill(recipient)
      await main().getByRole('textbox', { name: 'Message (optional)', exact: true }).fill('Happy birthday, Avi!')
      // Sent tomorrow (the store's dates are UTC days).
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
      await main().getByLabel('Send on', { exact: true }).fill(tomorrow)
      await main().getByRole('button', { name: 'Add to Bag', exact: true }).click()
      await waitForPath('/bag')

      await checkoutAsGuest()
      // Nothing ships: a guest is asked one e-mail, for the receipt (the card goes to its
      // recipient), and where the card is billed, where the order is taxed.
      await main().getByRole('textbox', { name: 'Your e-mail, for the receipt', exact: true }).fill(`gift.buyer.${viewport.name}@example.com`)
      assert.equal(await main().getByRole('textbox', { name: /e-mail/i }).count(), 1, 'one e-mail field')
      assert.equal(await main().getByRole('group', { name: 'How would you like to get it?' }).count(), 0, 'no delivery choice')
      await main().getByRole('textbox', { name: 'Billing ZIP or postal code', exact: true }).fill('10001')
      await main().getByRole('combobox', { name: 'Billing country', exact: true }).selectOption('US')
      await enterCard(APPROVED)
      await continueToReview()
      await placeOrder()
      await page.waitForURL((url) => url.pathname.startsWith('/thank-you/'))
      await h1('Thank you for your order!').waitFor()

      // Paid today, mailed on its date: run the store's jobs as the clock will read then.
      const giftMail = async () => {
        const mails = (await store.command('mail', '--limit', '50')).split(/^(?=#\d)/m)
        return mails.find((text) => text.split('\n')[0].includes(`to ${recipient}`))
      }
      await store.command('jobs', '--run')
      assert.equal(await giftMail(), undefined, 'not sent before its date')
      await store.command('jobs', '--run', '--at', `${tomorrow}T09:00:00Z`)
      const mail = await giftMail()
      assert.ok(mail, 'the e-gift card mail is in the outbox on its date')
      assert.match(mail, /Happy birthday, Avi!/)
      const code = mail.match(/Your gift card code: ([0-9A-Z-]+)/)?.[1]
      assert.ok(code, mail)
      // The code pays: the store knows it, for the amount bought (asked from the page, as
      // checkout asks).
      const checked = await page.evaluate(async (code) => {
        const answer = await fetch('/api/gift_card', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ code }),
        })
        return { status: answer.status, body: await answer.json() }
      }, code)
      assert.equal(checked.status, 200, JSON.stringify(checked.body))
      assert.equal(checked.body.balance, 5000)
    })
  }

  for (const viewport of VIEWPORTS) {
    it(`finds the guest’s order on the status page by its number and e-mail (${viewport.name})`, async () => {
      const guestOrder = guestOrders.get(viewport)
      assert.ok(guestOrder, `the guest’s ${viewport.name} order was placed`)
      await open(viewport)
      await page.goto(`${store.url}/orders/guest/${guestOrder.number}/status`)
      await h1('Order Status').waitFor()
      const form = main().getByRole('form', { name: 'Look up an order' })
      assert.equal(await form.getByRole('textbox', { name: 'Order number', exact: true }).inputValue(), guestOrder.number)
      await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill('someone.else@example.com')
      await form.getByRole('button', { name: 'Show my order', exact: true }).click()
      await main().getByText(/We couldn’t find an order with this number and e-mail/).waitFor()
      await expectAccessible(page, `the status page with a problem (${viewport.name})`)
      await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(guestOrder.email)
      await form.getByRole('button', { name: 'Show my order', exact: true }).click()
      const status = main().getByRole('region', { name: 'Status' })
      await status.getByText('Paid', { exact: true }).first().waitFor()
      await main().getByRole('list', { name: 'Items' }).getByText(product.title).waitFor()
      await expectAccessible(page, `the status page with the order (${viewport.name})`)
      // In Hebrew, right to left: the form, its problem, and the order found.
      await useLanguage('heb')
      await h1('סטטוס הזמנה').waitFor()
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl')
      await expectAccessible(page, `the status page in Hebrew (${viewport.name})`)
      const hebrewForm = main().getByRole('form', { name: 'חיפוש הזמנה' })
      const hebrewEmail = hebrewForm.getByRole('textbox', { name: 'דואר אלקטרוני', exact: true })
      await hebrewEmail.fill('someone.else@example.com')
      await hebrewForm.getByRole('button', { name: 'הצגת ההזמנה', exact: true }).click()
      await main().getByText(/לא מצאנו הזמנה עם המספר והדואר האלקטרוני האלה/).waitFor()
      await expectAccessible(page, `the status page with a problem in Hebrew (${viewport.name})`)
      await hebrewEmail.fill(guestOrder.email)
      await hebrewForm.getByRole('button', { name: 'הצגת ההזמנה', exact: true }).click()
      await main().getByRole('region', { name: 'סטטוס' }).waitFor()
      await expectAccessible(page, `the status page with the order in Hebrew (${viewport.name})`)
    })
  }
})
