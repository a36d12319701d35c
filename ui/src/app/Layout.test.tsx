import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import { onPhone } from '@/testing/media'
import { answer, stubApi } from '@/testing/api'
import { EMPTY_BAG } from '@/lib/bag'
import { departments, pricedLine, quoteAnswer, shippingOptions, zipAnswer } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import headerStyles from './Header.module.css'

const storeInfo = {
  name: 'Olive Lane',
  heb_name: 'שדרת הזית',
  help_email: 'help@olive-lane.example',
  free_shipping_over: 5000,
  payments: { processor: 'stripe', publishable_key: 'pk_test_1', library_url: 'https://js.stripe.com/v3/' },
}
const currencies = [
  { currency: 'USD', name: 'US Dollar', rate: 1, symbol: '' },
  { currency: 'ILS', name: 'Israeli new shekel', rate: 3.7, symbol: '&#8362;' },
]

function stubStore(overrides: Record<string, unknown> = {}) {
  return stubApi({
    '/api/categories': departments,
    '/api/store': storeInfo,
    '/api/currencies': currencies,
    '/api/health': { status: 'ok', products: 1 },
    // The bag screen asks again on each visit (spec 4.1): the mug the tests keep in it.
    '/api/bag/quote': quoteAnswer({ products: [pricedLine()] }),
    ...overrides,
  })
}

afterEach(() => {
  localStorage.clear()
  document.documentElement.lang = 'en'
  document.documentElement.dir = 'ltr'
})

describe('the interface language (spec 4.9)', () => {
  it('turns the whole chrome Hebrew and right to left, and back', async () => {
    stubStore()
    renderApp('/bag')
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Bag' })
    expect(document.documentElement).toHaveAttribute('dir', 'ltr')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'עברית')
    expect(document.documentElement).toHaveAttribute('lang', 'he')
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(screen.getByRole('button', { name: 'תפריט' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'אודות' })).toHaveAttribute('href', '/about/43')
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({ language: 'heb' })

    await user.selectOptions(screen.getByRole('combobox', { name: 'שפה' }), 'English')
    expect(document.documentElement).toHaveAttribute('dir', 'ltr')
    expect(screen.getByRole('link', { name: 'About' })).toBeInTheDocument()
  })
})

describe('the header (spec 2.4)', () => {
  it('has the menu, logo, search, account and assistance menus and the bag without a badge', async () => {
    stubStore()
    renderApp('/bag')
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('button', { name: 'Menu' })).toBeInTheDocument()
    expect(within(banner).getByRole('link', { name: 'Olive Lane, home' })).toHaveAttribute('href', '/')
    expect(within(banner).getByRole('combobox', { name: 'Search' })).toBeInTheDocument()
    expect(within(banner).getByRole('button', { name: 'Account' })).toBeInTheDocument()
    expect(within(banner).getByRole('button', { name: 'Help' })).toBeInTheDocument()
    expect(within(banner).getByRole('link', { name: 'Bag' })).toHaveAttribute('href', '/bag')
  })

  it('searches for the trimmed text on Enter, and not for blank text', async () => {
    stubStore()
    const { router } = renderApp('/bag')
    const user = userEvent.setup()
    const search = await screen.findByRole('combobox', { name: 'Search' })
    await user.type(search, '   {Enter}')
    expect(router.state.location.pathname).toBe('/bag')
    await user.type(search, ' olive oil {Enter}')
    // The results page loads lazily, so the navigation completes after its chunk arrives.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/search')
    })
    expect(router.state.location.search).toBe('?q=olive+oil')
  })

  it.each(['/checkout', '/review'])(
    'shows only the logo and the language on %s, and keeps the footer',
    async (path) => {
      // A guest with something in the bag, coming from checkout's sign-in: both let them in.
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ bag: { ...EMPTY_BAG, products: [pricedLine()] } }))
      stubStore({ '/api/customer': answer(403, { message: 'Please sign in.' }) })
      const { router } = renderApp('/sign-in')
      await screen.findByRole('heading', { level: 1, name: 'Sign In' })
      await router.navigate(path)
      await screen.findByRole('heading', { level: 1, name: path === '/checkout' ? 'Checkout' : 'Review' })
      expect(router.state.location.pathname).toBe(path)
      const banner = screen.getByRole('banner')
      expect(within(banner).getAllByRole('link')).toHaveLength(1)
      expect(within(banner).getAllByRole('button')).toEqual(
        within(within(banner).getByRole('group', { name: 'Language' })).getAllByRole('button'),
      )
      expect(await screen.findByRole('contentinfo')).toBeInTheDocument()
    },
  )
})

