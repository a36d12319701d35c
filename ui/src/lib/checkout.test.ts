import { createStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubApiWithBodies } from '@/testing/api'
import { signedInCustomer } from '@/testing/customer'
import { checkoutQuoteAnswer, zipAnswer } from '@/testing/fixtures'
import {
  addGiftCard,
  chosenAddress,
  chosenCredit,
  checkoutAtom,
  checkoutQuoteAtom,
  discountAtom,
  EMPTY_ADDRESS,
  EMPTY_CHECKOUT,
  forgetAddress,
  forgetPayment,
  forgetStoredSecrets,
  giftCardsAtom,
  hasNeededInfo,
  isPostalCode,
  looksLikeEmail,
  missingAddressFields,
  orderPlace,
  removeGiftCard,
  samePlace,
  type CheckoutState,
} from './checkout'
import { clearCustomerState } from './customerSync'
import { zipLookUpAtom } from './location'
import { STORAGE_KEY } from './persist'
import { customerAtom } from './session'
import { syncAfterSignIn } from './signedInSync'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  sessionStorage.clear()
})

const home = {
  id: 11,
  name: 'Dana Levi',
  line1: '1 Olive Lane',
  line2: '',
  city: 'New York',
  region: 'NY',
  postal_code: '10001',
  country: 'US',
  phone: '212 555 0100',
  default: false,
}
const work = { ...home, id: 12, line1: '5 Market St', default: true }
const visa = { id: 21, brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, token: 'tok_visa', default: false }
const amex = { ...visa, id: 22, brand: 'amex', last4: '0005', token: 'tok_amex', default: true }
const dana = signedInCustomer({ addresses: [home, work], payments: [visa, amex] })

const guestAddress = {
  ...EMPTY_ADDRESS,
  name: 'Noa',
  line1: '2 Fig St',
  city: 'New York',
  postal_code: '10001',
  phone: '2125550101',
}
const card = { token: 'tok_guest', last4: '4242', brand: 'visa' }
const state = (overrides: Partial<CheckoutState>): CheckoutState => ({ ...EMPTY_CHECKOUT, ...overrides })

describe('gift cards (spec 4.5)', () => {
  it('go last in the order added; a code already present is ignored however it is typed', () => {
    const one = addGiftCard([], 'HAPY-BDAY-2525-GRTS')
    const two = addGiftCard(one, 'THNX-SUCH-ABUN-CH99')
    expect(two).toEqual(['HAPY-BDAY-2525-GRTS', 'THNX-SUCH-ABUN-CH99'])
    expect(addGiftCard(two, 'hapy bday 2525 grts')).toEqual(two)
  })

  it('are removed by code, the others keeping their order', () => {
    const codes = ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH', 'JJJJ-KKKK-MMMM-NNNN']
    expect(removeGiftCard(codes, 'eeeeffffgggghhhh')).toEqual(['AAAA-BBBB-CCCC-DDDD', 'JJJJ-KKKK-MMMM-NNNN'])
  })
})

describe('a customer’s checkout defaults (spec 4.2)', () => {
  it('is the default address and card, else the first; a choice still saved wins', () => {
    expect(chosenAddress(dana, EMPTY_CHECKOUT)?.id).toBe(12)
    expect(chosenCredit(dana, EMPTY_CHECKOUT)).toEqual({
      token: 'tok_amex',
      last4: '0005',
      brand: 'amex',
      paymentId: 22,
    })
    const noDefaults = signedInCustomer({ addresses: [home], payments: [visa] })
    expect(chosenAddress(noDefaults, EMPTY_CHECKOUT)?.id).toBe(11)
    expect(chosenCredit(noDefaults, EMPTY_CHECKOUT)?.paymentId).toBe(21)

    const chosen = state({ shippingInfo: { addressId: 11 }, creditInfo: { ...visa, paymentId: 21 } })
    expect(chosenAddress(dana, chosen)?.id).toBe(11)
    expect(chosenCredit(dana, chosen)?.paymentId).toBe(21)
    // A choice no longer saved falls back to the default.
    const gone = state({ shippingInfo: { addressId: 99 }, creditInfo: { ...visa, paymentId: 99 } })
    expect(chosenAddress(dana, gone)?.id).toBe(12)
    expect(chosenCredit(dana, gone)?.paymentId).toBe(22)
  })

  it('is nothing for a customer with nothing saved', () => {
    expect(chosenAddress(signedInCustomer(), EMPTY_CHECKOUT)).toBeUndefined()
    expect(chosenCredit(signedInCustomer(), EMPTY_CHECKOUT)).toBeNull()
  })
})

