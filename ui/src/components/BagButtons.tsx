import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState, type ReactNode, type RefObject } from 'react'
import { Link } from 'react-router'
import type { LineInput } from '@/lib/bag'
import { useFavorite, type Favorite } from '@/lib/favorites'
import type { Localized } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { useBag } from '@/lib/useBag'
import { MOBILE_QUERY, useMediaQuery } from '@/lib/useMediaQuery'
import styles from './BagButtons.module.css'
import { messages } from './messages'

/** The product's title after a button's visible words, for screen readers: "Add to Bag: Stoneware Mug". */
export function Named({ title }: { title: Localized | undefined }) {
  if (!title) return null
  return (
    <span className="visually-hidden">
      : <bdi {...title.attributes}>{title.text}</bdi>
    </span>
  )
}

interface AddToBagButtonProps {
  /** The line to add, made when the button is pressed (a personalised line gets a fresh key then). */
  line: () => LineInput
  /** Out of stock: the button stays in view, disabled. */
  disabled?: boolean
  /** The product's title, added to the accessible name where several buttons share a page. */
  title?: Localized
  compact?: boolean
}

export function AddToBagButton({ line, disabled = false, title, compact = false }: AddToBagButtonProps) {
  const t = useT(messages)
  const bag = useBag()
  return (
    <button
      type="button"
      className={compact ? styles.compact : styles.primary}
      disabled={disabled}
      onClick={() => {
        void bag.add(line())
      }}
    >
      {t('addToBag')}
      <Named title={title} />
    </button>
  )
}

/** A product with variations is chosen on its page: the card links there instead. */
export function ChooseOptionsLink({ to, title }: { to: string; title?: Localized }) {
  const t = useT(messages)
  return (
    <Link to={to} className={styles.compact}>
      {t('chooseOptions')}
      <Named title={title} />
    </Link>
  )
}

/** Spec 3's guest favorites: a toggle, pressed while the item is saved. */
export function FavoriteButton({
  favorite,
  title,
  compact = false,
}: {
  favorite: Favorite
  title?: Localized
  compact?: boolean
}) {
  const t = useT(messages)
  const [saved, toggle] = useFavorite(favorite)
  return (
    <button
      type="button"
      className={compact ? styles.compactSecondary : styles.secondary}
      aria-pressed={saved}
      onClick={toggle}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill={saved ? 'currentColor' : 'none'}>
        <path
          d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {t('saveToFavorites')}
      <Named title={title} />
    </button>
  )
}

/**
 * Whether a page's sticky Add to Bag bar is on screen: the layout then pads the page's
 * end by the bar's height, and the Top button keeps out of its way.
 */
export const buyBarShownAtom = atom(false)

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

/** Room after the footer for the bar, so it never covers the end of the page. */
export function BuyBarSpace() {
  return useAtomValue(buyBarShownAtom) ? <div className={styles.buyBarSpace} /> : null
}
