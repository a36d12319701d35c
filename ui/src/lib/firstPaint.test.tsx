import { act, renderHook } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWhenReady, usePaintPreference } from './firstPaint'
import { currencyAtom, languageAtom } from './preferences'

/** A router's state and subscription, as far as `renderWhenReady` looks. */
function fakeRouter(initialized: boolean) {
  const listeners = new Set<(state: { initialized: boolean }) => void>()
  const router = {
    state: { initialized },
    subscribe(listener: (state: { initialized: boolean }) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const settle = (now: boolean) => {
    router.state = { initialized: now }
    listeners.forEach((listener) => {
      listener(router.state)
    })
  }
  // The function reads only `state.initialized` and `subscribe`.
  return { router: router as unknown as Parameters<typeof renderWhenReady>[1], settle, listeners }
}

function container(painted: boolean) {
  const root = document.createElement('div')
  if (painted) root.setAttribute('data-painted', '')
  return root
}

describe('renderWhenReady', () => {
  it('renders at once on a page the server did not paint', () => {
    const { router } = fakeRouter(false)
    let renders = 0
    renderWhenReady(container(false), router, () => renders++)
    expect(renders).toBe(1)
  })

  it('on a painted page, waits for the first screen, and renders once', () => {
    const { router, settle, listeners } = fakeRouter(false)
    let renders = 0
    renderWhenReady(container(true), router, () => renders++)
    settle(false)
    expect(renders).toBe(0)
    settle(true)
    settle(true)
    expect(renders).toBe(1)
    expect(listeners.size).toBe(0)
  })

  it('on a painted page whose first screen is already there, renders at once', () => {
    const { router, listeners } = fakeRouter(true)
    let renders = 0
    renderWhenReady(container(true), router, () => renders++)
    expect(renders).toBe(1)
    expect(listeners.size).toBe(0)
  })
})

describe('usePaintPreference', () => {
  afterEach(() => {
    document.cookie = 'store_paint=; Path=/; Max-Age=0'
  })

  it('asks for unpainted pages while the shopper reads Hebrew or another currency', () => {
    const store = createStore()
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>
    renderHook(usePaintPreference, { wrapper })
    expect(document.cookie).not.toContain('store_paint')
    act(() => {
      store.set(languageAtom, 'heb')
    })
    expect(document.cookie).toContain('store_paint=off')
    act(() => {
      store.set(languageAtom, 'eng')
    })
    expect(document.cookie).not.toContain('store_paint')
    act(() => {
      store.set(currencyAtom, 'EUR')
    })
    expect(document.cookie).toContain('store_paint=off')
  })
})
