import { useAtomValue } from 'jotai'
import { Link, useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router'
import { Breadcrumbs } from '@/components/Breadcrumbs'
import { ProductGrid } from '@/components/ProductGrid'
import { idParam } from '@/lib/api/errors'
import { hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getProductList } from '../api'
import { listIndex, listSearch, parseListQuery, type Sort } from '../listQuery'
import { messages } from '../messages'
import { ListBar } from './ListBar'
import { Pagination } from './Pagination'
import styles from './ProductListPage.module.css'
import { SortSelect } from './SortSelect'

export function loader({ params, request }: LoaderFunctionArgs) {
  const index = listIndex(params.index)
  const id = idParam(params.id)
  const query = parseListQuery(new URL(request.url).searchParams)
  return getProductList(index, id, query, request.signal)
}

export function ProductListPage() {
  const t = useT(messages)
  const list = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const { page, sort } = parseListQuery(searchParams)
  const language = useAtomValue(languageAtom)
  const hebrew = hebrewApplies(language, list)
  const title = localize(language, hebrew, list.title, list.heb_title)
  useDocumentTitle(list.title)

  // The API's trail may end with this list itself; it is shown once, as the current page.
  const trail = list.breadcrumbs.filter((crumb) => !isThisList(crumb.value, list.index, list.id))

  function changeSort(next: Sort) {
    // A new order starts again from the first page (spec 7).
    void navigate({ search: listSearch(searchParams, { sort: next, page: 1 }) })
  }

  return (
    <div className="page">
      <Breadcrumbs trail={trail} current={list.title} />
      <ListBar crumb={list.title} withLanguage={Boolean(list.heb_title)} />
      <header className={styles.header}>
        <hgroup className={styles.title}>
          <h1 {...title.attributes}>{title.text}</h1>
          {list.heb_title && !hebrew && (
            <p lang="he" dir="rtl" className={styles.hebTitle}>
              {list.heb_title}
            </p>
          )}
        </hgroup>
        {list.total > 0 && (
          <div className={styles.toolbar}>
            <p className={styles.count}>
              {list.total === 1 ? t('productCountOne') : t('productCount', { n: list.total })}
            </p>
            <div className={styles.desktopSort}>
              <SortSelect value={sort} onChange={changeSort} />
            </div>
          </div>
        )}
      </header>

      {list.total === 0 && <p>{t('emptyList')}</p>}
      {list.total > 0 && list.items.length === 0 && (
        <p>
          {t('pastEnd', { page })} <Link to={{ search: listSearch(searchParams, { page: 1 }) }}>{t('firstPage')}</Link>
        </p>
      )}
      {list.items.length > 0 && <ProductGrid items={list.items} headingLevel={2} />}

      <Pagination page={page} pageCount={list.page_count} searchFor={(n) => listSearch(searchParams, { page: n })} />
    </div>
  )
}

/** A crumb's path is `/{index}/{slug}/{id}`; the slug does not matter for identity. */
function isThisList(path: string, index: string, id: number): boolean {
  return path.startsWith(`/${index}/`) && path.endsWith(`/${id}`)
}

export { ProductListPage as Component }
