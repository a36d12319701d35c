import { useAtomValue, useStore } from 'jotai'
import { useState, type SubmitEvent } from 'react'
import { CountryField } from '@/components/CountryField'
import { SubmitButton, TextField } from '@/components/FormField'
import { countryName, useCountries } from '@/lib/countries'
import { useT } from '@/lib/i18n'
import { DEFAULT_COUNTRY, setZip, zipLookUpAtom } from '@/lib/location'
import { languageAtom } from '@/lib/preferences'
import { refusalOf } from '@/lib/api/problem'
import { fieldProblemText } from '../api'
import { messages } from '../messages'
import { useAction } from '@/lib/useAction'
import styles from './Checkout.module.css'

/**
 * Spec 4.6's ZIP entry: the shopper's ZIP or postal code and country, which set the tax
 * and the delivery options. A blank ZIP resets to the server's default. `problem` is what
 * the last quote said about the ZIP.
 */
export function ZipForm({ problem: quoteProblem }: { problem?: string }) {
  const t = useT(messages)
  const store = useStore()
  const language = useAtomValue(languageAtom)
  const location = useAtomValue(zipLookUpAtom)
  const countries = useCountries()
  const [zip, setZipText] = useState(location?.zip ?? '')
  const [country, setCountry] = useState(location?.country ?? DEFAULT_COUNTRY)
  const [problem, setProblem] = useState<string>()
  const { busy, run } = useAction()

  // The zip held may change elsewhere (the first answer, a shipping address): show it.
  const [shown, setShown] = useState(location)
  if (location !== shown) {
    setShown(location)
    if (location) {
      setZipText(location.zip)
      setCountry(location.country)
    }
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    void run(async () => {
      const result = await setZip(store, zip, country)
      if (result.ok) {
        setProblem(undefined)
        return
      }
      const refusal = refusalOf(result.error)
      setProblem(refusal?.field === 'zipCode' ? t('zipProblem') : fieldProblemText(result.error, language))
      form.querySelector<HTMLInputElement>('input[name="zip"]')?.focus()
    })
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('zipLegend')} className={styles.fieldset}>
      <div className={styles.pair}>
        <CountryField
          countries={countries}
          label={t('country')}
          name="zip_country"
          value={country}
          onChange={(event) => {
            setCountry(event.target.value)
          }}
        />
        <TextField
          label={t('zip')}
          name="zip"
          autoComplete="postal-code"
          dir="ltr"
          value={zip}
          problem={problem ?? quoteProblem}
          onChange={(event) => {
            setZipText(event.target.value)
          }}
        />
      </div>
      <div className={styles.actions}>
        <SubmitButton busy={busy} label={t('updateZip')} busyLabel={t('updatingZip')} />
      </div>
      <PricedFor />
    </form>
  )
}

/** Where the figures and delivery options are for, and its tax rate; announced when a new ZIP is located. */
export function PricedFor() {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const location = useAtomValue(zipLookUpAtom)
  const countries = useCountries()
  const place = location
    ? [location.zip, location.city, location.state, countryName(countries, location.country, language)]
        .filter(Boolean)
        .join(', ')
    : undefined
  return (
    <div role="status">
      {place && location && (
        <p className={styles.muted}>
          {t('zipFor', { place })} {t('taxRate', { rate: location.tax_rate })}
        </p>
      )}
    </div>
  )
}
