import { atom } from 'jotai'
import { unwrap } from 'jotai/utils'
import { api, type Schema } from './api/client'
import { unwrap as unwrapAnswer } from './api/errors'
import { currencyAtom } from './preferences'

export type CurrencyListState =
  { status: 'loading' } | { status: 'ready'; currencies: Schema<'Currency'>[] } | { status: 'unavailable' }

const LOADING: CurrencyListState = { status: 'loading' }

// Spec 8: a failed currencies load is only logged; prices stay in dollars.
const fetchedCurrenciesAtom = atom(async (_get, { signal }): Promise<CurrencyListState> => {
  try {
    return { status: 'ready', currencies: await unwrapAnswer(api.GET('/currencies', { signal })) }
  } catch (error) {
    console.error('Could not load the currencies', error)
    return { status: 'unavailable' }
  }
})

/** `GET /api/currencies`, US Dollar first; fetched once, on first use. */
export const currenciesAtom = unwrap(fetchedCurrenciesAtom, () => LOADING)

/**
 * The currency prices are converted into, or undefined for US Dollar. The list is
 * only fetched once a shopper has chosen another currency, so a dollar shopper's
 * pages never ask for it. An unknown stored code counts as US Dollar (spec 4.7).
 */
export const displayCurrencyAtom = atom((get) => {
  const code = get(currencyAtom)
  if (code === 'USD') return undefined
  const list = get(currenciesAtom)
  return list.status === 'ready' ? list.currencies.find((currency) => currency.currency === code) : undefined
})
