import { useAtomValue, useStore } from 'jotai'
import { useCallback } from 'react'
import { followingAtom, listOf, toggled, type FollowKind } from './following'

/**
 * Whether the customer follows this creator or vendor, and the toggle (spec 4.4): the
 * button follows at once, then the server is told (`sendFollow`), whose answer is stored.
 */
export function useFollow(kind: FollowKind, id: number): [boolean, () => void] {
  const store = useStore()
  const followed = listOf(useAtomValue(followingAtom), kind).includes(id)
  const toggle = useCallback(() => {
    const follow = !listOf(store.get(followingAtom), kind).includes(id)
    store.set(followingAtom, (current) => toggled(current, kind, id, follow))
    void import('./followCalls').then(
      (calls) => calls.sendFollow(store, kind, id, follow),
      // The calls' code did not load (the proxy warning says why): the toggle is undone.
      () => {
        store.set(followingAtom, (current) => toggled(current, kind, id, !follow))
      },
    )
  }, [kind, id, store])
  return [followed, toggle]
}
