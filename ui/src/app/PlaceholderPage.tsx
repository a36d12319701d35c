import { useMatches } from 'react-router'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { currentHandle } from './routeHandle'

/** Stands in for a screen that a later issue builds: its page name and nothing it cannot do yet. */
export function PlaceholderPage() {
  const pageName = currentHandle(useMatches())?.pageName ?? 'Olive Lane'
  useDocumentTitle(pageName)
  return (
    <div className="page">
      <h1>{pageName}</h1>
    </div>
  )
}

export { PlaceholderPage as Component }
