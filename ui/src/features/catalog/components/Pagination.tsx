import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import styles from './Pagination.module.css'

interface PaginationProps {
  page: number
  pageCount: number
  /** The query string of page `n` (same path). */
  searchFor: (n: number) => string
}

export function Pagination({ page, pageCount, searchFor }: PaginationProps) {
  const t = useT(messages)
  if (pageCount <= 1) return null
  const to = (n: number) => ({ search: searchFor(n) })
  return (
    <nav aria-label={t('pagination')} className={styles.pagination}>
      <ul className={styles.list}>
        {page > 1 && (
          <li>
            <Link to={to(page - 1)} rel="prev" className={styles.link} aria-label={t('previousPage')}>
              {t('previous')}
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className={styles.gap}>
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={to(n)}
                className={styles.link}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('pageN', { n })}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={to(page + 1)} rel="next" className={styles.link} aria-label={t('nextPage')}>
              {t('next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}

/** The first, the last and the pages next to the current one; gaps stand for the rest. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b)
  return shown.flatMap((n, i) => {
    const previous = shown[i - 1]
    if (previous === undefined || n === previous + 1) return [n]
    // A gap of exactly one page is shown as that page rather than "…".
    return n === previous + 2 ? [previous + 1, n] : ['gap' as const, n]
  })
}
