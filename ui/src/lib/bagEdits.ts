import type { createStore } from 'jotai'
import { api } from './api/client'
import { unwrap } from './api/errors'
import { bagAtom, bagStaleAtom, type BagChange, type BagLists, type QuoteAnswer } from './bag'
import { quoteRequest } from './bagQuote'
import { journaled, pendingBagChangesAtom } from './bagJournal'
import { bagCalls, customerBagAnswer, storeBagAnswer } from './customerBag'
import { defineMessages } from './i18n'
import { languageAtom } from './preferences'
import { customerAtom } from './session'
import { showToast } from './toast'
import { noticeWithdrawn } from './withdrawn'

// The calls behind the bag's edits (useBag.ts), loaded with the first edit: a page
// shows its Add to Bag buttons without them.

type Store = ReturnType<typeof createStore>

const messages = defineMessages({
  eng: {
    failed: 'We couldn’t update your bag. Please try again.',
    added: 'Added to your bag',
    viewBag: 'View bag',
  },
  heb: {
    failed: 'לא הצלחנו לעדכן את הסל. נסו שוב.',
    added: 'נוסף לסל שלך',
    viewBag: 'לצפייה בסל',
  },
})

/** `POST /api/bag/quote`: the server applies the change and the bag rules, and prices it all. */
export function quoteBag(lists: BagLists, change?: BagChange, signal?: AbortSignal) {
  return unwrap(api.POST('/bag/quote', { body: quoteRequest(lists, change), signal }))
}

/** Tries of one edit while other tabs keep changing the bag under it. */
const MAX_ATTEMPTS = 3

/**
 * One edit (or a refresh, with none) in its turn among the bag's calls: the lists read
 * when the turn comes, sent with the change, and the answer stored (and handed to
 * `stored`). Rejects when the call fails; resolves to whether an answer was stored (a
 * refresh that met another tab's newer lists stores nothing). `onTurn` hears when its
 * turn comes.
 */
export function applyChange(
  store: Store,
  change: BagChange | undefined,
  stored: (answer: QuoteAnswer) => void,
  onTurn?: () => void,
): Promise<boolean> {
  return bagCalls.enqueue(async () => {
    onTurn?.()
    for (let attempt = 1; ; attempt++) {
      // Read when the call's turn comes, so it starts from the previous answer.
      const before = store.get(bagAtom)
      const guest = store.get(customerAtom) === null
      const answer = guest ? await quoteBag(before, change) : await customerBagAnswer(store, change)
      // Another tab stored the guest's bag while this answer was on its way: its
      // lists are newer and priced. Storing this answer would undo that edit, so a
      // refresh stops here and an edit is made again on the newer lists.
      if (guest && store.get(bagAtom) !== before && attempt < MAX_ATTEMPTS) {
        if (!change) return false
        continue
      }
      storeBagAnswer(store, answer)
      stored(answer)
      noticeWithdrawn(store, before, answer)
      return true
    }
  })
}

export interface QuoteOptions {
  /** Say nothing on failure (the bag page's own refresh shows a notice instead). */
  silent?: boolean
  /** An add: the success toast says so, and leads to the bag (issue 27: adding shows where the item went). */
  added?: boolean
  /** Reads the stored answer (a school list's add wants its `added`). */
  onAnswer?: (answer: QuoteAnswer) => void
  /** Hears why the call failed (the bag screen hands it to spec 8's shared handler). */
  failed?: (error: unknown) => void
}

/**
 * One of `useBag`'s edits (or a refresh, with no change), in its turn: resolves to
 * whether it succeeded. A failure keeps the bag as it was, marks it possibly out of
 * date and says so in a toast. A refresh comes back as `false` from `applyChange` when
 * another tab's newer lists stood: nothing went wrong, and nothing needs saying.
 */
export async function quote(
  store: Store,
  change: BagChange | undefined,
  options: QuoteOptions,
  onTurn?: () => void,
): Promise<boolean> {
  const say = messages[store.get(languageAtom)]
  const stored = (answer: QuoteAnswer) => {
    options.onAnswer?.(answer)
    if (options.added) showToast(store, 'success', say.added, undefined, { to: '/bag', label: say.viewBag })
  }
  try {
    await applyChange(store, change, stored, onTurn)
    return true
  } catch (error) {
    store.set(bagStaleAtom, true)
    options.failed?.(error)
    if (!options.silent) showToast(store, 'error', say.failed)
    return false
  }
}

/**
 * At start-up for a guest: the edits this tab made and left before their answers came,
 * made again, in order. One that fails now is dropped like any failed edit (the bag
 * page says when the bag may be out of date).
 */
export async function replayPendingBagChanges(store: Store): Promise<void> {
  const left = store.get(pendingBagChangesAtom)
  store.set(pendingBagChangesAtom, [])
  for (const { change } of left) {
    await journaled(store, change, () => applyChange(store, change, () => undefined)).catch(() => {
      store.set(bagStaleAtom, true)
    })
  }
}
