import { render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { currencyAtom } from '@/lib/preferences'
import { stubApi } from '@/testing/api'
import { Price } from './Price'

function struckPrice(container: HTMLElement) {
  return container.querySelector('del')
}

describe('Price', () => {
  it('shows the price in dollars', () => {
    render(<Price price={123450} />)
    expect(screen.getByText('$1,234.50')).toBeInTheDocument()
  })

  it('strikes through a fake price that is higher', () => {
    const { container } = render(<Price price={1800} fakePrice={2400} />)
    expect(struckPrice(container)).toHaveTextContent('Was $24.00')
    expect(container).toHaveTextContent('Now $18.00')
  })

  it.each([
    ['equal', 1800],
    ['lower', 1500],
    ['absent', null],
  ])('shows no fake price when it is %s', (_case, fakePrice) => {
    const { container } = render(<Price price={1800} fakePrice={fakePrice} />)
    expect(struckPrice(container)).toBeNull()
    expect(container).toHaveTextContent(/^\$18\.00$/)
  })
})

describe('Price in another currency (spec 4.7, 9)', () => {
  const currencies = [
    { currency: 'USD', name: 'US Dollar', rate: 1, symbol: '' },
    { currency: 'ILS', name: 'Israeli new shekel', rate: 3.7, symbol: '&#8362;' },
  ]

  function renderIn(code: string, ui: ReactNode) {
    const store = createStore()
    store.set(currencyAtom, code)
    return render(<Provider store={store}>{ui}</Provider>)
  }

  afterEach(() => {
    localStorage.clear()
  })

  it('shows the converted price beside the dollar price', async () => {
    stubApi({ '/api/currencies': currencies })
    const { container } = renderIn('ILS', <Price price={1800} />)
    expect(await screen.findByText('₪66.60')).toBeInTheDocument()
    expect(container).toHaveTextContent('$18.00')
    expect(container).toHaveTextContent('About, in Israeli new shekel: ₪66.60')
  })

  it('converts the sale price, not the struck-through one', async () => {
    stubApi({ '/api/currencies': currencies })
    renderIn('ILS', <Price price={1000} fakePrice={2000} />)
    expect(await screen.findByText('₪37.00')).toBeInTheDocument()
  })

  it('does not ask for the currencies while US Dollar is selected', () => {
    const requested = stubApi({ '/api/currencies': currencies })
    const { container } = renderIn('USD', <Price price={1800} />)
    expect(container).toHaveTextContent(/^\$18\.00$/)
    expect(requested).toEqual([])
  })
})
