import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_BAG, type BagLists, type BagSummary } from '@/lib/bag'
import { STORAGE_KEY } from '@/lib/persist'
import { onPhone } from '@/testing/media'
import { answer, stubApiWithBodies, type SentRequest } from '@/testing/api'
import {
  checkoutQuoteAnswer,
  departments,
  pricedLine,
  quoteAnswer,
  shippingOptions,
  zipAnswer,
} from '@/testing/fixtures'
import { renderApp } from '@/testing/render'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

function storeBag(bag: Partial<BagLists>, summary: BagSummary | null = null) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ bag: { ...EMPTY_BAG, ...bag }, bagSummary: summary }))
}

const quotes = (sent: SentRequest[]) =>
  sent.filter((request) => request.url.pathname === '/api/bag/quote').map((request) => request.body as QuoteBody)

interface QuoteBody {
  products: { id: number; quantity: number }[]
  later: { id: number }[]
  change?: {
    action: string
    key?: unknown
    list?: string
    line?: { personalization: Record<string, string>; item_key: string }
  }
}

const mug = pricedLine({ quantity: 2 })
const towel = pricedLine({
  id: 2002,
  product_id: 2002,
  title: 'Linen Towel',
  heb_title: undefined,
  path: '/products/linen-towel/2002',
  sku: 'HG-TWL-002',
  options: [{ name: 'Color', value: 'Sand' }],
})

