import { useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { useT } from '@/lib/i18n'
import { openHeaderPanelAtom } from '@/lib/panels'
import { messages } from '../messages'
import styles from './Chrome.module.css'

/**
 * The header's search field. Enter runs the search on /search?q= with the trimmed
 * text; blank input does nothing (spec 5). Suggestions come with the search issue.
 */
export function SearchBox() {
  const t = useT(messages)
  const id = useId()
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const openPanel = useSetAtom(openHeaderPanelAtom)

  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault()
        const query = text.trim()
        if (query) void navigate(`/search?${new URLSearchParams({ q: query }).toString()}`)
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('search')}
      </label>
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        placeholder={t('searchPlaceholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
        }}
        // Searching is one of the header panels: starting it closes the account and assistance menus.
        onFocus={() => {
          openPanel('search')
        }}
        onBlur={() => {
          openPanel((open) => (open === 'search' ? null : open))
        }}
      />
      <button type="submit" className={styles.searchButton}>
        <SearchIcon />
        <span className="visually-hidden">{t('search')}</span>
      </button>
    </form>
  )
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </svg>
  )
}
