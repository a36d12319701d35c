import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Schema } from '@/lib/api/client'
import { STORAGE_KEY } from '@/lib/persist'
import { onPhone } from '@/testing/media'
import { stubApiWithBodies } from '@/testing/api'
import { departments, pricedLine, quoteAnswer, summary } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'

afterEach(() => {
  localStorage.clear()
})

function bundle(overrides: Partial<Schema<'Bundle'>> = {}): Schema<'Bundle'> {
  return {
    id: 5001,
    slug: 'back-to-school-kit',
    path: '/bundles/back-to-school-kit/5001',
    title: 'Back to School Kit',
    heb_title: 'ערכת חזרה לבית הספר',
    short_desc: 'Everything for the first day.',
    description: 'A notebook and pencils.',
    price: 4500,
    fake_price: 5600,
    sku: 'BN-SCHOOL-001',
    max: 4,
    media_urls: [],
    items: [{ product: summary(), quantity: 2 }],
    ...overrides,
  }
}

describe('the bundle page', () => {
  it('adds the quantity chosen, up to the bundle’s stock', async () => {
    const sent = stubApiWithBodies({
      '/api/categories': departments,
      '/api/bundles/5001': bundle(),
      '/api/bag/quote': quoteAnswer({ products: [pricedLine({ id: 5001, type: 'bundle', quantity: 3 })] }),
    })
    renderApp('/bundles/back-to-school-kit/5001')
    const user = userEvent.setup()

    const quantity = await screen.findByRole('combobox', { name: 'Quantity' })
    expect(quantity.querySelectorAll('option')).toHaveLength(4)
    await user.selectOptions(quantity, '3')
    await user.click(screen.getByRole('button', { name: 'Add to Bag' }))

    expect(await screen.findByText('Added to your bag')).toBeInTheDocument()
    const quote = sent.find((request) => request.url.pathname === '/api/bag/quote')
    expect(quote?.body).toMatchObject({ change: { action: 'add', line: { id: 5001, type: 'bundle', quantity: 3 } } })
  })

  it('offers no quantity when the bundle is out of stock, and names it in Hebrew in the trail', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ language: 'heb' }))
    stubApiWithBodies({ '/api/categories': departments, '/api/bundles/5001': bundle({ max: 0 }) })
    renderApp('/bundles/back-to-school-kit/5001')

    expect(await screen.findByRole('button', { name: 'הוספה לסל' })).toBeDisabled()
    expect(screen.queryByRole('combobox', { name: 'כמות' })).not.toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'פירורי לחם' })).toHaveTextContent('ערכת חזרה לבית הספר')
  })
})

describe('the bundle page on a phone', () => {
  it('keeps the price and the quantity’s Add to Bag in a bar while the page’s own button is out of view', async () => {
    onPhone()
    // The page's Add to Bag is said to be off the screen as soon as it is watched.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly callback: IntersectionObserverCallback
        constructor(callback: IntersectionObserverCallback) {
          this.callback = callback
        }
        observe(target: Element) {
          queueMicrotask(() => {
            act(() => {
              this.callback(
                [{ target, isIntersecting: false } as IntersectionObserverEntry],
                {} as IntersectionObserver,
              )
            })
          })
        }
        disconnect() {}
      },
    )
    const sent = stubApiWithBodies({
      '/api/categories': departments,
      '/api/bundles/5001': bundle(),
      '/api/bag/quote': quoteAnswer({ products: [pricedLine({ id: 5001, type: 'bundle', quantity: 2 })] }),
    })
    renderApp('/bundles/back-to-school-kit/5001')
    const user = userEvent.setup()

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Quantity' }), '2')
    const bar = await screen.findByRole('button', { name: 'Add to Bag: Back to School Kit' })
    expect(bar.parentElement).toHaveTextContent(/\$45\.00/)
    await user.click(bar)

    expect(await screen.findByText('Added to your bag')).toBeInTheDocument()
    const quote = sent.find((request) => request.url.pathname === '/api/bag/quote')
    expect(quote?.body).toMatchObject({ change: { action: 'add', line: { id: 5001, type: 'bundle', quantity: 2 } } })
  })
})
