import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import { stubApiWithBodies } from '@/testing/api'
import { pricedLine, quoteAnswer, summary } from '@/testing/fixtures'
import { renderInLanguage } from '@/testing/render'
import { ProductCard } from './ProductCard'

function renderCard(language: 'eng' | 'heb', item = summary()) {
  renderInLanguage(<ProductCard item={item} />, language)
}

describe('ProductCard (spec 4.9)', () => {
  it('shows the English title in English', () => {
    renderCard('eng')
    expect(screen.getByRole('heading', { name: 'Stoneware Mug' })).not.toHaveAttribute('dir')
  })

  it('shows the Hebrew title, right to left, in Hebrew', () => {
    renderCard('heb')
    const heading = screen.getByRole('heading', { name: 'ספל אבן' })
    expect(heading).toHaveAttribute('dir', 'rtl')
    expect(heading).toHaveAttribute('lang', 'he')
  })

  it('keeps the English title, marked as English, when there is no Hebrew one', () => {
    renderCard('heb', summary({ heb_title: undefined, in_stock: false }))
    expect(screen.getByRole('heading', { name: 'Stoneware Mug' })).toHaveAttribute('lang', 'en')
    expect(screen.getByText('אזל מהמלאי')).toBeInTheDocument()
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const storedFavorites = () =>
  (JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { favorites?: unknown }).favorites

describe('ProductCard buttons', () => {
  it('toggles the product in and out of the favorites', async () => {
    renderCard('eng')
    const user = userEvent.setup()
    const save = screen.getByRole('button', { name: 'Save to Favorites: Stoneware Mug' })
    expect(save).toHaveAttribute('aria-pressed', 'false')

    await user.click(save)
    expect(save).toHaveAttribute('aria-pressed', 'true')
    expect(storedFavorites()).toEqual([{ id: 1001, kind: 'product' }])

    // Keyboard too.
    save.focus()
    await user.keyboard('{Enter}')
    expect(save).toHaveAttribute('aria-pressed', 'false')
    expect(storedFavorites()).toEqual([])
  })

  it('adds one to the bag from the card', async () => {
    const sent = stubApiWithBodies({ '/api/bag/quote': quoteAnswer({ products: [pricedLine()] }) })
    renderCard('eng', summary({ kind: 'bundle', type: 'bundle', id: 5001 }))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Add to Bag: Stoneware Mug' }))
    await waitFor(() => {
      expect(sent[0]?.body).toMatchObject({
        change: { action: 'add', line: { id: 5001, type: 'bundle', quantity: 1 } },
      })
    })
  })

  it('sends a product with variations to its page to choose, and disables an out-of-stock one', () => {
    renderCard('eng', summary({ type: 'variation' }))
    expect(screen.getByRole('link', { name: 'Choose options: Stoneware Mug' })).toHaveAttribute(
      'href',
      '/products/stoneware-mug/1001',
    )
    expect(screen.queryByRole('button', { name: /Add to Bag/ })).not.toBeInTheDocument()
  })

  it('disables Add to Bag when the item is out of stock', () => {
    renderCard('heb', summary({ in_stock: false }))
    expect(screen.getByRole('button', { name: 'הוספה לסל: ספל אבן' })).toBeDisabled()
  })
})
