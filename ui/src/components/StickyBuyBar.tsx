import { useSetAtom } from 'jotai'
import { useEffect, useState, type ReactNode, type RefObject } from 'react'
import { MOBILE_QUERY, useMediaQuery } from '@/lib/useMediaQuery'
import { buyBarShownAtom } from './BuyBarSpace'
import styles from './BagButtons.module.css'

/** Whether `target` is off the screen, above or below; watched only while `active`. */
function useOutOfView(target: RefObject<Element | null>, active: boolean): boolean {
  const [outOfView, setOutOfView] = useState(false)
  useEffect(() => {
    const element = target.current
    if (!active || !element || typeof IntersectionObserver !== 'function') return
    const observer = new IntersectionObserver((entries) => {
      const last = entries.at(-1)
      if (last) setOutOfView(!last.isIntersecting)
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
    }
  }, [target, active])
  return active && outOfView
}

interface StickyBuyBarProps {
  /** The page's own Add to Bag: the bar shows while it is off the screen. */
  watch: RefObject<Element | null>
  /** The price and an Add to Bag button. */
  children: ReactNode
}

/**
 * On a phone a product page's Add to Bag sits below the pictures and options, far down
 * the screen: this bar keeps the price and the button at the bottom of the screen
 * whenever the page's own button is out of view, so buying never needs a scroll.
 */
export function StickyBuyBar({ watch, children }: StickyBuyBarProps) {
  const mobile = useMediaQuery(MOBILE_QUERY)
  const shown = useOutOfView(watch, mobile)
  const setShown = useSetAtom(buyBarShownAtom)
  useEffect(() => {
    setShown(shown)
    return () => {
      setShown(false)
    }
  }, [shown, setShown])
  return shown ? <div className={styles.buyBar}>{children}</div> : null
}
