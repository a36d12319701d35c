import { persistedAtom } from './persist'

/**
 * Spec 4.9: the language preference, stored locally as "heb" or "eng". Hebrew applies
 * to content only where Hebrew text exists; the interface follows the same choice.
 */
export type Language = 'heb' | 'eng'
export const languageAtom = persistedAtom<Language>('language', 'eng', (v): v is Language => v === 'heb' || v === 'eng')

/** Spec 4.7: the selected display currency's code; US Dollar until the shopper picks another. */
export const currencyAtom = persistedAtom<string>(
  'currency',
  'USD',
  (v): v is string => typeof v === 'string' && /^[A-Z]{3}$/.test(v),
)