describe('the banners (spec 2.4)', () => {
  it('shows the announcement with the help address and the free-shipping threshold', async () => {
    stubStore()
    renderApp('/bag')
    expect(await screen.findByText('Free Shipping over $50')).toBeInTheDocument()
    expect(screen.getByText(/Welcome to our new website! New products and features added daily\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Contact us at help@olive-lane.example' })).toHaveAttribute(
      'href',
      'mailto:help@olive-lane.example',
    )
  })

  it('offers free shipping on all orders when there is no threshold', async () => {
    stubStore({ '/api/store': { ...storeInfo, free_shipping_over: null } })
    renderApp('/bag')
    expect(await screen.findByText('Free Shipping on all orders')).toBeInTheDocument()
    expect(screen.getByText('Fast and easy shipping options available around the world')).toBeInTheDocument()
  })

  it('takes the threshold from the shipping options once they are loaded', async () => {
    stubStore({
      '/api/zip_code': zipAnswer(),
      '/api/shipping/index': shippingOptions({ over_price: 7500 }),
    })
    renderApp('/bag')
    expect(await screen.findByText('Free Shipping over $75')).toBeInTheDocument()
    expect(screen.getByText('Free Shipping over $75 on Most Orders')).toBeInTheDocument()
  })

  it('closes the beta banner for good', async () => {
    stubStore()
    renderApp('/bag')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Close the beta notice' }))
    expect(screen.queryByText(/beta store/)).not.toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({ betaBannerClosed: true })
  })

  it('warns about a proxy when the health check fails, and "Dismiss temporarily" hides it for a day', async () => {
    stubStore({ '/api/health': answer(503) })
    renderApp('/bag')
    const user = userEvent.setup()
    const warning = await screen.findByRole('alert')
    expect(warning).toHaveTextContent('Performance of this website is impacted by a content filter or proxy.')
    const before = Date.now()
    await user.click(within(warning).getByRole('button', { name: 'Dismiss temporarily' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { proxyWarningDismissedAt: number }
    expect(stored.proxyWarningDismissedAt).toBeGreaterThanOrEqual(before)
  })

  it('shows no proxy warning when the health check answers in time', async () => {
    stubStore()
    renderApp('/bag')
    await screen.findByText('Free Shipping over $50')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('the test-store note', () => {
  const sandbox = { ...storeInfo, payments: { processor: 'sandbox' } }

  it.each(['/bag', '/no-such-page'])(
    'says on %s, at the top, that nothing is charged and which card to use',
    async (path) => {
      stubStore({ '/api/store': sandbox })
      renderApp(path)
      const note = await screen.findByRole('note')
      expect(note).toHaveTextContent('Test store: nothing is charged. Pay with the test card 4242 4242 4242 4242.')
      // Among the notices, before the header.
      expect(screen.getByRole('complementary', { name: 'Store notices' })).toContainElement(note)
      expect(note.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    },
  )

  it('speaks Hebrew, the card number left to right', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ language: 'heb' }))
    stubStore({ '/api/store': sandbox })
    renderApp('/bag')
    const note = await screen.findByRole('note')
    expect(note).toHaveTextContent('חנות לניסיון: שום תשלום לא נגבה. שלמו בכרטיס הניסיון 4242 4242 4242 4242.')
    expect(within(note).getByText('4242 4242 4242 4242')).toHaveAttribute('dir', 'ltr')
  })

  it('is not shown by a store that charges, nor while the store information is unknown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    stubStore()
    renderApp('/bag')
    await screen.findByText('Free Shipping over $50')
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    cleanup()

    stubStore({ '/api/store': answer(503, { message: 'busy' }) })
    renderApp('/bag')
    await screen.findByRole('heading', { level: 1, name: 'Bag' })
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
  })
})

describe('the free-shipping terms (spec 2.9)', () => {
  it('opens from the footer and closes on Escape, the X and the backdrop', async () => {
    stubStore()
    renderApp('/bag')
    const user = userEvent.setup()
    const footer = await screen.findByRole('contentinfo')
    const details = await within(footer).findByRole('button', { name: 'Free shipping details' })

    await user.click(details)
    // Its code comes on the first opening (lib/afterStart.ts).
    const dialog = await screen.findByRole('dialog', { name: 'Free Shipping over $50 to your address' })
    expect(dialog).toHaveTextContent('must reach $50')
    expect(dialog).toHaveTextContent('Orders cannot be combined.')
    expect(within(dialog).getByRole('link', { name: 'Shipping Policy' })).toHaveAttribute('href', '/shipping-policy/41')
    expect(within(dialog).getByRole('link', { name: 'Return Policy' })).toHaveAttribute('href', '/return-policy/42')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(details).toHaveFocus()

    await user.click(details)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(details)
    await user.click(screen.getByRole('dialog'))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    const backdrop = screen.getByRole('dialog').parentElement
    if (!backdrop) throw new Error('the popup has no backdrop')
    await user.click(backdrop)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('the footer (spec 2.8)', () => {
  it('has the company links, shipping and returns blocks and the copyright year', async () => {
    stubStore()
    renderApp('/bag')
    const footer = await screen.findByRole('contentinfo')
    const company = within(footer).getByRole('navigation', { name: 'Company' })
    expect(
      within(company)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['About', '/about/43'],
      ['Contact', '/contact-us'],
      ['Store Hours', '/store-information/hours'],
      ['Store Address', '/store-information/address'],
    ])
    expect(await within(footer).findByText('Free Shipping over $50 on Most Orders')).toBeInTheDocument()
    expect(within(footer).getByText('Shop With Confidence Easy 30-Day Return Policy')).toBeInTheDocument()
    expect(within(footer).getByRole('link', { name: 'Return policy details' })).toHaveAttribute(
      'href',
      '/return-policy/42',
    )
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Olive Lane`)).toBeInTheDocument()
  })

  it('opens the help chat from its Chat link', async () => {
    stubStore()
    renderApp('/bag')
    const user = userEvent.setup()
    await user.click(within(await screen.findByRole('contentinfo')).getByRole('button', { name: 'Chat with us' }))
    expect(await screen.findByRole('dialog', { name: 'Chat with us' })).toBeInTheDocument()
  })

  it('switches the currency, US Dollar first, and remembers the choice', async () => {
    stubStore()
    renderApp('/bag')
    const user = userEvent.setup()
    const select = within(await screen.findByRole('contentinfo')).getByRole('combobox', { name: 'Currency' })
    await waitFor(() => {
      expect(within(select).getAllByRole('option')).toHaveLength(2)
    })
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent('US Dollar (USD)')
    expect(within(select).getAllByRole('option')[1]).toHaveTextContent('Israeli new shekel (ILS ₪)')
    await user.selectOptions(select, 'ILS')
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({ currency: 'ILS' })
  })
})

describe('the start-up health check', () => {
  it('counts a check slower than 3 seconds as a proxy signal', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      stubStore({ '/api/health': () => new Response(null, { status: 200 }) })
      const slow = globalThis.fetch
      vi.stubGlobal('fetch', (request: Request) =>
        new URL(request.url).pathname === '/api/health'
          ? new Promise((_resolve, reject) => {
              request.signal.addEventListener('abort', () => {
                reject(new DOMException('aborted', 'AbortError'))
              })
            })
          : slow(request),
      )
      renderApp('/bag')
      await vi.advanceTimersByTimeAsync(2999)
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
      await vi.advanceTimersByTimeAsync(2)
      expect(await screen.findByRole('alert')).toHaveTextContent('content filter or proxy')
    } finally {
      vi.useRealTimers()
    }
  })
})

/** A guest's bag with one mug, as Review needs to let the shopper in. */
function storeMugInBag() {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ bag: { ...EMPTY_BAG, products: [pricedLine()] } }))
}

/** Scrolls the window to `y`, as far as the Top button can tell. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
  fireEvent.scroll(window)
}

describe('the checkout steps’ chrome (less in the way)', () => {
  it('keeps only the policies, contact and legal links in the footer', async () => {
    storeMugInBag()
    stubStore()
    renderApp('/review')
    const footer = await screen.findByRole('contentinfo')
    const help = await within(footer).findByRole('navigation', { name: 'Help and policies' })
    expect(
      within(help)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Shipping Policy', '/shipping-policy/41'],
      ['Return Policy', '/return-policy/42'],
      ['Contact', '/contact-us'],
    ])
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument()
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Olive Lane`)).toBeInTheDocument()
    // Nothing that calls the shopper away from the order.
    expect(within(footer).queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument()
    expect(within(footer).queryByRole('textbox')).not.toBeInTheDocument()
    expect(within(footer).queryByRole('button', { name: 'Chat with us' })).not.toBeInTheDocument()
    expect(within(footer).queryByRole('link', { name: 'Olive Lane on Instagram' })).not.toBeInTheDocument()
    expect(footer).not.toHaveTextContent('App Store')
    expect(within(footer).queryByRole('navigation', { name: 'Company' })).not.toBeInTheDocument()
  })

  it('has a logo header that scrolls away (the order summary sticks alone) and switches the language', async () => {
    storeMugInBag()
    stubStore()
    renderApp('/review')
    const user = userEvent.setup()
    const header = await screen.findByRole('banner')
    const { logoHeader = 'logoHeader', header: sticky = 'header' } = headerStyles
    expect(header).toHaveClass(logoHeader)
    expect(header).not.toHaveClass(sticky)

    await user.click(within(header).getByRole('button', { name: 'עברית' }))
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(within(header).getByRole('group', { name: 'שפה' })).toBeInTheDocument()
  })
})

describe('the phone header', () => {
  it('shows a compact language toggle, “EN / עב”, beside the bag on every page', async () => {
    onPhone()
    stubStore()
    renderApp('/bag')
    const user = userEvent.setup()
    const header = screen.getByRole('banner')
    const toggle = within(header).getByRole('group', { name: 'Language' })
    const hebrew = within(toggle).getByRole('button', { name: 'עברית' })
    expect(hebrew).toHaveTextContent(/^עב$/)
    expect(within(toggle).getByRole('button', { name: 'English' })).toHaveTextContent(/^EN$/)
    expect(within(toggle).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(hebrew)
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(hebrew).toHaveAttribute('aria-pressed', 'true')
    expect(within(header).getByRole('button', { name: 'תפריט' })).toBeInTheDocument()
  })
})

describe('the Top button on pages with figures', () => {
  afterEach(() => {
    scrollTo(0)
  })

  it('stays off the bag’s and Review’s summaries', async () => {
    onPhone()
    storeMugInBag()
    stubStore()
    const { router } = renderApp('/bag')
    await screen.findByRole('heading', { level: 1, name: 'Bag' })
    scrollTo(window.innerHeight)
    expect(screen.queryByRole('button', { name: 'Top' })).not.toBeInTheDocument()

    await router.navigate('/review')
    await screen.findByRole('navigation', { name: 'Help and policies' })
    scrollTo(window.innerHeight)
    expect(screen.queryByRole('button', { name: 'Top' })).not.toBeInTheDocument()

    await router.navigate('/favorites')
    scrollTo(window.innerHeight)
    expect(await screen.findByRole('button', { name: 'Top' })).toBeInTheDocument()
  })
})
