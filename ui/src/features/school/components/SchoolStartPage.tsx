import { useAtomValue } from 'jotai'
import { useState, type SubmitEvent } from 'react'
import { useNavigate } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { CountryField } from '@/components/CountryField'
import { TextField } from '@/components/FormField'
import { useCountries } from '@/lib/countries'
import { useT } from '@/lib/i18n'
import { DEFAULT_COUNTRY, zipLookUpAtom } from '@/lib/location'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { schoolsPath } from '../api'
import { messages } from '../messages'
import { SchoolCrumbs } from './Parts'
import styles from './School.module.css'

/**
 * `/school`: where the shopper's school is, by its country and a ZIP or postal code,
 * both filled in from the shopper's location (spec 4.6) when it is known. Finding the
 * schools is the next page's call; a blank code is caught here.
 */
export function SchoolStartPage() {
  const t = useT(messages)
  useDocumentTitle(t('startTitle'))
  return (
    <div className={`page ${styles.page}`}>
      <SchoolCrumbs step="start" />
      <h1 className={styles.title}>{t('startTitle')}</h1>
      <p className={styles.flush}>{t('startIntro')}</p>
      <SearchForm />
    </div>
  )
}

function SearchForm() {
  const t = useT(messages)
  const navigate = useNavigate()
  const countries = useCountries()
  const location = useAtomValue(zipLookUpAtom)
  const [zip, setZip] = useState(location?.zip ?? '')
  const [country, setCountry] = useState(location?.country ?? DEFAULT_COUNTRY)
  const [blank, setBlank] = useState(false)

  // The location may arrive after the page opens (the layout asks for it on every
  // page): it fills the form in, until the shopper has typed or chosen something.
  const [edited, setEdited] = useState(false)
  const [shown, setShown] = useState(location)
  if (location !== shown) {
    setShown(location)
    if (location && !edited) {
      setZip(location.zip)
      setCountry(location.country)
    }
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = zip.trim()
    if (code === '') {
      setBlank(true)
      event.currentTarget.querySelector<HTMLInputElement>('input[name="zip"]')?.focus()
      return
    }
    void navigate(schoolsPath(country, code))
  }

  return (
    <form
      noValidate
      aria-label={t('searchLabel')}
      className={`${formStyles.form} ${styles.search}`}
      onSubmit={onSubmit}
    >
      <CountryField
        countries={countries}
        label={t('country')}
        name="country"
        value={country}
        onChange={(event) => {
          setEdited(true)
          setCountry(event.target.value)
        }}
      />
      <TextField
        label={t('zip')}
        name="zip"
        autoComplete="postal-code"
        dir="ltr"
        hint={t('zipHint')}
        problem={blank && zip.trim() === '' ? t('zipBlank') : undefined}
        value={zip}
        onChange={(event) => {
          setEdited(true)
          setZip(event.target.value)
        }}
      />
      <button type="submit" className={formStyles.primary}>
        {t('findSchools')}
      </button>
    </form>
  )
}

export { SchoolStartPage as Component }
