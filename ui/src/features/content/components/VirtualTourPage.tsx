import { useAtomValue } from 'jotai'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { messages } from '../messages'
import { VIRTUAL_TOUR } from '../storeInformation'
import styles from './StoreInformation.module.css'

/** /store-information/virtual-tour: a walk through the shop, room by room, in words. */
export function VirtualTourPage() {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  useDocumentTitle(t('virtualTour'))
  return (
    <section aria-labelledby="virtual-tour" className={styles.section}>
      <h2 id="virtual-tour">{t('virtualTour')}</h2>
      {VIRTUAL_TOUR[language].map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  )
}

export { VirtualTourPage as Component }
