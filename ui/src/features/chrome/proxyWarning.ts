/** Spec 9: "Dismiss temporarily" hides the proxy warning for 24 hours. */
export const PROXY_DISMISS_MS = 24 * 60 * 60 * 1000

/** How long the start-up health check may take before the app counts as slowed. */
export const HEALTH_TIMEOUT_MS = 3000

/** Whether a raised proxy warning shows, given when (epoch ms) it was last dismissed. */
export function proxyWarningVisible(now: number, dismissedAt: number | null): boolean {
  return dismissedAt === null || now - dismissedAt >= PROXY_DISMISS_MS
}
