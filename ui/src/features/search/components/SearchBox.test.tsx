import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openHeaderPanelAtom } from '@/lib/panels'
import { searchTextAtom } from '../state'
import { SearchBox } from './SearchBox'
import { fakeTimerUser, queries, renderWithRouter, stubSuggestions, wait } from './testing'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function renderBox() {
  const rendered = renderWithRouter(<SearchBox />)
  return { ...rendered, user: fakeTimerUser(), input: screen.getByRole('combobox', { name: 'Search' }) }
}

describe('the header search box: suggestions (spec 7, 9)', () => {
  it('asks at most once per 250 ms, and always for the last text typed', async () => {
    const requests = stubSuggestions()
    const { user, input } = renderBox()
    await user.type(input, 'tea')
    expect(queries(requests)).toEqual(['t'])
    await wait(249)
    expect(queries(requests)).toEqual(['t'])
    await wait(1)
    expect(queries(requests)).toEqual(['t', 'tea'])
    await wait(1000)
    expect(queries(requests)).toEqual(['t', 'tea'])
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'tea one',
      'tea two',
      'tea three',
    ])
  })

  it('sends the AJAX header', async () => {
    const requests = stubSuggestions()
    const { user, input } = renderBox()
    await user.type(input, 'm')
    expect(requests[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
  })

  it('never lets an earlier, slower answer replace a newer one', async () => {
    let answerFirst: (suggestions: string[]) => void = () => undefined
    const requests = stubSuggestions((q) =>
      q === 'm'
        ? new Promise((resolve) => {
            answerFirst = resolve
          })
        : ['mug', 'mugs for tea'],
    )
    const { user, input } = renderBox()
    await user.type(input, 'm')
    await wait(300)
    await user.type(input, 'u')
    await wait()
    expect(queries(requests)).toEqual(['m', 'mu'])
    expect(requests[0]?.signal.aborted).toBe(true)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['mug', 'mugs for tea'])

    answerFirst(['map', 'mat'])
    await wait()
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['mug', 'mugs for tea'])
  })

  it('asks nothing and shows nothing for blank text', async () => {
    const requests = stubSuggestions()
    const { user, input } = renderBox()
    await user.type(input, '   ')
    await wait(1000)
    expect(requests).toEqual([])
    expect(input).toHaveAttribute('aria-expanded', 'false')

    await user.clear(input)
    await user.type(input, 'a')
    await wait()
    expect(input).toHaveAttribute('aria-expanded', 'true')
    await user.clear(input)
    await wait(1000)
    expect(queries(requests)).toEqual(['a'])
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('option')).not.toBeInTheDocument()
  })

  it('drops the suggestions when the next ones cannot be had', async () => {
    stubSuggestions((q) => {
      if (q === 'a') return ['apron']
      throw new TypeError('offline')
    })
    const { user, input } = renderBox()
    await user.type(input, 'a')
    await wait()
    expect(input).toHaveAttribute('aria-expanded', 'true')
    await user.type(input, 'b')
    await wait(250)
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('option')).not.toBeInTheDocument()
  })
})

describe('the header search box: an ARIA 1.2 combobox', () => {
  async function withSuggestions() {
    stubSuggestions()
    const box = renderBox()
    await box.user.type(box.input, 'mug')
    await wait(250)
    return box
  }

  it('points at its listbox and says whether it is open', async () => {
    stubSuggestions()
    const { user, input } = renderBox()
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '')
    expect(listbox).toHaveAttribute('role', 'listbox')
    expect(listbox).toHaveAttribute('aria-label', 'Search suggestions')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).toHaveAttribute('aria-autocomplete', 'list')
    expect(listbox).not.toBeVisible()

    await user.type(input, 'mug')
    await wait(250)
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(listbox).toBeVisible()
    expect(input).not.toHaveAttribute('aria-activedescendant')
  })

  it('moves the active option with the arrow keys, wrapping at both ends', async () => {
    const { user, input } = await withSuggestions()
    const options = screen.getAllByRole('option')
    const activeIs = (index: number) => {
      expect(input).toHaveAttribute('aria-activedescendant', options[index]?.id)
      options.forEach((option, i) => {
        expect(option).toHaveAttribute('aria-selected', String(i === index))
      })
    }
    await user.keyboard('{ArrowDown}')
    activeIs(0)
    await user.keyboard('{ArrowDown}{ArrowDown}')
    activeIs(2)
    await user.keyboard('{ArrowDown}')
    activeIs(0)
    await user.keyboard('{ArrowUp}')
    activeIs(2)
    expect(input).toHaveValue('mug')
    expect(input).toHaveFocus()
  })

  it('runs the search for the active option on Enter', async () => {
    const { user, router, store } = await withSuggestions()
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(router.state.location.pathname).toBe('/search')
    expect(router.state.location.search).toBe('?q=mug+two')
    expect(store.get(searchTextAtom)).toBe('mug two')
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false')
  })

  it('runs the search for the trimmed text on Enter, and none for blank text', async () => {
    stubSuggestions()
    const { user, input, router } = renderBox()
    await user.type(input, '   {Enter}')
    expect(router.state.location.pathname).toBe('/')
    await user.clear(input)
    await user.type(input, '  olive oil  {Enter}')
    expect(router.state.location.pathname).toBe('/search')
    expect(router.state.location.search).toBe('?q=olive+oil')
    expect(screen.getByRole('combobox')).toHaveValue('olive oil')
  })

  it('runs the search from the search button', async () => {
    stubSuggestions()
    const { user, input, router } = renderBox()
    await user.type(input, 'teapot ')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(router.state.location.search).toBe('?q=teapot')
  })

  it('runs a clicked suggestion', async () => {
    const { user, router } = await withSuggestions()
    await user.click(screen.getByRole('option', { name: 'mug three' }))
    expect(router.state.location.search).toBe('?q=mug+three')
  })

  it('closes the list on the first Escape and clears the text on the second', async () => {
    const { user, input } = await withSuggestions()
    await user.keyboard('{ArrowDown}{Escape}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).not.toHaveAttribute('aria-activedescendant')
    expect(input).toHaveValue('mug')
    await user.keyboard('{Escape}')
    expect(input).toHaveValue('')
  })

  it('opens the list again with Down, at the first option', async () => {
    const { user, input } = await withSuggestions()
    await user.keyboard('{ArrowDown}{ArrowDown}{Escape}{ArrowDown}')
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]?.id)
  })

  it('starts at the last option with Up', async () => {
    const { user, input } = await withSuggestions()
    await user.keyboard('{ArrowUp}')
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[2]?.id)
  })

  it('is the search header panel while focused, closing the other menus (spec 2.6), and closes its list on leaving', async () => {
    stubSuggestions()
    const { user, input, store } = renderBox()
    store.set(openHeaderPanelAtom, 'account')
    await user.click(input)
    expect(store.get(openHeaderPanelAtom)).toBe('search')
    await user.type(input, 'mug')
    await wait(250)
    expect(input).toHaveAttribute('aria-expanded', 'true')
    await user.tab()
    expect(store.get(openHeaderPanelAtom)).toBeNull()
    expect(input).toHaveAttribute('aria-expanded', 'false')
  })
})

describe('the header search box on the results page', () => {
  it('shows the text searched, without asking for suggestions', async () => {
    const requests = stubSuggestions()
    const { router } = renderBox()
    await wait()
    await router.navigate('/search?q=%20olive%20oil%20')
    await wait(1000)
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveValue('olive oil')
    expect(requests).toHaveLength(0)
  })
})
