// The countries list is shared with checkout's address and ZIP entry.
export { useCountries, type Countries } from '@/lib/countries'
