import { useRef, useState } from 'react'
import { useProblemText } from '@/lib/api/problem'
import type { NoticeState } from './components/Notice'

/**
 * What the saved addresses and cards pages share: the last action's notice, the add
 * button focus returns to, `done` (closes the form via `close`, says `said`, refocuses)
 * and `attempt` (clears the notice, runs `action`, says its failure if it fails).
 */
export function useSavedItems(close: () => void) {
  const problemText = useProblemText()
  const [notice, setNotice] = useState<NoticeState>()
  const addButton = useRef<HTMLButtonElement>(null)

  const done = (said: NoticeState) => {
    close()
    setNotice(said)
    // The form or item the shopper was on is gone; focus goes to a control that stays.
    requestAnimationFrame(() => addButton.current?.focus())
  }

  async function attempt(action: () => Promise<void>) {
    setNotice(undefined)
    try {
      await action()
    } catch (error) {
      setNotice({ type: 'alert', text: problemText(error) })
    }
  }

  return { notice, setNotice, addButton, done, attempt }
}
