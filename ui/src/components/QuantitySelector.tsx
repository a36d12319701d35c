import { useEffect, useId, useRef, useState } from 'react'
import { defineMessages, useT } from '@/lib/i18n'
import styles from './QuantitySelector.module.css'

/** Spec 5: the dropdown lists 1 up to this, and its last option reads "10+". */
export const DROPDOWN_CAP = 10

const messages = defineMessages({
  eng: { quantity: 'Quantity', more: '{n}+', limit: 'Up to {max}' },
  // Digits and the plus sign read the same in both directions, so Hebrew keeps "10+".
  heb: { quantity: 'כמות', more: '{n}+', limit: 'עד {max}' },
})

interface QuantitySelectorProps {
  /** The chosen quantity (the model). */
  value: number
  /** The limit: the smaller of the stock and the product's max_quantity. */
  max: number
  onChange: (quantity: number) => void
  /** The visible label; "Quantity" when not given. */
  label?: string
}

/** A quantity kept within 1..max (spec 5: lowered to the maximum on blur, never below 1). */
export function clampQuantity(quantity: number, max: number): number {
  if (!Number.isFinite(quantity)) return 1
  return Math.max(1, Math.min(Math.trunc(quantity), max))
}

/** The dropdown's options: 1 up to the limit or the cap, whichever is smaller. */
export function dropdownOptions(max: number): number[] {
  return Array.from({ length: Math.max(0, Math.min(max, DROPDOWN_CAP)) }, (_, i) => i + 1)
}

/**
 * Spec 5's quantity selector: a dropdown of 1..10 whose "10+" switches to a number
 * input (min 1, max the limit) for larger amounts. Renders nothing when the limit is 0;
 * the page says "Out of stock" instead.
 */
export function QuantitySelector({ value, max, onChange, label }: QuantitySelectorProps) {
  const t = useT(messages)
  const id = useId()
  // Spec 5: the initial value is the smaller of the model and the maximum.
  const shown = clampQuantity(value, max)
  const [typing, setTyping] = useState(shown >= DROPDOWN_CAP)
  const [draft, setDraft] = useState(String(shown))
  const input = useRef<HTMLInputElement>(null)

  // The model learns the corrected value, so what is shown is what would be bought.
  useEffect(() => {
    if (max >= 1 && shown !== value) onChange(shown)
  }, [max, shown, value, onChange])

  if (max < 1) return null

  function choose(quantity: number) {
    if (quantity >= DROPDOWN_CAP) {
      setTyping(true)
      setDraft(String(quantity))
      // The new field replaces the one that had focus; keyboard users continue in it.
      requestAnimationFrame(() => input.current?.focus())
    }
    onChange(quantity)
  }

  function commit() {
    const quantity = clampQuantity(Number(draft), max)
    setDraft(String(quantity))
    onChange(quantity)
  }

  return (
    <div className={styles.quantity}>
      <label htmlFor={id} className={styles.label}>
        {label ?? t('quantity')}
      </label>
      {typing ? (
        <input
          ref={input}
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={draft}
          aria-describedby={`${id}-limit`}
          className={styles.field}
          onChange={(event) => {
            setDraft(event.target.value)
            const quantity = Number(event.target.value)
            if (Number.isInteger(quantity) && quantity >= 1 && quantity <= max) onChange(quantity)
          }}
          onBlur={commit}
        />
      ) : (
        <select
          id={id}
          value={shown}
          className={styles.field}
          onChange={(event) => {
            choose(Number(event.target.value))
          }}
        >
          {dropdownOptions(max).map((n) => (
            <option key={n} value={n}>
              {n === DROPDOWN_CAP ? t('more', { n }) : n}
            </option>
          ))}
        </select>
      )}
      {typing && (
        <span id={`${id}-limit`} className={styles.limit}>
          {t('limit', { max })}
        </span>
      )}
    </div>
  )
}
