import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'jotai'
import { StrictMode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { Schema } from '@/lib/api/client'
import { STORAGE_KEY } from '@/lib/persist'
import { answer, stubApi } from '@/testing/api'
import { departments, summary } from '@/testing/fixtures'
import { facetsFor, NO_FACETS } from '../facetFixtures'

// The route table gets /search from the app shell; here the page is mounted on its own.
function renderSearch(path: string) {
  const router = createMemoryRouter(
    [{ path: '/search', lazy: () => import('./SearchResultsPage'), hydrateFallbackElement: <p>Loading</p> }],
    { initialEntries: [path] },
  )
  render(
    <StrictMode>
      <Provider>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  )
  return router
}

function searchResults(url: URL, overrides: Partial<Schema<'SearchResults'>> = {}): Schema<'SearchResults'> {
  const q = url.searchParams.get('q') ?? ''
  return {
    query: q,
    items: [summary({ title: `Mug for ${q}` })],
    total: 24,
    page: Number(url.searchParams.get('page')),
    per_page: 12,
    page_count: 2,
    sort: (url.searchParams.get('sort') ?? 'relavent') as 'relavent',
    facets: facetsFor(url),
    ...overrides,
  }
}

const nothingFound = (url: URL) =>
  answer(200, searchResults(url, { items: [], total: 0, page_count: 0, facets: NO_FACETS }))

const SUGGESTIONS = [
  'zzz',
  'olive bowl',
  'olive oil',
  'olive board',
  'mug',
  'mug tree',
  'tea',
  'teapot',
  'tea towel',
  'tray',
]

function searches(requested: URL[]) {
  return requested.filter((url) => url.pathname === '/api/search')
}

describe('the search results page', () => {
  afterEach(() => {
    localStorage.clear()
  })

  it('asks the API with the URL’s parameters and shows the results with sort, facets and pages', async () => {
    const requested = stubApi({ '/api/search': (url: URL) => answer(200, searchResults(url)) })
    const router = renderSearch('/search?q=mug&filters=Material_Wood&sort=price-asc')

    expect(await screen.findByRole('heading', { level: 1, name: 'Results for "mug"' })).toBeInTheDocument()
    expect(searches(requested).at(-1)?.search).toBe('?q=mug&page=1&sort=price-asc&filters=Material_Wood')
    expect(screen.getByRole('heading', { level: 2, name: 'Mug for mug' })).toBeInTheDocument()
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(crumbs.getByText('24 results for "mug"')).toHaveAttribute('aria-current', 'page')
    // Spec 2.4: the mobile bar cuts the results crumb to two words.
    expect(screen.getByText('24 results')).toBeInTheDocument()
    expect(screen.getByText('24 products')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc')
    expect(
      within(screen.getByRole('region', { name: 'Filter' })).getByRole('checkbox', { name: 'Wood (3)' }),
    ).toBeChecked()
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/search?q=mug&filters=Material_Wood&sort=price-asc&page=2',
    )
    await waitFor(() => {
      expect(document.title).toBe('Search results | Olive Lane')
    })

    // A facet choice keeps the search text.
    await userEvent.setup().click(screen.getAllByRole('checkbox', { name: 'Mugs (5)' })[0] as HTMLElement)
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=mug&categories=12&filters=Material_Wood&sort=price-asc')
    })
    expect(searches(requested).at(-1)?.search).toBe('?q=mug&page=1&sort=price-asc&categories=12&filters=Material_Wood')
  })

  it('says so when nothing is found, offering up to eight other searches and the departments', async () => {
    const requested = stubApi({
      '/api/search': nothingFound,
      '/api/search/suggestions': { suggestions: SUGGESTIONS },
      '/api/categories': departments,
    })
    const router = renderSearch('/search?q=zzz')

    expect(await screen.findByText('We found no products for "zzz".')).toBeInTheDocument()
    expect(requested.find((url) => url.pathname === '/api/search/suggestions')?.searchParams.get('q')).toBe('zzz')
    const suggestions = within(screen.getByRole('region', { name: 'Try searching for' }))
    // The text that found nothing is not offered again.
    expect(suggestions.getAllByRole('link').map((link) => link.textContent)).toEqual(SUGGESTIONS.slice(1, 9))
    expect(suggestions.getByRole('link', { name: 'olive bowl' })).toHaveAttribute('href', '/search?q=olive+bowl')
    const browse = within(screen.getByRole('navigation', { name: 'Browse a department' }))
    expect(browse.getByRole('link', { name: 'Home Goods' })).toHaveAttribute('href', '/category/home-goods/1')
    expect(browse.getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/category/books/2')
    expect(screen.queryByRole('region', { name: 'Filter' })).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()

    await userEvent.setup().click(suggestions.getByRole('link', { name: 'olive bowl' }))
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=olive+bowl')
    })
    expect(searches(requested).at(-1)?.searchParams.get('q')).toBe('olive bowl')
  })

  it('still offers the departments when the suggestions fail', async () => {
    stubApi({ '/api/search': nothingFound, '/api/search/suggestions': answer(500), '/api/categories': departments })
    renderSearch('/search?q=zzz')

    expect(await screen.findByRole('link', { name: 'Home Goods' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Try searching for' })).not.toBeInTheDocument()
  })

  it('offers to loosen the facets when they leave nothing, without suggestions', async () => {
    const requested = stubApi({ '/api/search': nothingFound, '/api/categories': departments })
    const router = renderSearch('/search?q=mug&vendors=1&sort=price-desc')

    expect(await screen.findByText(/No products match these filters\./)).toBeInTheDocument()
    expect(requested.some((url) => url.pathname === '/api/search/suggestions')).toBe(false)
    await userEvent.setup().click(screen.getAllByRole('link', { name: 'Clear all' }).at(-1) as HTMLElement)
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=mug&sort=price-desc')
    })
  })

  it.each(['/search', '/search?q=%20%20&sort=price-asc'])('does not search for blank text (%s)', async (path) => {
    const requested = stubApi({ '/api/categories': departments })
    renderSearch(path)

    expect(await screen.findByText('Type what you are looking for in the search box.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Search results' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Books' })).toBeInTheDocument()
    expect(requested.map((url) => url.pathname)).toEqual(['/api/categories'])
  })

  it('speaks Hebrew in the Hebrew interface, its mobile crumb cut the same way', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ language: 'heb' }))
    stubApi({ '/api/search': (url: URL) => answer(200, searchResults(url)) })
    renderSearch('/search?q=mug')

    expect(await screen.findByRole('heading', { level: 1, name: 'תוצאות עבור "mug"' })).toBeInTheDocument()
    expect(screen.getByText('24 תוצאות עבור "mug"')).toHaveAttribute('aria-current', 'page')
    expect(screen.getByText('24 תוצאות')).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('תוצאות חיפוש | Olive Lane')
    })
  })
})
