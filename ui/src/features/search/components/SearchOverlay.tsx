import { lazy, Suspense, useId, useState } from 'react'
import { useT } from '@/lib/i18n'
import { useDialog } from '@/lib/useDialog'
import { messages } from '../messages'
import { useRunSearch, useSearchCombobox } from '../useSearchCombobox'
import { ComboboxInput, SuggestionList } from './Combobox'
import { SearchIcon } from './SearchIcon'
import styles from './Search.module.css'

// The keyboard and its stylesheet load only when a shopper asks for it, so they add
// nothing to the JavaScript of the pages themselves.
const HebrewKeyboard = lazy(() => import('./HebrewKeyboard').then((module) => ({ default: module.HebrewKeyboard })))

/**
 * The full-screen mobile search (spec 2.7): the search text, a search and a close
 * button, the suggestions and an optional on-screen Hebrew keyboard. Running a
 * search closes it; Escape closes the suggestions first, then the overlay.
 */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const t = useT(messages)
  const id = useId()
  const runSearch = useRunSearch()
  const search = useSearchCombobox({
    onRun: (query) => {
      runSearch(query)
      onClose()
    },
    escapeClears: false,
  })
  const dialog = useDialog<HTMLDivElement>(true, onClose, { lockScroll: true })
  const [keyboardShown, setKeyboardShown] = useState(false)

  return (
    <div ref={dialog} role="dialog" aria-modal="true" aria-label={t('search')} className={styles.overlay}>
      <form
        role="search"
        className={styles.overlayBar}
        onSubmit={(event) => {
          event.preventDefault()
          search.run(search.text)
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t('search')}
        </label>
        <ComboboxInput search={search} id={id} className={styles.input} />
        <button type="submit" className={styles.submit}>
          <SearchIcon />
          <span className="visually-hidden">{t('search')}</span>
        </button>
        <button type="button" className={styles.close} aria-label={t('close')} onClick={onClose}>
          ×
        </button>
      </form>
      <SuggestionList search={search} className={styles.overlayList} />
      <button
        type="button"
        className={styles.keyboardToggle}
        aria-pressed={keyboardShown}
        onClick={() => {
          setKeyboardShown((shown) => !shown)
        }}
      >
        {t('hebrewKeyboard')}
      </button>
      {keyboardShown && (
        <Suspense fallback={<p role="status">{t('loadingKeyboard')}</p>}>
          <HebrewKeyboard
            onType={(characters) => {
              search.edit((text) => text + characters)
            }}
            onErase={() => {
              search.edit((text) => text.slice(0, -1))
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
