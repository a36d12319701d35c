import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openHeaderPanelAtom, searchWidgetsHiddenAtom } from '@/lib/panels'
import { searchTextAtom } from '../state'
import { MobileSearch } from './MobileSearch'
import { fakeTimerUser, queries, renderWithRouter, stubSuggestions, wait } from './testing'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Opens the overlay; with fake timers unless the test loads the lazy keyboard, which takes real time. */
async function openOverlay({ realTimers = false } = {}) {
  const requests = stubSuggestions()
  const rendered = renderWithRouter(<MobileSearch />)
  const user = realTimers ? userEvent.setup() : fakeTimerUser()
  await user.click(screen.getByRole('button', { name: 'Search Olive Lane' }))
  // The overlay's code may still be on its way (lib/afterStart.ts).
  const dialog = await screen.findByRole('dialog', { name: 'Search' })
  const input = within(dialog).getByRole('combobox', { name: 'Search' })
  return { ...rendered, requests, user, dialog, input }
}

describe('the mobile search overlay (spec 2.7)', () => {
  it('opens full screen from the header box, with the input focused, as the search panel', async () => {
    const { dialog, input, store } = await openOverlay()
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(input).toHaveFocus()
    expect(within(dialog).getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit')
    expect(within(dialog).getByRole('button', { name: 'Close search' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Hebrew keyboard' })).toHaveAttribute('aria-pressed', 'false')
    expect(store.get(openHeaderPanelAtom)).toBe('search')
  })

  it('copies what is typed to the header box and asks for suggestions', async () => {
    const { user, input, requests, store } = await openOverlay()
    await user.type(input, 'olive')
    await wait(250)
    expect(store.get(searchTextAtom)).toBe('olive')
    expect(screen.getByRole('button', { name: 'Search: olive' })).toHaveTextContent('olive')
    expect(queries(requests)).toEqual(['o', 'olive'])
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(3)
  })

  it('runs the trimmed search on Enter and closes', async () => {
    const { user, input, router, store } = await openOverlay()
    await user.type(input, '  olive bowl {Enter}')
    expect(router.state.location.pathname).toBe('/search')
    expect(router.state.location.search).toBe('?q=olive+bowl')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(store.get(openHeaderPanelAtom)).toBeNull()
    expect(screen.getByRole('button', { name: 'Search: olive bowl' })).toBeInTheDocument()
  })

  it('does nothing on Enter with blank text', async () => {
    const { user, input, router } = await openOverlay()
    await user.type(input, '   {Enter}')
    expect(router.state.location.pathname).toBe('/')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('runs a chosen suggestion and closes', async () => {
    const { user, input, router } = await openOverlay()
    await user.type(input, 'mug')
    await wait(250)
    await user.click(screen.getByRole('option', { name: 'mug two' }))
    expect(router.state.location.search).toBe('?q=mug+two')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('runs the active suggestion on Enter and closes', async () => {
    const { user, input, router } = await openOverlay()
    await user.type(input, 'mug')
    await wait(250)
    await user.keyboard('{ArrowUp}{Enter}')
    expect(router.state.location.search).toBe('?q=mug+three')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('closes the suggestions on Escape, then itself, returning focus to the header box', async () => {
    const { user, input, store } = await openOverlay()
    await user.type(input, 'mug')
    await wait(250)
    await user.keyboard('{Escape}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Search: mug' })).toHaveFocus()
    // Closing keeps the text; it is not a search.
    expect(store.get(searchTextAtom)).toBe('mug')
  })

  it('closes on its close button', async () => {
    const { user, router } = await openOverlay()
    await user.click(screen.getByRole('button', { name: 'Close search' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})

describe('the widgets behind the overlay (spec 2.7, 9)', () => {
  it('are hidden while it is open and come back 5000 ms after it closes, not before', async () => {
    const { user, store } = await openOverlay()
    expect(store.get(searchWidgetsHiddenAtom)).toBe(true)
    await wait(60_000)
    expect(store.get(searchWidgetsHiddenAtom)).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Close search' }))
    await wait(4999)
    expect(store.get(searchWidgetsHiddenAtom)).toBe(true)
    await wait(1)
    expect(store.get(searchWidgetsHiddenAtom)).toBe(false)
  })

  it('stay hidden when the overlay opens again within the 5 s', async () => {
    const { user, store } = await openOverlay()
    await user.click(screen.getByRole('button', { name: 'Close search' }))
    await wait(3000)
    await user.click(screen.getByRole('button', { name: 'Search Olive Lane' }))
    await wait(3000)
    expect(store.get(searchWidgetsHiddenAtom)).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Close search' }))
    await wait(5000)
    expect(store.get(searchWidgetsHiddenAtom)).toBe(false)
  })

  it('come back after a search closes it', async () => {
    const { user, input, store } = await openOverlay()
    await user.type(input, 'tea{Enter}')
    await wait(4999)
    expect(store.get(searchWidgetsHiddenAtom)).toBe(true)
    await wait(1)
    expect(store.get(searchWidgetsHiddenAtom)).toBe(false)
  })

  it('come back at once when the mobile search goes away (the window grew)', async () => {
    const { store, unmount } = await openOverlay()
    unmount()
    expect(store.get(searchWidgetsHiddenAtom)).toBe(false)
  })
})

describe('the on-screen Hebrew keyboard in the overlay', () => {
  beforeEach(() => {
    vi.useRealTimers()
  })

  it('loads when asked for, and types into the input', async () => {
    const { user, dialog, input, requests, store } = await openOverlay({ realTimers: true })
    await user.click(within(dialog).getByRole('button', { name: 'Hebrew keyboard' }))
    const keyboard = await within(dialog).findByRole('group', { name: 'On-screen Hebrew keyboard' })
    expect(within(dialog).getByRole('button', { name: 'Hebrew keyboard' })).toHaveAttribute('aria-pressed', 'true')
    // The keyboard library draws its keys after its frame: under a busy run, a moment later.
    await within(keyboard).findByRole('button', { name: 'ס' })

    // Keys found first, then pressed back to back: finding one can take longer than the
    // suggestions' 250 ms throttle on a busy machine, which would send a middle request.
    const keys = ['ס', 'פ', 'ר'].map((letter) => within(keyboard).getByRole('button', { name: letter }))
    for (const key of keys) {
      fireEvent.pointerDown(key)
      fireEvent.pointerUp(document)
    }
    expect(input).toHaveValue('ספר')
    expect(store.get(searchTextAtom)).toBe('ספר')
    await waitFor(() => {
      expect(queries(requests)).toEqual(['ס', 'ספר'])
    })

    fireEvent.pointerDown(within(keyboard).getByRole('button', { name: 'Delete' }))
    fireEvent.pointerUp(document)
    expect(input).toHaveValue('ספ')

    await user.click(within(dialog).getByRole('button', { name: 'Hebrew keyboard' }))
    expect(within(dialog).queryByRole('group')).not.toBeInTheDocument()
  })

  it('runs what it typed from the search button', async () => {
    const { user, dialog, router } = await openOverlay({ realTimers: true })
    await user.click(within(dialog).getByRole('button', { name: 'Hebrew keyboard' }))
    const keyboard = await within(dialog).findByRole('group', { name: 'On-screen Hebrew keyboard' })
    fireEvent.pointerDown(within(keyboard).getByRole('button', { name: 'ת' }))
    fireEvent.pointerUp(document)
    await user.click(within(dialog).getByRole('button', { name: 'Search' }))
    expect(router.state.location.search).toBe(`?${new URLSearchParams({ q: 'ת' }).toString()}`)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
