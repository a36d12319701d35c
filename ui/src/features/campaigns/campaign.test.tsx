import { act, render } from '@testing-library/react'
import { StrictMode } from 'react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { campaignOf, reportCampaign } from './campaign'
import { useCampaignReport } from './useCampaignReport'

function Shell() {
  useCampaignReport()
  return <Outlet />
}

/** Stubs fetch and returns the bodies posted to /utm. */
function stubFetch(answer: () => Promise<Response> = () => Promise.resolve(new Response(null, { status: 204 }))) {
  const posted: { path: string; body: unknown; ajax: string | null }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      posted.push({
        path: new URL(request.url).pathname,
        body: await request.json(),
        ajax: request.headers.get('X-Requested-With'),
      })
      return answer()
    }),
  )
  return posted
}

function startAt(path: string) {
  const router = createMemoryRouter([{ Component: Shell, children: [{ path: '*', element: <p>page</p> }] }], {
    initialEntries: [path],
  })
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
  return router
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('campaign reports (spec 2.2, 7)', () => {
  it('keeps only the utm parameters present', () => {
    expect(campaignOf('?utm_source=news&utm_campaign=spring&q=mug')).toEqual({
      utm_source: 'news',
      utm_campaign: 'spring',
    })
    expect(campaignOf('?utm_medium=email&utm_term=&utm_content=%20')).toEqual({ utm_medium: 'email' })
    expect(campaignOf('?page=2')).toBeUndefined()
    expect(campaignOf('')).toBeUndefined()
  })

  it('posts them to /utm with the AJAX header, once per new path', async () => {
    const posted = stubFetch()
    const router = startAt('/category/mugs/12?utm_source=news&utm_medium=email')
    await vi.waitFor(() => {
      expect(posted).toHaveLength(1)
    })
    expect(posted[0]).toEqual({
      path: '/utm',
      body: { utm_source: 'news', utm_medium: 'email' },
      ajax: 'XMLHttpRequest',
    })

    // The same path with another query is not a new visit.
    await act(() => router.navigate('/category/mugs/12?page=2&utm_source=news'))
    // A new path without campaign parameters sends nothing.
    await act(() => router.navigate('/about/43'))
    await act(() => router.navigate('/bag?utm_campaign=spring'))
    await vi.waitFor(() => {
      expect(posted).toHaveLength(2)
    })
    expect(posted[1]?.body).toEqual({ utm_campaign: 'spring' })
  })

  it('sends nothing when no utm parameter is present', async () => {
    const posted = stubFetch()
    startAt('/?q=mug')
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10))
    })
    expect(posted).toEqual([])
  })

  it('ignores a failed report', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(reportCampaign({ utm_source: 'news' })).resolves.toBeUndefined()
  })
})
