// How far a school is, as the shopper's country says distances: miles in the US,
// kilometres elsewhere, to one decimal. The server gives metres as the crow flies.

const METRES_PER_MILE = 1609.344

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

export interface Distance {
  unit: 'mi' | 'km'
  /** The number as shown ("0.6"); digits read the same in both languages. */
  n: string
}

export function distanceOf(metres: number, country: string): Distance {
  return country === 'US'
    ? { unit: 'mi', n: oneDecimal.format(metres / METRES_PER_MILE) }
    : { unit: 'km', n: oneDecimal.format(metres / 1000) }
}
