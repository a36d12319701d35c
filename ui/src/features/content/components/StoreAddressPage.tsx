import { useAtomValue } from 'jotai'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { messages } from '../messages'
import { ADDRESS } from '../storeInformation'
import styles from './StoreInformation.module.css'

/** /store-information/address: where the shop is and how to get there. */
export function StoreAddressPage() {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  useDocumentTitle(t('addressTitle'))
  return (
    <section aria-labelledby="store-address" className={styles.section}>
      <h2 id="store-address">{t('addressTitle')}</h2>
      <address className={styles.address}>
        {ADDRESS.lines[language].map((line) => (
          <span key={line}>{line}</span>
        ))}
        <span>
          {t('phone')}:{' '}
          <a href={`tel:${ADDRESS.phone.replaceAll('-', '')}`} dir="ltr">
            {ADDRESS.phone}
          </a>
        </span>
      </address>
      <h3>{t('directions')}</h3>
      <p>{ADDRESS.directions[language]}</p>
    </section>
  )
}

export { StoreAddressPage as Component }
