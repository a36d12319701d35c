import { useAtomValue } from 'jotai'
import { useCallback } from 'react'
import { Breadcrumbs } from '@/components/Breadcrumbs'
import { hebrewApplies, localize, optionWords, type Localized } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { gradePath, schoolsPath, type ListProduct, type School } from '../api'
import { messages } from '../messages'

/** The steps of finding a list, each a page (spec 2.1's /school routes). */
type Step = 'start' | 'school' | 'grade' | 'supplies'

/**
 * Spec 2.4's trail: School supplies › Select your school › Select your grade › Select
 * your supplies, up to this page's step, each earlier step a link back to it. The
 * school search goes back to the school's own postal code; the grade to its page.
 */
export function SchoolCrumbs({ step, school, gradeId }: { step: Step; school?: School; gradeId?: number }) {
  const t = useT(messages)
  const steps = [
    { step: 'start', name: t('crumbStart'), value: '/school' },
    { step: 'school', name: t('crumbSchool'), value: school ? schoolsPath(school.country, school.postal_code) : '' },
    { step: 'grade', name: t('crumbGrade'), value: gradeId === undefined ? '' : gradePath(gradeId) },
    { step: 'supplies', name: t('crumbSupplies'), value: '' },
  ]
  const at = steps.findIndex((entry) => entry.step === step)
  return <Breadcrumbs trail={steps.slice(0, at)} current={steps[at]?.name ?? ''} />
}

/** A school's, grade's or list's name (or note) in the interface's language: its Hebrew one in Hebrew, when it has one. */
export function useLocalName(): (english: string, hebrew: string | undefined) => Localized {
  const language = useAtomValue(languageAtom)
  return useCallback(
    (english: string, hebrew: string | undefined) => localize(language, language === 'heb', english, hebrew),
    [language],
  )
}

/** A product's title in the interface's language (its Hebrew title in Hebrew, spec 4.9). */
export function useProductTitle(): (product: ListProduct) => Localized {
  const language = useAtomValue(languageAtom)
  return useCallback(
    (product: ListProduct) => localize(language, hebrewApplies(language, product), product.title, product.heb_title),
    [language],
  )
}

/** A variation's choices ("Size: A5"), with their Hebrew words in Hebrew. */
export function useOptionsText(): (product: ListProduct) => string {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  return useCallback(
    (product: ListProduct) =>
      product.options
        .map((option) => {
          const words = optionWords(language, option)
          return t('option', { name: words.name, value: words.value })
        })
        .join(', '),
    [t, language],
  )
}