describe('removing a saved address or card (spec 4.2)', () => {
  it('clears it from the checkout, and leaves another choice alone', () => {
    const store = createStore()
    store.set(checkoutAtom, state({ shippingInfo: { addressId: 11 }, creditInfo: { ...card, paymentId: 21 } }))
    forgetAddress(store, 12)
    forgetPayment(store, 22)
    expect(store.get(checkoutAtom).shippingInfo).toEqual({ addressId: 11 })
    expect(store.get(checkoutAtom).creditInfo?.paymentId).toBe(21)
    forgetAddress(store, 11)
    forgetPayment(store, 21)
    expect(store.get(checkoutAtom).shippingInfo).toBeNull()
    expect(store.get(checkoutAtom).creditInfo).toBeNull()
  })
})

describe('the info Review needs (spec 2.1)', () => {
  const paid = checkoutQuoteAnswer({ amount_due: 0, remaining_balance: false })
  const owing = checkoutQuoteAnswer({ amount_due: 1800, remaining_balance: true })
  const ship = { type: 'ship' as const, id: 1, delivery: true as const }
  const pickup = { type: 'pickup' as const, delivery: false as const }

  it('for a digital-only bag: the digital info, with a billing postal code of its country’s shape', () => {
    const digital = { email: 'noa@example.com', postal_code: '10001', country: 'US' }
    expect(hasNeededInfo(null, EMPTY_CHECKOUT, true, null)).toBe(false)
    expect(hasNeededInfo(null, state({ digitalInfo: { ...digital, email: 'not an address' } }), true, null)).toBe(false)
    expect(hasNeededInfo(null, state({ digitalInfo: { ...digital, postal_code: '' } }), true, null)).toBe(false)
    expect(hasNeededInfo(null, state({ digitalInfo: { ...digital, postal_code: 'M5V 3L9' } }), true, null)).toBe(false)
    expect(hasNeededInfo(null, state({ digitalInfo: digital }), true, null)).toBe(true)
    const canadian = { ...digital, postal_code: 'M5V 3L9', country: 'CA' }
    expect(hasNeededInfo(null, state({ digitalInfo: canadian }), true, null)).toBe(true)
  })

  it('for pickup: the pickup info', () => {
    expect(hasNeededInfo(null, state({ shippingType: pickup }), false, null)).toBe(false)
    const info = { name: 'Noa', email: 'noa@example.com', phone: '2125550101' }
    expect(hasNeededInfo(null, state({ shippingType: pickup, pickupInfo: { ...info, phone: ' ' } }), false, null)).toBe(
      false,
    )
    expect(hasNeededInfo(null, state({ shippingType: pickup, pickupInfo: info }), false, null)).toBe(true)
  })

  it('otherwise: the shipping type and info, and a card or gift cards covering the total', () => {
    const address = { address: guestAddress }
    expect(hasNeededInfo(null, state({ shippingInfo: address, creditInfo: card }), false, null)).toBe(false)
    expect(hasNeededInfo(null, state({ shippingType: ship, creditInfo: card }), false, null)).toBe(false)
    const incomplete = { address: { ...guestAddress, city: '' } }
    expect(
      hasNeededInfo(null, state({ shippingType: ship, shippingInfo: incomplete, creditInfo: card }), false, null),
    ).toBe(false)
    const misshapen = { address: { ...guestAddress, postal_code: '1000' } }
    expect(
      hasNeededInfo(null, state({ shippingType: ship, shippingInfo: misshapen, creditInfo: card }), false, null),
    ).toBe(false)
    expect(hasNeededInfo(null, state({ shippingType: ship, shippingInfo: address }), false, owing)).toBe(false)
    expect(hasNeededInfo(null, state({ shippingType: ship, shippingInfo: address }), false, paid)).toBe(true)
    expect(
      hasNeededInfo(null, state({ shippingType: ship, shippingInfo: address, creditInfo: card }), false, owing),
    ).toBe(true)
  })

  it('for a customer, counts the default address and card', () => {
    expect(hasNeededInfo(dana, state({ shippingType: ship }), false, null)).toBe(true)
    expect(hasNeededInfo(signedInCustomer(), state({ shippingType: ship }), false, null)).toBe(false)
    // One with nothing saved types the address, as a guest does.
    const typed = state({ shippingType: ship, shippingInfo: { address: guestAddress }, creditInfo: card })
    expect(hasNeededInfo(signedInCustomer(), typed, false, null)).toBe(true)
  })

  it('names the blank fields of a guest’s address', () => {
    expect(missingAddressFields(EMPTY_ADDRESS)).toEqual(['name', 'line1', 'city', 'postal_code', 'phone'])
    expect(missingAddressFields(guestAddress)).toEqual([])
  })

  it('checks postal codes as the server does: a US ZIP is five digits or ZIP+4', () => {
    expect(['10001', ' 10001-1234 ', '100011234'].map((code) => isPostalCode(code, 'US'))).toEqual([true, true, true])
    expect(['1000', '100011', '10001-123', 'M5V 3L9', ''].map((code) => isPostalCode(code, 'US'))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
    expect(['M5V 3L9', 'SW1A-1AA', '1000'].map((code) => isPostalCode(code, 'CA'))).toEqual([true, true, true])
    expect(['', 'M5V_3L9', '12345678901'].map((code) => isPostalCode(code, 'CA'))).toEqual([false, false, false])
  })

  it('checks e-mail addresses as the server does', () => {
    expect(looksLikeEmail('noa@example.com')).toBe(true)
    expect(looksLikeEmail('noa@example')).toBe(false)
    expect(looksLikeEmail('no a@example.com')).toBe(false)
    expect(looksLikeEmail('noa@@example.com')).toBe(false)
    expect(looksLikeEmail('noa@example..com')).toBe(false)
  })
})

describe('where the order is taxed', () => {
  const ship = { type: 'ship' as const, id: 1, delivery: true as const }

  it('is the address it ships to, the billing postal code of a digital-only bag, and none for pickup', () => {
    const typed = { address: { ...guestAddress, postal_code: '11201-0001' } }
    expect(orderPlace(null, state({ shippingType: ship, shippingInfo: typed }), false)).toEqual({
      zip: '11201-0001',
      country: 'US',
    })
    // A customer's saved address (the default, Market St at 10001), not one typed.
    expect(orderPlace(dana, state({ shippingType: ship, shippingInfo: typed }), false)).toEqual({
      zip: '10001',
      country: 'US',
    })
    const digital = { email: 'noa@example.com', postal_code: 'M5V 3L9', country: 'CA' }
    expect(orderPlace(null, state({ digitalInfo: digital }), true)).toEqual({ zip: 'M5V 3L9', country: 'CA' })
    expect(orderPlace(null, state({ shippingType: { type: 'pickup', delivery: false } }), false)).toBeNull()
  })

  it('is not known before a postal code of its country’s shape', () => {
    const typed = { address: { ...guestAddress, postal_code: '1120' } }
    expect(orderPlace(null, state({ shippingType: ship, shippingInfo: typed }), false)).toBeNull()
    expect(orderPlace(null, state({ shippingType: ship }), false)).toBeNull()
    const digital = { email: 'noa@example.com', postal_code: '', country: 'US' }
    expect(orderPlace(null, state({ digitalInfo: digital }), true)).toBeNull()
  })

  it('is where a ZIP lookup answered it: a ZIP+4 by its first five digits, in the same country', () => {
    expect(samePlace({ zip: '10001-1234', country: 'US' }, zipAnswer())).toBe(true)
    expect(samePlace({ zip: ' 10001 ', country: 'US' }, zipAnswer())).toBe(true)
    expect(samePlace({ zip: '10002', country: 'US' }, zipAnswer())).toBe(false)
    expect(samePlace({ zip: '10001', country: 'PR' }, zipAnswer())).toBe(false)
    expect(samePlace({ zip: 'm5v 3l9', country: 'CA' }, zipAnswer({ zip: 'M5V 3L9', country: 'CA' }))).toBe(true)
    expect(samePlace({ zip: '10001', country: 'US' }, null)).toBe(false)
  })
})

describe('what is stored where', () => {
  const stored = (storage: Storage) => storage.getItem(STORAGE_KEY) ?? ''

  it('keeps the card token and gift-card codes out of local storage, in this tab’s session storage', () => {
    const store = createStore()
    store.set(checkoutAtom, state({ email: 'noa@example.com', creditInfo: card }))
    store.set(giftCardsAtom, ['HAPY-BDAY-2525-GRTS'])
    expect(stored(localStorage)).toContain('noa@example.com')
    expect(stored(localStorage)).not.toContain('tok_guest')
    expect(stored(localStorage)).not.toContain('HAPY')
    expect(stored(sessionStorage)).toContain('tok_guest')
    expect(stored(sessionStorage)).toContain('HAPY-BDAY-2525-GRTS')
    // A reload of the tab keeps them.
    const reloaded = createStore()
    expect(reloaded.get(checkoutAtom)).toEqual(state({ email: 'noa@example.com', creditInfo: card }))
    expect(reloaded.get(giftCardsAtom)).toEqual(['HAPY-BDAY-2525-GRTS'])
  })

  it('takes out of local storage what an earlier version kept there, and keeps the rest', () => {
    const earlier = { ...state({ email: 'noa@example.com' }), creditInfo: card }
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ checkout: earlier, giftCard: ['HAPY-BDAY-2525-GRTS'], language: 'heb' }),
    )
    forgetStoredSecrets()
    expect(stored(localStorage)).not.toContain('tok_guest')
    expect(stored(localStorage)).not.toContain('HAPY')
    const kept = JSON.parse(stored(localStorage)) as { checkout: object; language: string }
    expect(kept.language).toBe('heb')
    expect(kept.checkout).toMatchObject({ email: 'noa@example.com', shippingType: null })
    expect(kept.checkout).not.toHaveProperty('creditInfo')
  })
})

