import { useId } from 'react'
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { idParam } from '@/lib/api/errors'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getGrade, gradePath, listPath, type GradeLists, type ListSummary } from '../api'
import { messages } from '../messages'
import { SchoolCrumbs, useLocalName } from './Parts'
import styles from './School.module.css'

/** The grade and its lists; an unknown grade (or an id that cannot name one) is the shared 404. */
export function loader({ params, request }: LoaderFunctionArgs) {
  return getGrade(idParam(params.grade_id), request.signal)
}

/**
 * `/school/select-your-grade/:grade_id`: the school and grade, the lists its teachers
 * published (each a link to its items, even when there is only one: the shopper sees
 * which list they open), and the school's other grades to switch to.
 */
export function SelectGradePage() {
  const { school, grade, lists } = useLoaderData<typeof loader>()
  const t = useT(messages)
  const localName = useLocalName()
  const schoolName = localName(school.name, school.heb_name)
  const address = localName(school.address, school.heb_address)
  const gradeName = localName(grade.name, grade.heb_name)
  useDocumentTitle(t('gradeTitle', { grade: gradeName.text, school: schoolName.text }))
  const listsHeading = useId()
  return (
    <div className={`page ${styles.page}`}>
      <SchoolCrumbs step="grade" school={school} />
      <div className={styles.intro}>
        <p className={`${styles.flush} ${styles.context}`} {...schoolName.attributes}>
          {schoolName.text}
        </p>
        <h1 className={styles.title} {...gradeName.attributes}>
          {gradeName.text}
        </h1>
        <p className={`${styles.flush} ${styles.muted}`} {...address.attributes}>
          {address.text}
        </p>
      </div>
      <section aria-labelledby={listsHeading} className={styles.stack}>
        <h2 id={listsHeading} className={styles.heading}>
          {t('listsHeading')}
        </h2>
        {lists.length === 0 ? (
          <p className={styles.flush}>{t('noLists')}</p>
        ) : (
          <ul className={styles.cards}>
            {lists.map((list) => (
              <li key={list.id} className={styles.card}>
                <ListLink gradeId={grade.id} list={list} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <OtherGrades grades={school.grades.filter((other) => other.id !== grade.id)} />
    </div>
  )
}

/** One list: its name as the link to its items, how many it names, and the teacher's note. */
function ListLink({ gradeId, list }: { gradeId: number; list: ListSummary }) {
  const t = useT(messages)
  const localName = useLocalName()
  const name = localName(list.name, list.heb_name)
  const note = localName(list.note, list.heb_note)
  return (
    <>
      <h3 className={styles.cardTitle}>
        <Link to={listPath(gradeId, list.id)} {...name.attributes}>
          {name.text}
        </Link>
      </h3>
      <p className={`${styles.flush} ${styles.muted}`}>
        {list.items === 1 ? t('itemCountOne') : t('itemCount', { n: list.items })}
      </p>
      {note.text && (
        <p className={styles.flush} {...note.attributes}>
          {note.text}
        </p>
      )}
    </>
  )
}

/** The school's other grades, to switch to. */
function OtherGrades({ grades }: { grades: GradeLists['school']['grades'] }) {
  const t = useT(messages)
  const localName = useLocalName()
  const headingId = useId()
  if (grades.length === 0) return null
  return (
    <nav aria-labelledby={headingId} className={styles.stack}>
      <h2 id={headingId} className={styles.heading}>
        {t('otherGrades')}
      </h2>
      <ul className={styles.links}>
        {grades.map((grade) => {
          const name = localName(grade.name, grade.heb_name)
          return (
            <li key={grade.id}>
              <Link to={gradePath(grade.id)} className={styles.pill} {...name.attributes}>
                {name.text}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

export { SelectGradePage as Component }
