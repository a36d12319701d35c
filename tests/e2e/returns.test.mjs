// End-to-end: returns (issue 28) in each window of the run, the desktop also in Hebrew.
// A customer sends back two of three units of one line and the whole of another for a
// refund to the card and sees it refunded in the account; a guest finds the order by
// number and e-mail, returns for store credit with a printed label and finds the
// credit's code in the outbox; a gift's recipient returns a gift with its receipt code,
// seeing no prices. The owner delivers and receives with the binary's commands (`store
// orders move`, `store returns receive`). axe checks every page of the flow.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { expectAccessible, launchBrowser, openPage } from './browser.mjs'
import { eventually, mailTo, simpleProduct, VIEWPORTS } from './helpers.mjs'
import { startStore, stopCleanly } from './server.mjs'
import { shopper } from './shopper.mjs'
import { placeByApi, post, signUp } from './api.mjs'

describe('returns in a browser', { timeout: 900_000 }, () => {
  let store
  let browser
  let three
  let other
  let wrappable

  before(async () => {
    store = await startStore()
    browser = await launchBrowser()
    const returnable = (offer) => offer.returnable
    three = await simpleProduct(store, {
      min: 500,
      max: 9_000,
      units: 8,
      accept: returnable,
    })
    other = await simpleProduct(store, {
      min: 500,
      max: 6_000,
      units: 4,
      accept: (offer) => offer.returnable && offer.id !== three.id,
    })
    wrappable = await simpleProduct(store, {
      min: 500,
      max: 9_000,
      units: 4,
      accept: (offer) => offer.returnable && offer.meta.gift_options !== undefined,
    })
  })

  after(async () => {
    await browser?.close()
    await stopCleanly(store)
  })

  /**
   * Receives return `number` as the owner does (`store returns receive`) and waits until it
   * is refunded. The command runs the refund at once unless a running store's job runner
   * claims it first (each instance runs one; E2E_DATABASE=postgres starts two), and then
   * says it is queued: whichever runner refunds it, it is refunded within moments.
   */
  async function receive(number) {
    assert.match(await store.command('returns', 'receive', number), /^received/)
    await eventually(async () => {
      const refunded = await store.command('returns', 'list', '--status', 'refunded', '--limit', '100')
      const found = refunded.split('\n').some((line) => line.startsWith(`${number} `))
      return found ? undefined : `return ${number} is not refunded`
    })
  }

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`
    const inHebrewToo = !viewport.mobile
    const open = () =>
      openPage(browser, {
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.mobile,
      })

    it(`a customer returns two of three units and another line to the card, and sees it refunded (${size})`, async () => {
      const session = await open()
      const { page } = session
      const steps = shopper({ session: () => session, store: () => store })
      const { main, h1, waitForPath } = steps
      /** axe on this page, and in Hebrew too on the desktop, once `hebrewTitle` is drawn. */
      const checked = async (where, hebrewTitle) => {
        if (inHebrewToo) await steps.accessibleBothWays(`${where} (${size})`, () => h1(hebrewTitle).waitFor())
        else await expectAccessible(page, `${where} (${size})`)
      }
      try {
        const email = `dana.returns.${size}@example.com`
        await page.goto(`${store.url}/`)
        await signUp(page, store, email)
        const order = await placeByApi(page, {
          products: [
            { id: three.id, type: 'product', quantity: 3 },
            { id: other.id, type: 'product', quantity: 1 },
          ],
          email,
        })
        await store.command('orders', 'move', order.number, 'delivered')

        await page.goto(`${store.url}/account/orders/${order.number}`)
        await main()
          .getByRole('link', {
            name: `Return items from order ${order.number}`,
          })
          .click()
        await waitForPath('/select-items-to-return')
        await h1('Select Items to Return').waitFor()
        await checked('the items to return', 'בחירת פריטים להחזרה')
        const line = (item) => main().getByRole('group', { name: new RegExp(item.title) })
        await line(three).getByRole('checkbox', { name: 'Return this item' }).check()
        await line(three).getByRole('combobox', { name: 'Quantity to return' }).selectOption('2')
        await line(three).getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'No longer needed' })
        await line(other).getByRole('checkbox', { name: 'Return this item' }).check()
        await line(other).getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Damaged or defective' })
        await main().getByRole('button', { name: 'Continue', exact: true }).click()

        await waitForPath('/choose-a-refund-method')
        await h1('Choose a Refund Method').waitFor()
        await main()
          .getByRole('radio', { name: /Back to the card ending 4242/ })
          .check()
        await checked('the refund method', 'בחירת אופן הזיכוי')
        // The choice made before the language changed is kept.
        assert.ok(
          await main()
            .getByRole('radio', { name: /Back to the card ending 4242/ })
            .isChecked(),
        )
        await main().getByRole('button', { name: 'Continue', exact: true }).click()

        await waitForPath('/choose-a-return-method')
        await h1('Choose a Return Method').waitFor()
        await main()
          .getByRole('radio', { name: /Drop off at our store/ })
          .check()
        await main().getByText('Total refund').waitFor()
        await checked('the return method and summary', 'בחירת אופן ההחזרה')
        await main().getByRole('button', { name: 'Confirm return', exact: true }).click()

        await page.waitForURL((url) => url.pathname.startsWith('/return-confirmation/'))
        await h1('Return Confirmation').waitFor()
        const number = decodeURIComponent(new URL(page.url()).pathname.split('/').pop())
        assert.match(number, new RegExp(`^${order.number}-1$`))
        await checked('the return confirmation', 'אישור החזרה')

        await receive(number)
        await page.goto(`${store.url}/account/orders/${order.number}`)
        const returns = main().getByRole('region', { name: 'Returns' })
        await returns.getByRole('link', { name: `View return ${number}` }).waitFor()
        await returns.getByText('Refunded', { exact: true }).waitFor()
        await checked('the order with its refunded return', 'פרטי ההזמנה')
        const refunded = await mailTo(store, email, 'is on its way back')
        assert.match(refunded, /To your card: \$/)
      } finally {
        await session.close()
      }
    })

    it(`a guest finds the order by number and e-mail and returns it for store credit with a label (${size})`, async () => {
      // The order is placed from one browser; the guest returns from another, with only
      // the number and the e-mail.
      const placing = await open()
      const session = await open()
      const { page } = session
      const steps = shopper({ session: () => session, store: () => store })
      const { main, h1, waitForPath } = steps
      /** axe on this page, and in Hebrew too on the desktop, once `hebrewReady` says it is drawn. */
      const checked = async (where, hebrewReady) => {
        if (inHebrewToo) await steps.accessibleBothWays(`${where} (${size})`, hebrewReady)
        else await expectAccessible(page, `${where} (${size})`)
      }
      try {
        const email = `noa.returns.${size}@example.com`
        await placing.page.goto(`${store.url}/`)
        const order = await placeByApi(placing.page, {
          products: [{ id: three.id, type: 'product', quantity: 1 }],
          email,
        })
        await store.command('orders', 'move', order.number, 'delivered')

        await page.goto(`${store.url}/return`)
        await h1('Start a Return').waitFor()
        await checked('start a return', () => h1('התחלת החזרה').waitFor())
        await main().getByRole('textbox', { name: 'Order number' }).fill(order.number.toLowerCase())
        await main().getByRole('textbox', { name: 'E-mail' }).fill(email)
        await main().getByRole('button', { name: 'Find my order' }).click()
        await waitForPath('/select-items-to-return')
        const line = main().getByRole('group', {
          name: new RegExp(three.title),
        })
        await line.getByRole('checkbox', { name: 'Return this item' }).check()
        await line.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Other' })
        await main().getByRole('button', { name: 'Continue', exact: true }).click()
        await waitForPath('/choose-a-refund-method')
        await main()
          .getByRole('radio', { name: /Store credit/ })
          .check()
        await main().getByRole('button', { name: 'Continue', exact: true }).click()
        await waitForPath('/choose-a-return-method')
        await main()
          .getByRole('radio', { name: /Prepaid label/ })
          .check()
        await main().getByText('Total refund').waitFor()
        await main().getByRole('button', { name: 'Confirm return', exact: true }).click()
        await h1('Return Confirmation').waitFor()
        const number = decodeURIComponent(new URL(page.url()).pathname.split('/').pop())

        await main().getByRole('link', { name: 'Print your label' }).click()
        await page.waitForURL((url) => url.pathname.startsWith('/return-label/'))
        await page.getByRole('img', { name: `Barcode of return ${number}` }).waitFor()
        await checked('the return label', () =>
          page.getByRole('heading', { level: 1, name: 'תווית החזרה ששולמה מראש' }).waitFor(),
        )

        await receive(number)
        const credit = await mailTo(store, email, "Your store credit's gift card code:")
        assert.match(credit, /Your store credit's gift card code: [0-9A-Z]{4}(-[0-9A-Z]{4}){3}/)
        // The guest's status page shows the return refunded.
        await page.goto(`${store.url}/return-confirmation/${number}?token=${order.access_token}`)
        await main().getByText('Refunded', { exact: true }).first().waitFor()
      } finally {
        await placing.close()
        await session.close()
      }
    })

    it(`a gift's recipient returns a gift with its receipt code, seeing no prices (${size})`, async () => {
      const buyer = await open()
      const recipient = await open()
      const { page } = recipient
      const steps = shopper({ session: () => recipient, store: () => store })
      const { main, h1 } = steps
      try {
        const email = `gift.buyer.${size}@example.com`
        await buyer.page.goto(`${store.url}/`)
        const order = await placeByApi(buyer.page, {
          products: [
            {
              id: wrappable.id,
              type: 'product',
              quantity: 1,
              gift_options: true,
            },
          ],
          email,
        })
        assert.ok(order.gift_receipt_code, 'a gift-wrapped order has a gift receipt')
        await store.command('orders', 'move', order.number, 'delivered')

        await page.goto(`${store.url}/gift-return`)
        await h1('Return a gift').waitFor()
        if (inHebrewToo) await steps.accessibleBothWays(`the gift return (${size})`, () => h1('החזרת מתנה').waitFor())
        else await expectAccessible(page, `the gift return (${size})`)
        await main().getByRole('textbox', { name: 'Order number' }).fill(order.number)
        await main().getByRole('textbox', { name: 'Gift receipt code' }).fill(order.gift_receipt_code)
        await main().getByRole('button', { name: 'Find my gift' }).click()
        const line = main().getByRole('group', {
          name: new RegExp(wrappable.title),
        })
        await line.getByRole('checkbox', { name: 'Return this item' }).check()
        await line.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'No longer needed' })
        await main()
          .getByRole('radio', { name: /Drop off at our store/ })
          .check()
        await main()
          .getByRole('textbox', {
            name: 'Your e-mail address, for your store credit',
          })
          .fill(`gift.recipient.${size}@example.com`)
        assert.doesNotMatch(await main().innerText(), /\$\d/, 'no prices for a gift')
        // The page keeps its steps in memory: the language changes from another tab, which
        // the app follows without a reload.
        const bothWays = async (where, hebrewHeading) => {
          if (!inHebrewToo) return expectAccessible(page, `${where} (${size})`)
          await steps.accessibleBothWays(
            `${where} (${size})`,
            () => main().getByRole('heading', { name: hebrewHeading }).waitFor(),
            steps.useLanguageFromAnotherTab,
          )
        }
        await bothWays("the gift's items", 'בחירת הפריטים להחזרה')
        await main().getByRole('button', { name: 'Return gift' }).click()
        await main().getByRole('heading', { name: 'Gift return requested' }).waitFor()
        assert.doesNotMatch(await main().innerText(), /\$\d/, 'no prices for a gift')
        await bothWays('the gift return requested', 'בקשת ההחזרה התקבלה')
        const number = (await main().innerText()).match(new RegExp(`${order.number}-\\d+`))?.[0]
        assert.ok(number, 'the return number is shown')

        await receive(number)
        await mailTo(store, `gift.recipient.${size}@example.com`, "Your store credit's gift card code:")
        const told = await mailTo(store, email, 'a gift from your order')
        assert.doesNotMatch(told, /gift\.recipient/, 'the buyer is not told who returned it')
      } finally {
        await buyer.close()
        await recipient.close()
      }
    })
  }
})
