import { atom, useAtomValue } from 'jotai'
import styles from './BagButtons.module.css'

/**
 * Whether a page's sticky Add to Bag bar (`StickyBuyBar`) is on screen: the layout then
 * pads the page's end by the bar's height, and the Top button keeps out of its way.
 */
export const buyBarShownAtom = atom(false)

/** Room after the footer for the bar, so it never covers the end of the page. */
export function BuyBarSpace() {
  return useAtomValue(buyBarShownAtom) ? <div className={styles.buyBarSpace} /> : null
}
