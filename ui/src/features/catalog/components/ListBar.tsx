import { useState } from 'react'
import { LanguageToggle } from '@/components/LanguageToggle'
import type { Schema } from '@/lib/api/client'
import { deferred, preloadOn } from '@/lib/deferred'
import { useT } from '@/lib/i18n'
import { mobileCrumb } from '../listBar'
import { messages } from '../messages'
import styles from './ListBar.module.css'

// The panel (its dialog, the sort and the facets' boxes) loads when the shopper heads
// for its button, or presses it.
const ListPanel = deferred(() => import('./ListPanel').then((module) => module.ListPanel))

interface ListBarProps {
  /** The last breadcrumb: the list's own name. */
  crumb: string
  /** Whether the list has Hebrew content, and so a language toggle (spec 4.9). */
  withLanguage: boolean
  /** The list's facets; a blank search has none. */
  facets?: Schema<'Facets'> | undefined
}

/**
 * Spec 2.4's bar on list and search pages below 769 px: the last breadcrumb,
 * a Sort & Filter button opening a panel, and the language toggle. The panel
 * holds the sort and the facets; Reset clears the facets, Done closes it (spec 4.10).
 */
export function ListBar({ crumb, withLanguage, facets }: ListBarProps) {
  const t = useT(messages)
  const [open, setOpen] = useState(false)

  return (
    <div className={styles.bar}>
      <p className={styles.crumb}>{mobileCrumb(crumb)}</p>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-expanded={open}
        {...preloadOn(ListPanel)}
        onClick={() => {
          setOpen(true)
        }}
      >
        {t('sortAndFilter')}
      </button>
      {withLanguage && <LanguageToggle />}
      {open && (
        <ListPanel
          facets={facets}
          onClose={() => {
            setOpen(false)
          }}
        />
      )}
    </div>
  )
}
