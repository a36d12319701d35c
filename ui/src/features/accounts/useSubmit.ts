import { useCallback, useState } from 'react'
import { useProblemText } from '@/lib/api/problem'
import { useAction } from '@/lib/useAction'

/**
 * A form's sending, one at a time (`useAction`: a submit while one is under way is
 * ignored, so nothing is sent twice). When it fails, `error` is the message to show at
 * the form (`problemText`: the server's own in English, the status's meaning in Hebrew).
 */
export function useSubmit() {
  const problemText = useProblemText()
  const { busy, run } = useAction()
  const [error, setError] = useState<string>()

  const submit = useCallback(
    (send: () => Promise<void>) =>
      run(async () => {
        setError(undefined)
        try {
          await send()
        } catch (caught) {
          setError(problemText(caught))
        }
      }),
    [run, problemText],
  )
  return { busy, error, submit }
}
