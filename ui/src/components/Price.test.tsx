import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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
