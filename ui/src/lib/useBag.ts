import { useStore } from 'jotai'
import { useMemo } from 'react'
import {
  bagStaleAtom,
  keyOf,
  type AddedLine,
  type AddListChange,
  type BagChange,
  type LineInput,
  type LineKey,
} from './bag'
import type { QuoteOptions } from './bagEdits'
import { journaled } from './bagJournal'
import { customerAtom } from './session'

/** The calls behind the edits (bagEdits.ts), loaded with the first edit (again after a failed load). */
let loadingEdits: Promise<typeof import('./bagEdits')> | undefined
const edits = () =>
  (loadingEdits ??= import('./bagEdits').catch((error: unknown) => {
    loadingEdits = undefined
    throw error
  }))

// A refresh that has not started yet answers a second refresh too (a page mounting
// twice, or two pages opening, need not re-price the same lists twice).
let waitingRefresh: Promise<boolean> | undefined

/**
 * The bag's edits. A guest's sends the stored lists and one change to the server
 * (`/bag/quote`); a signed-in customer's sends only the change, to the lists stored
 * on the server (`/customer/bag/change`). Only when the server answers is the answer's
 * lists and totals stored. A failure keeps the bag as it was and says so in a toast.
 * Each resolves to whether it succeeded. A guest's edit is written down the moment it
 * is made (`journaled`); the calls' code loads with the first edit.
 */
export function useBag() {
  const store = useStore()

  return useMemo(() => {
    const quote = (change: BagChange | undefined, options: QuoteOptions = {}): Promise<boolean> => {
      // A refresh that has started answers no later refresh: they wait for the next turn.
      const onTurn = change
        ? undefined
        : () => {
            waitingRefresh = undefined
          }
      const run = () =>
        edits().then(
          (calls) => calls.quote(store, change, options, onTurn),
          // The calls' code did not load (the proxy warning says why): the edit failed.
          (error: unknown) => {
            store.set(bagStaleAtom, true)
            options.failed?.(error)
            return false
          },
        )
      const guest = store.get(customerAtom) === null
      return guest && change ? journaled(store, change, run) : run()
    }

    return {
      /** Re-prices the lists without changing them (stock and prices may have moved, or another device edited them). */
      /**
       * `failed` hears why it failed; a refresh joining one already under way is answered
       * by that one, whose caller hears its failure.
       */
      refresh: (failed?: (error: unknown) => void) => (waitingRefresh ??= quote(undefined, { silent: true, failed })),
      add: (line: LineInput) => quote({ action: 'add', line }, { added: true }),
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
  }, [store])
}