describe('the bag page (spec 4.1)', () => {
  it('re-prices the stored bag on opening and shows its lines, totals and free shipping', async () => {
    storeBag({ products: [mug, towel] })
    const cheaper = pricedLine({ quantity: 2, price: 1500, fake_price: 1800 })
    const gone = { ...towel, max: 0 }
    const sent = stubApiWithBodies({
      '/api/categories': departments,
      '/api/bag/quote': quoteAnswer({ products: [cheaper], unavailable_cart: [gone] }),
    })
    renderApp('/bag')

    expect(await screen.findByRole('heading', { level: 1, name: 'Bag' })).toBeInTheDocument()
    const summary = await screen.findByRole('region', { name: 'Order summary' })
    expect(within(summary).getByText('Subtotal').nextSibling).toHaveTextContent('$30.00')
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('$30.00')
    expect(summary).toHaveTextContent('$20.00 away from free shipping')

    const inBag = screen.getByRole('region', { name: 'In your bag' })
    expect(within(inBag).getByRole('link', { name: 'Stoneware Mug' })).toHaveAttribute(
      'href',
      '/products/stoneware-mug/1001',
    )
    expect(within(inBag).getByText('$18.00').closest('del')).not.toBeNull()
    expect(within(inBag).getByRole('combobox', { name: 'Quantity' })).toHaveValue('2')
    expect(within(inBag).queryByText('Linen Towel')).not.toBeInTheDocument()

    const unavailable = screen.getByRole('region', { name: 'No longer available' })
    expect(within(unavailable).getByRole('link', { name: 'Linen Towel' })).toBeInTheDocument()
    expect(within(unavailable).getByText('Sand')).toBeInTheDocument()
    expect(within(unavailable).getByRole('button', { name: 'Save for later: Linen Towel' })).toBeInTheDocument()

    expect(quotes(sent)).toEqual([
      expect.objectContaining({
        products: [expect.objectContaining({ id: 1001, quantity: 2 }), expect.objectContaining({ id: 2002 })],
      }),
    ])
    expect(quotes(sent)[0]).not.toHaveProperty('change')
    expect(screen.getByRole('link', { name: 'Bag, 2 items' })).toBeInTheDocument()
  })

  it('says which line the catalogue no longer sells when the quote withdraws it', async () => {
    storeBag({ products: [mug, towel] })
    stubApiWithBodies({
      '/api/categories': departments,
      '/api/bag/quote': quoteAnswer({
        products: [mug],
        withdrawn: [{ list: 'products', id: 2002, type: 'product', item_key: '', reason: 'there is no product' }],
      }),
    })
    renderApp('/bag')

    expect(
      await screen.findByText('“Linen Towel” is no longer available as you chose it, so it was removed.'),
    ).toBeInTheDocument()
    const inBag = screen.getByRole('region', { name: 'In your bag' })
    expect(within(inBag).queryByText('Linen Towel')).not.toBeInTheDocument()
    expect(within(inBag).getByRole('link', { name: 'Stoneware Mug' })).toBeInTheDocument()
  })

  it('shows an empty bag with a way back to the shop, without asking the server', async () => {
    const sent = stubApiWithBodies({ '/api/categories': departments })
    renderApp('/bag')

    expect(await screen.findByText('Your bag is empty')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('region', { name: 'Order summary' })).not.toBeInTheDocument()
    expect(quotes(sent)).toEqual([])
  })

  it('hands a failed load with an answer to the shared handler: a server error goes to /500', async () => {
    storeBag({ products: [mug] })
    stubApiWithBodies({ '/api/categories': departments, '/api/bag/quote': answer(500) })
    const { router } = renderApp('/bag')

    expect(await screen.findByRole('heading', { level: 1, name: 'Server error' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/500')
  })

  it('keeps the stored lines and figures when the quote finds no server, and says they may be out of date', async () => {
    const total = quoteAnswer({ products: [mug] })
    storeBag({ products: [mug] }, { totals: total.totals, digital_only: false, free_shipping_remaining: 0 })
    stubApiWithBodies({
      '/api/categories': departments,
      '/api/bag/quote': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    renderApp('/bag')

    expect(await screen.findByText(/may be out of date/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Stoneware Mug' })).toBeInTheDocument()
    const summary = screen.getByRole('region', { name: 'Order summary' })
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('$36.00')
    expect(within(summary).getByText('Your order ships free')).toBeInTheDocument()
  })

  it('sends one replace 300 ms after the shopper stops typing a personalization', async () => {
    const personalised = pricedLine({
      meta: { personalization: [{ key: 'name', label: 'Name', price: 300, max_length: 12 }] },
    })
    storeBag({ products: [personalised] })
    const sent = stubApiWithBodies({
      '/api/categories': departments,
      '/api/bag/quote': (_url: URL, body: unknown) => {
        const line = (body as QuoteBody).change?.line
        return quoteAnswer({
          products: [{ ...personalised, personalization: line?.personalization ?? {}, item_key: line?.item_key ?? '' }],
        })
      },
    })
    renderApp('/bag')
    const user = userEvent.setup()
    const input = await screen.findByRole('textbox', { name: 'Name (+$3.00)' })
    await waitFor(() => {
      expect(quotes(sent)).toHaveLength(1) // the refresh on opening
    })

    await user.type(input, 'Dana')
    expect(input).toHaveValue('Dana')
    expect(quotes(sent)).toHaveLength(1)

    await waitFor(() => {
      expect(quotes(sent)).toHaveLength(2)
    })
    const change = quotes(sent)[1]?.change
    expect(change).toMatchObject({
      action: 'replace',
      key: { id: 1001, type: 'product', item_key: '' },
      line: { id: 1001, quantity: 1, personalization: { name: 'Dana' } },
    })
    expect(change?.line?.item_key).toMatch(/^[0-9a-f-]{36}$/)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(quotes(sent)).toHaveLength(2)
    expect(input).toHaveValue('Dana')
  })

  it('saves a line for later, and removes one, naming the product', async () => {
    storeBag({ products: [mug], later: [towel] })
    const sent = stubApiWithBodies({
      '/api/categories': departments,
      '/api/bag/quote': quoteAnswer({ products: [mug], later: [towel] }),
    })
    renderApp('/bag')
    const user = userEvent.setup()

    await user.click(await screen.findByRole('button', { name: 'Save for later: Stoneware Mug' }))
    const later = screen.getByRole('region', { name: 'Saved for later' })
    await user.click(within(later).getByRole('button', { name: 'Remove: Linen Towel' }))
    await user.click(within(later).getByRole('button', { name: 'Move to bag: Linen Towel' }))

    await waitFor(() => {
      expect(quotes(sent).map((body) => body.change)).toEqual([
        undefined,
        { action: 'move_to_later', key: { id: 1001, type: 'product', item_key: '' } },
        { action: 'remove', list: 'later', key: { id: 2002, type: 'product', item_key: '' } },
        { action: 'move_to_bag', key: { id: 2002, type: 'product', item_key: '' } },
      ])
    })
  })

  it('shows Hebrew titles and words right to left in Hebrew', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ language: 'heb', bag: { ...EMPTY_BAG, products: [mug] } satisfies BagLists }),
    )
    stubApiWithBodies({ '/api/categories': departments, '/api/bag/quote': quoteAnswer({ products: [mug] }) })
    renderApp('/bag')

    const title = await screen.findByRole('heading', { level: 3, name: 'ספל אבן' })
    expect(title).toHaveAttribute('dir', 'rtl')
    expect(await screen.findByRole('region', { name: 'סיכום ההזמנה' })).toBeInTheDocument()
    expect(screen.getByText('HG-MUG-001').tagName).toBe('BDI')
  })
})

/** The checkout quote's answer for `body`: 8.875% tax at a ZIP, and the method's price unless free over $50. */
function estimateAnswer(body: unknown, methodPrice: number) {
  const request = body as { zip_code?: string; shipping?: { id: number } }
  const { subtotal } = quoteAnswer({ products: [mug] }).totals
  const tax = request.zip_code ? Math.round(subtotal * 0.08875) : 0
  const shipping = request.shipping ? (subtotal >= 5000 ? 0 : methodPrice) : 0
  return checkoutQuoteAnswer({
    bag: quoteAnswer({
      products: [mug],
      totals: { ...quoteAnswer({ products: [mug] }).totals, tax, shipping, total: subtotal + tax + shipping },
    }),
    location: zipAnswer(),
    shipping: { type: 'ship', id: request.shipping?.id ?? 0, price: shipping },
  })
}

const estimates = (sent: SentRequest[]) =>
  sent.filter((request) => request.url.pathname === '/api/checkout/quote').map((request) => request.body)

describe('tax and shipping in the bag (no surprise at checkout)', () => {
  it('says tax and shipping are worked out at checkout while no ZIP is known, with no $0.00 lines', async () => {
    storeBag({ products: [mug] })
    stubApiWithBodies({ '/api/categories': departments, '/api/bag/quote': quoteAnswer({ products: [mug] }) })
    renderApp('/bag')

    const summary = await screen.findByRole('region', { name: 'Order summary' })
    await waitFor(() => {
      expect(summary).toHaveTextContent('Tax and shipping are worked out at checkout.')
    })
    expect(summary).not.toHaveTextContent(/tax\W+\$0\.00/i)
    expect(within(summary).queryByText('Gift options')).not.toBeInTheDocument()
    expect(within(summary).queryByText('Personalization')).not.toBeInTheDocument()
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('$36.00')
  })

  it('shows the charges the bag has, gift wrap and personalization', async () => {
    const wrapped = pricedLine({ quantity: 2, gift_options: true, line_gift_options: 1000 })
    const totals = { ...quoteAnswer({ products: [wrapped] }).totals, gift_options: 1000, total: 4600 }
    storeBag({ products: [wrapped] })
    stubApiWithBodies({
      '/api/categories': departments,
      '/api/bag/quote': quoteAnswer({ products: [wrapped], totals }),
    })
    renderApp('/bag')

    const summary = await screen.findByRole('region', { name: 'Order summary' })
    expect(within(summary).getByText('Gift options').nextSibling).toHaveTextContent('$10.00')
    expect(within(summary).queryByText('Personalization')).not.toBeInTheDocument()
  })

  it('estimates tax and the cheapest shipping for the shopper’s ZIP, as checkout will price them', async () => {
    storeBag({ products: [mug] })
    const sent = stubApiWithBodies({
      '/api/categories': departments,
      '/api/bag/quote': quoteAnswer({ products: [mug] }),
      '/api/zip_code': zipAnswer(),
      '/api/shipping/index': shippingOptions(),
      '/api/checkout/quote': (_url: URL, body: unknown) => estimateAnswer(body, 599),
    })
    renderApp('/bag')

    const summary = await screen.findByRole('region', { name: 'Order summary' })
    const tax = await within(summary).findByText('Estimated tax for 10001')
    expect(tax.nextSibling).toHaveTextContent('$3.20')
    expect(within(summary).getByText('Estimated shipping to 10001').nextSibling).toHaveTextContent('$5.99')
    expect(within(summary).getByText('Estimated total').nextSibling).toHaveTextContent('$45.19')
    expect(summary).not.toHaveTextContent('worked out at checkout')
    // The cheapest method (Standard, id 1) at the ZIP held; no codes or gift cards.
    expect(estimates(sent).at(-1)).toMatchObject({
      products: [expect.objectContaining({ id: 1001, quantity: 2 })],
      country: 'US',
      zip_code: '10001',
      shipping: { type: 'ship', id: 1 },
      gift_cards: [],
    })
  })

  it('says shipping is free when the bag is over the threshold', async () => {
    const more = pricedLine({ quantity: 3 })
    storeBag({ products: [more] })
    stubApiWithBodies({
      '/api/categories': departments,
      '/api/bag/quote': quoteAnswer({ products: [more] }),
      '/api/zip_code': zipAnswer(),
      '/api/shipping/index': shippingOptions(),
      '/api/checkout/quote': (_url: URL, body: unknown) => {
        const answer = estimateAnswer(body, 599)
        const totals = { ...answer.bag.totals, subtotal: 5400, tax: 479, shipping: 0, total: 5879 }
        return { ...answer, bag: { ...answer.bag, products: [more], totals } }
      },
    })
    renderApp('/bag')

    const summary = await screen.findByRole('region', { name: 'Order summary' })
    expect((await within(summary).findByText('Estimated shipping to 10001')).nextSibling).toHaveTextContent('Free')
    expect(within(summary).getByText('Estimated total').nextSibling).toHaveTextContent('$58.79')
  })

  it('falls back to “worked out at checkout” when the estimate cannot be had', async () => {
    storeBag({ products: [mug] })
    stubApiWithBodies({
      '/api/categories': departments,
      '/api/bag/quote': quoteAnswer({ products: [mug] }),
      '/api/zip_code': zipAnswer(),
      '/api/shipping/index': shippingOptions(),
      '/api/checkout/quote': answer(500),
    })
    renderApp('/bag')

    const summary = await screen.findByRole('region', { name: 'Order summary' })
    await waitFor(() => {
      expect(summary).toHaveTextContent('Tax and shipping are worked out at checkout.')
    })
    expect(within(summary).queryByText(/^Estimated/)).not.toBeInTheDocument()
  })
})

describe('the bag on a phone', () => {
  it('offers Check out above the lines as well as below the summary', async () => {
    onPhone()
    storeBag({ products: [mug] })
    stubApiWithBodies({ '/api/categories': departments, '/api/bag/quote': quoteAnswer({ products: [mug] }) })
    renderApp('/bag')

    await screen.findByRole('region', { name: 'Order summary' })
    const [first, second] = screen.getAllByRole('link', { name: 'Check out' })
    expect(first).toHaveAttribute('href', '/checkout')
    expect(second).toHaveAttribute('href', '/checkout')
    const lines = screen.getByRole('region', { name: 'In your bag' })
    expect(first?.compareDocumentPosition(lines)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('offers one Check out on a desktop, below the summary', async () => {
    storeBag({ products: [mug] })
    stubApiWithBodies({ '/api/categories': departments, '/api/bag/quote': quoteAnswer({ products: [mug] }) })
    renderApp('/bag')

    const summary = await screen.findByRole('region', { name: 'Order summary' })
    expect(screen.getAllByRole('link', { name: 'Check out' })).toEqual([
      within(summary).getByRole('link', { name: 'Check out' }),
    ])
  })
})
