import { useAtom } from 'jotai'
import { defineMessages, useT } from '@/lib/i18n'
import { languageAtom, type Language } from '@/lib/preferences'
import styles from './LanguageToggle.module.css'

const messages = defineMessages({
  eng: { language: 'Language' },
  heb: { language: 'שפה' },
})

// Each choice is written in its own language, so a reader of either finds it.
const CHOICES: readonly { value: Language; label: string; lang: 'en' | 'he' }[] = [
  { value: 'eng', label: 'English', lang: 'en' },
  { value: 'heb', label: 'עברית', lang: 'he' },
]

/**
 * Spec 4.9's language toggle for content: sets the stored language. Product, list
 * and content pages show it only where Hebrew content exists, since elsewhere
 * Hebrew would not apply.
 */
export function LanguageToggle() {
  const t = useT(messages)
  const [language, setLanguage] = useAtom(languageAtom)
  return (
    <div role="group" aria-label={t('language')} className={styles.toggle}>
      {CHOICES.map((choice) => (
        <button
          key={choice.value}
          type="button"
          lang={choice.lang}
          aria-pressed={language === choice.value}
          className={styles.choice}
          onClick={() => {
            setLanguage(choice.value)
          }}
        >
          {choice.label}
        </button>
      ))}
    </div>
  )
}
