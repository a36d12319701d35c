// End-to-end: accounts. Registration through the mailed code, the menus of a signed-in
// customer, sign-out, the sign-in guards with their return path, and the password
// reset through the mailed link, in both layouts; the Hebrew login and register
// screens; axe-core on every state visited. Codes and links are read from the outbox
// as an operator would, with `store mail`.
import assert from 'node:assert/strict'
import { after, afterEach, before, beforeEach, describe, it } from 'node:test'
import { expectAccessible, launchBrowser, openPage } from './browser.mjs'
import { startStore, stopCleanly } from './server.mjs'
import { VIEWPORTS } from './helpers.mjs'

// The same key the app's persisted state uses (ui/src/lib/persist.ts).
const STORAGE_KEY = 'olive-lane'

const NAME = 'Dana Levi'
const FIRST_NAME = 'Dana'
const PASSWORD = 'olive grove 2026'
const NEW_PASSWORD = 'a brand new secret'

describe('accounts in a browser', { timeout: 300_000 }, () => {
  let store
  let browser

  before(async () => {
    store = await startStore()
    browser = await launchBrowser()
  })

  after(async () => {
    await browser?.close()
    if (store) await stopCleanly(store)
  })

  /** The newest mail to `to` whose text matches `pattern`, as `store mail` prints it (newest first). */
  async function newestMail(to, pattern) {
    const outbox = await store.command('mail', '--limit', '50')
    const mails = outbox.split(/^(?=#\d+ )/m)
    const mail = mails.find((text) => text.split('\n')[0].endsWith(` to ${to}`) && pattern.test(text))
    assert.ok(mail, `no mail to ${to} matching ${pattern} in the outbox:\n${outbox}`)
    return mail
  }

  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width}x${viewport.height} (${viewport.name})`, () => {
      let session
      let page
      const mobile = viewport.mobile
      // One account per layout: the two never share a session or a throttle budget.
      const email = `dana.${viewport.name}@example.com`
      const where = (state) => `${state} (${viewport.name})`
      const main = () => page.getByRole('main')
      const header = () => page.getByRole('banner')

      beforeEach(async () => {
        session = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height } })
        page = session.page
      })

      afterEach(async () => {
        await session.close()
      })

      async function waitForHeading(name) {
        await main().getByRole('heading', { level: 1, name, exact: true }).waitFor()
      }

      async function waitForPath(pathname) {
        await page.waitForURL((url) => url.pathname === pathname)
      }

      /**
       * Opens the menu with the profile links (the account menu on desktop, the
       * department menu on mobile) and returns it; `firstName` says whose it should be.
       */
      async function openProfileMenu(firstName) {
        if (mobile) {
          await header().getByRole('button', { name: 'Menu', exact: true }).click()
          const menu = page.getByRole('dialog', { name: firstName ? `Hello, ${firstName}` : 'Hello', exact: true })
          await menu.waitFor()
          return menu
        }
        await header()
          .getByRole('button', { name: firstName ?? 'Account', exact: true })
          .click()
        const menu = page.getByRole('dialog', { name: firstName ? `Hello, ${firstName}` : 'Account', exact: true })
        await menu.waitFor()
        return menu
      }

      async function logIn(password) {
        await main().getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
        await main().getByLabel('Password', { exact: true }).fill(password)
        await main().getByRole('button', { name: 'Sign in', exact: true }).click()
      }

      async function signOut() {
        const menu = await openProfileMenu(FIRST_NAME)
        // Already Home (after a reset), the path cannot tell that the sign-out ended:
        // its answer does, before a next page that a live session would redirect.
        const answered = page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/logout' && r.request().method() === 'POST',
        )
        await menu.getByRole('button', { name: 'Sign Out', exact: true }).click()
        await answered
        await waitForPath('/')
        await header().getByRole('button', { name: mobile ? 'Menu' : 'Account', exact: true }).waitFor()
      }

      it('registers through the mailed code, greets by first name, and signs out Home', async () => {
        await page.goto(`${store.url}/register`)
        await waitForHeading('Create Account')
        await expectAccessible(page, where('the register screen'))

        await main().getByRole('textbox', { name: 'Full name', exact: true }).fill(NAME)
        await main().getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
        await main().getByLabel('Password', { exact: true }).fill(PASSWORD)
        await main().getByRole('button', { name: 'Create account', exact: true }).click()
        const codeField = main().getByRole('textbox', { name: 'Six-digit code', exact: true })
        await codeField.waitFor()
        await expectAccessible(page, where('the registration code step'))

        const mail = await newestMail(email, /sign-up code/)
        const code = /^\s*\|\s*(\d{6})\s*$/m.exec(mail)?.[1]
        assert.ok(code, `no six-digit code in the mail:\n${mail}`)
        await codeField.fill(code)
        await main().getByRole('button', { name: 'Finish', exact: true }).click()
        await waitForPath('/')

        const menu = await openProfileMenu(FIRST_NAME)
        await menu.getByRole('button', { name: 'Sign Out', exact: true }).waitFor()
        assert.equal(await menu.getByRole('link', { name: 'Login', exact: true }).count(), 0, 'a customer is offered Login')
        assert.equal(
          await menu.getByRole('link', { name: 'My Favorites', exact: true }).getAttribute('href'),
          '/account/favorites',
        )
        await expectAccessible(page, where('the menu of a signed-in customer'))

        await menu.getByRole('link', { name: 'My Account', exact: true }).click()
        await waitForPath('/account/dashboard')
        await main().getByText(`Hello, ${FIRST_NAME}`, { exact: true }).waitFor()
        await expectAccessible(page, where('the account dashboard'))

        await signOut()
        const guestMenu = await openProfileMenu()
        await guestMenu.getByRole('link', { name: 'Login', exact: true }).waitFor()
        assert.equal(await guestMenu.getByRole('button', { name: 'Sign Out', exact: true }).count(), 0, 'a guest is offered Sign Out')
        await expectAccessible(page, where('the menu of a guest'))
      })

      it('sends a guest from /account/orders to Login, and there after signing in', async () => {
        await page.goto(`${store.url}/account/orders`)
        await waitForPath('/login')
        await waitForHeading('Login')
        await expectAccessible(page, where('the login screen'))

        await logIn(PASSWORD)
        await waitForPath('/account/orders')
        await waitForHeading('My Orders')
      })

      it('sends a signed-in customer from Login, Register and Forgot password Home', async () => {
        await page.goto(`${store.url}/login`)
        await waitForHeading('Login')
        await logIn(PASSWORD)
        await waitForPath('/')

        for (const path of ['/login', '/register', '/forgot-password']) {
          await page.goto(`${store.url}${path}`)
          await waitForPath('/')
          await main().getByRole('heading', { level: 1 }).first().waitFor()
        }
      })

      it('guards the other routes of 2.1: a subscription, /sign-in, /favorites and the reset link', async () => {
        // A guest: a subscription needs sign-in first.
        await page.goto(`${store.url}/subscription/1/2`)
        await waitForPath('/login')
        await waitForHeading('Login')
        // /sign-in is for a guest with something in the bag: with none it goes back.
        await page.goto(`${store.url}/sign-in`)
        await waitForPath('/')
        const home = await store.api('/api/home')
        const product = home.new_arrivals.find((card) => card.kind === 'product' && card.type === 'product' && card.in_stock)
        assert.ok(product, 'no simple product in stock among the new arrivals')
        await page.goto(`${store.url}${product.path}`)
        await main().getByRole('button', { name: 'Add to Bag', exact: true }).click()
        await header().getByRole('link', { name: 'Bag, 1 items', exact: true }).waitFor()
        await page.goto(`${store.url}/sign-in`)
        await waitForHeading('Sign In')
        assert.equal(new URL(page.url()).pathname, '/sign-in', where('a guest with a bag stays on /sign-in'))

        // Login reached from /sign-in returns there, and a customer with a bag goes
        // on from /sign-in to the checkout, which sends a customer to Review.
        const menu = await openProfileMenu()
        await menu.getByRole('link', { name: 'Login', exact: true }).click()
        await waitForHeading('Login')
        await logIn(PASSWORD)
        await waitForPath('/review')

        // Signed in: the guest favorites page is the account's; a reset link, a
        // subscription's sign-in and /sign-in do not apply.
        await page.goto(`${store.url}/favorites`)
        await waitForPath('/account/favorites')
        await page.goto(`${store.url}/password/reset/0123456789abcdef`)
        await waitForPath('/')
        await page.goto(`${store.url}/subscription/1/2`)
        await waitForHeading('Mint Green Tea, Delivered')
        await page.goto(`${store.url}/sign-in`)
        await waitForPath('/review')
      })

      it('resets a forgotten password through the mailed link; then only the new password signs in', async () => {
        await page.goto(`${store.url}/login`)
        await main().getByRole('link', { name: 'Forgot your password?', exact: true }).click()
        await waitForHeading('Forgot Password')
        await expectAccessible(page, where('the forgot-password screen'))
        await main().getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
        await main().getByRole('button', { name: 'Send the link', exact: true }).click()
        await main().getByRole('status').filter({ hasText: 'is on its way' }).waitFor()
        await expectAccessible(page, where('the reset link sent'))

        const mail = await newestMail(email, /Reset your/)
        const token = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail)?.[1]
        assert.ok(token, `no reset link in the mail:\n${mail}`)
        await page.goto(`${store.url}/password/reset/${token}`)
        await waitForHeading('Reset Password')
        await expectAccessible(page, where('the reset-password screen'))
        await main().getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
        await main().getByRole('button', { name: 'Save the new password', exact: true }).click()
        await waitForPath('/')
        // Signed in: the menu is the customer's.
        await signOut()

        await page.goto(`${store.url}/login`)
        await waitForHeading('Login')
        await logIn(PASSWORD)
        await main().getByRole('alert').filter({ hasText: 'not right' }).waitFor()
        await expectAccessible(page, where('the login screen refusing the old password'))

        await logIn(NEW_PASSWORD)
        await waitForPath('/')
        await (await openProfileMenu(FIRST_NAME)).getByRole('button', { name: 'Sign Out', exact: true }).waitFor()
      })

      it('shows the login and register screens in Hebrew, right to left', async () => {
        await page.goto(`${store.url}/login`)
        await waitForHeading('Login')
        // Stores the language as the app does, then reloads so the whole app starts in it.
        await page.evaluate(
          ([key, value]) => {
            const stored = JSON.parse(localStorage.getItem(key) ?? '{}')
            localStorage.setItem(key, JSON.stringify({ ...stored, language: value }))
          },
          [STORAGE_KEY, 'heb'],
        )
        await page.reload()
        await waitForHeading('התחברות')
        assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl')
        await expectAccessible(page, where('the login screen in Hebrew'))

        // The fields' problems, in Hebrew.
        await main().getByRole('button', { name: 'כניסה', exact: true }).click()
        await main().getByText('נא למלא את השדה הזה.').first().waitFor()
        await expectAccessible(page, where('the login screen in Hebrew with problems'))

        await main().getByRole('link', { name: 'יצירת חשבון', exact: true }).click()
        await waitForHeading('יצירת חשבון')
        await expectAccessible(page, where('the register screen in Hebrew'))
      })
    })
  }
})
