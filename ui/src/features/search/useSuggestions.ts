import { useCallback, useEffect, useState } from 'react'
import { getSuggestions } from '@/lib/api/suggestions'
import { SUGGESTION_THROTTLE_MS } from './state'
import { throttle } from './throttle'

/**
 * Suggestions for the text being typed. `request` is throttled (spec 9), and only the
 * answer to the latest request is shown: each request aborts the one before, and an
 * answer that arrives anyway after a newer request is dropped, so a slow answer for
 * "te" never replaces the one for "teapot".
 */
export function useSuggestions() {
  const [suggestions, setSuggestions] = useState<string[]>([])
  const [requests] = useState(() => latestOnly(setSuggestions))
  useEffect(() => requests.stop, [requests])

  const request = useCallback(
    (text: string) => {
      const query = text.trim()
      if (query) {
        requests.send(query)
        return
      }
      // Blank text asks nothing and shows nothing, and an answer still on its way is dropped.
      requests.stop()
      setSuggestions([])
    },
    [requests],
  )

  return { suggestions, request }
}

/** Throttled suggestion requests that hand `show` the answer to the latest one only. */
function latestOnly(show: (suggestions: string[]) => void) {
  let latest: AbortController | null = null
  const send = throttle((query: string) => {
    latest?.abort()
    const controller = new AbortController()
    latest = controller
    getSuggestions(query, controller.signal).then(
      (found) => {
        if (latest === controller) show(found)
      },
      () => {
        // Suggestions are a convenience: a failure only means there are none to show.
        if (latest === controller) show([])
      },
    )
  }, SUGGESTION_THROTTLE_MS)
  return {
    send,
    stop: () => {
      send.cancel()
      latest?.abort()
      latest = null
    },
  }
}
