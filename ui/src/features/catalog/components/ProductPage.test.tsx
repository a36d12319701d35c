import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { stubApi } from '@/testing/api'
import { departments, product } from '@/testing/fixtures'
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
      options: [{ name: 'Color', value: 'Blue' }],
      picture: { url: '/media/mug/264653.svg', thumbnail: '/media/mug/264653.svg' },
    },
    {
      id: 100102,
      sku: 'HG-MUG-001-RD',
      price: 2100,
      max: 0,
      item_type: 'others',
      options: [{ name: 'Color', value: 'Red' }],
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
    // No bag yet: the page must not offer what it cannot do.
    expect(screen.queryByRole('button', { name: /bag/i })).not.toBeInTheDocument()
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

    expect(screen.getByRole('img', { name: 'Stoneware Mug, view 2 of 2' })).toHaveAttribute('src', '/media/mug/f4a261.svg')
    expect(screen.getByRole('button', { name: 'Show view 2 of 2' })).toHaveAttribute('aria-pressed', 'true')
  })
})
