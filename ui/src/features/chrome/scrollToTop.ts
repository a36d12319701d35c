/** Spec 9: the Top button's scroll animation. */
export const SCROLL_TO_TOP_MS = 500

/** Ease-in-out position at `elapsed` ms of a scroll from `start` to 0. */
export function scrollPositionAt(start: number, elapsed: number, duration = SCROLL_TO_TOP_MS): number {
  const progress = Math.min(1, Math.max(0, elapsed / duration))
  const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2
  return Math.round(start * (1 - eased))
}

/** Scrolls to the top over 500 ms, or at once for shoppers who ask for reduced motion. */
export function scrollToTop() {
  const start = window.scrollY
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, 0)
    return
  }
  const began = performance.now()
  const step = (now: number) => {
    const elapsed = now - began
    window.scrollTo(0, scrollPositionAt(start, elapsed))
    if (elapsed < SCROLL_TO_TOP_MS) requestAnimationFrame(step)
  }
  requestAnimationFrame(step)
}
