import type { createStore } from 'jotai'
import type { BagChange } from './bag'
import { persistedAtom } from './persist'

// A guest's bag edits, written down the moment they are made (useBag.ts) and struck off
// once answered (bagEdits.ts).

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
export async function journaled<T>(store: Store, change: BagChange, run: () => Promise<T>): Promise<T> {
  const id = crypto.randomUUID()
  store.set(pendingBagChangesAtom, (pending) => [...pending, { id, change }])
  try {
    return await run()
  } finally {
    if (!leaving) store.set(pendingBagChangesAtom, (pending) => pending.filter((entry) => entry.id !== id))
  }
}
