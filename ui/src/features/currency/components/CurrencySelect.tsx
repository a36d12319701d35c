import { useAtom, useAtomValue } from 'jotai'
import { useId } from 'react'
import { currenciesAtom } from '@/lib/currencies'
import { useT } from '@/lib/i18n'
import { decodeEntities } from '@/lib/money'
import { currencyAtom } from '@/lib/preferences'
import { messages } from '../messages'
import styles from './CurrencySelect.module.css'

/**
 * The footer's currency selector (spec 2.8, 4.7). Prices stay in dollars; another
 * currency adds a converted price beside them. Until the list arrives (or when it
 * cannot) only US Dollar is offered, which is also the default.
 */
export function CurrencySelect() {
  const t = useT(messages)
  const id = useId()
  const list = useAtomValue(currenciesAtom)
  const [selected, setSelected] = useAtom(currencyAtom)
  const currencies =
    list.status === 'ready' ? list.currencies : [{ currency: 'USD', name: t('usDollar'), symbol: '', rate: 1 }]
  // A stored code the server no longer offers reads as US Dollar (spec 4.7).
  const value = currencies.some((currency) => currency.currency === selected) ? selected : 'USD'
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t('currency')}</label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => {
          setSelected(event.target.value)
        }}
      >
        {currencies.map((currency) => (
          <option key={currency.currency} value={currency.currency}>
            {currency.name} ({currency.currency}
            {currency.symbol ? ` ${decodeEntities(currency.symbol)}` : ''})
          </option>
        ))}
      </select>
    </div>
  )
}
