import { useAtomValue } from 'jotai'
import { useEffect, useMemo, useState } from 'react'
import { api, type Schema } from './api/client'
import { unwrap } from './api/errors'
import { languageAtom, type Language } from './preferences'

export type Country = Schema<'Country'>
export type Countries = { list: Country[] } | { failed: true } | undefined

export const getCountries = (signal?: AbortSignal) => unwrap(api.GET('/countries', { signal }))

/**
 * `GET /api/countries` for a screen's visit: undefined while it loads. In Hebrew the
 * countries are named and ordered in Hebrew. A failure is logged (spec 8); the screen
 * is told too, since an address cannot be entered without a country to choose
 * (docs/decisions.md, issue 30).
 */
export function useCountries(): Countries {
  const [loaded, setLoaded] = useState<{ list: Country[] } | { failed: true }>()
  const language = useAtomValue(languageAtom)

  useEffect(() => {
    const controller = new AbortController()
    getCountries(controller.signal).then(
      (list) => {
        setLoaded({ list })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error('Could not load the countries', error)
        setLoaded({ failed: true })
      },
    )
    return () => {
      controller.abort()
    }
  }, [])

  return useMemo(() => {
    if (!loaded || 'failed' in loaded || language !== 'heb') return loaded
    return { list: [...loaded.list].sort((a, b) => a.heb_label.localeCompare(b.heb_label, 'he')) }
  }, [loaded, language])
}

/** A country's name in the interface language; its code when the list is not there. */
export function countryName(countries: Countries, code: string, language: Language): string {
  const country = countries && 'list' in countries ? countries.list.find((c) => c.value === code) : undefined
  if (!country) return code
  return language === 'heb' ? country.heb_label : country.label
}
