import { useAtomValue } from 'jotai'
import { useCallback } from 'react'
import { defineMessages, format } from '../i18n'
import { languageAtom, type Language } from '../preferences'
import { ApiError } from './errors'

// What a form says when a call failed. The server explains each refusal in a sentence
// in the language the client asked for (`Accept-Language`); the interface shows it as
// it is. A Hebrew sentence the server's catalogue does not have yet comes in English:
// the Hebrew interface then says what the status means in Hebrew (the status is the
// contract, the sentence is not), and only for a 400, whose reason is specific to the
// request, adds the server's words.

const messages = defineMessages({
  eng: {
    offline: 'We couldn’t reach the store. Please check your connection and try again.',
    tooManySeconds: 'Too many attempts. Please try again in {n} seconds.',
    tooManyMinutes: 'Too many attempts. Please try again in {n} minutes.',
  },
  heb: {
    offline: 'לא הצלחנו להגיע לחנות. בדקו את החיבור ונסו שוב.',
    tooManySeconds: 'יותר מדי ניסיונות. נסו שוב בעוד {n} שניות.',
    tooManyMinutes: 'יותר מדי ניסיונות. נסו שוב בעוד {n} דקות.',
  },
})

/** Each status's meaning in Hebrew; `{reason}` is the server's sentence. */
const hebrewByStatus: Record<number, string> = {
  400: 'הפרטים לא התקבלו: {reason}',
  401: 'כתובת הדואר האלקטרוני או הסיסמה שגויים.',
  403: 'נא להתחבר לחשבון ולנסות שוב.',
  404: 'הקוד או הקישור שגוי, כבר נוצל או שפג תוקפו.',
  409: 'הפריט השתנה בינתיים. רעננו את הדף ונסו שוב.',
  413: 'הפרטים לא התקבלו: {reason}',
  429: 'החנות עמוסה כרגע. נסו שוב בעוד רגע.',
  503: 'החנות עמוסה כרגע. נסו שוב בעוד רגע.',
}
const HEBREW_OTHERWISE = 'משהו השתבש אצלנו. נסו שוב בעוד רגע.'
const HEBREW_LETTER = /[\u05d0-\u05ea]/

/** The server writes its reasons in lower case and without a full stop. */
export function sentence(reason: string): string {
  const capital = reason.charAt(0).toUpperCase() + reason.slice(1)
  return /[.!?]$/.test(capital) ? capital : `${capital}.`
}

/** What to tell the shopper about `error`, a failed call, in `language`. */
export function problemText(error: unknown, language: Language): string {
  const say = messages[language]
  if (!(error instanceof ApiError)) return say.offline
  const wait = error.status === 429 ? error.retryAfter : undefined
  if (wait !== undefined) {
    return wait > 90
      ? format(say.tooManyMinutes, { n: Math.ceil(wait / 60) })
      : format(say.tooManySeconds, { n: Math.max(1, wait) })
  }
  const reason = sentence(error.message)
  if (language !== 'heb' || HEBREW_LETTER.test(reason)) return reason
  return format(hebrewByStatus[error.status] ?? HEBREW_OTHERWISE, { reason })
}

/** `problemText` in the interface's language. */
export function useProblemText(): (error: unknown) => string {
  const language = useAtomValue(languageAtom)
  return useCallback((error: unknown) => problemText(error, language), [language])
}

/**
 * The field a 400 names and why: the server writes `postal_code: a US ZIP code is five
 * digits` or `gift_cards[1]: this gift card has been used up`. Undefined for any other
 * failure.
 */
export function refusalOf(error: unknown): { field: string; reason: string } | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined
  const match = /^([\w.[\]]+): (.+)$/s.exec(error.message)
  if (!match?.[1] || !match[2]) return undefined
  return { field: match[1], reason: match[2] }
}
