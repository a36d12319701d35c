import { act, render } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  KEEP_SCROLL,
  RESTORE_DELAY_LISTS_MS,
  RESTORE_DELAY_MS,
  restoreDelay,
  useScrollBehaviour,
} from './scrollBehaviour'

function Shell() {
  useScrollBehaviour()
  return <Outlet />
}

const routes: RouteObject[] = [
  {
    Component: Shell,
    children: [
      { path: '/category/mugs/12', handle: { name: 'ProductsIndex' }, element: <p>list</p> },
      { path: '/search', handle: { name: 'SearchIndex' }, element: <p>search</p> },
      { path: '/about/43', handle: { name: 'ContentPage' }, element: <h2 id="returns">Returns</h2> },
      { path: '/products/mug/1', handle: { name: 'ProductsShow' }, element: <p>product</p> },
      { path: '/products/slow/2', loader: () => slowLoader.promise, element: <p>slow product</p> },
    ],
  },
]

let scrollY = 0
/** A loader the test finishes when it chooses, to look at the page while the next one loads. */
let slowLoader = deferred()

function deferred() {
  let resolve: (value: null) => void = () => undefined
  const promise = new Promise<null>((done) => {
    resolve = done
  })
  return { promise, resolve }
}
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = y
})

/** The shopper scrolls to `y`: the window reports it and fires its scroll event. */
function scrollBy(y: number) {
  scrollY = y
  window.dispatchEvent(new Event('scroll'))
}

beforeEach(() => {
  vi.useFakeTimers()
  scrollY = 0
  scrollTo.mockClear()
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo)
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  sessionStorage.clear()
})

async function start(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0)
  })
  return router
}

async function go(action: () => Promise<void>) {
  await act(async () => {
    await action()
  })
}

describe('scroll behaviour (spec 2.3)', () => {
  it('waits 2000 ms for search and product listings, 500 ms elsewhere', () => {
    expect(restoreDelay('ProductsIndex')).toBe(2000)
    expect(restoreDelay('SearchIndex')).toBe(2000)
    expect(restoreDelay('ProductsShow')).toBe(500)
    expect(restoreDelay('ContentPage')).toBe(500)
    expect(restoreDelay(undefined)).toBe(500)
  })

  it('restores a listing’s position on Back after 2000 ms', async () => {
    const router = await start('/category/mugs/12')
    scrollBy(1500)
    await go(() => router.navigate('/products/mug/1'))
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0)
    scrollBy(300)

    await go(() => router.navigate(-1))
    scrollTo.mockClear()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESTORE_DELAY_LISTS_MS - 1)
    })
    expect(scrollTo).not.toHaveBeenCalled()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(scrollTo).toHaveBeenCalledWith(0, 1500)
  })

  it('starts the first page of a visit at the top, even with a saved position', async () => {
    sessionStorage.setItem('olive-lane-scroll', JSON.stringify({ default: 900 }))
    await start('/category/mugs/12')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESTORE_DELAY_LISTS_MS)
    })
    expect(scrollTo.mock.calls).toEqual([[0, 0]])
  })

  it('leaves a shopper who scrolls during the wait where they are', async () => {
    const router = await start('/category/mugs/12')
    scrollBy(1500)
    await go(() => router.navigate('/products/mug/1'))
    await go(() => router.navigate(-1))
    scrollTo.mockClear()
    window.dispatchEvent(new Event('wheel'))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESTORE_DELAY_LISTS_MS)
    })
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('keeps the position the shopper left, not the shifts while the next page loads', async () => {
    slowLoader = deferred()
    const router = await start('/category/mugs/12')
    scrollBy(1500)
    let done: Promise<void> = Promise.resolve()
    await act(async () => {
      done = router.navigate('/products/slow/2')
      await vi.advanceTimersByTimeAsync(0)
    })
    // The loading indicator moves the page a little; the browser reports it.
    scrollBy(1485)
    await act(async () => {
      slowLoader.resolve(null)
      await done
    })
    await go(() => router.navigate(-1))
    scrollTo.mockClear()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESTORE_DELAY_LISTS_MS)
    })
    expect(scrollTo).toHaveBeenCalledWith(0, 1500)
  })

  it('restores other pages after 500 ms', async () => {
    const router = await start('/products/mug/1')
    scrollBy(700)
    await go(() => router.navigate('/category/mugs/12'))
    await go(() => router.navigate(-1))
    scrollTo.mockClear()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESTORE_DELAY_MS)
    })
    expect(scrollTo).toHaveBeenCalledWith(0, 700)
  })

  it('starts a new page, or a new sort or page of the same list, at the top', async () => {
    const router = await start('/category/mugs/12')
    scrollBy(900)
    scrollTo.mockClear()
    await go(() => router.navigate('/category/mugs/12?page=2'))
    expect(scrollTo).toHaveBeenCalledWith(0, 0)
  })

  it('keeps the position when a facet refines the list in place', async () => {
    const router = await start('/category/mugs/12')
    scrollBy(900)
    scrollTo.mockClear()
    await go(() => router.navigate('/category/mugs/12?filters=Color_Red', { state: KEEP_SCROLL }))
    expect(scrollTo).not.toHaveBeenCalled()
    await go(() => router.navigate('/category/mugs/12?filters=Color_Red&page=2'))
    expect(scrollTo).toHaveBeenCalledWith(0, 0)
  })

  it('scrolls smoothly to a hash’s element over 500 ms', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 800 } as DOMRect)
    const router = await start('/products/mug/1')
    scrollTo.mockClear()
    await go(() => router.navigate('/about/43#returns'))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250)
    })
    // Part of the way there after half the time, and there at the end.
    const halfway = scrollTo.mock.calls.at(-1)?.[1] ?? 0
    expect(halfway).toBeGreaterThan(0)
    expect(halfway).toBeLessThan(800)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300)
    })
    expect(scrollTo).toHaveBeenLastCalledWith(0, 800)
  })
})
