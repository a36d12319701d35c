import { deferred, useIdle } from '@/lib/deferred'
import styles from './Footer.module.css'

// Below the fold on every page: its blocks, the newsletter form and the currency list
// load once the browser is idle after the first render. They arrive at the bottom of the
// page, so nothing above them moves.
const FooterContent = deferred(() => import('./FooterContent').then((module) => module.FooterContent))

/** Spec 2.8's footer; on checkout steps (`minimal`) only the policies, contact and legal links. */
export function Footer({ minimal = false }: { minimal?: boolean }) {
  const shown = useIdle()
  return (
    <footer className={styles.footer}>
      <div className={`page ${styles.inner}`}>{shown && <FooterContent minimal={minimal} />}</div>
    </footer>
  )
}
