import type { Language } from '@/lib/preferences'

/** The Hebrew fields a product, bundle or list may carry (absent fields may arrive as null). */
interface HebrewFields {
  heb_title?: string | null
  heb_description?: string | null
  heb_short_desc?: string | null
  creators?: readonly { heb_name?: string | null }[]
}

/** Spec 4.9: the Hebrew option appears only when the product or its creators have Hebrew text. */
export function hasHebrew(item: HebrewFields): boolean {
  return Boolean(
    item.heb_title || item.heb_description || item.heb_short_desc || item.creators?.some((creator) => creator.heb_name),
  )
}

/** Spec 4.9: Hebrew applies only when the stored language is heb and Hebrew content exists. */
export function hebrewApplies(language: Language, item: HebrewFields): boolean {
  return language === 'heb' && hasHebrew(item)
}

/** A field's text and the attributes of the element showing it. */
export interface Localized {
  text: string
  attributes: { lang?: 'he' | 'en'; dir?: 'rtl' | 'ltr' }
}

/**
 * One content field in the language that applies: the Hebrew text, right to left,
 * when Hebrew applies and this field has it; otherwise the English. English shown
 * inside the Hebrew (right-to-left) interface is marked as English, left to right.
 */
export function localize(
  language: Language,
  hebrew: boolean,
  english: string,
  heb: string | null | undefined,
): Localized {
  return hebrew && heb
    ? { text: heb, attributes: contentAttributes(language, true) }
    : { text: english, attributes: contentAttributes(language, false) }
}

/** The attributes of an element holding Hebrew (`isHebrew`) or English content. */
export function contentAttributes(language: Language, isHebrew: boolean): Localized['attributes'] {
  if (isHebrew) return { lang: 'he', dir: 'rtl' }
  return language === 'heb' ? { lang: 'en', dir: 'ltr' } : {}
}

/** A filter or variation option as the catalogue gives it, with its optional Hebrew words. */
interface OptionWords {
  name: string
  value: string
  heb_name?: string | null
  heb_value?: string | null
}

/**
 * An option's group name and value in the interface's language: the Hebrew words
 * in the Hebrew interface where the catalogue has them, else the English. Shown
 * inside <bdi>, so either reads whole in a line of the other direction.
 */
export function optionWords(language: Language, option: OptionWords): { name: string; value: string } {
  const hebrew = language === 'heb'
  return {
    name: (hebrew && option.heb_name) || option.name,
    value: (hebrew && option.heb_value) || option.value,
  }
}
