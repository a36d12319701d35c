import { useCallback, useRef, useState } from 'react'
import { useProblemText } from '@/lib/api/problem'

/**
 * A form's sending. One at a time: a submit while one is under way is ignored, so
 * nothing is sent twice. When it fails, `error` is the message to show at the form
 * (`problemText`: the server's own in English, the status's meaning in Hebrew).
 */
export function useSubmit() {
  const problemText = useProblemText()
  // A ref, not the state: two submits in one tick both see the state from before.
  const running = useRef(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const submit = useCallback(
    async (send: () => Promise<void>) => {
      if (running.current) return
      running.current = true
      setBusy(true)
      setError(undefined)
      try {
        await send()
      } catch (caught) {
        setError(problemText(caught))
      } finally {
        running.current = false
        setBusy(false)
      }
    },
    [problemText],
  )
  return { busy, error, submit }
}
