import {
  chosenCredit,
  isPostalCode,
  looksLikeEmail,
  missingAddressFields,
  EMPTY_ADDRESS,
  type CheckoutState,
  type GuestAddress,
} from '@/lib/checkout'
import type { ZipLocation } from '@/lib/location'
import type { Language } from '@/lib/preferences'
import type { Customer } from '@/lib/session'
import { refusalOf } from '@/lib/api/problem'
import { fieldProblemText } from './api'
import { messages, type CheckoutKey } from './messages'

/** What is wrong with each field, by the field's `name`, in the screen's order. */
export type Problems = Partial<Record<string, string>>

type Say = (key: CheckoutKey, vars?: Record<string, string | number>) => string

function emailProblem(email: string, say: Say): string | undefined {
  const typed = email.trim()
  if (typed === '') return say('required')
  return looksLikeEmail(typed) ? undefined : say('emailProblem')
}

/**
 * The address fields in the form's order, so the first problem is the first field: the
 * ZIP comes before the city and region, which its lookup fills in.
 */
const ADDRESS_ORDER: readonly (keyof GuestAddress)[] = [
  'name',
  'line1',
  'line2',
  'postal_code',
  'country',
  'city',
  'region',
  'phone',
]

/** A postal code is checked as the server checks it, the US's by its ZIP shape. */
function postalCodeProblem(code: string, country: string, say: Say): string | undefined {
  if (code.trim() === '') return say('required')
  if (isPostalCode(code, country)) return undefined
  return say(country === 'US' ? 'zipShapeProblem' : 'postalCodeShapeProblem')
}

/**
 * A guest's new address starts in the place checkout prices for, with the city and
 * region its ZIP lookup answered: nothing the shopper must type again.
 */
export function startAddress(location: ZipLocation | null | undefined): GuestAddress {
  if (!location) return EMPTY_ADDRESS
  return {
    ...EMPTY_ADDRESS,
    postal_code: location.zip,
    country: location.country,
    city: location.city ?? '',
    region: location.state ?? '',
  }
}

export interface CheckoutFacts {
  customer: Customer | null
  state: CheckoutState
  digitalOnly: boolean
  /** The current quote's gift cards pay it all. */
  covered: boolean
  /** Where checkout prices for: a new address starts there. */
  location?: ZipLocation | null
}

/**
 * What checkout still needs before Review, field by field: a guest's e-mail; the billing
 * postal code for a digital-only bag; otherwise the delivery, with the pickup info or the
 * shipping address; and a card unless the gift cards cover the whole total.
 */
export function checkoutProblems(
  { customer, state, digitalOnly, covered, location }: CheckoutFacts,
  say: Say,
): Problems {
  const problems: Problems = {}
  if (!customer) {
    const problem = emailProblem(state.email, say)
    if (problem) problems.email = problem
  }
  if (digitalOnly) {
    // Its e-mail is the guest's own (or the customer's): checked above, not asked twice.
    const info = state.digitalInfo
    const postal = postalCodeProblem(info?.postal_code ?? '', info?.country ?? 'US', say)
    if (postal) problems.digital_postal_code = postal
  } else if (state.shippingType === null) {
    problems.delivery = say('chooseDelivery')
  } else if (state.shippingType.type === 'pickup') {
    const info = state.pickupInfo ?? { name: '', email: '', phone: '' }
    if (info.name.trim() === '') problems.pickup_name = say('required')
    const problem = emailProblem(info.email, say)
    if (problem) problems.pickup_email = problem
    if (info.phone.trim() === '') problems.pickup_phone = say('required')
  } else if (!customer || customer.addresses.length === 0) {
    const info = state.shippingInfo
    const address = info && 'address' in info ? info.address : startAddress(location)
    const missing = missingAddressFields(address)
    for (const field of ADDRESS_ORDER) {
      const problem =
        field === 'postal_code'
          ? postalCodeProblem(address.postal_code, address.country, say)
          : missing.includes(field)
            ? say('required')
            : undefined
      if (problem) problems[`ship_${field}`] = problem
    }
  }
  if (!covered && chosenCredit(customer, state) === null) problems.card = say('chooseCard')
  return problems
}

/** Where the quote's refusal belongs (spec: a 400 names the field): at which field, and what to say. */
export interface QuoteProblems {
  zip?: string
  delivery?: string
  discount?: string
  email?: string
  /** By the gift card's place in the order added; -1 for the gift cards as a whole. */
  giftCards: Record<number, string>
  /** The refusal names no field shown here, or the quote failed otherwise. */
  other: boolean
}

export function quoteProblems(error: unknown, language: Language): QuoteProblems {
  const found: QuoteProblems = { giftCards: {}, other: false }
  if (error === undefined) return found
  const refusal = refusalOf(error)
  const text = fieldProblemText(error, language)
  const field = refusal?.field ?? ''
  const card = /^gift_cards\[(\d+)\]$/.exec(field)
  if (field === 'zipCode') found.zip = messages[language].zipProblem
  else if (field === 'shipping' || field.startsWith('shipping.')) found.delivery = text
  else if (field === 'discount_code') found.discount = text
  else if (field === 'email') found.email = text
  else if (card?.[1] !== undefined) found.giftCards[Number(card[1])] = text
  else if (field === 'gift_cards') found.giftCards[-1] = text
  else found.other = true
  return found
}
