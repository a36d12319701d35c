import { useAtom } from 'jotai'
import { useId } from 'react'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { messages } from '../messages'
import styles from './Chrome.module.css'

/**
 * The interface language (spec 4.9). Each choice is written in its own language, so
 * a shopper who cannot read the current one still finds theirs.
 */
export function LanguageSwitch() {
  const [language, setLanguage] = useAtom(languageAtom)
  const t = useT(messages)
  const id = useId()
  return (
    <div className={styles.languages}>
      <label htmlFor={id} className="visually-hidden">
        {t('language')}
      </label>
      <select
        id={id}
        className={styles.languageSelect}
        value={language}
        onChange={(event) => {
          setLanguage(event.target.value === 'heb' ? 'heb' : 'eng')
        }}
      >
        <option value="eng" lang="en">
          English
        </option>
        <option value="heb" lang="he">
          עברית
        </option>
      </select>
    </div>
  )
}
