import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import { onPhone } from '@/testing/media'
import { stubApi, stubApiWithBodies } from '@/testing/api'
import { departments, pricedLine, product, quoteAnswer } from '@/testing/fixtures'

afterEach(() => {
  localStorage.clear()
})

/** Starts the app with the language stored as a returning shopper would have it. */
function storeLanguage(language: 'heb' | 'eng') {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ language }))
}
import { renderApp } from '@/testing/render'

const mug = product({
  type: 'variation',
  media_urls: [
    { url: '/media/mug/e76f51.svg', thumbnail: '/media/mug/e76f51.svg' },
    { url: '/media/mug/f4a261.svg', thumbnail: '/media/mug/f4a261.svg' },
  ],
  creators: [{ id: 3, name: 'Dana Levi', role: 'maker', path: '/creator/dana-levi/3' }],
  variation_infos: [
    {
      id: 100101,
      sku: 'HG-MUG-001-BL',
      price: 1800,
      fake_price: 2400,
      max: 12,
      item_type: 'others',
      options: [{ name: 'Color', value: 'Blue', heb_name: 'צבע', heb_value: 'כחול' }],
      picture: { url: '/media/mug/264653.svg', thumbnail: '/media/mug/264653.svg' },
    },
    {
      id: 100102,
      sku: 'HG-MUG-001-RD',
      price: 2100,
      max: 0,
      item_type: 'others',
      options: [{ name: 'Color', value: 'Red', heb_name: 'צבע' }],
      picture: { url: '/media/mug/e63946.svg', thumbnail: '/media/mug/e63946.svg' },
    },
  ],
})

/** The price and stock line, which a variation change updates. */
function offer() {
  const live = document.querySelector('[aria-live="polite"]')
  if (!(live instanceof HTMLElement)) throw new Error('no offer region')
  return live
}

function mainPicture() {
  return screen.getByRole('img', { name: /^Stoneware Mug, view 1/ })
}

