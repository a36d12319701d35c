import { useStore } from 'jotai'
import { useMemo } from 'react'
import { api } from './api/client'
import { unwrap } from './api/errors'
import {
  bagAtom,
  bagStaleAtom,
  keyOf,
  quoteRequest,
  type BagChange,
  type BagLists,
  type LineInput,
  type LineKey,
} from './bag'
import { bagCalls, customerBagAnswer, storeBagAnswer } from './customerBag'
import { defineMessages, useT } from './i18n'
import { customerAtom } from './session'
import { useToast } from './toast'
import { noticeWithdrawn } from './withdrawn'

const messages = defineMessages({
  eng: {
    failed: 'We couldn’t update your bag. Please try again.',
    added: 'Added to your bag',
  },
  heb: {
    failed: 'לא הצלחנו לעדכן את הסל. נסו שוב.',
    added: 'נוסף לסל שלך',
  },
})

/** `POST /api/bag/quote`: the server applies the change and the bag rules, and prices it all. */
export function quoteBag(lists: BagLists, change?: BagChange, signal?: AbortSignal) {
  return unwrap(api.POST('/bag/quote', { body: quoteRequest(lists, change), signal }))
}

/** Tries of one edit while other tabs keep changing the bag under it. */
const MAX_ATTEMPTS = 3

// A refresh that has not started yet answers a second refresh too (a page mounting
// twice, or two pages opening, need not re-price the same lists twice).
let waitingRefresh: Promise<boolean> | undefined

interface QuoteOptions {
  /** Say nothing on failure (the bag page's own refresh shows a notice instead). */
  silent?: boolean
  /** The success toast, if any. */
  success?: string
}

/**
 * The bag's edits. A guest's sends the stored lists and one change to the server
 * (`/bag/quote`); a signed-in customer's sends only the change, to the lists stored
 * on the server (`/customer/bag/change`). Only when the server answers is the answer's
 * lists and totals stored. A failure keeps the bag as it was and says so in a toast.
 * Each resolves to whether it succeeded.
 */
export function useBag() {
  const store = useStore()
  const toast = useToast()
  const t = useT(messages)

  return useMemo(() => {
    const quote = (change: BagChange | undefined, options: QuoteOptions = {}) =>
      bagCalls.enqueue(async () => {
        if (!change) waitingRefresh = undefined
        try {
          for (let attempt = 1; ; attempt++) {
            // Read when the call's turn comes, so it starts from the previous answer.
            const before = store.get(bagAtom)
            const guest = store.get(customerAtom) === null
            const answer = guest ? await quoteBag(before, change) : await customerBagAnswer(store, change)
            // Another tab stored the guest's bag while this answer was on its way: its
            // lists are newer and priced. Storing this answer would undo that edit, so a
            // refresh stops here and an edit is made again on the newer lists.
            if (guest && store.get(bagAtom) !== before && attempt < MAX_ATTEMPTS) {
              if (!change) return true
              continue
            }
            storeBagAnswer(store, answer)
            if (options.success) toast.show('success', options.success)
            noticeWithdrawn(store, before, answer)
            return true
          }
        } catch {
          store.set(bagStaleAtom, true)
          if (!options.silent) toast.show('error', t('failed'))
          return false
        }
      })

    return {
      /** Re-prices the lists without changing them (stock and prices may have moved, or another device edited them). */
      refresh: () => (waitingRefresh ??= quote(undefined, { silent: true })),
      add: (line: LineInput) => quote({ action: 'add', line }, { success: t('added') }),
      replace: (key: LineKey, line: LineInput) => quote({ action: 'replace', key: keyOf(key), line }),
      moveToLater: (key: LineKey) => quote({ action: 'move_to_later', key: keyOf(key) }),
      moveToBag: (key: LineKey) => quote({ action: 'move_to_bag', key: keyOf(key) }),
      remove: (list: 'products' | 'later', key: LineKey) => quote({ action: 'remove', list, key: keyOf(key) }),
    }
  }, [store, toast, t])
}
