export interface Throttled<Args extends unknown[]> {
  (...args: Args): void
  /** Drops a waiting trailing call. */
  cancel: () => void
}

/**
 * Calls `fn` at most once per `wait` ms: the first call goes through at once, later
 * ones within the window collapse into one trailing call with the latest arguments,
 * so the last text typed is always sent (spec 9).
 */
export function throttle<Args extends unknown[]>(fn: (...args: Args) => void, wait: number): Throttled<Args> {
  let lastRun = -Infinity
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: Args | undefined

  const runPending = () => {
    timer = undefined
    const args = pending
    pending = undefined
    if (!args) return
    lastRun = Date.now()
    fn(...args)
  }

  const throttled = (...args: Args) => {
    pending = args
    if (timer !== undefined) return
    const remaining = lastRun + wait - Date.now()
    if (remaining <= 0) runPending()
    else timer = setTimeout(runPending, remaining)
  }
  throttled.cancel = () => {
    clearTimeout(timer)
    timer = undefined
    pending = undefined
  }
  return throttled
}
