import { useId } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import type { Schema } from '@/lib/api/client'
import { useT } from '@/lib/i18n'
import { KEEP_SCROLL } from '@/lib/scrollBehaviour'
import { useDialog } from '@/lib/useDialog'
import { clearFacetsSearch, listSearch, parseListQuery } from '../listQuery'
import { messages } from '../messages'
import { FacetPanel, showsFacets } from './FacetPanel'
import styles from './ListBar.module.css'
import { SortSelect } from './SortSelect'

/** Spec 2.4's Sort & Filter panel of the phone's list bar: the sort and the facets; Reset clears the facets, Done closes it (spec 4.10). */
export function ListPanel({ facets, onClose }: { facets?: Schema<'Facets'> | undefined; onClose: () => void }) {
  const t = useT(messages)
  const title = useId()
  const panel = useDialog<HTMLDivElement>(true, onClose, { lockScroll: true })
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const query = parseListQuery(searchParams)

  return (
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
          <button type="button" className={styles.primary} onClick={onClose}>
            {t('done')}
          </button>
        </div>
      </div>
    </div>
  )
}
