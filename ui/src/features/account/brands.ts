import type { AccountKey } from './messages'

/** The message key of a card brand's name, as the gateway spells the brand ('brand_other' else). */
export const BRANDS: Record<string, AccountKey> = {
  visa: 'brand_visa',
  mastercard: 'brand_mastercard',
  amex: 'brand_amex',
  discover: 'brand_discover',
}
