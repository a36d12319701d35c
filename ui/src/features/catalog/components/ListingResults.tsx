import type { ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ProductGrid } from '@/components/ProductGrid'
import type { Schema } from '@/lib/api/client'
import { useT } from '@/lib/i18n'
import { clearFacetsSearch, hasFacets, listSearch, parseListQuery, type Sort } from '../listQuery'
import { messages } from '../messages'
import { FacetSidebar, showsFacets } from './FacetPanel'
import styles from './ListingResults.module.css'
import { Pagination } from './Pagination'
import { SortSelect } from './SortSelect'

/** What a product listing and a search answer have in common. */
type Results = Pick<Schema<'ProductList'>, 'items' | 'total' | 'page_count'> & { facets: Schema<'Facets'> }

interface ListingResultsProps {
  results: Results
  /** Shown when nothing matches and no facet narrows the list. */
  empty: ReactNode
}

/**
 * The part of a listing or search page below its title: the count and sort, the
 * facet sidebar (desktop; mobile has it in the list bar's panel), the grid and the
 * pages. Everything it shows follows the URL query.
 */
export function ListingResults({ results, empty }: ListingResultsProps) {
  const t = useT(messages)
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const query = parseListQuery(searchParams)
  const filtered = hasFacets(query)
  const sidebar = showsFacets(results.facets, query)

  function changeSort(next: Sort) {
    void navigate({ search: listSearch(searchParams, { sort: next }) })
  }

  return (
    <>
      {results.total > 0 && (
        <div className={styles.toolbar}>
          <p className={styles.count}>
            {results.total === 1 ? t('productCountOne') : t('productCount', { n: results.total })}
          </p>
          <div className={styles.desktopOnly}>
            <SortSelect value={query.sort} onChange={changeSort} />
          </div>
        </div>
      )}
      <div className={sidebar ? styles.withSidebar : undefined}>
        {sidebar && <FacetSidebar facets={results.facets} />}
        <div className={styles.results}>
          {results.total === 0 &&
            (filtered ? (
              <p>
                {t('noMatches')} <Link to={{ search: clearFacetsSearch(searchParams) }}>{t('clearAll')}</Link>
              </p>
            ) : (
              empty
            ))}
          {results.total > 0 && results.items.length === 0 && (
            <p>
              {t('pastEnd', { page: query.page })}{' '}
              <Link to={{ search: listSearch(searchParams, { page: 1 }) }}>{t('firstPage')}</Link>
            </p>
          )}
          {results.items.length > 0 && (
            // The first row (four cards on a desktop, two rows of two on a phone) is in
            // the first screen; lazy loading would delay the list's largest paint.
            <ProductGrid items={results.items} headingLevel={2} eagerCount={4} />
          )}
          <Pagination
            page={query.page}
            pageCount={results.page_count}
            searchFor={(n) => listSearch(searchParams, { page: n })}
          />
        </div>
      </div>
    </>
  )
}
