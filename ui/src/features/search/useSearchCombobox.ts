import { useAtom, useSetAtom, useStore } from 'jotai'
import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { MAX_QUERY_LENGTH, searchTextAtom } from './state'
import { useSuggestions } from './useSuggestions'

/** Runs a search: the results page for the trimmed text (spec 2.1, 5). */
export function useRunSearch() {
  const navigate = useNavigate()
  return useCallback(
    (query: string) => {
      void navigate(`/search?${new URLSearchParams({ q: query }).toString()}`)
    },
    [navigate],
  )
}

/**
 * On the results page the box shows the text searched, so a shared or reloaded
 * results link reads the same as a search typed here.
 */
export function useTextOfResultsPage() {
  const { pathname, search } = useLocation()
  const setText = useSetAtom(searchTextAtom)
  useEffect(() => {
    if (pathname === '/search') setText((new URLSearchParams(search).get('q') ?? '').trim())
  }, [pathname, search, setText])
}

interface ComboboxOptions {
  /** Called with the trimmed, non-empty text of a search to run. */
  onRun: (query: string) => void
  /**
   * What Escape does once the list is closed: clear the text (the header's box), or
   * nothing, leaving the key to the dialog around the box (the mobile overlay).
   */
  escapeClears: boolean
}

/**
 * The state and keys of an ARIA 1.2 combobox with a listbox of suggestions: the text
 * (shared through `searchTextAtom`), the suggestions, whether the list is shown and
 * which option is active. Focus stays in the input; the active option is announced
 * through aria-activedescendant.
 */
export function useSearchCombobox({ onRun, escapeClears }: ComboboxOptions) {
  const [text, setText] = useAtom(searchTextAtom)
  const store = useStore()
  const { suggestions, request } = useSuggestions()
  const [listShown, setListShown] = useState(false)
  // The active option belongs to one list of suggestions: a new list starts with none.
  const [active, setActive] = useState({ of: suggestions, index: -1 })
  const activeIndex = active.of === suggestions ? active.index : -1
  const listboxId = useId()
  const expanded = listShown && suggestions.length > 0

  const change = (value: string) => {
    setText(value)
    setListShown(true)
    setActive({ of: suggestions, index: -1 })
    request(value)
  }

  /** For the on-screen keyboard: edits the current text, which may have changed since the last render. */
  const edit = (update: (current: string) => string) => {
    const value = update(store.get(searchTextAtom))
    if (value.length <= MAX_QUERY_LENGTH) change(value)
  }

  // Spec 5: a search runs only for non-blank text, and text inputs trim their value.
  const run = (value: string) => {
    const query = value.trim()
    if (!query) return
    setText(query)
    setListShown(false)
    onRun(query)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        const count = suggestions.length
        if (count === 0) return
        event.preventDefault()
        const step = event.key === 'ArrowDown' ? 1 : -1
        // From no active option (or a closed list) Down starts at the first and Up at the last; both wrap.
        const start = step === 1 ? 0 : count - 1
        const index = !expanded || activeIndex === -1 ? start : (activeIndex + step + count) % count
        setListShown(true)
        setActive({ of: suggestions, index })
        return
      }
      case 'Enter': {
        const option = expanded ? suggestions[activeIndex] : undefined
        // Without an active option the form's submit runs the typed text.
        if (option === undefined) return
        event.preventDefault()
        run(option)
        return
      }
      case 'Escape': {
        if (expanded) {
          // Only the list closes, not a dialog around the box.
          event.preventDefault()
          event.stopPropagation()
          setListShown(false)
        } else if (escapeClears && text) {
          event.preventDefault()
          change('')
        }
        return
      }
    }
  }

  return {
    text,
    suggestions,
    expanded,
    activeIndex,
    listboxId,
    optionId: (index: number) => `${listboxId}-${index}`,
    change,
    edit,
    run,
    close: () => {
      setListShown(false)
    },
    onKeyDown,
  }
}

export type SearchCombobox = ReturnType<typeof useSearchCombobox>
