import { useAtomValue, useSetAtom } from 'jotai'
import { Suspense, useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { afterStart } from '@/lib/afterStart'
import { useT } from '@/lib/i18n'
import { openHeaderPanelAtom, searchWidgetsHiddenAtom } from '@/lib/panels'
import { messages } from '../messages'
import { searchTextAtom, WIDGETS_RESTORE_MS } from '../state'
import { SearchIcon } from './SearchIcon'
import styles from './Search.module.css'

// The overlay's code comes after the first screen's (lib/afterStart.ts).
const SearchOverlay = afterStart(async () => (await import('./SearchOverlay')).SearchOverlay)

/**
 * The mobile header's search (spec 2.4, 2.7): a box showing the search text that
 * opens the full-screen search overlay.
 */
export function MobileSearch() {
  const t = useT(messages)
  const text = useAtomValue(searchTextAtom).trim()
  const [open, setOpen] = useState(false)
  const openPanel = useSetAtom(openHeaderPanelAtom)
  useWidgetsHidden(open)

  const close = () => {
    setOpen(false)
    openPanel((panel) => (panel === 'search' ? null : panel))
  }

  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        // The visible text is part of the name, so speech users can say what they see.
        aria-label={text ? t('searchFor', { text }) : undefined}
        onClick={() => {
          setOpen(true)
          openPanel('search')
        }}
      >
        <SearchIcon />
        {text ? (
          <span dir="auto" className={styles.triggerText}>
            {text}
          </span>
        ) : (
          <span className={styles.triggerPlaceholder}>{t('placeholder')}</span>
        )}
      </button>
      {/* In <body>, out of the header, whose sticky and sliding box would contain a fixed overlay. */}
      {open &&
        createPortal(
          <Suspense>
            <SearchOverlay onClose={close} />
          </Suspense>,
          document.body,
        )}
    </>
  )
}

/** Spec 2.7: the help chat and Top button hide while the overlay is open and return 5 s after it closes. */
function useWidgetsHidden(overlayOpen: boolean) {
  const setHidden = useSetAtom(searchWidgetsHiddenAtom)
  useEffect(() => {
    if (overlayOpen) {
      setHidden(true)
      return
    }
    const restore = setTimeout(() => {
      setHidden(false)
    }, WIDGETS_RESTORE_MS)
    return () => {
      clearTimeout(restore)
    }
  }, [overlayOpen, setHidden])
  // Leaving the mobile layout (a wider window) must not leave them hidden for good.
  useEffect(
    () => () => {
      setHidden(false)
    },
    [setHidden],
  )
}
