import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answer, stubApi } from '@/testing/api'
import { departments } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { localPath } from './RouteError'

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const noContent = () => new Response(null, { status: 204 })

describe('API errors on a screen (spec 8)', () => {
  it.each([404, 403])('shows the not-found page for %i', async (status) => {
    stubApi({ '/api/categories': departments, '/api/products/999': answer(status) })
    const { router } = renderApp('/products/gone/999')

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/products/gone/999')
    // The chrome stays around the error.
    expect(screen.getByRole('navigation', { name: 'Departments' })).toBeInTheDocument()
  })

  it('goes to the server error page for 500', async () => {
    stubApi({ '/api/categories': departments, '/api/pages/43': answer(500, { message: 'Internal server error' }) })
    const { router } = renderApp('/about/43')

    expect(await screen.findByRole('heading', { level: 1, name: 'Server error' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/500')
    await waitFor(() => {
      expect(document.title).toBe('Server error | Olive Lane')
    })
  })

  it('treats an id that is not a number as not found, without asking the server', async () => {
    const requested = stubApi({ '/api/categories': departments })
    renderApp('/products/stoneware-mug/abc')

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(requested.map((url) => url.pathname)).not.toContain('/api/products/abc')
  })

  it('explains a lost connection and offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    renderApp('/bundles/kit/5001')

    expect(
      await screen.findByText('We could not reach the store. Check your connection and try again.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('replaces the route with the path in a 302 answer’s message', async () => {
    stubApi({
      '/api/categories': departments,
      '/api/pages/43': answer(302, { message: '/about/44' }),
      '/api/pages/44': { id: 44, slug: 'about', path: '/about/44', title: 'About us', body: ['Hello.'] },
    })
    const { router } = renderApp('/about/43')

    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/about/44')
    // Replaced, not pushed: Back does not return to the page that redirected.
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('follows only paths of this site', () => {
    expect(localPath('/about/44')).toBe('/about/44')
    expect(localPath('//evil.example/x')).toBeUndefined()
    expect(localPath('https://evil.example/')).toBeUndefined()
  })

  it.each(['/\\evil.example', '/\\/evil.example', '/\t/evil.example', '/\n/evil.example', '/a\u0085b', 'about/44', ''])(
    'does not follow %j: browsers may read it as another site',
    (target) => {
      expect(localPath(target)).toBeUndefined()
    },
  )

  it('reports any other status to the store, once, and shows a plain message', async () => {
    const requested = stubApi({
      '/api/categories': departments,
      '/api/products/1001': answer(409, { message: 'Conflict on the shelf' }),
      '/api/client-errors': noContent,
    })
    renderApp('/products/stoneware-mug/1001?from=home')

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    await waitFor(() => {
      expect(requested.some((url) => url.pathname === '/api/client-errors')).toBe(true)
    })
    const fetchMock = vi.mocked(globalThis.fetch)
    const reports = fetchMock.mock.calls
      .map(([request]) => request as Request)
      .filter((r) => r.url.endsWith('/api/client-errors'))
    expect(reports).toHaveLength(1)
    const report = reports[0]
    expect(report?.method).toBe('POST')
    expect(report?.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    expect(await report?.json()).toEqual({
      message: 'Conflict on the shelf',
      url: '/products/stoneware-mug/1001?from=home',
      status: 409,
    })
  })

  it('ignores a failed report', async () => {
    stubApi({
      '/api/categories': departments,
      '/api/products/1001': answer(400, { message: 'Bad' }),
      '/api/client-errors': answer(500),
    })
    renderApp('/products/stoneware-mug/1001')
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
  })

  it('does not report a lost connection, which has no HTTP answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    vi.stubGlobal('fetch', fetchMock)
    renderApp('/bundles/kit/5001')
    await screen.findByText('We could not reach the store. Check your connection and try again.')
    const urls = fetchMock.mock.calls.map((call: unknown[]) => (call[0] as Request).url)
    expect(urls.some((url) => url.endsWith('/api/client-errors'))).toBe(false)
  })
})
