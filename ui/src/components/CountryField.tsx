import { useAtomValue } from 'jotai'
import type { ChangeEvent, SelectHTMLAttributes } from 'react'
import type { Countries } from '@/lib/countries'
import { defineMessages, useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { SelectField } from './FormField'

const messages = defineMessages({
  eng: { loading: 'Loading the countries…' },
  heb: { loading: 'טוענים את רשימת הארצות…' },
})

interface CountryFieldProps {
  /** `useCountries()`'s answer: undefined while it loads. */
  countries: Countries
  label: string
  name: string
  value: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
  autoComplete?: SelectHTMLAttributes<HTMLSelectElement>['autoComplete']
  problem?: string
}

/**
 * A country chosen from the store's list, each named in the interface's language. Until
 * the list comes (or when it cannot), the one chosen stays the only option, so a form
 * never loses its value to a slow or failed load.
 */
export function CountryField({ countries, value, autoComplete = 'country', ...field }: CountryFieldProps) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const list = countries && 'list' in countries ? countries.list : undefined
  return (
    <SelectField {...field} autoComplete={autoComplete} value={value} aria-busy={countries === undefined || undefined}>
      {list ? (
        list.map((country) => (
          <option key={country.value} value={country.value}>
            {language === 'heb' ? country.heb_label : country.label}
          </option>
        ))
      ) : (
        <option value={value}>{countries ? value : t('loading')}</option>
      )}
    </SelectField>
  )
}
