import { useSetAtom } from 'jotai'
import { useLayoutEffect, useRef } from 'react'
import { useT } from '@/lib/i18n'
import { openHeaderPanelAtom } from '@/lib/panels'
import { messages } from '../messages'
import { useRunSearch } from '../runSearch'
import { useSearchCombobox } from '../useSearchCombobox'
import { ComboboxInput, SuggestionList } from './Combobox'
import { SearchIcon } from './SearchIcon'
import styles from './Search.module.css'

/** What the plain box hands over as the suggestions take its place. */
export interface HandOver {
  /** The text selected (or the caret) when the plain box had focus; it keeps it. */
  selection?: { start: number | null; end: number | null }
  /** The shopper typed in the plain box: suggestions for the text are asked at once. */
  typed: boolean
}

/**
 * The header's search (desktop) with its suggestions: a combobox suggesting searches as
 * the shopper types. Enter or a chosen suggestion opens /search?q= with the trimmed text
 * (spec 5). `SearchBox` shows it once its code is there, in place of its plain box.
 */
export function LiveSearchBox({ id, handOver }: { id: string; handOver: HandOver }) {
  const t = useT(messages)
  const runSearch = useRunSearch()
  const search = useSearchCombobox({ onRun: runSearch, escapeClears: true })
  const openPanel = useSetAtom(openHeaderPanelAtom)
  const input = useRef<HTMLInputElement>(null)

  // Taking the plain box's place, before the browser paints: focus and the selection
  // stay as they were, and what was typed meanwhile gets its suggestions.
  const { selection, typed } = handOver
  const change = search.change
  useLayoutEffect(() => {
    const element = input.current
    if (!selection || !element) return
    element.focus()
    element.setSelectionRange(selection.start, selection.end)
    if (typed) change(element.value)
    // Once, as it takes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

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
        ref={input}
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
