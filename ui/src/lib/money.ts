import { formatPrice } from './format'

/**
 * A currency symbol as the API gives it may be an HTML entity ("&#8362;" for ₪).
 * The browser's own parser decodes it; the result is text, never markup.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return new DOMParser().parseFromString(text, 'text/html').documentElement.textContent
}

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export interface DisplayCurrency {
  currency: string
  rate: number
  symbol: string
}

/**
 * Spec 9: a converted price is the dollar price times the currency's rate, with 2
 * decimals ("₪66.60"). A currency without a symbol is written with its code ("CHF 16.20").
 */
export function formatConverted(cents: number, { currency, rate, symbol }: DisplayCurrency): string {
  const amount = twoDecimals.format((cents / 100) * rate)
  const sign = decodeEntities(symbol)
  return sign ? `${sign}${amount}` : `${currency} ${amount}`
}

/** A threshold as a shopper says it: "$50" for whole dollars, "$49.99" otherwise. */
export function formatThreshold(cents: number): string {
  return cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatPrice(cents)
}
