import { useEffect, useRef, useState, type RefObject } from 'react'

/** Spec 9: the header checks the scroll position every 250 ms and ignores moves of 5 px or less. */
export const HEADER_CHECK_MS = 250
export const HEADER_SCROLL_TOLERANCE_PX = 5

interface ScrollCheck {
  hidden: boolean
  /** The position at the last check that counted. */
  lastY: number
  y: number
  headerHeight: number
}

/**
 * Spec 2.4: hide when scrolling down past the header's own height, show again on
 * any scroll up. A move within the tolerance changes nothing and is not remembered,
 * so slow scrolling still adds up.
 */
export function nextHeaderState({ hidden, lastY, y, headerHeight }: ScrollCheck): { hidden: boolean; lastY: number } {
  if (Math.abs(y - lastY) <= HEADER_SCROLL_TOLERANCE_PX) return { hidden, lastY }
  if (y > lastY) return { hidden: hidden || y > headerHeight, lastY: y }
  return { hidden: false, lastY: y }
}

/** Whether the header is hidden, from a check of `window.scrollY` every 250 ms. */
export function useHeaderHidden(header: RefObject<HTMLElement | null>): boolean {
  const [hidden, setHidden] = useState(false)
  const state = useRef({ hidden: false, lastY: 0 })
  useEffect(() => {
    state.current = { hidden: false, lastY: window.scrollY }
    const timer = window.setInterval(() => {
      const next = nextHeaderState({
        ...state.current,
        y: window.scrollY,
        headerHeight: header.current?.offsetHeight ?? 0,
      })
      state.current = next
      setHidden(next.hidden)
    }, HEADER_CHECK_MS)
    return () => {
      window.clearInterval(timer)
    }
  }, [header])
  return hidden
}
