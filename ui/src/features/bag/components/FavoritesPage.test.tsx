import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import { answer, stubApi } from '@/testing/api'
import { departments, product } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const kit = {
  id: 5001,
  slug: 'back-to-school-kit',
  path: '/bundles/back-to-school-kit/5001',
  title: 'Back to School Kit',
  short_desc: 'All of it.',
  description: 'Everything.',
  price: 4500,
  sku: 'KIT-1',
  max: 3,
  items: [],
  media_urls: [],
}

describe('guest favorites (spec 3)', () => {
  it('lists the saved products and bundles, skips the gone ones, and removes one', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        favorites: [
          { id: 1001, kind: 'product' },
          { id: 9, kind: 'product' },
          { id: 5001, kind: 'bundle' },
        ],
      }),
    )
    stubApi({
      '/api/categories': departments,
      '/api/products/1001': product(),
      '/api/products/9': answer(404),
      '/api/bundles/5001': kit,
    })
    renderApp('/favorites')
    const user = userEvent.setup()

    expect(await screen.findByRole('heading', { level: 1, name: 'Favorites' })).toBeInTheDocument()
    const mug = await screen.findByRole('heading', { level: 2, name: 'Stoneware Mug' })
    expect(screen.getByRole('heading', { level: 2, name: 'Back to School Kit' })).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 })).toHaveLength(2)
    expect(within(mug.closest('li') ?? document.body).getByRole('button', { name: /Add to Bag/ })).toBeEnabled()

    await user.click(screen.getByRole('button', { name: 'Remove from favorites: Stoneware Mug' }))
    expect(screen.queryByRole('heading', { level: 2, name: 'Stoneware Mug' })).not.toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({
      favorites: [
        { id: 9, kind: 'product' },
        { id: 5001, kind: 'bundle' },
      ],
    })
  })

  it('says when there are no favorites', async () => {
    stubApi({ '/api/categories': departments })
    renderApp('/favorites')
    expect(await screen.findByText('You have no favorites yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/')
  })
})
