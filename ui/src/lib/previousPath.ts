import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { useLocation } from 'react-router'

interface Visited {
  current: string | null
  previous: string | null
}

const visitedAtom = atom<Visited>({ current: null, previous: null })

/**
 * Records each new path, so a screen can tell where the shopper came from (spec 2.1:
 * `/sign-in` sends back to the previous path; `/login` reached from `/sign-in` returns
 * there). The layout calls it.
 */
export function useTrackPaths(): void {
  const { pathname } = useLocation()
  const setVisited = useSetAtom(visitedAtom)
  useEffect(() => {
    setVisited((visited) => (visited.current === pathname ? visited : { current: pathname, previous: visited.current }))
  }, [pathname, setVisited])
}

/** The path of the page before this one, or null on the first page of the visit. */
export function usePreviousPath(): string | null {
  const { pathname } = useLocation()
  const visited = useAtomValue(visitedAtom)
  // Until the layout's effect has recorded this page (effects run after the page's
  // first render), `current` is still the page before.
  return visited.current === pathname ? visited.previous : visited.current
}
