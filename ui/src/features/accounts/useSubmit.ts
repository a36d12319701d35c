import { useCallback, useRef, useState } from 'react'
import { ApiError } from '@/lib/api/errors'
import { useT } from '@/lib/i18n'
import { messages } from './messages'

/**
 * A form's sending. One at a time: a submit while one is under way is ignored, so
 * nothing is sent twice. When it fails, `error` is the message to show at the form:
 * the server's own (every error body has one), or ours when no answer came.
 */
export function useSubmit() {
  const t = useT(messages)
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
        setError(caught instanceof ApiError ? sentence(caught.message) : t('offline'))
      } finally {
        running.current = false
        setBusy(false)
      }
    },
    [t],
  )
  return { busy, error, submit }
}

/** The server writes some messages in lower case ("the e-mail address or the password is not right"). */
function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1)
}
