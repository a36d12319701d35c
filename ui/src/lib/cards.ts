import { api, type Schema } from './api/client'
import { unwrap } from './api/errors'

// Card entry, shared by the account's saved cards and checkout's payment: what the
// card form sends and how it reads it. The number and the code are read from the form
// once, sent, and never kept.

export type CardInput = Schema<'CardInput'>
export type CardField = keyof CardInput

/** The card form's fields, in the order shown (a problem focuses the first). */
export const CARD_FIELDS: readonly CardField[] = ['card', 'exp', 'cvc']

/**
 * What the card form holds, as the token call takes it (spec 5): spaces removed from
 * the number, spaces and the slash from the expiry, the code trimmed.
 */
export function readCard(form: HTMLFormElement): CardInput {
  const data = new FormData(form)
  const typed = (name: CardField) => {
    const value = data.get(name)
    return typeof value === 'string' ? value : ''
  }
  return {
    card: typed('card').replace(/\s/g, ''),
    exp: typed('exp').replace(/[\s/]/g, ''),
    cvc: typed('cvc').trim(),
  }
}

/** `POST /api/card/createToken`, for guests too: the gateway's token and what may be shown. */
export const createCardToken = (body: CardInput) => unwrap(api.POST('/card/createToken', { body }))

/**
 * `POST /api/card/holder`: what this browser stamps on a card it has the processor's
 * library tokenise, so that the token pays only from here (its payer cookie).
 */
export const cardHolder = () => unwrap(api.POST('/card/holder', {}))
