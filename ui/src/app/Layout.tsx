import { useAtomValue, type Atom } from 'jotai'
import { Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router'
import { BuyBarSpace } from '@/components/BagButtons'
import { Loading } from '@/components/Loading'
import { Toasts } from '@/components/Toasts'
import { AnnouncementBanner, BetaBanner, ProxyWarning, TestStoreNote } from '@/features/chrome/components/Banners'
import { TopButton } from '@/features/chrome/components/TopButton'
import { useProxySignal } from '@/features/chrome/useProxySignal'
import { useCampaignReport } from '@/features/campaigns/useCampaignReport'
import { afterStart } from '@/lib/afterStart'
import { usePaintPreference } from '@/lib/firstPaint'
import { useInterfaceLanguage, useT } from '@/lib/i18n'
import { useShippingRefresh } from '@/lib/location'
import { useTrackPaths } from '@/lib/previousPath'
import { useScrollBehaviour } from '@/lib/scrollBehaviour'
import { freeShippingTermsOpenAtom, helpChatOpenAtom } from '@/lib/panels'
import { signingOutAtom } from '@/lib/session'
import { useSessionCheck } from '@/lib/useSession'
import { Header, LogoHeader } from './Header'
import styles from './Layout.module.css'
import { messages } from './messages'
import { currentHandle } from './routeHandle'

/** The paths of the checkout steps (spec 2.1's Checkout and Review). */
const CHECKOUT_STEPS = /^\/(checkout|review)\/?$/

// Below the fold or opened on demand: their code comes after the first screen's.
const Footer = afterStart(async () => (await import('./Footer')).Footer)
const HelpChat = afterStart(async () => (await import('@/features/help-chat/components/HelpChat')).HelpChat)
const FreeShippingTerms = afterStart(
  async () => (await import('@/features/chrome/components/FreeShippingTerms')).FreeShippingTerms,
)

/** The chrome around every screen except the invoice: banners, header, main, footer and the floating panels. */
export function Layout() {
  const t = useT(messages)
  // While the next screen's code or data loads, or signing out is under way (spec 4.3's
  // spinner), the current screen stays and says so.
  const signingOut = useAtomValue(signingOutAtom)
  const loading = useNavigation().state === 'loading' || signingOut
  const main = useFocusOnNewPage()
  // Spec 2.3 scroll rules and 2.2 campaign reports, on every change of path.
  useScrollBehaviour()
  useCampaignReport()
  // Spec 7's session check at start-up (and 2.2's refresh on each new path).
  useSessionCheck()
  useTrackPaths()
  // Spec 2.2: the zip, then the shipping options, on every new path (and 4.7's refresh).
  useShippingRefresh()
  const route = currentHandle(useMatches())?.name
  // Spec 2.4: checkout steps keep the shopper on task with only the logo. Known by the
  // path, since on a visit that starts there the route is found a moment after the
  // first render (routes.tsx), and the full header must not show meanwhile.
  const logoOnly = CHECKOUT_STEPS.test(useLocation().pathname)
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
      <Suspense>
        <Footer minimal={logoOnly} />
      </Suspense>
      <BuyBarSpace />
      {!figuresPage && <TopButton />}
      <WhenOpen atom={helpChatOpenAtom}>
        <HelpChat />
      </WhenOpen>
      <WhenOpen atom={freeShippingTermsOpenAtom}>
        <FreeShippingTerms />
      </WhenOpen>
      <Toasts />
    </>
  )
}

/** A panel, rendered (and its code asked for) only while its atom says it is open. */
function WhenOpen({ atom, children }: { atom: Atom<boolean>; children: ReactNode }) {
  return useAtomValue(atom) ? <Suspense>{children}</Suspense> : null
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
