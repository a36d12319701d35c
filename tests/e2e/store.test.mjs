// End-to-end: the release binary, a fresh database, Debian's Chromium.
// Names and ids come from the API, never from the demo data's current content.
import assert from 'node:assert/strict'
import { after, afterEach, before, beforeEach, describe, it } from 'node:test'
import { expectAccessible, launchBrowser, openPage } from './browser.mjs'
import { startStore, stopCleanly } from './server.mjs'

const HEBREW = /[\u0590-\u05FF]/

describe('Olive Lane in a browser', { timeout: 120_000 }, () => {
  let store
  let browser
  let session
  let page

  /** GET a JSON document from the API, failing on any other answer. */
  const api = (path) => store.api(path)

  /** The heading every screen shows once it has loaded. */
  async function waitForHeading(name) {
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor()
  }

  async function waitForTitle(pageName) {
    const expected = `${pageName} | Olive Lane`
    try {
      await page.waitForFunction((title) => document.title === title, expected)
    } catch {
      throw new Error(`Expected the tab title "${expected}" on ${page.url()}, found "${await page.title()}"`)
    }
  }

  before(async () => {
    store = await startStore()
    browser = await launchBrowser()
  })

  after(async () => {
    await browser?.close()
    // SIGTERM is a graceful shutdown: the store finishes and exits cleanly.
    if (store) await stopCleanly(store)
  })

  beforeEach(async () => {
    // Uncaught exceptions in the page fail the test that caused them.
    session = await openPage(browser)
    page = session.page
  })

  afterEach(async () => {
    await session.close()
  })

  it('walks from home through a department to a product, then to a missing page', async () => {
    const home = await api('/api/home')
    const { department, list } = await firstDepartmentWithProducts(home.departments)
    const item = list.items.find((i) => i.kind === 'product' && i.heb_title) ?? list.items[0]

    await page.goto(`${store.url}/`)
    const departmentLink = page.getByRole('main').getByRole('link', { name: department.name, exact: true })
    await departmentLink.waitFor()
    await waitForTitle('Home')
    await expectAccessible(page, 'the home page')

    await departmentLink.click()
    await waitForHeading(list.title)
    await waitForTitle(list.title)
    const cards = page.getByRole('main').getByRole('heading', { level: 2 })
    assert.ok((await cards.count()) > 0, 'the listing shows no products')
    await expectAccessible(page, 'a product listing')

    await page.getByRole('main').getByRole('link', { name: item.title, exact: true }).first().click()
    await waitForHeading(item.title)
    await waitForTitle(item.title)
    const hebrew = await page.getByRole('main').locator('[lang="he"]').allTextContents()
    assert.ok(
      hebrew.some((text) => HEBREW.test(text)),
      `no Hebrew text inside a lang="he" element on ${page.url()} (found: ${JSON.stringify(hebrew)})`,
    )
    await expectAccessible(page, 'a product page')

    await page.goto(`${store.url}/this/page/does-not/exist`)
    await waitForHeading('Page not found')
    await waitForTitle('Page not found')
    await expectAccessible(page, 'the not-found page')
  })

  it('renders deep links in the app instead of a server 404', async () => {
    const home = await api('/api/home')
    const product = home.new_arrivals.find((i) => i.kind === 'product')
    assert.ok(product, '/api/home lists no new product to link to')

    const productResponse = await page.goto(`${store.url}${product.path}`)
    assert.equal(productResponse?.status(), 200)
    await waitForHeading(product.title)
    await expectAccessible(page, 'a product page loaded directly')

    // The app answers an account page too, and its guard takes a guest to Login (spec 2.1).
    const accountResponse = await page.goto(`${store.url}/account/orders`)
    assert.equal(accountResponse?.status(), 200)
    await waitForHeading('Login')
    await waitForTitle('Login')
    assert.equal(new URL(page.url()).pathname, '/login')
    await expectAccessible(page, '/account/orders loaded directly')
  })

  it('shows landing screens from the data in their HTML, and asks the API on a later visit', async () => {
    const home = await api('/api/home')
    const product = home.new_arrivals.find((i) => i.kind === 'product')
    assert.ok(product, '/api/home lists no new product to link to')
    const calls = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname)
    })

    await page.goto(`${store.url}${product.path}`)
    await waitForHeading(product.title)
    const productCall = `/api/products/${product.id}`
    assert.ok(!calls.includes(productCall), `the product was fetched again: ${calls.join(', ')}`)
    assert.ok(!calls.includes('/api/store'), `the store's facts were fetched again: ${calls.join(', ')}`)

    // The inlined answer is used once: a later visit of the same product asks the server.
    // Home's "Recently viewed" asks for the product too; it is counted once it shows.
    await page.getByRole('link', { name: 'Home', exact: true }).first().click()
    const recent = page.getByRole('region', { name: 'Recently viewed' })
    await recent.getByRole('link', { name: product.title, exact: true }).first().waitFor()
    const asked = () => calls.filter((call) => call === productCall).length
    const before = asked()
    await recent.getByRole('link', { name: product.title, exact: true }).first().click()
    await waitForHeading(product.title)
    assert.equal(asked(), before + 1, `the second visit did not ask the API once: ${calls.join(', ')}`)

    // A search loaded directly: its results come with the page too. The product's whole
    // title finds it on the first page, whatever else the catalogue holds.
    await page.goto(`${store.url}/search?q=${encodeURIComponent(product.title)}`)
    await page.getByRole('heading', { level: 1, name: `Results for "${product.title}"`, exact: true }).waitFor()
    await page.getByRole('main').getByRole('heading', { level: 2, name: product.title, exact: true }).first().waitFor()
    assert.ok(!calls.includes('/api/search'), `the search was fetched again: ${calls.join(', ')}`)
  })

  it('paints home, a listing and a product before any script runs, and the app takes over without a loading state', async () => {
    const home = await api('/api/home')
    const product = home.new_arrivals.find((i) => i.kind === 'product')
    assert.ok(product, '/api/home lists no new product to link to')
    const { department, list } = await firstDepartmentWithProducts(home.departments)
    const dollars = (cents) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`

    // The app's code never arrives: what shows is the server's paint alone.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.gotoPainted(`${store.url}${product.path}`)
    const main = page.getByRole('main')
    await main.getByRole('heading', { level: 1, name: product.title, exact: true }).waitFor()
    assert.ok((await main.textContent()).includes(dollars(product.price)), `no ${dollars(product.price)} painted`)
    await expectAccessible(page, `${product.path} as painted`)
    await page.gotoPainted(`${store.url}${department.value}`)
    await main.getByRole('heading', { level: 1, name: list.title, exact: true }).waitFor()
    const first = list.items[0]
    await main.getByRole('link', { name: first.title, exact: true }).first().waitFor()
    await expectAccessible(page, `${department.value} as painted`)
    await page.gotoPainted(`${store.url}/`)
    await main.getByRole('link', { name: department.name, exact: true }).waitFor()
    await expectAccessible(page, '/ as painted')
    // A painted link is a plain link: it leads to the product without the app.
    await main.getByRole('link', { name: product.title, exact: true }).first().click()
    await main.getByRole('heading', { level: 1, name: product.title, exact: true }).waitFor()
    assert.equal(new URL(page.url()).pathname, product.path)
    await page.unroute('**/assets/*.js')

    // With the app: from the paint straight to the app's screen, never its loading
    // state, and nothing on the screen moves (the layout shifts the browser reports).
    await page.addInitScript(() => {
      window.__loadingShown = false
      window.__shifted = 0
      new MutationObserver(() => {
        if (document.querySelector('[role="status"]')?.textContent?.includes('Loading')) window.__loadingShown = true
      }).observe(document, { childList: true, subtree: true })
      new PerformanceObserver((list) => {
        for (const shift of list.getEntries()) window.__shifted += shift.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    for (const path of ['/', department.value, product.path]) {
      await page.goto(`${store.url}${path}`)
      await page.waitForFunction(() => document.querySelector('.painted-main') === null && document.querySelector('main') !== null)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1, `${path}: one heading once the app has it`)
      assert.equal(await page.evaluate(() => window.__loadingShown), false, `${path}: the loading state showed`)
      // The app's notices and pictures settle within a moment of the takeover. A product's
      // Hebrew title may move by a pixel when its font arrives (about 0.003); the notices
      // arriving a frame late moved the screen 56 px (0.058).
      await page.waitForTimeout(500)
      const shifted = await page.evaluate(() => window.__shifted)
      assert.ok(shifted < 0.01, `${path}: the layout shifted by ${shifted}`)
    }
  })

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${store.url}/api/nope`)
    assert.equal(response.status, 404)
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/)
    const body = await response.json()
    assert.equal(typeof body.message, 'string')
  })

  /** The first department whose own list has products, with that list. */
  async function firstDepartmentWithProducts(departments) {
    for (const department of departments) {
      // A department's value is its list path, /{index}/{slug}/{id}.
      const [, index, , id] = department.value.split('/')
      const list = await api(`/api/lists/${index}/${id}`)
      if (list.items.length > 0) return { department, list }
    }
    throw new Error('No department on /api/home has products in its list.')
  }
})
