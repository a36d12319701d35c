import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import { answer, stubApi } from '@/testing/api'
import { departments, productList } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { COLORS, facetsFor } from '../facetFixtures'

const LIST = '/api/lists/category/12'

/** A list endpoint whose facets echo the selection it was asked for. */
function listEndpoint(url: URL) {
  return answer(200, productList({ total: 30, page_count: 2, facets: facetsFor(url) }))
}

function stubList() {
  return stubApi({ '/api/categories': departments, [LIST]: listEndpoint })
}

/** The desktop sidebar (the mobile panel is tested with the list bar). */
async function sidebar() {
  return within(await screen.findByRole('region', { name: 'Filter' }))
}

function lastListCall(requested: URL[]) {
  return requested.filter((url) => url.pathname === LIST).at(-1)
}

describe('the facet panel', () => {
  afterEach(() => {
    localStorage.clear()
  })

  it('shows each group as a labelled group of values with their counts, checked as the API says', async () => {
    const requested = stubList()
    renderApp('/category/mugs/12?vendors=1&filters=Material_Wood&variations=Size_Large')
    const panel = await sidebar()

    for (const legend of ['Categories', 'Brand', 'Material', 'Color', 'Size', 'Price']) {
      expect(panel.getByRole('group', { name: legend })).toBeInTheDocument()
    }
    // No creators in this list, so no empty Creators group.
    expect(panel.queryByRole('group', { name: 'Creators' })).not.toBeInTheDocument()
    const categories = within(panel.getByRole('group', { name: 'Categories' }))
    expect(categories.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Mugs (5)',
      'Bowls (3)',
    ])
    expect(panel.getByRole('checkbox', { name: 'Olive & Oak (4)' })).toBeChecked()
    expect(panel.getByRole('checkbox', { name: 'Wood (3)' })).toBeChecked()
    expect(panel.getByRole('checkbox', { name: 'Stoneware (2)' })).not.toBeChecked()
    expect(panel.getByRole('checkbox', { name: 'Large (2)' })).toBeChecked()
    // Reloading a shared URL asks the API for the same list.
    expect(lastListCall(requested)?.search).toBe('?page=1&vendors=1&filters=Material_Wood&variations=Size_Large')
  })

  it('folds a long group after eight values, keeping a chosen one in sight', async () => {
    stubList()
    renderApp('/category/mugs/12?filters=Color_Grey')
    const colors = within((await sidebar()).getByRole('group', { name: 'Color' }))
    const user = userEvent.setup()

    const shown = () => colors.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)
    expect(shown()).toEqual([...COLORS.slice(0, 8).map((color, i) => `${color} (${20 - i})`), 'Grey (11)'])
    const more = colors.getByRole('button', { name: 'Show more' })
    expect(more).toHaveAttribute('aria-expanded', 'false')

    await user.click(more)
    expect(shown()).toHaveLength(10)
    expect(colors.getByRole('checkbox', { name: 'Pink (12)' })).not.toBeChecked()
    expect(colors.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true')

    await user.click(colors.getByRole('button', { name: 'Show less' }))
    expect(shown()).toHaveLength(9)
  })

  it('has no Show more for a short group', async () => {
    stubList()
    renderApp('/category/mugs/12')
    const material = within((await sidebar()).getByRole('group', { name: 'Material' }))
    expect(material.queryByRole('button')).not.toBeInTheDocument()
  })

  it('puts a choice in the URL, from page 1, and Back takes it away again', async () => {
    const requested = stubList()
    const { router } = renderApp('/category/mugs/12?sort=price-desc&page=2')
    const panel = await sidebar()
    const user = userEvent.setup()

    await user.click(panel.getByRole('checkbox', { name: 'Wood (3)' }))
    await waitFor(() => {
      expect(router.state.location.search).toBe('?filters=Material_Wood&sort=price-desc')
    })
    await waitFor(() => {
      expect(panel.getByRole('checkbox', { name: 'Wood (3)' })).toBeChecked()
    })
    expect(lastListCall(requested)?.search).toBe('?page=1&sort=price-desc&filters=Material_Wood')

    await user.click(panel.getByRole('checkbox', { name: 'Mugs (5)' }))
    await waitFor(() => {
      expect(router.state.location.search).toBe('?categories=12&filters=Material_Wood&sort=price-desc')
    })

    await user.click(panel.getByRole('checkbox', { name: 'Wood (3)' }))
    await waitFor(() => {
      expect(router.state.location.search).toBe('?categories=12&sort=price-desc')
    })

    await router.navigate(-1)
    await waitFor(() => {
      expect(panel.getByRole('checkbox', { name: 'Wood (3)' })).toBeChecked()
    })
    expect(lastListCall(requested)?.search).toBe('?page=1&sort=price-desc&categories=12&filters=Material_Wood')
  })

  it('keeps quick successive choices while the list is still loading', async () => {
    stubList()
    const answer = globalThis.fetch
    // Once the first list is shown, list answers wait until released, as on a slow network.
    let slow = false
    const held: (() => void)[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (request: Request) =>
          new Promise<Response>((resolve) => {
            const respond = () => {
              resolve(answer(request))
            }
            if (slow && new URL(request.url).pathname === LIST) held.push(respond)
            else respond()
          }),
      ),
    )
    const { router } = renderApp('/category/mugs/12')
    const panel = await sidebar()
    slow = true
    const user = userEvent.setup()

    await user.click(panel.getByRole('checkbox', { name: 'Wood (3)' }))
    // Shown checked at once, before the new list arrives.
    expect(panel.getByRole('checkbox', { name: 'Wood (3)' })).toBeChecked()
    await user.click(panel.getByRole('checkbox', { name: 'Large (2)' }))
    expect(router.state.location.search).toBe('')

    for (const respond of held.splice(0)) respond()
    await waitFor(() => {
      expect(router.state.location.search).toBe('?filters=Material_Wood&variations=Size_Large')
    })
  })

  it('filters by a price range typed in dollars and sent in cents, saying Free for zero', async () => {
    const requested = stubList()
    const { router } = renderApp('/category/mugs/12?page=2')
    const price = within((await sidebar()).getByRole('group', { name: 'Price' }))
    const user = userEvent.setup()

    expect(price.getByText('Prices here: Free to $45.00')).toBeInTheDocument()
    const min = price.getByRole('spinbutton', { name: 'Min ($)' })
    expect(min).toHaveAttribute('min', '0')
    expect(min).toHaveAttribute('step', '0.01')

    await user.type(min, '5')
    await user.type(price.getByRole('spinbutton', { name: 'Max ($)' }), '20.5{Enter}')
    await waitFor(() => {
      expect(router.state.location.search).toBe('?price_min=500&price_max=2050')
    })
    expect(lastListCall(requested)?.search).toBe('?page=1&price_min=500&price_max=2050')

    // Emptying a box opens that side of the range again.
    await user.clear(price.getByRole('spinbutton', { name: 'Min ($)' }))
    await user.click(price.getByRole('button', { name: 'Apply' }))
    await waitFor(() => {
      expect(router.state.location.search).toBe('?price_max=2050')
    })
  })

  it('clears every facet with "Clear all", keeping the sort', async () => {
    stubList()
    const { router } = renderApp('/category/mugs/12?vendors=1&price_min=100&sort=price-asc')
    const panel = await sidebar()
    const user = userEvent.setup()

    expect(panel.getByRole('spinbutton', { name: 'Min ($)' })).toHaveValue(1)
    await user.click(panel.getByRole('link', { name: 'Clear all' }))
    await waitFor(() => {
      expect(router.state.location.search).toBe('?sort=price-asc')
    })
    expect(panel.queryByRole('link', { name: 'Clear all' })).not.toBeInTheDocument()
    expect(panel.getByRole('spinbutton', { name: 'Min ($)' })).toHaveValue(null)
  })

  it('shows Hebrew labels in the Hebrew interface, and English ones marked as English', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ language: 'heb' }))
    stubList()
    renderApp('/category/mugs/12')
    const panel = within(await screen.findByRole('region', { name: 'סינון' }))

    expect(panel.getByRole('group', { name: 'מותג' })).toBeInTheDocument()
    expect(panel.getByRole('checkbox', { name: 'עץ (3)' })).toBeInTheDocument()
    expect(panel.getByRole('checkbox', { name: 'זית ואלון (4)' })).toBeInTheDocument()
    expect(panel.getByText('Stoneware')).toHaveAttribute('lang', 'en')
    expect(panel.getByText('המחירים כאן: חינם עד $45.00')).toBeInTheDocument()
  })
})
