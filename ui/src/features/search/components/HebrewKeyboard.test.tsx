import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { languageAtom } from '@/lib/preferences'
import { HebrewKeyboard } from './HebrewKeyboard'

afterEach(() => {
  vi.useRealTimers()
})

function renderKeyboard(language: 'eng' | 'heb' = 'eng') {
  const onType = vi.fn()
  const onErase = vi.fn()
  const store = createStore()
  store.set(languageAtom, language)
  render(
    <Provider store={store}>
      <HebrewKeyboard onType={onType} onErase={onErase} />
    </Provider>,
  )
  const keyboard = screen.getByRole('group', {
    name: language === 'eng' ? 'On-screen Hebrew keyboard' : 'מקלדת עברית על המסך',
  })
  return { onType, onErase, keyboard, key: (name: string) => within(keyboard).getByRole('button', { name }) }
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

/** A tap as a finger or mouse makes it: simple-keyboard types on pointer down. */
function tap(button: HTMLElement) {
  fireEvent.pointerDown(button)
  fireEvent.pointerUp(button)
  fireEvent.click(button, { detail: 1 })
}

describe('the on-screen Hebrew keyboard (spec 2.7, 9)', () => {
  it('has the Hebrew letters in the Israeli layout, as buttons', () => {
    const { keyboard } = renderKeyboard()
    const rows = Array.from(keyboard.querySelectorAll('.hg-row')).map((row) =>
      Array.from(row.querySelectorAll('button')).map((button) => button.textContent),
    )
    expect(rows.slice(0, 3)).toEqual([
      ['/', "'", 'ק', 'ר', 'א', 'ט', 'ו', 'ן', 'ם', 'פ', '⌫'],
      ['ש', 'ד', 'ג', 'כ', 'ע', 'י', 'ח', 'ל', 'ך', 'ף'],
      ['ז', 'ס', 'ב', 'ה', 'נ', 'מ', 'צ', 'ת', 'ץ'],
    ])
    for (const button of within(keyboard).getAllByRole('button')) expect(button).toHaveAttribute('type', 'button')
    expect(keyboard).toHaveAttribute('dir', 'ltr')
  })

  it('types a tapped letter once', () => {
    const { onType, key } = renderKeyboard()
    tap(key('ש'))
    expect(onType.mock.calls).toEqual([['ש']])
  })

  it('names its function keys, and erases and types spaces with them', () => {
    const { onType, onErase, key } = renderKeyboard()
    tap(key('Delete'))
    expect(onErase).toHaveBeenCalledTimes(1)
    tap(key('space'))
    expect(onType.mock.calls).toEqual([[' ']])
  })

  it('names its keys in Hebrew in the Hebrew interface', () => {
    const { key } = renderKeyboard('heb')
    expect(key('מחיקה')).toBeInTheDocument()
    expect(key('123, ספרות וסימנים')).toBeInTheDocument()
  })

  it('switches to the shift layer of digits and symbols, and back', () => {
    const { onType, keyboard, key } = renderKeyboard()
    tap(key('123, digits and symbols'))
    expect(within(keyboard).queryByRole('button', { name: 'ש' })).not.toBeInTheDocument()
    tap(key('7'))
    tap(key('@'))
    expect(onType.mock.calls).toEqual([['7'], ['@']])
    tap(key('אבג, Hebrew letters'))
    tap(key('ש'))
    expect(onType.mock.calls.at(-1)).toEqual(['ש'])
    expect(within(keyboard).queryByRole('button', { name: '7' })).not.toBeInTheDocument()
  })

  it('can be used from the keyboard: Tab to a key, Enter or Space presses it', async () => {
    const user = userEvent.setup()
    const { onType, key } = renderKeyboard()
    key('ק').focus()
    await user.keyboard('{Enter}')
    await user.tab()
    expect(key('ר')).toHaveFocus()
    await user.keyboard(' ')
    expect(onType.mock.calls).toEqual([['ק'], ['ר']])
  })

  it('keeps focus on the layer key when it is pressed from the keyboard', async () => {
    const user = userEvent.setup()
    const { key } = renderKeyboard()
    key('123, digits and symbols').focus()
    await user.keyboard('{Enter}')
    expect(key('אבג, Hebrew letters')).toHaveFocus()
  })

  it('repeats a held key after 500 ms, every 100 ms, until it is let go', () => {
    vi.useFakeTimers()
    const { onType, key } = renderKeyboard()
    const letter = key('ש')
    fireEvent.pointerDown(letter)
    expect(onType).toHaveBeenCalledTimes(1)
    advance(599)
    expect(onType).toHaveBeenCalledTimes(1)
    advance(1)
    expect(onType).toHaveBeenCalledTimes(2)
    advance(100)
    expect(onType).toHaveBeenCalledTimes(3)
    advance(200)
    expect(onType).toHaveBeenCalledTimes(5)
    fireEvent.pointerUp(document)
    advance(1000)
    expect(onType).toHaveBeenCalledTimes(5)
    expect(onType.mock.calls.every(([typed]) => typed === 'ש')).toBe(true)
  })

  it('repeats a held Delete too', () => {
    vi.useFakeTimers()
    const { onErase, key } = renderKeyboard()
    fireEvent.pointerDown(key('Delete'))
    advance(700)
    fireEvent.pointerUp(document)
    expect(onErase).toHaveBeenCalledTimes(3)
  })
})
