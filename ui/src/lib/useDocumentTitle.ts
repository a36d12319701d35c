import { useEffect } from 'react'

export const STORE_NAME = 'Olive Lane'

/** Spec 1: a browser tab title is the page name followed by the store's name. */
export function documentTitle(pageName: string): string {
  return `${pageName} | ${STORE_NAME}`
}

/** The one place that sets `document.title`; every screen calls it with its page name. */
export function useDocumentTitle(pageName: string): void {
  useEffect(() => {
    document.title = documentTitle(pageName)
  }, [pageName])
}
