import { atom } from 'jotai'

/**
 * The search text, shared by the header's search box and the mobile overlay, so
 * typing in the overlay shows in the header too (spec 2.7).
 */
export const searchTextAtom = atom('')

/** The API accepts 1..200 characters of search text. */
export const MAX_QUERY_LENGTH = 200

/** Spec 9: suggestion requests go out at most once per 250 ms. */
export const SUGGESTION_THROTTLE_MS = 250

/** Spec 9: the widgets hidden by the overlay come back 5000 ms after it closes. */
export const WIDGETS_RESTORE_MS = 5000
