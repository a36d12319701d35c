import { useSetAtom } from 'jotai'
import { useCallback, useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { searchTextAtom } from './state'

/** Runs a search: the results page for the trimmed text (spec 2.1, 5). */
export function useRunSearch() {
  const navigate = useNavigate()
  return useCallback(
    (query: string) => {
      void navigate(`/search?${new URLSearchParams({ q: query }).toString()}`)
    },
    [navigate],
  )
}

/**
 * On the results page the box shows the text searched, so a shared or reloaded
 * results link reads the same as a search typed here.
 */
export function useTextOfResultsPage() {
  const { pathname, search } = useLocation()
  const setText = useSetAtom(searchTextAtom)
  useEffect(() => {
    if (pathname === '/search') setText((new URLSearchParams(search).get('q') ?? '').trim())
  }, [pathname, search, setText])
}