describe('the product page', () => {
  it('shows the product with its first variation selected', async () => {
    stubApi({ '/api/categories': departments, '/api/products/1001': mug })
    renderApp('/products/stoneware-mug/1001')

    expect(await screen.findByRole('heading', { level: 1, name: 'Stoneware Mug' })).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('Stoneware Mug | Olive Lane')
    })
    const hebrew = screen.getByText('ספל אבן')
    expect(hebrew).toHaveAttribute('lang', 'he')
    expect(hebrew).toHaveAttribute('dir', 'rtl')

    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked()
    expect(offer()).toHaveTextContent(/^Now \$18\.00 Was \$24\.00\s*In stock$/)
    expect(mainPicture()).toHaveAttribute('src', '/media/mug/264653.svg')
    expect(screen.getByRole('link', { name: 'Olive & Oak' })).toHaveAttribute('href', '/vendor/olive-and-oak/1')
    expect(screen.getByRole('link', { name: 'Dana Levi' })).toHaveAttribute('href', '/creator/dana-levi/3')
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(breadcrumb).getByRole('link', { name: 'Mugs' })).toHaveAttribute('href', '/category/mugs/12')
  })

  it('switches price, stock and picture with the variation', async () => {
    stubApi({ '/api/categories': departments, '/api/products/1001': mug })
    renderApp('/products/stoneware-mug/1001')
    const user = userEvent.setup()

    await user.click(await screen.findByRole('radio', { name: /Red/ }))

    expect(screen.getByRole('radio', { name: /Red/ })).toBeChecked()
    expect(offer()).toHaveTextContent(/^\$21\.00\s*Out of stock$/)
    expect(mainPicture()).toHaveAttribute('src', '/media/mug/e63946.svg')
    expect(screen.getByText('HG-MUG-001-RD')).toBeInTheDocument()
  })

  it('uses the product price and stock when there are no variations', async () => {
    stubApi({
      '/api/categories': departments,
      '/api/products/1001': product({ price: 123450, fake_price: 100000, max: 0 }),
    })
    renderApp('/products/stoneware-mug/1001')

    await screen.findByRole('heading', { level: 1, name: 'Stoneware Mug' })
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    // A fake price below the price is not a saving and is not shown.
    expect(offer()).toHaveTextContent(/^\$1,234\.50\s*Out of stock$/)
  })

  it('lets the thumbnails choose the large picture', async () => {
    stubApi({ '/api/categories': departments, '/api/products/1001': product({ media_urls: mug.media_urls }) })
    renderApp('/products/stoneware-mug/1001')
    const user = userEvent.setup()

    await user.click(await screen.findByRole('button', { name: 'Show view 2 of 2' }))

    expect(screen.getByRole('img', { name: 'Stoneware Mug, view 2 of 2' })).toHaveAttribute(
      'src',
      '/media/mug/f4a261.svg',
    )
    expect(screen.getByRole('button', { name: 'Show view 2 of 2' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('says before Add to Bag that a final-sale item cannot be returned', async () => {
    stubApi({ '/api/categories': departments, '/api/products/1001': product({ returnable: false }) })
    renderApp('/products/stoneware-mug/1001')

    const note = await screen.findByText('Final sale: this item cannot be returned.')
    const addToBag = screen.getAllByRole('button', { name: /Add to Bag/ })[0]
    expect(addToBag).toBeDefined()
    // Read (and tabbed past) before the button.
    expect(note.compareDocumentPosition(addToBag as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('says nothing of a final sale for an item that can be returned', async () => {
    stubApi({ '/api/categories': departments, '/api/products/1001': product({ returnable: true }) })
    renderApp('/products/stoneware-mug/1001')

    await screen.findByRole('heading', { level: 1, name: 'Stoneware Mug' })
    expect(screen.queryByText(/Final sale/)).not.toBeInTheDocument()
  })
})

describe('the product page in Hebrew (spec 4.9)', () => {
  const withCreator = product({
    creators: [{ id: 3, name: 'Dana Levi', heb_name: 'דנה לוי', role: 'maker', path: '/creator/dana-levi/3' }],
  })

  it('switches title, descriptions and creators to right-to-left Hebrew with the toggle', async () => {
    stubApi({ '/api/categories': departments, '/api/products/1001': withCreator })
    renderApp('/products/stoneware-mug/1001')
    const user = userEvent.setup()

    await screen.findByRole('heading', { level: 1, name: 'Stoneware Mug' })
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'עברית' }))

    const heading = screen.getByRole('heading', { level: 1, name: 'ספל אבן' })
    expect(heading).toHaveAttribute('dir', 'rtl')
    expect(heading).toHaveAttribute('lang', 'he')
    // The secondary Hebrew line belongs to English mode only.
    // (The breadcrumb names the page in Hebrew too.)
    expect(within(screen.getByRole('article')).getAllByText('ספל אבן')).toHaveLength(1)
    expect(within(screen.getByRole('navigation', { name: 'פירורי לחם' })).getByText('ספל אבן')).toBeInTheDocument()
    expect(screen.getByText('ספל יציב לבקרים איטיים.')).toHaveAttribute('dir', 'rtl')
    expect(screen.getByText('נזרק ביד ומזוגג פעמיים.')).toHaveAttribute('lang', 'he')
    expect(screen.getByRole('link', { name: 'דנה לוי' })).toHaveAttribute('dir', 'rtl')
    // The interface follows: headings and labels are Hebrew too.
    expect(screen.getByRole('heading', { level: 2, name: 'תיאור' })).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({ language: 'heb' })
  })

  it('names the variations in Hebrew where the catalogue has the words, isolating the English', async () => {
    storeLanguage('heb')
    stubApi({ '/api/categories': departments, '/api/products/1001': mug })
    renderApp('/products/stoneware-mug/1001')

    const picker = await screen.findByRole('group', { name: 'צבע' })
    expect(within(picker).getByRole('radio', { name: 'כחול' })).toBeChecked()
    // Red has no Hebrew value: the English is shown, inside <bdi>.
    const red = within(picker).getByRole('radio', { name: /Red/ })
    expect(red.closest('label')?.querySelector('bdi')).toHaveTextContent('Red')
  })

  it('says in Hebrew that a final-sale item cannot be returned', async () => {
    storeLanguage('heb')
    stubApi({ '/api/categories': departments, '/api/products/1001': product({ returnable: false }) })
    renderApp('/products/stoneware-mug/1001')

    expect(await screen.findByText('מבצע סופי: אי אפשר להחזיר את הפריט הזה.')).toBeInTheDocument()
  })

  it('offers no toggle and stays English when there is no Hebrew text', async () => {
    storeLanguage('heb')
    const english = product({ heb_title: undefined, heb_description: undefined, heb_short_desc: undefined })
    stubApi({ '/api/categories': departments, '/api/products/1001': english })
    renderApp('/products/stoneware-mug/1001')

    // The interface is Hebrew; the English content inside it is marked English, left to right.
    await screen.findByRole('heading', { level: 2, name: 'תיאור' })
    const heading = screen.getByRole('heading', { level: 1, name: 'Stoneware Mug' })
    expect(heading).toHaveAttribute('dir', 'ltr')
    expect(screen.getByText('A sturdy mug for slow mornings.')).toHaveAttribute('lang', 'en')
    expect(screen.queryByRole('group', { name: /Language|שפה/ })).not.toBeInTheDocument()
  })

  it('offers the toggle when only a creator has a Hebrew name', async () => {
    const onlyCreator = product({
      heb_title: undefined,
      heb_description: undefined,
      heb_short_desc: undefined,
      creators: withCreator.creators,
    })
    stubApi({ '/api/categories': departments, '/api/products/1001': onlyCreator })
    renderApp('/products/stoneware-mug/1001')
    const user = userEvent.setup()

    await user.click(await screen.findByRole('button', { name: 'עברית' }))
    expect(screen.getByRole('link', { name: 'דנה לוי' })).toHaveAttribute('lang', 'he')
    // Fields without Hebrew stay English, marked left to right.
    expect(screen.getByRole('heading', { level: 1, name: 'Stoneware Mug' })).toHaveAttribute('dir', 'ltr')
  })
})

describe('buying options on the product page', () => {
  it('limits the quantity to the smaller of stock and max_quantity', async () => {
    stubApi({ '/api/categories': departments, '/api/products/1001': product({ max: 25, max_quantity: 12 }) })
    renderApp('/products/stoneware-mug/1001')
    const user = userEvent.setup()

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Quantity' }), '10+')
    const input = screen.getByRole('spinbutton', { name: 'Quantity' })
    expect(input).toHaveAttribute('max', '12')
    await user.clear(input)
    await user.type(input, '40')
    await user.tab()
    expect(input).toHaveValue(12)
  })

  it('follows the chosen variation and hides the selector when it is out of stock', async () => {
    stubApi({ '/api/categories': departments, '/api/products/1001': mug })
    renderApp('/products/stoneware-mug/1001')
    const user = userEvent.setup()

    expect(await screen.findByRole('combobox', { name: 'Quantity' })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: /Red/ }))
    expect(screen.queryByRole('combobox', { name: 'Quantity' })).not.toBeInTheDocument()
    expect(offer()).toHaveTextContent('Out of stock')
  })

  it('offers gift wrap and one limited text field per personalization', async () => {
    const gift = product({
      meta: {
        gift_options: { price: 500 },
        personalization: [
          { key: 'name', label: 'Name', heb_label: 'שם', price: 300, max_length: 12 },
          { key: 'message', label: 'Message', price: 0, max_length: 40 },
        ],
      },
    })
    stubApi({ '/api/categories': departments, '/api/products/1001': gift })
    renderApp('/products/stoneware-mug/1001')
    const user = userEvent.setup()

    const wrap = await screen.findByRole('checkbox', { name: 'Gift wrap (+$5.00)' })
    await user.click(wrap)
    expect(wrap).toBeChecked()
    const name = screen.getByRole('textbox', { name: 'Name (+$3.00)' })
    expect(name).toHaveAttribute('maxLength', '12')
    await user.type(name, 'Dana')
    expect(name).toHaveValue('Dana')
    expect(screen.getByRole('textbox', { name: 'Message (+$0.00)' })).toHaveAttribute('maxLength', '40')
  })

  it('adds the chosen variation, quantity, gift wrap and personalization to the bag', async () => {
    const gift = product({
      ...mug,
      meta: {
        gift_options: { price: 500 },
        personalization: [{ key: 'name', label: 'Name', price: 300, max_length: 12 }],
      },
    })
    const sent = stubApiWithBodies({
      '/api/categories': departments,
      '/api/products/1001': gift,
      '/api/bag/quote': quoteAnswer({ products: [pricedLine({ id: 100101, type: 'variation', quantity: 3 })] }),
    })
    renderApp('/products/stoneware-mug/1001')
    const user = userEvent.setup()

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Quantity' }), '3')
    await user.click(screen.getByRole('checkbox', { name: 'Gift wrap (+$5.00)' }))
    await user.type(screen.getByRole('textbox', { name: 'Name (+$3.00)' }), 'Dana')
    await user.click(screen.getByRole('button', { name: 'Add to Bag' }))

    expect(await screen.findByText('Added to your bag')).toBeInTheDocument()
    const quote = sent.find((request) => request.url.pathname === '/api/bag/quote')
    expect(quote?.body).toMatchObject({
      products: [],
      later: [],
      change: {
        action: 'add',
        line: { id: 100101, type: 'variation', quantity: 3, gift_options: true, personalization: { name: 'Dana' } },
      },
    })
    const line = (quote?.body as { change: { line: { item_key: string } } }).change.line
    expect(line.item_key).toMatch(/^[0-9a-f-]{36}$/)
    // The header's badge follows the stored bag.
    expect(screen.getByRole('link', { name: 'Bag, 3 items' })).toBeInTheDocument()
  })

  it('disables Add to Bag for an out-of-stock variation', async () => {
    stubApi({ '/api/categories': departments, '/api/products/1001': mug })
    renderApp('/products/stoneware-mug/1001')
    const user = userEvent.setup()
    const add = await screen.findByRole('button', { name: 'Add to Bag' })
    expect(add).toBeEnabled()
    await user.click(screen.getByRole('radio', { name: /Red/ }))
    expect(add).toBeDisabled()
  })
})

describe('recently viewed on the product page (spec 4.8)', () => {
  it('records the view and lists the other products seen, newest first', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        recentlyViewed: [
          { id: 1001, time_stamp: 3 },
          { id: 2002, time_stamp: 2 },
          { id: 3003, time_stamp: 1 },
        ],
      }),
    )
    stubApi({
      '/api/categories': departments,
      '/api/products/1001': mug,
      '/api/products/2002': product({ id: 2002, title: 'Linen Towel', path: '/products/linen-towel/2002' }),
      // 3003 is gone from the catalogue: answered 404 and skipped.
    })
    renderApp('/products/stoneware-mug/1001')

    const section = await screen.findByRole('region', { name: 'Recently viewed' })
    expect(within(section).getByRole('link', { name: 'Linen Towel' })).toHaveAttribute(
      'href',
      '/products/linen-towel/2002',
    )
    expect(within(section).queryByRole('link', { name: 'Stoneware Mug' })).not.toBeInTheDocument()
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { recentlyViewed: { id: number }[] }
    expect(stored.recentlyViewed.map((entry) => entry.id)).toEqual([1001, 2002, 3003])
  })

  it('shows no section before anything else was viewed', async () => {
    stubApi({ '/api/categories': departments, '/api/products/1001': mug })
    renderApp('/products/stoneware-mug/1001')
    await screen.findByRole('heading', { level: 1, name: 'Stoneware Mug' })
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument()
  })
})

