import { atom } from 'jotai'

/**
 * Spec 2.6: only one of the account menu, the assistance panel and the search is
 * active at a time, so they share one atom: opening one closes the others.
 */
export type HeaderPanel = 'account' | 'assistance' | 'search'
export const openHeaderPanelAtom = atom<HeaderPanel | null>(null)

/** The help-chat panel; opened from the assistance panel and the footer's Chat link. */
export const helpChatOpenAtom = atom(false)

/** The free-shipping terms popup (spec 2.9); opened from the footer and the banner. */
export const freeShippingTermsOpenAtom = atom(false)

/**
 * Spec 2.7: while the mobile search overlay is open the help chat and the Top button
 * are hidden; they come back 5 s after it closes.
 */
export const searchWidgetsHiddenAtom = atom(false)
