import type { Language } from './preferences'

// Spec 9's date display formats. The server sends store-local calendar dates
// (`YYYY-MM-DD`); they are read and formatted as UTC dates, so no time zone of the
// shopper's can move the day.

/**
 * `long`: weekday, month day, year; `medium`: abbreviated month day, year; `weekday`:
 * abbreviated weekday, month day ("Mon, Nov 30"), short enough to sit beside each
 * delivery option.
 */
export type DateStyle = 'long' | 'medium' | 'weekday'

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  weekday: { weekday: 'short', month: 'short', day: 'numeric' },
}

const LOCALES: Record<Language, string> = { eng: 'en-US', heb: 'he-IL' }

const formats = new Map<string, Intl.DateTimeFormat>()

function formatter(style: DateStyle, language: Language): Intl.DateTimeFormat {
  const key = `${language}:${style}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], { ...OPTIONS[style], timeZone: 'UTC' })
    formats.set(key, format)
  }
  return format
}

/** A calendar date `YYYY-MM-DD` as a UTC midnight; undefined when it is not one. */
export function parseCalendarDate(date: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return undefined
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  const value = new Date(Date.UTC(year, month - 1, day))
  // 2026-02-30 is not a date (Date.UTC would roll it over to March).
  return value.getUTCMonth() === month - 1 && value.getUTCDate() === day ? value : undefined
}

/**
 * A store-local calendar date in `style` for `language` ("Friday, January 9, 2026",
 * "Jan 9, 2026", "יום שישי, 9 בינואר 2026"); the text as it came when it is not a date.
 */
export function formatCalendarDate(date: string, style: DateStyle, language: Language): string {
  const value = parseCalendarDate(date)
  return value ? formatter(style, language).format(value) : date
}
