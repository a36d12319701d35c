import type { FocusEventHandler, Ref } from 'react'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import { MAX_QUERY_LENGTH } from '../state'
import type { SearchCombobox } from '../useSearchCombobox'
import styles from './Search.module.css'

interface InputProps {
  search: SearchCombobox
  id: string
  className?: string
  ref?: Ref<HTMLInputElement>
  onFocus?: FocusEventHandler<HTMLInputElement>
  onBlur?: FocusEventHandler<HTMLInputElement>
}

/** The combobox's text input; its label is the caller's. */
export function ComboboxInput({ search, id, className, ref, onFocus, onBlur }: InputProps) {
  const t = useT(messages)
  return (
    <input
      ref={ref}
      id={id}
      type="text"
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={search.expanded}
      aria-controls={search.listboxId}
      aria-activedescendant={
        search.expanded && search.activeIndex >= 0 ? search.optionId(search.activeIndex) : undefined
      }
      // The browser's own history list would cover the suggestions.
      autoComplete="off"
      enterKeyHint="search"
      maxLength={MAX_QUERY_LENGTH}
      className={className}
      placeholder={t('placeholder')}
      value={search.text}
      onChange={(event) => {
        search.change(event.target.value)
      }}
      onKeyDown={search.onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
    />
  )
}

/** The listbox of suggestions; always in the document so aria-controls points at it, hidden while closed. */
export function SuggestionList({ search, className }: { search: SearchCombobox; className?: string }) {
  const t = useT(messages)
  return (
    <ul
      role="listbox"
      id={search.listboxId}
      aria-label={t('suggestions')}
      hidden={!search.expanded}
      className={className}
    >
      {search.suggestions.map((suggestion, index) => (
        // Options never take focus: the input handles their keys, pointing at the active one with aria-activedescendant.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          // Suggestions may repeat a phrase; a list is only ever replaced whole.
          key={index}
          id={search.optionId(index)}
          role="option"
          aria-selected={index === search.activeIndex}
          dir="auto"
          className={styles.option}
          // Keeps focus (and so the open list) in the input; the keys are the input's.
          onMouseDown={(event) => {
            event.preventDefault()
          }}
          onClick={() => {
            search.run(suggestion)
          }}
        >
          {suggestion}
        </li>
      ))}
    </ul>
  )
}
