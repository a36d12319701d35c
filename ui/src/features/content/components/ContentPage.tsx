import { useAtomValue } from 'jotai'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { LanguageToggle } from '@/components/LanguageToggle'
import { idParam } from '@/lib/api/errors'
import { contentAttributes, localize } from '@/lib/hebrew'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getContentPage } from '../api'
import styles from './ContentPage.module.css'

export function loader({ params, request }: LoaderFunctionArgs) {
  return getContentPage(idParam(params.id), request.signal)
}

/**
 * A policy or information page. Spec 4.9: its Hebrew title and body apply when
 * the language is Hebrew and the page has them; the toggle appears only then.
 */
export function ContentPage() {
  const page = useLoaderData<typeof loader>()
  const language = useAtomValue(languageAtom)
  useDocumentTitle(page.title)
  const hebBody = page.heb_body ?? []
  const hasHebrew = Boolean(page.heb_title) || hebBody.length > 0
  const hebrew = language === 'heb' && hasHebrew
  const title = localize(language, hebrew, page.title, page.heb_title)
  // The body switches as a whole: half a page in each language would read badly.
  const hebrewBody = hebrew && hebBody.length > 0

  return (
    <div className="page">
      {hasHebrew && (
        <div className={styles.toggle}>
          <LanguageToggle />
        </div>
      )}
      <article className={styles.article}>
        <h1 {...title.attributes}>{title.text}</h1>
        <div {...contentAttributes(language, hebrewBody)}>
          {(hebrewBody ? hebBody : page.body).map((paragraph, i) => (
            // Paragraphs have no ids and never reorder, so their position is their identity.
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      </article>
    </div>
  )
}

export { ContentPage as Component }
