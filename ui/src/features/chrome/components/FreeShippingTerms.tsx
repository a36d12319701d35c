import { useAtom, useAtomValue } from 'jotai'
import { useId, type RefObject } from 'react'
import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { formatThreshold } from '@/lib/money'
import { freeShippingOfferAtom, zipLookUpAtom } from '@/lib/location'
import { freeShippingTermsOpenAtom } from '@/lib/panels'
import { useDialog } from '@/lib/useDialog'
import { messages } from '../messages'
import styles from './Chrome.module.css'

/**
 * Spec 2.9: the free-shipping terms, to the zip code held ("to your address" before
 * one is known). Closes on the backdrop, the X and Escape.
 */
export function FreeShippingTerms() {
  const [open, setOpen] = useAtom(freeShippingTermsOpenAtom)
  const close = () => {
    setOpen(false)
  }
  const panel = useDialog<HTMLDivElement>(open, close)
  if (!open) return null
  return (
    <div className={styles.backdrop} onClick={close} role="presentation">
      <TermsDialog panel={panel} onClose={close} />
    </div>
  )
}

function TermsDialog({ panel, onClose }: { panel: RefObject<HTMLDivElement | null>; onClose: () => void }) {
  const t = useT(messages)
  const titleId = useId()
  const threshold = useAtomValue(freeShippingOfferAtom)?.over
  const zip = useAtomValue(zipLookUpAtom)?.zip
  const place = zip ? zip : t('yourAddress')
  return (
    // Clicks inside the dialog must not reach the backdrop, which closes it.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      className={styles.terms}
      onClick={(event) => {
        event.stopPropagation()
      }}
    >
      <button type="button" className={styles.dialogClose} aria-label={t('close')} onClick={onClose}>
        ×
      </button>
      <h2 id={titleId} className={styles.termsTitle}>
        {threshold != null
          ? t('termsTitle', { amount: formatThreshold(threshold), place })
          : t('termsTitleAll', { place })}
      </h2>
      {threshold != null && <p>{t('termsThreshold', { amount: formatThreshold(threshold) })}</p>}
      <p>{t('termsCombine')}</p>
      <p>{t('termsReturns')}</p>
      <p>{t('termsExcluded')}</p>
      <ul className={styles.termsLinks}>
        <li>
          <Link to="/shipping-policy/41" onClick={onClose}>
            {t('shippingPolicy')}
          </Link>
        </li>
        <li>
          <Link to="/return-policy/42" onClick={onClose}>
            {t('returnPolicy')}
          </Link>
        </li>
      </ul>
    </div>
  )
}
