import { useAtomValue } from 'jotai'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { messages } from '../messages'
import { HOURS_NOTE, OPENING_HOURS } from '../storeInformation'
import styles from './StoreInformation.module.css'

/** /store-information/hours: the week's opening hours. */
export function StoreHoursPage() {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  useDocumentTitle(t('hoursTitle'))
  return (
    <section aria-labelledby="store-hours" className={styles.section}>
      <h2 id="store-hours">{t('hoursTitle')}</h2>
      <table className={styles.hours}>
        <thead>
          <tr>
            <th scope="col">{t('day')}</th>
            <th scope="col">{t('open')}</th>
          </tr>
        </thead>
        <tbody>
          {OPENING_HOURS.map((row) => (
            <tr key={row.day.eng}>
              <th scope="row">{row.day[language]}</th>
              {/* Times read left to right in Hebrew too. */}
              <td>{row.hours ? <span dir="ltr">{row.hours}</span> : t('closed')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{HOURS_NOTE[language]}</p>
    </section>
  )
}

export { StoreHoursPage as Component }
