import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { idParam } from '@/lib/api/errors'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getContentPage } from '../api'
import styles from './ContentPage.module.css'

export function loader({ params, request }: LoaderFunctionArgs) {
  return getContentPage(idParam(params.id), request.signal)
}

/** A policy or information page: the English text, then the Hebrew one. */
export function ContentPage() {
  const page = useLoaderData<typeof loader>()
  useDocumentTitle(page.title)
  const hebBody = page.heb_body ?? []

  return (
    <div className="page">
      <article className={styles.article}>
        <h1>{page.title}</h1>
        {page.body.map((paragraph, i) => (
          // Paragraphs have no ids and never reorder, so their position is their identity.
          <p key={i}>{paragraph}</p>
        ))}
      </article>
      {(page.heb_title || hebBody.length > 0) && (
        <article lang="he" dir="rtl" className={styles.article}>
          <h2>{page.heb_title ?? page.title}</h2>
          {hebBody.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </article>
      )}
    </div>
  )
}

export { ContentPage as Component }
