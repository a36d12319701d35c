import { useCallback, useRef, useState } from 'react'

/**
 * One call at a time for a form or a button: `run` ignores a second call while one is
 * under way (so nothing is sent twice), and `busy` says it is under way.
 */
export function useAction() {
  // A ref, not the state: two clicks in one tick both see the state from before.
  const running = useRef(false)
  const [busy, setBusy] = useState(false)
  const run = useCallback(async (task: () => Promise<void>) => {
    if (running.current) return
    running.current = true
    setBusy(true)
    try {
      await task()
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [])
  return { busy, run }
}
