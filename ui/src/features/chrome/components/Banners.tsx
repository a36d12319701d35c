import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { useT } from '@/lib/i18n'
import { formatThreshold } from '@/lib/money'
import { freeShippingOfferAtom } from '@/lib/location'
import { freeShippingTermsOpenAtom } from '@/lib/panels'
import { storeInfoAtom } from '@/lib/storeInfo'
import { messages } from '../messages'
import { proxyWarningVisible } from '../proxyWarning'
import { betaBannerClosedAtom, proxyDismissedAtAtom, proxySignalAtom } from '../state'
import styles from './Chrome.module.css'

/** Spec 2.4: the top announcement, with the help address once the store information arrives. */
export function AnnouncementBanner() {
  const t = useT(messages)
  const store = useAtomValue(storeInfoAtom)
  return (
    <p className={styles.announcement}>
      {t('announcement')}{' '}
      <span className={styles.announcementContact}>
        {store ? (
          <a href={`mailto:${store.help_email}`} className={styles.bannerLink}>
            {t('announcementContact', { email: store.help_email })}
          </a>
        ) : (
          '\u00a0'
        )}
      </span>
    </p>
  )
}

/** The sandbox's card that is always approved. */
const TEST_CARD = '4242 4242 4242 4242'

/**
 * A test store (its payments are the sandbox's) says so on every page, with the card to
 * pay with. Nothing while the store information is unknown, nor in a store that charges.
 */
export function TestStoreNote() {
  const t = useT(messages)
  const store = useAtomValue(storeInfoAtom)
  if (store?.payments.processor !== 'sandbox') return null
  return (
    <p role="note" className={styles.testStore}>
      {t('testStore')} <bdi dir="ltr">{TEST_CARD}</bdi>.
    </p>
  )
}

/** Spec 2.4: a beta notice the shopper can close for good (the flag is stored locally). */
export function BetaBanner() {
  const t = useT(messages)
  const [closed, setClosed] = useAtom(betaBannerClosedAtom)
  if (closed) return null
  return (
    <div className={styles.beta}>
      <p>{t('beta')}</p>
      <button
        type="button"
        className={styles.closeButton}
        aria-label={t('closeBeta')}
        onClick={() => {
          setClosed(true)
        }}
      >
        ×
      </button>
    </div>
  )
}

/** Spec 2.4: the free-shipping line, with the terms popup (2.9) behind Details. */
export function FreeShippingBanner() {
  const t = useT(messages)
  const offer = useAtomValue(freeShippingOfferAtom)
  const openTerms = useSetAtom(freeShippingTermsOpenAtom)
  // Without the shipping options or the store information the banner would have to
  // guess the offer; its line is kept empty meanwhile, so the offer arriving does not
  // push the page down.
  if (!offer)
    return (
      <p className={styles.freeShipping} aria-hidden="true">
        {'\u00a0'}
      </p>
    )
  const threshold = offer.over
  return (
    <p className={styles.freeShipping}>
      {threshold != null ? t('freeShippingOver', { amount: formatThreshold(threshold) }) : t('freeShippingAll')}{' '}
      <button
        type="button"
        className={styles.linkButton}
        aria-haspopup="dialog"
        onClick={() => {
          openTerms(true)
        }}
      >
        {t('freeShippingDetails')}
      </button>
    </p>
  )
}

/** Spec 2.4: the warning shown when a filter or proxy blocks or slows the app. */
export function ProxyWarning() {
  const t = useT(messages)
  const signalled = useAtomValue(proxySignalAtom)
  const [dismissedAt, setDismissedAt] = useAtom(proxyDismissedAtAtom)
  // The clock is read once per visit: a dismissal that runs out shows on the next one.
  const [openedAt] = useState(Date.now)
  if (!signalled || !proxyWarningVisible(openedAt, dismissedAt)) return null
  return (
    <div role="alert" className={styles.proxy}>
      <p>{t('proxy')}</p>
      <button
        type="button"
        className={styles.linkButton}
        onClick={() => {
          setDismissedAt(Date.now())
        }}
      >
        {t('dismissTemporarily')}
      </button>
    </div>
  )
}
