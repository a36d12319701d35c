import { useAtomValue } from 'jotai'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router'
import { BuyBarSpace } from '@/components/BuyBarSpace'
import { Loading } from '@/components/Loading'
import { Toasts } from '@/components/Toasts'
import { AnnouncementBanner, BetaBanner, ProxyWarning, TestStoreNote } from '@/features/chrome/components/Banners'
import { FreeShippingTerms } from '@/features/chrome/components/FreeShippingTerms'
import { TopButton } from '@/features/chrome/components/TopButton'
import { useProxySignal } from '@/features/chrome/useProxySignal'
import { HelpChat } from '@/features/help-chat/components/HelpChat'
import { deferred } from '@/lib/deferred'
import { usePaintPreference } from '@/lib/firstPaint'
import { useInterfaceLanguage, useT } from '@/lib/i18n'
import { useTrackPaths } from '@/lib/previousPath'
import { useScrollBehaviour } from '@/lib/scrollBehaviour'
import { signingOutAtom } from '@/lib/session'
import { Footer } from './Footer'
import { Header, LogoHeader } from './Header'
import styles from './Layout.module.css'
import { messages } from './messages'
import { currentHandle } from './routeHandle'

/** The paths of the checkout steps (spec 2.1's Checkout and Review). */
const CHECKOUT_STEPS = /^\/(checkout|review)\/?$/

// Spec 7's session check, 2.2's zip, shipping options and campaign reports on every new
// path: work beside the first screen, whose code loads once it is up.
const PathWork = deferred(() => import('./Background').then((module) => module.PathWork))

/** The chrome around every screen except the invoice: banners, header, main, footer and the floating panels. */
export function Layout() {
  const t = useT(messages)
  // While the next screen's code or data loads, or signing out is under way (spec 4.3's
  // spinner), the current screen stays and says so.
  const signingOut = useAtomValue(signingOutAtom)
  const loading = useNavigation().state === 'loading' || signingOut
  const main = useFocusOnNewPage()
  // Spec 2.3 scroll rules, on every change of path.
  useScrollBehaviour()
  useTrackPaths()
  const route = currentHandle(useMatches())?.name
  const { pathname } = useLocation()
  // Spec 2.4: checkout steps keep the shopper on task with only the logo. Told by the path
  // too: a visit straight to one shows the layout while its route is still being found
  // (routes.tsx, `discoverRoutes`).
  const logoOnly = route === 'Checkout' || route === 'Review' || CHECKOUT_STEPS.test(pathname)
  // On a phone the Top button floats where the bag's and checkout's figures end.
  const figuresPage = logoOnly || route === 'Bag'
  useDocumentLanguage()
  useProxySignal()
  usePaintPreference()

  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {t('skip')}
      </a>
      {/* The notices are a landmark of their own, so no page content sits outside one. */}
      <aside aria-label={t('notices')}>
        <TestStoreNote />
        <ProxyWarning />
        {!logoOnly && (
          <>
            <AnnouncementBanner />
            <BetaBanner />
          </>
        )}
      </aside>
      {logoOnly ? <LogoHeader /> : <Header />}
      <main id="main" ref={main} tabIndex={-1} className={styles.main} aria-busy={loading}>
        {loading && (
          <div className={styles.pending}>
            <Loading />
          </div>
        )}
        <Outlet />
      </main>
      <Footer minimal={logoOnly} />
      <BuyBarSpace />
      {!figuresPage && <TopButton />}
      <HelpChat />
      <FreeShippingTerms />
      <Toasts />
      <PathWork />
    </>
  )
}

/**
 * The whole document follows the interface language: `<html lang dir>` (Hebrew is
 * right to left). Set before the first paint, so a Hebrew shopper never sees the
 * page flip from left to right.
 */
function useDocumentLanguage() {
  const { lang, dir } = useInterfaceLanguage()
  useLayoutEffect(() => {
    document.documentElement.lang = lang
    document.documentElement.dir = dir
  }, [lang, dir])
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
