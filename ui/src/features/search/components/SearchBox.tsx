import { useSetAtom } from 'jotai'
import { useId } from 'react'
import { useT } from '@/lib/i18n'
import { openHeaderPanelAtom } from '@/lib/panels'
import { messages } from '../messages'
import { useRunSearch, useSearchCombobox, useTextOfResultsPage } from '../useSearchCombobox'
import { ComboboxInput, SuggestionList } from './Combobox'
import { SearchIcon } from './SearchIcon'
import styles from './Search.module.css'

/**
 * The header's search (desktop): a combobox suggesting searches as the shopper types.
 * Enter or a chosen suggestion opens /search?q= with the trimmed text (spec 5).
 */
export function SearchBox() {
  const t = useT(messages)
  const id = useId()
  const runSearch = useRunSearch()
  const search = useSearchCombobox({ onRun: runSearch, escapeClears: true })
  const openPanel = useSetAtom(openHeaderPanelAtom)
  useTextOfResultsPage()

  return (
    <form
      role="search"
      className={styles.box}
      onSubmit={(event) => {
        event.preventDefault()
        search.run(search.text)
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('search')}
      </label>
      <ComboboxInput
        search={search}
        id={id}
        className={styles.input}
        // Searching is one of the header panels: starting it closes the account and assistance menus (spec 2.6).
        onFocus={() => {
          openPanel('search')
        }}
        onBlur={() => {
          search.close()
          openPanel((open) => (open === 'search' ? null : open))
        }}
      />
      <button type="submit" className={styles.submit}>
        <SearchIcon />
        <span className="visually-hidden">{t('search')}</span>
      </button>
      <SuggestionList search={search} className={styles.dropdown} />
    </form>
  )
}
