import { useId, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { LanguageToggle } from '@/components/LanguageToggle'
import type { Schema } from '@/lib/api/client'
import { useT } from '@/lib/i18n'
import { KEEP_SCROLL } from '@/lib/scrollBehaviour'
import { useDialog } from '@/lib/useDialog'
import { mobileCrumb } from '../listBar'
import { clearFacetsSearch, listSearch, parseListQuery } from '../listQuery'
import { messages } from '../messages'
import { FacetPanel, showsFacets } from './FacetPanel'
import styles from './ListBar.module.css'
import { SortSelect } from './SortSelect'

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
  const title = useId()
  const [open, setOpen] = useState(false)
  const close = () => {
    setOpen(false)
  }
  const panel = useDialog<HTMLDivElement>(open, close, { lockScroll: true })
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const query = parseListQuery(searchParams)

  return (
    <div className={styles.bar}>
      <p className={styles.crumb}>{mobileCrumb(crumb)}</p>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(true)
        }}
      >
        {t('sortAndFilter')}
      </button>
      {withLanguage && <LanguageToggle />}
      {open && (
        <div className={styles.backdrop}>
          <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={title} className={styles.panel}>
            <h2 id={title} className={styles.title}>
              {t('sortAndFilter')}
            </h2>
            <SortSelect
              value={query.sort}
              onChange={(next) => {
                void navigate({ search: listSearch(searchParams, { sort: next }) })
              }}
            />
            {facets && showsFacets(facets, query) && <FacetPanel facets={facets} />}
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.button}
                onClick={() => {
                  void navigate(
                    { search: clearFacetsSearch(searchParams) },
                    { preventScrollReset: true, state: KEEP_SCROLL },
                  )
                }}
              >
                {t('reset')}
              </button>
              <button type="button" className={styles.primary} onClick={close}>
                {t('done')}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  )
}
