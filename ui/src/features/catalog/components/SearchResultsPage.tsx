import { useAtomValue } from 'jotai'
import { useId } from 'react'
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { Breadcrumbs } from '@/components/Breadcrumbs'
import type { Schema } from '@/lib/api/client'
import { getSuggestions } from '@/lib/api/suggestions'
import { localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getDepartments, searchProducts } from '../api'
import { hasFacets, parseListQuery } from '../listQuery'
import { messages } from '../messages'
import { ListBar } from './ListBar'
import { ListingResults } from './ListingResults'
import styles from './SearchResultsPage.module.css'

/** The empty state offers this many other searches. */
export const SUGGESTIONS_SHOWN = 8

/** Where a shopper who found nothing can go next. */
interface Help {
  suggestions: string[]
  departments: Schema<'Category'>[]
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseListQuery(new URL(request.url).searchParams)
  // Spec 5: a search runs only for text; a blank one is the empty state, without asking.
  if (query.q === '') return { q: '', results: null, help: await help('', request.signal) }
  const results = await searchProducts(query, request.signal)
  // With facets chosen, the way on is to loosen them; the results say so themselves.
  const empty = results.total === 0 && !hasFacets(query)
  return { q: query.q, results, help: empty ? await help(query.q, request.signal) : null }
}

/** Other searches for the text and the departments; either failing only leaves it out. */
async function help(q: string, signal: AbortSignal): Promise<Help> {
  const [suggestions, departments] = await Promise.all([
    getSuggestions(q, signal).catch(() => []),
    getDepartments(signal).catch(() => []),
  ])
  // Suggesting the very text that found nothing would lead straight back here.
  const others = suggestions.filter((suggestion) => suggestion.trim().toLowerCase() !== q.toLowerCase())
  return { suggestions: others.slice(0, SUGGESTIONS_SHOWN), departments }
}

export function SearchResultsPage() {
  const t = useT(messages)
  const { q, results, help } = useLoaderData<typeof loader>()
  useDocumentTitle(t('searchTitle'))

  let crumb = t('searchCrumb')
  if (results) crumb = results.total === 1 ? t('resultsCrumbOne', { q }) : t('resultsCrumb', { n: results.total, q })
  const emptyState = help && <EmptySearch q={q} help={help} />

  return (
    <div className="page">
      <Breadcrumbs trail={[]} current={crumb} />
      <ListBar
        crumb={crumb}
        withLanguage={Boolean(results?.items.some((item) => item.heb_title))}
        facets={results?.facets}
      />
      <h1 className={styles.title}>{results ? t('resultsFor', { q }) : t('searchTitle')}</h1>
      {results ? <ListingResults results={results} empty={emptyState} /> : emptyState}
    </div>
  )
}

function EmptySearch({ q, help }: { q: string; help: Help }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const suggestionsHeading = useId()
  const departmentsHeading = useId()
  return (
    <div className={styles.empty}>
      <p className={styles.message}>{q === '' ? t('searchBlank') : t('noResults', { q })}</p>
      {help.suggestions.length > 0 && (
        <section aria-labelledby={suggestionsHeading}>
          <h2 id={suggestionsHeading} className={styles.heading}>
            {t('trySearching')}
          </h2>
          <ul className={styles.links}>
            {help.suggestions.map((suggestion) => (
              <li key={suggestion}>
                <Link to={{ pathname: '/search', search: `?${new URLSearchParams({ q: suggestion }).toString()}` }}>
                  {suggestion}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {help.departments.length > 0 && (
        <nav aria-labelledby={departmentsHeading}>
          <h2 id={departmentsHeading} className={styles.heading}>
            {t('browseDepartments')}
          </h2>
          <ul className={styles.links}>
            {help.departments.map((department) => {
              const name = localize(language, language === 'heb', department.name, department.heb_name)
              return (
                <li key={department.id}>
                  <Link to={department.value} {...name.attributes}>
                    {name.text}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
      )}
    </div>
  )
}

export { SearchResultsPage as Component }
