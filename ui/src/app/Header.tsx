import { useAtomValue } from 'jotai'
import { useRef } from 'react'
import { Link } from 'react-router'
import { LanguageToggle } from '@/components/LanguageToggle'
import { BagLink } from '@/features/chrome/components/BagLink'
import { FreeShippingBanner } from '@/features/chrome/components/Banners'
import { LanguageSwitch } from '@/features/chrome/components/LanguageSwitch'
import { useHeaderHidden } from '@/features/chrome/headerScroll'
import { DepartmentMenu } from '@/features/departments/components/DepartmentMenu'
import { DepartmentsNav } from '@/features/departments/components/DepartmentsNav'
import { AccountMenu } from '@/features/menus/components/AccountMenu'
import { AssistancePanel } from '@/features/menus/components/AssistancePanel'
import { ProfileLinks } from '@/features/menus/components/ProfileLinks'
import { MobileSearch } from '@/features/search/components/MobileSearch'
import { SearchBox } from '@/features/search/components/SearchBox'
import { bagCountAtom } from '@/lib/bag'
import { useT } from '@/lib/i18n'
import { openHeaderPanelAtom } from '@/lib/panels'
import { MOBILE_QUERY, useMediaQuery } from '@/lib/useMediaQuery'
import styles from './Header.module.css'
import { messages } from './messages'

/**
 * Spec 2.4: a sticky header that hides on scrolling down and returns on scrolling up.
 * Desktop: menu button, logo, search, language, account and assistance menus, bag,
 * and the departments in a row. Below 769 px: menu button (with the profile links
 * and the language inside), logo, a compact language toggle (a shopper who cannot
 * read the current language must not have to find it in the menu) and bag, and the
 * search box on its own row.
 */
export function Header() {
  const header = useRef<HTMLElement>(null)
  // An open menu or a search in progress keeps the header in view.
  const scrolledAway = useHeaderHidden(header)
  const panelOpen = useAtomValue(openHeaderPanelAtom) !== null
  const hidden = scrolledAway && !panelOpen
  const mobile = useMediaQuery(MOBILE_QUERY)
  // Spec 2.4: the stored bag's item count, updated in every tab at once.
  const bagCount = useAtomValue(bagCountAtom)
  return (
    <header ref={header} className={styles.header} data-hidden={hidden || undefined}>
      {mobile ? (
        <div className="page">
          <div className={styles.bar}>
            <DepartmentMenu>
              <ProfileLinks />
              <div className={styles.menuLanguage}>
                <LanguageSwitch />
              </div>
            </DepartmentMenu>
            <Logo />
            <span className={styles.end}>
              <LanguageToggle compact />
              <BagLink count={bagCount} />
            </span>
          </div>
          <div className={styles.mobileSearch}>
            <MobileSearch />
          </div>
        </div>
      ) : (
        <>
          <div className={`page ${styles.bar}`}>
            <DepartmentMenu />
            <Logo />
            <div className={styles.grow}>
              <SearchBox />
            </div>
            <LanguageSwitch />
            <AccountMenu />
            <AssistancePanel />
            <BagLink count={bagCount} />
          </div>
          <div className="page">
            <DepartmentsNav />
          </div>
        </>
      )}
      <FreeShippingBanner />
    </header>
  )
}

/**
 * Spec 2.4: Checkout and Review show only the logo, and the language. It scrolls away
 * with the page, unlike the shop's header: nothing in it is needed mid-checkout, and
 * a sticky header would slide over the sticky order summary.
 */
export function LogoHeader() {
  return (
    <header className={styles.logoHeader}>
      <div className={`page ${styles.bar}`}>
        <Logo />
        <span className={styles.end}>
          <LanguageToggle compact />
        </span>
      </div>
    </header>
  )
}

function Logo() {
  const t = useT(messages)
  return (
    <Link to="/" className={styles.logo} aria-label={t('home')}>
      <span lang="en" dir="ltr">
        Olive Lane
      </span>
      <span lang="he" dir="rtl" className={styles.logoHebrew}>
        שדרת הזית
      </span>
    </Link>
  )
}
