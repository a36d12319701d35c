import { useStore, type createStore } from 'jotai'
import { useMemo } from 'react'
import { api } from './api/client'
import { unwrap } from './api/errors'
import {
  bagAtom,
  bagStaleAtom,
  keyOf,
  quoteRequest,
  type AddedLine,
  type AddListChange,
  type BagChange,
  type BagLists,
  type LineInput,
  type LineKey,
  type QuoteAnswer,
} from './bag'
import { bagCalls, customerBagAnswer, storeBagAnswer } from './customerBag'
import { defineMessages, useT } from './i18n'
import { persistedAtom } from './persist'
import { customerAtom } from './session'
import { useToast, type ToastLink } from './toast'
import { noticeWithdrawn } from './withdrawn'

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

type Store = ReturnType<typeof createStore>

/** A guest's bag edit the server has not answered yet. */
interface PendingChange {
  id: string
  change: BagChange
}

const isPendingChanges = (value: unknown): value is PendingChange[] =>
  Array.isArray(value) &&
  value.every(
    (entry: unknown) =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as PendingChange).id === 'string' &&
      typeof (entry as PendingChange).change === 'object',
  )

/**
 * A guest's bag lives in this browser and changes only when the server has priced the
 * edit, so an edit made just before the page is left would be lost with its answer. It
 * is written here the moment it is made and struck off once answered; one left here
 * (the page was left first) is made again when the app next starts in this tab
 * (`replayPendingBagChanges`). The tab's own session storage: another tab replaying it
 * while this one's call is still under way would add the item twice. (A customer's edit
 * goes to the server with `keepalive`, which the browser finishes after the page is gone.)
 */
export const pendingBagChangesAtom = persistedAtom<PendingChange[]>(
  'pendingBagChanges',
  [],
  isPendingChanges,
  'session',
)

/**
 * One edit (or a refresh, with none) in its turn among the bag's calls: the lists read
 * when the turn comes, sent with the change, and the answer stored (and handed to
 * `stored`). Rejects when the call fails; resolves to whether an answer was stored (a
 * refresh that met another tab's newer lists stores nothing).
 */
function applyChange(
  store: Store,
  change: BagChange | undefined,
  stored: (answer: QuoteAnswer) => void,
): Promise<boolean> {
  return bagCalls.enqueue(async () => {
    if (!change) waitingRefresh = undefined
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

// Whether the page is being left. The browser then cancels the calls under way, and
// their code still runs to its end: an edit failed that way was not answered, and stays
// in the journal for the next start.
let leaving = false
window.addEventListener('pagehide', () => {
  leaving = true
})
window.addEventListener('pageshow', () => {
  leaving = false
})

/** A guest's edit, journaled until the server answers it (`pendingBagChangesAtom`). */
async function journaled<T>(store: Store, change: BagChange, run: () => Promise<T>): Promise<T> {
  const id = crypto.randomUUID()
  store.set(pendingBagChangesAtom, (pending) => [...pending, { id, change }])
  try {
    return await run()
  } finally {
    if (!leaving) store.set(pendingBagChangesAtom, (pending) => pending.filter((entry) => entry.id !== id))
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

// A refresh that has not started yet answers a second refresh too (a page mounting
// twice, or two pages opening, need not re-price the same lists twice).
let waitingRefresh: Promise<boolean> | undefined

interface QuoteOptions {
  /** Say nothing on failure (the bag page's own refresh shows a notice instead). */
  silent?: boolean
  /** The success toast, if any, and where it leads (issue 27: adding shows where the item went). */
  success?: string
  link?: ToastLink
  /** Reads the stored answer (a school list's add wants its `added`). */
  onAnswer?: (answer: QuoteAnswer) => void
  /** Hears why the call failed (the bag screen hands it to spec 8's shared handler). */
  failed?: (error: unknown) => void
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
    const quote = async (change: BagChange | undefined, options: QuoteOptions = {}) => {
      const success = (answer: QuoteAnswer) => {
        options.onAnswer?.(answer)
        if (options.success) toast.show('success', options.success, undefined, options.link)
      }
      const run = () => applyChange(store, change, success)
      try {
        const guest = store.get(customerAtom) === null
        // A refresh comes back as `false` when another tab's newer lists stood: nothing
        // went wrong, and nothing needs saying.
        await (guest && change ? journaled(store, change, run) : run())
        return true
      } catch (error) {
        store.set(bagStaleAtom, true)
        options.failed?.(error)
        if (!options.silent) toast.show('error', t('failed'))
        return false
      }
    }

    return {
      /** Re-prices the lists without changing them (stock and prices may have moved, or another device edited them). */
      /**
       * `failed` hears why it failed; a refresh joining one already under way is answered
       * by that one, whose caller hears its failure.
       */
      refresh: (failed?: (error: unknown) => void) => (waitingRefresh ??= quote(undefined, { silent: true, failed })),
      add: (line: LineInput) =>
        quote({ action: 'add', line }, { success: t('added'), link: { to: '/bag', label: t('viewBag') } }),
      replace: (key: LineKey, line: LineInput) => quote({ action: 'replace', key: keyOf(key), line }),
      moveToLater: (key: LineKey) => quote({ action: 'move_to_later', key: keyOf(key) }),
      moveToBag: (key: LineKey) => quote({ action: 'move_to_bag', key: keyOf(key) }),
      remove: (list: 'products' | 'later', key: LineKey) => quote({ action: 'remove', list, key: keyOf(key) }),
      /**
       * A school list's ticked items in one change (issue 30). The server leaves out what
       * it cannot sell now rather than refusing the rest, so this resolves to what each
       * line brought (`added`), for the caller to say what went in and what did not; or
       * to undefined when the call failed (the failure toast has said so).
       */
      addList: async (change: AddListChange): Promise<AddedLine[] | undefined> => {
        let added: AddedLine[] = []
        const ok = await quote(
          { action: 'add_list', ...change },
          {
            onAnswer: (answer) => {
              added = answer.added ?? []
            },
          },
        )
        return ok ? added : undefined
      },
    }
  }, [store, toast, t])
}
