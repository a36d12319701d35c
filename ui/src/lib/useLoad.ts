import { useCallback, useEffect, useState } from 'react'

export type Loaded<T> = { state: 'loading' } | { state: 'done'; data: T } | { state: 'failed'; error: unknown }

/**
 * What `load` answers, asked for again whenever `key` changes (and on `reload`): loading,
 * then the data or the failure. An answer that comes after the key changed is dropped.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> & { reload: () => void } {
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> }>({ key, loaded: { state: 'loading' } })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ key, loaded: { state: 'done', data } })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ key, loaded: { state: 'failed', error } })
      },
    )
    return () => {
      controller.abort()
    }
    // `key` stands for what `load` asks for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt])
  const reload = useCallback(() => {
    setResult({ key, loaded: { state: 'loading' } })
    setAttempt((n) => n + 1)
  }, [key])
  const loaded: Loaded<T> = result.key === key ? result.loaded : { state: 'loading' }
  return { ...loaded, reload }
}
