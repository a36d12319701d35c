import { describe, expect, it, vi } from 'vitest'
import { formatCalendarDate, parseCalendarDate } from './dates'

describe('spec 9’s date formats', () => {
  it('long: weekday, month day, year, in English and Hebrew', () => {
    expect(formatCalendarDate('2026-01-09', 'long', 'eng')).toBe('Friday, January 9, 2026')
    expect(formatCalendarDate('2026-01-09', 'long', 'heb')).toBe('יום שישי, 9 בינואר 2026')
  })

  it('medium: abbreviated month day, year, in English and Hebrew', () => {
    expect(formatCalendarDate('2026-01-09', 'medium', 'eng')).toBe('Jan 9, 2026')
    expect(formatCalendarDate('2026-01-09', 'medium', 'heb')).toBe('9 בינו׳ 2026')
  })

  it('weekday: abbreviated weekday, month day (the arrival sentences), in English and Hebrew', () => {
    expect(formatCalendarDate('2026-11-30', 'weekday', 'eng')).toBe('Mon, Nov 30')
    expect(formatCalendarDate('2026-12-31', 'weekday', 'heb')).toBe('יום ה׳, 31 בדצמ׳')
  })

  it('keeps the calendar day whatever the time zone (a date is not an instant)', () => {
    // A date-only string is UTC midnight: in New York that is the evening before, so
    // formatting it in the shopper's zone would say the wrong day. It is read as UTC.
    vi.stubEnv('TZ', 'America/New_York')
    try {
      const date = parseCalendarDate('2026-03-01')
      expect(date?.toISOString()).toBe('2026-03-01T00:00:00.000Z')
      expect(formatCalendarDate('2026-03-01', 'medium', 'eng')).toBe('Mar 1, 2026')
      expect(formatCalendarDate('2026-03-01', 'long', 'heb')).toBe('יום ראשון, 1 במרץ 2026')
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('shows text that is not a calendar date as it came', () => {
    expect(parseCalendarDate('2026-02-30')).toBeUndefined()
    expect(parseCalendarDate('tomorrow')).toBeUndefined()
    expect(formatCalendarDate('soon', 'long', 'eng')).toBe('soon')
  })
})
