import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { HEALTH_TIMEOUT_MS } from './proxyWarning'
import { proxySignalAtom } from './state'

/**
 * Spec 2.4 shows the proxy warning "when the app is blocked or slowed". Measured
 * here as: the start-up health check fails or takes longer than 3 s, or a lazily
 * loaded screen's code fails to load (Vite reports that as `vite:preloadError`).
 */
export function useProxySignal() {
  const raise = useSetAtom(proxySignalAtom)
  useEffect(() => {
    const controller = new AbortController()
    let unmounted = false
    const timer = window.setTimeout(() => {
      controller.abort()
    }, HEALTH_TIMEOUT_MS)
    globalThis
      .fetch(new Request(`${globalThis.location.origin}/api/health`, { signal: controller.signal }))
      .then((response) => {
        if (!response.ok) raise(true)
      })
      .catch(() => {
        // Aborted on unmount (not a signal), or timed out / unreachable (a signal).
        if (!unmounted) raise(true)
      })
      .finally(() => {
        window.clearTimeout(timer)
      })

    const onChunkError = () => {
      raise(true)
    }
    window.addEventListener('vite:preloadError', onChunkError)
    return () => {
      unmounted = true
      controller.abort()
      window.clearTimeout(timer)
      window.removeEventListener('vite:preloadError', onChunkError)
    }
  }, [raise])
}