/** IntersectionObserver's stand-in; the answer tells whether every watched element is on screen. */
function fakeIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>()
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly watched: { callback: IntersectionObserverCallback; targets: Element[] }
      constructor(callback: IntersectionObserverCallback) {
        this.watched = { callback, targets: [] }
        observers.add(this.watched)
      }
      observe(target: Element) {
        this.watched.targets.push(target)
      }
      disconnect() {
        observers.delete(this.watched)
      }
    },
  )
  return (onScreen: boolean) => {
    act(() => {
      for (const { callback, targets } of observers) {
        const entries = targets.map((target) => ({ target, isIntersecting: onScreen }) as IntersectionObserverEntry)
        callback(entries, {} as IntersectionObserver)
      }
    })
  }
}

/** Scrolls the window to `y`, as far as the Top button can tell. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
  fireEvent.scroll(window)
}

describe('buying on a phone (the sticky bar)', () => {
  afterEach(() => {
    scrollTo(0)
  })

  it('keeps price and Add to Bag at the bottom of the screen while the page’s own button is out of view', async () => {
    onPhone()
    const scrolled = fakeIntersectionObserver()
    const sent = stubApiWithBodies({
      '/api/categories': departments,
      '/api/products/1001': mug,
      '/api/bag/quote': quoteAnswer({ products: [pricedLine({ id: 100101, type: 'variation' })] }),
    })
    renderApp('/products/stoneware-mug/1001')
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Stoneware Mug' })
    expect(screen.getAllByRole('button', { name: /^Add to Bag/ })).toHaveLength(1)

    scrolled(false)
    const bar = screen.getByRole('button', { name: 'Add to Bag: Stoneware Mug' })
    expect(bar.parentElement).toHaveTextContent(/Now \$18\.00 Was \$24\.00/)
    await user.click(bar)
    expect(await screen.findByText('Added to your bag')).toBeInTheDocument()
    const quote = sent.find((request) => request.url.pathname === '/api/bag/quote')
    expect(quote?.body).toMatchObject({
      change: { action: 'add', line: { id: 100101, type: 'variation', quantity: 1 } },
    })

    // Back at the page's own button, the bar goes.
    scrolled(true)
    expect(screen.queryByRole('button', { name: 'Add to Bag: Stoneware Mug' })).not.toBeInTheDocument()
  })

  it('keeps the Top button off the bar while the bar shows', async () => {
    onPhone()
    const scrolled = fakeIntersectionObserver()
    stubApi({ '/api/categories': departments, '/api/products/1001': mug })
    renderApp('/products/stoneware-mug/1001')
    await screen.findByRole('heading', { level: 1, name: 'Stoneware Mug' })

    scrollTo(window.innerHeight)
    expect(screen.getByRole('button', { name: 'Top' })).toBeInTheDocument()
    scrolled(false)
    expect(screen.queryByRole('button', { name: 'Top' })).not.toBeInTheDocument()
    scrolled(true)
    expect(screen.getByRole('button', { name: 'Top' })).toBeInTheDocument()
  })

  it('shows no bar on a desktop, where Add to Bag is in view beside the pictures', async () => {
    const scrolled = fakeIntersectionObserver()
    stubApi({ '/api/categories': departments, '/api/products/1001': mug })
    renderApp('/products/stoneware-mug/1001')
    await screen.findByRole('heading', { level: 1, name: 'Stoneware Mug' })
    scrolled(false)
    expect(screen.getAllByRole('button', { name: /^Add to Bag/ })).toHaveLength(1)
  })
})
