import { useAtomValue } from 'jotai'
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { ApiError } from '@/lib/api/errors'
import { problemText, refusalOf } from '@/lib/api/problem'
import { countryName, useCountries } from '@/lib/countries'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { findSchools, gradePath, type School, type SchoolsNear } from '../api'
import { distanceOf } from '../distance'
import { messages } from '../messages'
import { SchoolCrumbs, useLocalName } from './Parts'
import styles from './School.module.css'

type Found = { near: SchoolsNear } | { refused: ApiError }

/**
 * The schools near the code. A code the server refuses (400: not a code of that
 * country) is this page's to explain, with the way back; any other failure goes to
 * the shared error handler.
 */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<Found> {
  try {
    return { near: await findSchools(params.country ?? '', params.zip ?? '', request.signal) }
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { refused: error }
    throw error
  }
}

/**
 * `/school/select-your-school/:country/:zip`: the schools nearest the code, each with
 * how far it is and its grades to choose from; by name when the code cannot be placed.
 */
export function SelectSchoolPage() {
  const t = useT(messages)
  const found = useLoaderData<typeof loader>()
  useDocumentTitle(t('schoolsTitle'))
  return (
    <div className={`page ${styles.page}`}>
      <SchoolCrumbs step="school" />
      <h1 className={styles.title}>{t('schoolsTitle')}</h1>
      {'near' in found ? <Schools near={found.near} /> : <Refused error={found.refused} />}
    </div>
  )
}

/** Why the code was refused, in the server's words without the field's name, and the way back. */
function Refused({ error }: { error: ApiError }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const refusal = refusalOf(error)
  const text = problemText(refusal ? new ApiError(error.status, refusal.reason) : error, language)
  return (
    <div role="alert" className={styles.stack}>
      <p className={`${formStyles.alert} ${styles.flush}`}>{text}</p>
      <p className={styles.flush}>
        <Link to="/school">{t('tryAnother')}</Link>
      </p>
    </div>
  )
}

function Schools({ near }: { near: SchoolsNear }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const countries = useCountries()
  const place = t('schoolsNear', { zip: near.zip, country: countryName(countries, near.country, language) })
  return (
    <div className={styles.stack}>
      <p className={styles.flush}>
        {place}{' '}
        <Link to="/school" className={styles.change}>
          {/* The space outside the hidden words, so it is not trimmed away. */}
          {t('change')} <span className="visually-hidden">{t('changeWhat')}</span>
        </Link>
      </p>
      {near.schools.length === 0 ? (
        <div className={styles.stack}>
          <p className={styles.flush}>{t('noSchools', { zip: near.zip })}</p>
          <p className={styles.flush}>
            <Link to="/school">{t('tryAnother')}</Link>
          </p>
        </div>
      ) : (
        <>
          {!near.by_distance && <p className={`${styles.flush} ${styles.muted}`}>{t('byName', { zip: near.zip })}</p>}
          <ul className={styles.cards} aria-label={t('schoolsList')}>
            {near.schools.map((school) => (
              <li key={school.id} className={styles.card}>
                <SchoolCard school={school} country={near.country} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

/** One school: its name, address and distance, and its grades as links to their lists. */
function SchoolCard({ school, country }: { school: School; country: string }) {
  const t = useT(messages)
  const localName = useLocalName()
  const name = localName(school.name, school.heb_name)
  const address = localName(school.address, school.heb_address)
  // Absent (or null) when the store could not place the code.
  const distance = typeof school.distance_m === 'number' ? distanceOf(school.distance_m, country) : undefined
  return (
    <>
      <h2 className={styles.cardTitle} {...name.attributes}>
        {name.text}
      </h2>
      <p className={styles.flush} {...address.attributes}>
        {address.text}
      </p>
      {distance && (
        <p className={`${styles.flush} ${styles.muted}`}>
          {t(distance.unit === 'mi' ? 'milesAway' : 'kmAway', { n: distance.n })}
        </p>
      )}
      <ul className={styles.links} aria-label={t('gradesOf', { school: name.text })}>
        {school.grades.map((grade) => {
          const gradeName = localName(grade.name, grade.heb_name)
          return (
            <li key={grade.id}>
              <Link to={gradePath(grade.id)} className={styles.pill} {...gradeName.attributes}>
                {gradeName.text}
              </Link>
            </li>
          )
        })}
      </ul>
    </>
  )
}

export { SelectSchoolPage as Component }
