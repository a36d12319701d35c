// End-to-end: search as a shopper does it. Type in the header (desktop) or the
// mobile overlay, pick a suggestion, land on results, filter, sort, page and walk
// back; type Hebrew with the on-screen keyboard. axe-core on every state visited.
// What to type comes from the API, so the test follows the catalogue.
import assert from 'node:assert/strict'
import { after, afterEach, before, beforeEach, describe, it } from 'node:test'
import { expectAccessible, launchBrowser, openPage } from './browser.mjs'
import { startStore, stopCleanly } from './server.mjs'
import { VIEWPORTS } from './helpers.mjs'

// Enough products for a department's search to fill two pages.
const GENERATED_PRODUCTS = 300
// Spec 9: suggestions are asked for at most every 250 ms; the answer follows at once.
const SUGGESTIONS_WAIT_MS = 2000

describe('search in a browser', { timeout: 300_000 }, () => {
  let store
  let browser

  before(async () => {
    store = await startStore({ generatedProducts: GENERATED_PRODUCTS })
    browser = await launchBrowser()
  })

  after(async () => {
    await browser?.close()
    if (store) await stopCleanly(store)
  })

  const api = (path) => store.api(path)

  /** A department whose name, searched, finds two pages from several brands. */
  async function broadSearch() {
    const home = await api('/api/home')
    for (const department of home.departments) {
      const results = await api(`/api/search?q=${encodeURIComponent(department.name)}`)
      if (results.page_count >= 2 && results.facets.vendors.length >= 2) return { name: department.name, results }
    }
    assert.fail('no department name finds two pages of several brands')
  }

  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width}x${viewport.height} (${viewport.name})`, () => {
      let session
      let page
      const mobile = viewport.mobile
      const where = (state) => `${state} (${viewport.name})`
      const main = () => page.getByRole('main')

      beforeEach(async () => {
        session = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height } })
        page = session.page
      })

      afterEach(async () => {
        await session.close()
      })

      /** The search input: the header's combobox, or the overlay's once opened on mobile. */
      async function openSearch() {
        if (!mobile) return page.getByRole('banner').getByRole('combobox', { name: 'Search' })
        await page.getByRole('banner').getByRole('button', { name: 'Search Olive Lane' }).click()
        const overlay = page.getByRole('dialog', { name: 'Search' })
        await overlay.waitFor()
        return overlay.getByRole('combobox', { name: 'Search' })
      }

      /** The Sort & Filter controls: the sidebar and toolbar, or the mobile panel (opened). */
      async function filters() {
        if (!mobile) return main()
        await main().getByRole('button', { name: 'Sort & Filter' }).click()
        return page.getByRole('dialog', { name: 'Sort & Filter' })
      }

      async function closeFilters() {
        if (!mobile) return
        const panel = page.getByRole('dialog', { name: 'Sort & Filter' })
        await panel.getByRole('button', { name: 'Done' }).click()
        await panel.waitFor({ state: 'detached' })
      }

      const resultsHeading = (q) => main().getByRole('heading', { level: 1, name: `Results for "${q}"`, exact: true })

      it('suggests as you type, runs the chosen suggestion, and filters, sorts, pages and walks back', async () => {
        const { name, results } = await broadSearch()
        const typed = name.slice(0, 3)
        const expected = await api(`/api/search/suggestions?q=${encodeURIComponent(typed)}`)
        assert.ok(expected.suggestions.includes(name), `"${typed}" does not suggest "${name}"`)

        await page.goto(store.url)
        const input = await openSearch()
        await input.pressSequentially(typed, { delay: 60 })
        const suggestions = mobile ? page.getByRole('dialog', { name: 'Search' }) : page.getByRole('banner')
        const option = suggestions.getByRole('option', { name, exact: true })
        await option.waitFor({ timeout: SUGGESTIONS_WAIT_MS })
        assert.equal(await input.getAttribute('aria-expanded'), 'true')
        await expectAccessible(page, where('search suggestions'))
        await option.click()

        await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === name)
        await resultsHeading(name).waitFor()
        assert.equal(await page.getByRole('dialog', { name: 'Search' }).count(), 0, 'the overlay closed')
        const firstCard = (item) => main().getByRole('heading', { level: 2, name: item.title, exact: true }).first()
        await firstCard(results.items[0]).waitFor()
        await expectAccessible(page, where('search results'))

        // Sorted, then the second page.
        let controls = await filters()
        await controls.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc')
        await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc')
        await closeFilters()
        const sorted = await api(`/api/search?q=${encodeURIComponent(name)}&sort=price-desc&page=2`)
        await main().getByRole('link', { name: 'Next page' }).click()
        await page.waitForURL((url) => url.searchParams.get('page') === '2')
        await firstCard(sorted.items[0]).waitFor()
        const secondPage = page.url()

        // A brand narrows the results and starts again from their first page.
        const brand = results.facets.vendors[0]
        controls = await filters()
        const label = brand.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        const brandBox = () => controls.getByRole('checkbox', { name: new RegExp(`^${label} \\(`) })
        // Ticking navigates; the box is drawn anew from the answer, so its state is read after.
        await brandBox().click()
        await page.waitForURL((url) => url.searchParams.get('vendors') === brand.value && !url.searchParams.has('page'))
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'))
        assert.ok(await brandBox().isChecked(), 'the brand is shown as chosen')
        const narrowed = await api(
          `/api/search?q=${encodeURIComponent(name)}&vendors=${brand.value}&sort=price-desc`,
        )
        assert.ok(narrowed.total < results.total, 'the brand narrowed nothing')
        if (mobile) await expectAccessible(page, where('the Sort & Filter panel on search'))
        await closeFilters()
        await main().getByText(`${narrowed.total} products`, { exact: true }).first().waitFor()
        await firstCard(narrowed.items[0]).waitFor()
        await expectAccessible(page, where('filtered search results'))

        // Back: the second sorted page, unfiltered, then the first.
        await page.goBack()
        await page.waitForURL(secondPage)
        await firstCard(sorted.items[0]).waitFor()
        await page.goBack()
        await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc' && !url.searchParams.has('page'))
        await resultsHeading(name).waitFor()
      })

      it('offers the departments when a search finds nothing', async () => {
        const home = await api('/api/home')
        await page.goto(`${store.url}/search?q=zzqxv`)
        await resultsHeading('zzqxv').waitFor()
        await main().getByText('We found no products for "zzqxv".', { exact: true }).waitFor()
        await main().getByRole('link', { name: home.departments[0].name, exact: true }).first().waitFor()
        await expectAccessible(page, where('a search that found nothing'))
      })

      if (mobile) {
        it('types Hebrew with the on-screen keyboard and finds the Hebrew product', async () => {
          // "לימון" (lemon), ending in a final nun: the demo's lemon tree print.
          const word = 'לימון'
          const results = await api(`/api/search?q=${encodeURIComponent(word)}`)
          assert.ok(results.total >= 1, `nothing in the catalogue for ${word}`)
          const product = results.items[0]

          await page.goto(store.url)
          const input = await openSearch()
          const overlay = page.getByRole('dialog', { name: 'Search' })
          await overlay.getByRole('button', { name: 'Hebrew keyboard' }).click()
          const keyboard = overlay.getByRole('group', { name: 'On-screen Hebrew keyboard' })
          await keyboard.waitFor()
          await expectAccessible(page, where('the on-screen Hebrew keyboard'))
          for (const letter of word) await keyboard.getByRole('button', { name: letter, exact: true }).click()
          assert.equal(await input.inputValue(), word)
          await overlay.getByRole('option').first().waitFor({ timeout: SUGGESTIONS_WAIT_MS })
          await input.press('Enter')

          await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word)
          await overlay.waitFor({ state: 'detached' })
          await main().getByRole('heading', { level: 2, name: product.title, exact: true }).first().waitFor()
        })
      }
    })
  }
})
