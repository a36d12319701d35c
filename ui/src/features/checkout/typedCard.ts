import { createContext, useContext, useImperativeHandle, type RefObject } from 'react'
import type { CreditInfo } from '@/lib/checkout'

/**
 * Takes the card typed in the card entry shown, as its "Use this card" does: the card
 * kept (in the checkout state too), `refused` when a field is missing or the card is
 * not taken (told at the field at fault, which gets focus), `empty` when nothing is typed.
 */
export type TakeTypedCard = () => Promise<CreditInfo | 'refused' | 'empty'>

/**
 * Where the card entry mounted on a page puts its `TakeTypedCard`, so that Continue takes
 * the typed card itself. A ref, not state: the page calls it and never draws from it.
 */
export const TypedCardSlot = createContext<RefObject<TakeTypedCard | null> | undefined>(undefined)

/** Offers `take` to the page while the calling card entry is mounted. */
export function useOfferTypedCard(take: TakeTypedCard) {
  const slot = useContext(TypedCardSlot)
  useImperativeHandle(slot, () => take)
}
