import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore } from 'jotai'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { languageAtom } from '@/lib/preferences'
import { QuantitySelector, clampQuantity, dropdownOptions } from './QuantitySelector'

/** A parent that keeps the model, as a page does; `changes` records every report. */
function Harness({ initial, max, changes }: { initial: number; max: number; changes: number[] }) {
  const [value, setValue] = useState(initial)
  return (
    <QuantitySelector
      value={value}
      max={max}
      onChange={(n) => {
        changes.push(n)
        setValue(n)
      }}
    />
  )
}

function renderSelector(initial: number, max: number, language: 'eng' | 'heb' = 'eng') {
  const changes: number[] = []
  const store = createStore()
  store.set(languageAtom, language)
  render(
    <Provider store={store}>
      <Harness initial={initial} max={max} changes={changes} />
    </Provider>,
  )
  return changes
}

describe('the quantity selector (spec 5)', () => {
  it('lists 1 up to 10, the 10 shown as "10+"', () => {
    renderSelector(1, 25)
    const select = screen.getByRole('combobox', { name: 'Quantity' })
    const options = [...select.querySelectorAll('option')]
    expect(options.map((o) => o.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10+'])
    expect(options.map((o) => o.value).at(-1)).toBe('10')
  })

  it('lists only up to the limit when it is below 10', () => {
    expect(dropdownOptions(4)).toEqual([1, 2, 3, 4])
    expect(dropdownOptions(0)).toEqual([])
    expect(dropdownOptions(50)).toHaveLength(10)
    renderSelector(1, 4)
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3', '4'])
  })

  it('starts at the smaller of the model and the maximum, and tells the model', () => {
    const changes = renderSelector(7, 3)
    expect(screen.getByRole('combobox', { name: 'Quantity' })).toHaveValue('3')
    expect(changes).toEqual([3])
  })

  it('starts at the model when it is within the maximum', () => {
    const changes = renderSelector(2, 30)
    expect(screen.getByRole('combobox', { name: 'Quantity' })).toHaveValue('2')
    expect(changes).toEqual([])
  })

  it('starts in the number input when the model is 10 or more', () => {
    renderSelector(12, 30)
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(12)
  })

  it('switches to a number input with min 1 and max the limit when "10+" is chosen', async () => {
    const changes = renderSelector(1, 25)
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity' }), '10+')

    const input = screen.getByRole('spinbutton', { name: 'Quantity' })
    expect(input).toHaveAttribute('min', '1')
    expect(input).toHaveAttribute('max', '25')
    expect(input).toHaveValue(10)
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    expect(changes).toEqual([10])
    await vi.waitFor(() => {
      expect(input).toHaveFocus()
    })
  })

  it('lowers a value above the maximum to the maximum on blur', async () => {
    const changes = renderSelector(12, 25)
    const user = userEvent.setup()
    const input = screen.getByRole('spinbutton', { name: 'Quantity' })
    await user.clear(input)
    await user.type(input, '99')
    // Out of range while typing: the model keeps its last good value.
    expect(changes).not.toContain(99)
    await user.tab()
    expect(input).toHaveValue(25)
    expect(changes.at(-1)).toBe(25)
  })

  it('raises an empty or zero value to 1 on blur', async () => {
    const changes = renderSelector(12, 25)
    const user = userEvent.setup()
    const input = screen.getByRole('spinbutton', { name: 'Quantity' })
    await user.clear(input)
    await user.type(input, '0')
    await user.tab()
    expect(input).toHaveValue(1)
    expect(changes.at(-1)).toBe(1)
  })

  it('reports an in-range value as it is typed', async () => {
    const changes = renderSelector(12, 25)
    const user = userEvent.setup()
    const input = screen.getByRole('spinbutton', { name: 'Quantity' })
    await user.clear(input)
    await user.type(input, '15')
    expect(changes.at(-1)).toBe(15)
  })

  it('is operated by keyboard alone', async () => {
    const changes = renderSelector(1, 25)
    const user = userEvent.setup()
    await user.tab()
    const select = screen.getByRole('combobox', { name: 'Quantity' })
    expect(select).toHaveFocus()
    await user.selectOptions(select, '3')
    expect(changes.at(-1)).toBe(3)
  })

  it('shows nothing when the limit is 0', () => {
    const { container } = render(<QuantitySelector value={1} max={0} onChange={() => undefined} />)
    expect(container).toBeEmptyDOMElement()
  })

  it('is labelled in Hebrew', () => {
    renderSelector(1, 25, 'heb')
    expect(screen.getByRole('combobox', { name: 'כמות' })).toBeInTheDocument()
  })

  it('clamps any number into 1..max', () => {
    expect(clampQuantity(40, 12)).toBe(12)
    expect(clampQuantity(-3, 12)).toBe(1)
    expect(clampQuantity(Number.NaN, 12)).toBe(1)
    expect(clampQuantity(4.7, 12)).toBe(4)
  })
})
