import { useAtom } from 'jotai'
import { defineMessages, useT } from '@/lib/i18n'
import { languageAtom, type Language } from '@/lib/preferences'
import styles from './LanguageToggle.module.css'

const messages = defineMessages({
  eng: { language: 'Language' },
  heb: { language: 'שפה' },
})

// Each choice is written in its own language, so a reader of either finds it. The
// short form fits a phone's header; the full name stays its accessible name.
const CHOICES: readonly { value: Language; label: string; short: string; lang: 'en' | 'he' }[] = [
  { value: 'eng', label: 'English', short: 'EN', lang: 'en' },
  { value: 'heb', label: 'עברית', short: 'עב', lang: 'he' },
]

/**
 * Spec 4.9's language toggle: sets the stored language. Product, list and content
 * pages show it only where Hebrew content exists, since elsewhere Hebrew would not
 * apply; `compact`, it is the phone header's and checkout header's "EN / עב".
 */
export function LanguageToggle({ compact = false }: { compact?: boolean }) {
  const t = useT(messages)
  const [language, setLanguage] = useAtom(languageAtom)
  return (
    <div role="group" aria-label={t('language')} className={compact ? styles.compact : styles.toggle}>
      {CHOICES.map((choice) => (
        <button
          key={choice.value}
          type="button"
          lang={choice.lang}
          aria-label={compact ? choice.label : undefined}
          aria-pressed={language === choice.value}
          className={styles.choice}
          onClick={() => {
            setLanguage(choice.value)
          }}
        >
          {compact ? choice.short : choice.label}
        </button>
      ))}
    </div>
  )
}
