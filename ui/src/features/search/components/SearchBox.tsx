import { useAtom, useSetAtom } from 'jotai'
import { useId, useRef, useState } from 'react'
import { deferred } from '@/lib/deferred'
import { useT } from '@/lib/i18n'
import { openHeaderPanelAtom } from '@/lib/panels'
import { messages } from '../messages'
import { useRunSearch, useTextOfResultsPage } from '../runSearch'
import { MAX_QUERY_LENGTH, searchTextAtom } from '../state'
import type { HandOver } from './LiveSearchBox'
import { SearchIcon } from './SearchIcon'
import styles from './Search.module.css'

/**
 * The box with its suggestions (LiveSearchBox.tsx: the combobox's keys, the throttled
 * requests, the list), whose code loads when a pointer comes over the plain box, or it
 * takes focus, or a key is typed.
 */
export const SuggestionsBox = deferred(() => import('./LiveSearchBox').then((module) => module.LiveSearchBox))

/**
 * The header's search (desktop): a combobox suggesting searches as the shopper types.
 * Enter or a chosen suggestion opens /search?q= with the trimmed text (spec 5). Until
 * the suggestions' code is there it is a plain box that looks and reads the same (and
 * searches on Enter); the combobox takes its place with the text, focus and selection.
 */
export function SearchBox() {
  const t = useT(messages)
  const id = useId()
  const listboxId = useId()
  const [text, setText] = useAtom(searchTextAtom)
  const runSearch = useRunSearch()
  const openPanel = useSetAtom(openHeaderPanelAtom)
  useTextOfResultsPage()
  const input = useRef<HTMLInputElement>(null)
  const typed = useRef(false)
  const [handOver, setHandOver] = useState<HandOver | null>(() => (SuggestionsBox.isLoaded() ? { typed: false } : null))
  const load = () => {
    void SuggestionsBox.load().then((loaded) => {
      const element = input.current
      if (!loaded || !element) return
      const focused = document.activeElement === element
      setHandOver({
        selection: focused ? { start: element.selectionStart, end: element.selectionEnd } : undefined,
        typed: focused && typed.current,
      })
    })
  }

  if (handOver) return <SuggestionsBox id={id} handOver={handOver} />
  return (
    <form
      role="search"
      className={styles.box}
      onPointerEnter={load}
      onSubmit={(event) => {
        event.preventDefault()
        const query = text.trim()
        if (!query) return
        setText(query)
        runSearch(query)
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('search')}
      </label>
      {/* The combobox's own input (Combobox.tsx), before it has suggestions to offer. */}
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={false}
        aria-controls={listboxId}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_QUERY_LENGTH}
        className={styles.input}
        placeholder={t('placeholder')}
        value={text}
        onChange={(event) => {
          typed.current = true
          setText(event.target.value)
          load()
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !text) return
          event.preventDefault()
          setText('')
        }}
        // Searching is one of the header panels: starting it closes the account and assistance menus (spec 2.6).
        onFocus={() => {
          openPanel('search')
          load()
        }}
        onBlur={() => {
          openPanel((open) => (open === 'search' ? null : open))
        }}
      />
      <button type="submit" className={styles.submit}>
        <SearchIcon />
        <span className="visually-hidden">{t('search')}</span>
      </button>
      <ul role="listbox" id={listboxId} aria-label={t('suggestions')} hidden className={styles.dropdown} />
    </form>
  )
}
