import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { buyBarShownAtom } from '@/components/BagButtons'
import { useT } from '@/lib/i18n'
import { searchWidgetsHiddenAtom } from '@/lib/panels'
import { messages } from '../messages'
import { scrollToTop } from '../scrollToTop'
import styles from './Chrome.module.css'

/** Spec 2.4: on mobile, a Top button once the page is scrolled past half the window height. */
export function TopButton() {
  const t = useT(messages)
  const [shown, setShown] = useState(false)
  // Spec 2.7: the mobile search overlay hides it while it is open.
  const searching = useAtomValue(searchWidgetsHiddenAtom)
  // The sticky Add to Bag bar holds the bottom of the screen: the button would cover it.
  const buyBar = useAtomValue(buyBarShownAtom)
  useEffect(() => {
    const onScroll = () => {
      setShown(window.scrollY > window.innerHeight / 2)
    }
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
    }
  }, [])
  if (!shown || searching || buyBar) return null
  return (
    <button
      type="button"
      className={styles.top}
      onClick={() => {
        scrollToTop()
      }}
    >
      {t('top')}
    </button>
  )
}
