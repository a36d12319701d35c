import { useCallback, useRef, useState } from 'react'

/**
 * One call at a time for a form: `run` ignores a second submit while one is under way,
 * and `busy` says it is under way.
 */
export function useBusy() {
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

/** Focuses the control named first in `problems` inside `container`; true when there was one. */
export function focusFirst(container: HTMLElement | null, problems: Record<string, unknown>): boolean {
  const first = Object.keys(problems)[0]
  if (first === undefined) return false
  container?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  return true
}
