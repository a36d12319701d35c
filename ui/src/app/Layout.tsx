import { useEffect, useRef } from 'react'
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router'
import { Loading } from '@/components/Loading'
import { Footer } from './Footer'
import { Header } from './Header'
import styles from './Layout.module.css'

/** The chrome around every screen except the invoice: skip link, header, main, footer. */
export function Layout() {
  // While the next screen's code or data loads, the current one stays and says so.
  const loading = useNavigation().state === 'loading'
  const main = useFocusOnNewPage()

  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to main content
      </a>
      <Header />
      <main id="main" ref={main} tabIndex={-1} className={styles.main} aria-busy={loading}>
        {loading && (
          <div className={styles.pending}>
            <Loading />
          </div>
        )}
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  )
}

/**
 * After moving to another page, focus moves to the main content, so keyboard and
 * screen-reader users start on the new page rather than on a link that is gone.
 * The first page, and changes of the query alone (sort, page number), keep focus.
 */
function useFocusOnNewPage() {
  const main = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    main.current?.focus({ preventScroll: true })
  }, [pathname])
  return main
}
