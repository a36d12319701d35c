import { describe, expect, it } from 'vitest'
import { hasHebrew, hebrewApplies, localize, optionWords } from './hebrew'

describe('Hebrew content (spec 4.9)', () => {
  it('exists when any Hebrew field or a creator has Hebrew text', () => {
    expect(hasHebrew({})).toBe(false)
    expect(hasHebrew({ heb_title: '', heb_description: null, creators: [{}] })).toBe(false)
    expect(hasHebrew({ heb_title: 'ספל' })).toBe(true)
    expect(hasHebrew({ heb_description: 'תיאור' })).toBe(true)
    expect(hasHebrew({ heb_short_desc: 'קצר' })).toBe(true)
    expect(hasHebrew({ creators: [{}, { heb_name: 'דנה לוי' }] })).toBe(true)
  })

  it('applies only when the language is heb and Hebrew exists', () => {
    expect(hebrewApplies('heb', { heb_title: 'ספל' })).toBe(true)
    expect(hebrewApplies('eng', { heb_title: 'ספל' })).toBe(false)
    expect(hebrewApplies('heb', { creators: [] })).toBe(false)
  })

  it('falls back to English per field, marked as English inside the Hebrew interface', () => {
    expect(localize('heb', true, 'Mug', 'ספל')).toEqual({ text: 'ספל', attributes: { lang: 'he', dir: 'rtl' } })
    expect(localize('heb', true, 'Mug', undefined)).toEqual({ text: 'Mug', attributes: { lang: 'en', dir: 'ltr' } })
    expect(localize('heb', false, 'Mug', 'ספל')).toEqual({ text: 'Mug', attributes: { lang: 'en', dir: 'ltr' } })
    expect(localize('eng', false, 'Mug', 'ספל')).toEqual({ text: 'Mug', attributes: {} })
  })

  it('names an option in Hebrew in the Hebrew interface, word by word where the catalogue has it', () => {
    const plan = { name: 'Plan', value: '3 months', heb_name: 'תוכנית', heb_value: '3 חודשים' }
    expect(optionWords('heb', plan)).toEqual({ name: 'תוכנית', value: '3 חודשים' })
    expect(optionWords('eng', plan)).toEqual({ name: 'Plan', value: '3 months' })
    expect(optionWords('heb', { name: 'Amount', value: '$25', heb_name: 'סכום', heb_value: null })).toEqual({
      name: 'סכום',
      value: '$25',
    })
  })
})
