// The countries list is shared with checkout's address and ZIP entry.
export { countryName, useCountries, type Countries } from '@/lib/countries'
