import { useAtomValue, useStore } from 'jotai'
import { useCallback } from 'react'
import { favoritesAtom, sameFavorite, toggleFavorite, type Favorite } from './favorites'
import { customerAtom } from './session'

/**
 * Whether `favorite` is saved, and the toggle that saves or removes it. The button
 * follows at once; a signed-in customer's toggle then goes to the server
 * (`sendToggle`), whose answer becomes the list.
 */
export function useFavorite(favorite: Favorite): [boolean, () => void] {
  const store = useStore()
  const list = useAtomValue(favoritesAtom)
  const { id, kind } = favorite
  const toggle = useCallback(() => {
    const item = { id, kind }
    const saved = store.get(favoritesAtom).some((f) => sameFavorite(f, item))
    store.set(favoritesAtom, (current) => toggleFavorite(current, item))
    if (!store.get(customerAtom)) return
    void import('./favoriteCalls').then(
      (calls) => calls.sendToggle(store, item, saved),
      // The calls' code did not load (the proxy warning says why): the toggle is undone.
      () => {
        store.set(favoritesAtom, (current) => toggleFavorite(current, item))
      },
    )
  }, [id, kind, store])
  return [list.some((f) => sameFavorite(f, favorite)), toggle]
}
