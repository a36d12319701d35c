import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { answer, stubApi } from '@/testing/api'
import { departments, productList, summary } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { facetsFor } from '../facetFixtures'

/** A fake list endpoint that echoes the page, sort and facets it was asked for. */
function listEndpoint(url: URL) {
  const page = Number(url.searchParams.get('page'))
  return answer(
    200,
    productList({
      items: [summary({ title: `Mug on page ${page}` })],
      total: 60,
      page,
      page_count: 3,
      sort: (url.searchParams.get('sort') ?? 'relavent') as 'relavent',
      facets: facetsFor(url),
    }),
  )
}

describe('the product listing', () => {
  it('reads page and sort from the URL', async () => {
    const requested = stubApi({ '/api/categories': departments, '/api/lists/category/12': listEndpoint })
    renderApp('/category/mugs/12?page=2&sort=price-asc')

    expect(await screen.findByRole('heading', { level: 2, name: 'Mug on page 2' })).toBeInTheDocument()
    const call = requested.find((url) => url.pathname === '/api/lists/category/12')
    expect(call?.searchParams.get('page')).toBe('2')
    expect(call?.searchParams.get('sort')).toBe('price-asc')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc')
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/category/mugs/12?sort=price-asc&page=3',
    )
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/category/mugs/12?sort=price-asc',
    )
    await waitFor(() => {
      expect(document.title).toBe('Mugs | Olive Lane')
    })
  })

  it('asks for the first page by relevance when the URL says nothing', async () => {
    const requested = stubApi({ '/api/categories': departments, '/api/lists/category/12': listEndpoint })
    renderApp('/category/mugs/12')

    await screen.findByRole('heading', { level: 2, name: 'Mug on page 1' })
    const call = requested.find((url) => url.pathname === '/api/lists/category/12')
    expect(call?.searchParams.get('page')).toBe('1')
    expect(call?.searchParams.has('sort')).toBe(false)
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relavent')
  })

  it('puts a new sort in the URL and starts again from page 1', async () => {
    const requested = stubApi({ '/api/categories': departments, '/api/lists/category/12': listEndpoint })
    const { router } = renderApp('/category/mugs/12?page=3')
    const user = userEvent.setup()

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Newest')

    await waitFor(() => {
      expect(router.state.location.search).toBe('?sort=release_date-desc')
    })
    expect(await screen.findByRole('heading', { level: 2, name: 'Mug on page 1' })).toBeInTheDocument()
    const last = requested.filter((url) => url.pathname === '/api/lists/category/12').at(-1)
    expect(last?.search).toBe('?page=1&sort=release_date-desc')
  })

  it('says so when the list is empty', async () => {
    stubApi({
      '/api/categories': departments,
      '/api/lists/vendor/1': productList({
        index: 'vendor',
        id: 1,
        title: 'Olive & Oak',
        items: [],
        total: 0,
        page_count: 0,
      }),
    })
    renderApp('/a/vendor/olive-and-oak/1')

    expect(await screen.findByText('There are no products here yet.')).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Filter' })).not.toBeInTheDocument()
  })
})

describe('the mobile list bar (spec 2.4, 4.10)', () => {
  afterEach(() => {
    localStorage.clear()
  })

  it('opens a Sort & Filter panel whose sort goes back to page 1, and Done closes it', async () => {
    stubApi({ '/api/categories': departments, '/api/lists/category/12': listEndpoint })
    const { router } = renderApp('/category/mugs/12?page=2')
    const user = userEvent.setup()

    const open = await screen.findByRole('button', { name: 'Sort & Filter' })
    await user.click(open)
    const panel = screen.getByRole('dialog', { name: 'Sort & Filter' })
    expect(panel).toHaveAttribute('aria-modal', 'true')
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Sort by' }), 'Price: High to Low')
    await waitFor(() => {
      expect(router.state.location.search).toBe('?sort=price-desc')
    })

    await user.click(within(panel).getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // Focus goes back to the button that opened the panel.
    expect(open).toHaveFocus()
  })

  it('holds the facets; Reset clears them and the page but keeps the sort, and Done closes it', async () => {
    const requested = stubApi({ '/api/categories': departments, '/api/lists/category/12': listEndpoint })
    const { router } = renderApp('/category/mugs/12?filters=Material_Wood&price_max=2000&sort=price-asc&page=3')
    const user = userEvent.setup()

    await user.click(await screen.findByRole('button', { name: 'Sort & Filter' }))
    const panel = screen.getByRole('dialog', { name: 'Sort & Filter' })
    const wood = within(panel).getByRole('checkbox', { name: 'Wood (3)' })
    expect(wood).toBeChecked()
    expect(within(panel).getByRole('spinbutton', { name: 'Max ($)' })).toHaveValue(20)

    // A choice in the panel reloads the list behind it and leaves the panel open.
    await user.click(within(panel).getByRole('checkbox', { name: 'Large (2)' }))
    await waitFor(() => {
      expect(router.state.location.search).toBe(
        '?filters=Material_Wood&variations=Size_Large&price_max=2000&sort=price-asc',
      )
    })
    expect(requested.filter((url) => url.pathname === '/api/lists/category/12').at(-1)?.search).toBe(
      '?page=1&sort=price-asc&filters=Material_Wood&variations=Size_Large&price_max=2000',
    )

    await user.click(within(panel).getByRole('button', { name: 'Reset' }))
    await waitFor(() => {
      expect(router.state.location.search).toBe('?sort=price-asc')
    })
    expect(within(panel).getByRole('checkbox', { name: 'Wood (3)' })).not.toBeChecked()
    expect(within(panel).getByRole('spinbutton', { name: 'Max ($)' })).toHaveValue(null)

    await user.click(within(panel).getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('closes the panel with Escape', async () => {
    stubApi({ '/api/categories': departments, '/api/lists/category/12': listEndpoint })
    renderApp('/category/mugs/12')
    const user = userEvent.setup()

    await user.click(await screen.findByRole('button', { name: 'Sort & Filter' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('has a language toggle that turns the list title and the interface Hebrew', async () => {
    stubApi({ '/api/categories': departments, '/api/lists/category/12': listEndpoint })
    renderApp('/category/mugs/12')
    const user = userEvent.setup()

    await user.click(await screen.findByRole('button', { name: 'עברית' }))
    const heading = screen.getByRole('heading', { level: 1, name: 'ספלים' })
    expect(heading).toHaveAttribute('dir', 'rtl')
    expect(screen.getByText('60 מוצרים')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'מיון וסינון' })).toBeInTheDocument()
  })
})
