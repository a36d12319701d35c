import { describe, expect, it } from 'vitest'
import { arrivalText, pickupText } from './shippingMessages'

describe('spec 9’s shipping sentences', () => {
  it.each([
    [{ kind: 'today' as const }, 'Get it Today', 'מגיע היום'],
    [{ kind: 'tomorrow' as const }, 'Get it Tomorrow', 'מגיע מחר'],
    [{ kind: 'days' as const, days: 5 }, '5-day shipping', 'משלוח תוך 5 ימים'],
    [{ kind: 'on' as const, date: '2026-01-09' }, 'Get it Friday, January 9', 'מגיע ביום שישי, 9 בינואר'],
  ])('words %o for a method', (message, english, hebrew) => {
    expect(arrivalText(message, 'eng')).toBe(english)
    expect(arrivalText(message, 'heb')).toBe(hebrew)
  })

  it.each([
    [{ kind: 'on' as const, date: '2026-01-10' }, 'Ready Saturday, January 10', 'מוכן לאיסוף ביום שבת, 10 בינואר'],
    [{ kind: 'within' as const, hours: 1 }, 'Ready within 1 hour', 'מוכן לאיסוף תוך שעה'],
    [{ kind: 'within' as const, hours: 2 }, 'Ready within 2 hours', 'מוכן לאיסוף תוך שעתיים'],
    [{ kind: 'within' as const, hours: 3 }, 'Ready within 3 hours', 'מוכן לאיסוף תוך 3 שעות'],
  ])('words %o for pickup', (message, english, hebrew) => {
    expect(pickupText(message, 'eng')).toBe(english)
    expect(pickupText(message, 'heb')).toBe(hebrew)
  })

  it('words the kinds the server does not send for pickup too, rather than leave a blank', () => {
    expect(pickupText({ kind: 'today' }, 'eng')).toBe('Ready today')
    expect(pickupText({ kind: 'tomorrow' }, 'heb')).toBe('מוכן לאיסוף מחר')
    expect(pickupText({ kind: 'days', days: 3 }, 'eng')).toBe('Ready in 3 days')
    expect(arrivalText({ kind: 'within', hours: 4 }, 'eng')).toBe('Ready within 4 hours')
  })
})
