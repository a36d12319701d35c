const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/**
 * Integer cents as US dollars with 2 decimals and thousands separators
 * (123450 -> "$1,234.50"). Money stays in integer cents everywhere else;
 * the division happens only here, for display.
 */
export function formatPrice(cents: number): string {
  return dollars.format(cents / 100)
}
