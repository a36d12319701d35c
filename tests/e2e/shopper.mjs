// A shopper's steps that several tests take: adding to the bag, checking out as a guest
// with shipping, Review and Place order, and axe in both directions. Each test opens a
// session of its own (`openPage()`), so the steps take the current session and store as
// functions.
import assert from 'node:assert/strict'
import { expectAccessible } from './browser.mjs'
import { eventually } from './helpers.mjs'

export const DESKTOP = { name: 'desktop', width: 1366, height: 900 }

// The same key the app's persisted state uses (ui/src/lib/persist.ts).
export const STORAGE_KEY = 'olive-lane'

/** The steps in `session()`'s page, on the store `store()`. */
export function shopper({ session, store }) {
  const page = () => session().page
  const main = () => page().getByRole('main')
  const h1 = (name) => main().getByRole('heading', { level: 1, name, exact: true })
  const summary = () => main().getByRole('region', { name: /^(Order summary|סיכום ההזמנה)$/ })

  async function waitForPath(pathname) {
    await page().waitForURL((url) => url.pathname === pathname)
  }

  /** Adds one `item` to the bag from its page on `shop`. */
  async function addToBag(shop, item) {
    await page().goto(`${shop.url}${item.path}`)
    await main().getByRole('button', { name: 'Add to Bag', exact: true }).click()
    await page().getByRole('banner').getByRole('link', { name: /^Bag, \d+ items$/ }).waitFor()
  }

  /** Stores the interface language in `tab`'s local storage as the app does. */
  async function storeLanguage(tab, language) {
    await tab.evaluate(
      ([key, value]) => {
        const stored = JSON.parse(localStorage.getItem(key) ?? '{}')
        localStorage.setItem(key, JSON.stringify({ ...stored, language: value }))
      },
      [STORAGE_KEY, language],
    )
  }

  /** Stores the interface language and reloads, so the whole app starts in it. */
  async function useLanguage(language) {
    await storeLanguage(page(), language)
    await page().reload()
  }

  /**
   * Stores the interface language from another tab of the same origin, without the app:
   * the page follows it in place (spec 3, "Persistence"), so what only the page holds,
   * such as a declined card's message or the way it came to Checkout, stays.
   */
  async function useLanguageFromAnotherTab(language) {
    const other = await session().newPage()
    await other.goto(`${new URL(page().url()).origin}/api/health`)
    await storeLanguage(other, language)
    await other.close()
  }

  /**
   * axe in English (left to right), then in Hebrew (right to left) once `hebrewReady`
   * says the page is drawn, then back in English; `switchLanguage` changes the language
   * (unless told, by reloading the page in it).
   */
  async function accessibleBothWays(where, hebrewReady, switchLanguage = useLanguage) {
    await expectAccessible(page(), `${where} in English`)
    await switchLanguage('heb')
    await hebrewReady()
    assert.equal(await page().evaluate(() => document.documentElement.dir), 'rtl')
    await expectAccessible(page(), `${where} in Hebrew`)
    await switchLanguage('eng')
  }

  /**
   * From the bag, through SignIn as a guest, to Checkout. A phone's bag has a Check out
   * above the lines too: the first one is taken.
   */
  async function checkoutAsGuest() {
    await page().goto(`${store().url}/bag`)
    await main().getByRole('link', { name: 'Check out', exact: true }).first().click()
    await waitForPath('/sign-in')
    await main().getByRole('link', { name: 'Continue as guest', exact: true }).click()
    await waitForPath('/checkout')
    await h1('Checkout').waitFor()
  }

  /**
   * On Checkout, a guest's e-mail and Standard shipping to a New York address: the one
   * address form's ZIP and country bring the delivery options (and the city and state,
   * when empty).
   */
  async function shipAsGuest(email) {
    await main().getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
    await main().getByRole('radio', { name: /^Standard/ }).check()
    const address = main().getByRole('region', { name: 'Shipping address' })
    await address.getByRole('textbox', { name: 'Full name', exact: true }).fill('Noa Guest')
    await address.getByRole('textbox', { name: 'Street address', exact: true }).fill('1 Olive Lane')
    await address.getByRole('textbox', { name: 'ZIP or postal code', exact: true }).fill('10001')
    await address.getByRole('combobox', { name: 'Country', exact: true }).selectOption('US')
    await main().getByText(/Prices, tax and delivery for 10001/).waitFor()
    await address.getByRole('textbox', { name: 'City', exact: true }).fill('New York')
    await address.getByRole('textbox', { name: 'Phone', exact: true }).fill('212 555 0100')
    // Standard is still chosen once the options for the ZIP are in.
    await eventually(async () =>
      (await main().getByRole('radio', { name: /^Standard/ }).isChecked()) ? undefined : 'Standard is not chosen',
    )
  }

  async function continueToReview() {
    await summary().getByRole('button', { name: 'Continue to Review', exact: true }).click()
    await waitForPath('/review')
    await h1('Review').waitFor()
  }

  async function placeOrder() {
    const place = main().getByRole('button', { name: 'Place order', exact: true })
    await eventually(async () => ((await place.isEnabled()) ? undefined : 'Place order is not enabled'))
    await place.click()
  }

  return {
    main,
    h1,
    summary,
    waitForPath,
    addToBag,
    useLanguage,
    useLanguageFromAnotherTab,
    accessibleBothWays,
    checkoutAsGuest,
    shipAsGuest,
    continueToReview,
    placeOrder,
  }
}
