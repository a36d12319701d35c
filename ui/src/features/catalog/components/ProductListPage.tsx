import { useAtomValue } from 'jotai'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { Breadcrumbs } from '@/components/Breadcrumbs'
import { idParam } from '@/lib/api/errors'
import { hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getProductList } from '../api'
import { listIndex, parseListQuery } from '../listQuery'
import { messages } from '../messages'
import { ListBar } from './ListBar'
import { ListingResults } from './ListingResults'
import styles from './ProductListPage.module.css'

export function loader({ params, request }: LoaderFunctionArgs) {
  const index = listIndex(params.index)
  const id = idParam(params.id)
  const query = parseListQuery(new URL(request.url).searchParams)
  return getProductList(index, id, query, request.signal)
}

export function ProductListPage() {
  const t = useT(messages)
  const list = useLoaderData<typeof loader>()
  const language = useAtomValue(languageAtom)
  const hebrew = hebrewApplies(language, list)
  const title = localize(language, hebrew, list.title, list.heb_title)
  useDocumentTitle(list.title)

  // The API's trail may end with this list itself; it is shown once, as the current page.
  const trail = list.breadcrumbs.filter((crumb) => !isThisList(crumb.value, list.index, list.id))

  return (
    <div className="page">
      <Breadcrumbs trail={trail} current={title.text} />
      <ListBar crumb={list.title} withLanguage={Boolean(list.heb_title)} facets={list.facets} />
      <hgroup className={styles.title}>
        <h1 {...title.attributes}>{title.text}</h1>
        {list.heb_title && !hebrew && (
          <p lang="he" dir="rtl" className={styles.hebTitle}>
            {list.heb_title}
          </p>
        )}
      </hgroup>
      <ListingResults results={list} empty={<p>{t('emptyList')}</p>} />
    </div>
  )
}

/** A crumb's path is `/{index}/{slug}/{id}`; the slug does not matter for identity. */
function isThisList(path: string, index: string, id: number): boolean {
  return path.startsWith(`/${index}/`) && path.endsWith(`/${id}`)
}

export { ProductListPage as Component }