describe('clearing at sign-in and sign-out (spec 4.3)', () => {
  function filled() {
    const store = createStore()
    store.set(customerAtom, dana)
    store.set(checkoutAtom, state({ shippingType: { type: 'pickup', delivery: false }, email: 'noa@example.com' }))
    store.set(giftCardsAtom, ['HAPY-BDAY-2525-GRTS'])
    store.set(discountAtom, { code: 'WELCOME10' })
    store.set(zipLookUpAtom, zipAnswer())
    store.set(checkoutQuoteAtom, { key: '{}', answer: checkoutQuoteAnswer() })
    return store
  }

  it('clears the checkout, gift cards, discount and zip at sign-out', () => {
    const store = filled()
    clearCustomerState(store)
    expect(store.get(checkoutAtom)).toEqual(EMPTY_CHECKOUT)
    expect(store.get(giftCardsAtom)).toEqual([])
    expect(store.get(discountAtom)).toEqual({})
    expect(store.get(zipLookUpAtom)).toBeNull()
    expect(store.get(checkoutQuoteAtom)).toBeNull()
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>
    expect(stored.zipLookUp).toBeNull()
    const session = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>
    expect(session.giftCard).toEqual([])
    expect(session.creditInfo).toBeNull()
  })

  it('clears the checkout, gift cards and zip at sign-in, and keeps the discount', async () => {
    stubApiWithBodies({
      '/api/customer/bag': checkoutQuoteAnswer().bag,
      '/api/customer/following': { creators: [], vendors: [] },
    })
    const store = filled()
    await syncAfterSignIn(store, 'login')
    expect(store.get(checkoutAtom)).toEqual(EMPTY_CHECKOUT)
    expect(store.get(giftCardsAtom)).toEqual([])
    expect(store.get(zipLookUpAtom)).toBeNull()
    expect(store.get(discountAtom)).toEqual({ code: 'WELCOME10' })
  })
})
