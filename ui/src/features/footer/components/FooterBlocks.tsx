import { useAtomValue, useSetAtom } from 'jotai'
import { useId } from 'react'
import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { formatThreshold } from '@/lib/money'
import { freeShippingOfferAtom } from '@/lib/location'
import { freeShippingTermsOpenAtom, helpChatOpenAtom } from '@/lib/panels'
import { messages } from '../messages'
import styles from './Footer.module.css'

// Spec 2.8's company links, with the public ids and paths of 2.1.
const COMPANY_LINKS = [
  { key: 'about', path: '/about/43' },
  { key: 'contact', path: '/contact-us' },
  { key: 'storeHours', path: '/store-information/hours' },
  { key: 'storeAddress', path: '/store-information/address' },
] as const

export function CompanyLinks() {
  const t = useT(messages)
  const titleId = useId()
  return (
    <nav aria-labelledby={titleId} className={styles.block}>
      <h2 id={titleId} className={styles.heading}>
        {t('company')}
      </h2>
      <ul className={styles.list}>
        {COMPANY_LINKS.map((link) => (
          <li key={link.path}>
            <Link to={link.path}>{t(link.key)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Spec 2.8: the shipping promise, from the store's free-shipping threshold, and its terms (2.9). */
export function ShippingBlock() {
  const t = useT(messages)
  const offer = useAtomValue(freeShippingOfferAtom)
  const openTerms = useSetAtom(freeShippingTermsOpenAtom)
  const threshold = offer?.over
  return (
    <section className={styles.block}>
      <h2 className={styles.heading}>{t('shipping')}</h2>
      <p className={styles.text}>
        {threshold != null ? t('shippingOver', { amount: formatThreshold(threshold) }) : t('shippingAnywhere')}
      </p>
      <button
        type="button"
        className={styles.linkButton}
        aria-haspopup="dialog"
        aria-label={t('shippingDetails')}
        onClick={() => {
          openTerms(true)
        }}
      >
        {t('details')}
      </button>
    </section>
  )
}

export function ReturnsBlock() {
  const t = useT(messages)
  return (
    <section className={styles.block}>
      <h2 className={styles.heading}>{t('returns')}</h2>
      <p className={styles.text}>{t('returnsText')}</p>
      <Link to="/return-policy/42" aria-label={t('returnDetails')}>
        {t('details')}
      </Link>
    </section>
  )
}

/** The social link, the app badges (no apps yet: placeholders) and the Chat link. */
export function ConnectBlock() {
  const t = useT(messages)
  const openChat = useSetAtom(helpChatOpenAtom)
  return (
    <section className={styles.block}>
      <h2 className={styles.heading}>{t('connect')}</h2>
      <ul className={styles.list}>
        <li>
          <a href="https://www.instagram.com/" rel="noopener noreferrer">
            {t('instagram')}
          </a>
        </li>
        <li>
          <button
            type="button"
            className={styles.linkButton}
            aria-haspopup="dialog"
            aria-label={t('chatWithUs')}
            onClick={() => {
              openChat(true)
            }}
          >
            {t('chat')}
          </button>
        </li>
      </ul>
      <p className={styles.badges}>
        {/* Spec 2.8's badges have empty links; until the apps exist they are plain text, not dead links. */}
        <span className={styles.badge}>
          {t('appStore')} <span className="visually-hidden">{t('comingSoon')}</span>
        </span>
        <span className={styles.badge}>
          {t('googlePlay')} <span className="visually-hidden">{t('comingSoon')}</span>
        </span>
      </p>
    </section>
  )
}

// Checkout's footer keeps what a shopper may need before paying, and nothing that leads
// away from the order (newsletter, apps, social links, currency).
const CHECKOUT_LINKS = [
  { key: 'shippingPolicy', path: '/shipping-policy/41' },
  { key: 'returnPolicy', path: '/return-policy/42' },
  { key: 'contact', path: '/contact-us' },
] as const

/** Checkout and Review's footer links: the shipping and return policies and the way to contact us. */
export function CheckoutLinks() {
  const t = useT(messages)
  return (
    <nav aria-label={t('helpAndPolicies')}>
      <ul className={styles.inlineList}>
        {CHECKOUT_LINKS.map((link) => (
          <li key={link.path}>
            <Link to={link.path}>{t(link.key)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Terms, privacy and the copyright line with the current year. */
export function LegalLine() {
  const t = useT(messages)
  return (
    <div className={styles.legal}>
      <nav aria-label={t('legal')}>
        <ul className={styles.inlineList}>
          <li>
            <Link to="/terms-of-use/39">{t('termsOfUse')}</Link>
          </li>
          <li>
            <Link to="/privacy-policy/40">{t('privacyPolicy')}</Link>
          </li>
        </ul>
      </nav>
      <p className={styles.copyright}>{t('copyright', { year: new Date().getFullYear() })}</p>
    </div>
  )
}
