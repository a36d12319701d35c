import { describe, expect, it } from 'vitest'
import { arrivalText, methodArrival, pickupReady, pickupText } from './shippingMessages'

describe('spec 9’s shipping sentences', () => {
  it.each([
    [{ kind: 'today' as const }, 'Get it Today', 'מגיע היום'],
    [{ kind: 'tomorrow' as const }, 'Get it Tomorrow', 'מגיע מחר'],
    [{ kind: 'days' as const, days: 5 }, '5-day shipping', 'משלוח תוך 5 ימים'],
    [{ kind: 'on' as const, date: '2026-01-09' }, 'Get it Fri, Jan 9', 'מגיע ביום ו׳, 9 בינו׳'],
  ])('words %o for a method', (message, english, hebrew) => {
    expect(arrivalText(message, 'eng')).toBe(english)
    expect(arrivalText(message, 'heb')).toBe(hebrew)
  })

  it.each([
    [{ kind: 'on' as const, date: '2026-01-10' }, 'Ready Sat, Jan 10', 'מוכן לאיסוף בשבת, 10 בינו׳'],
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

  it('gives each method its arrival date, never a count of days (issue 27)', () => {
    // "Overnight" ordered on the Friday after Thanksgiving arrives Monday: the server's
    // message says "3-day shipping", the date says what the shopper asks.
    const overnight = {
      id: 3,
      name: 'Overnight',
      heb_name: 'משלוח אקספרס',
      days: 3,
      estimated_arrival: '2026-11-30',
      price: 2499,
      message: { kind: 'days' as const, days: 3 },
    }
    expect(methodArrival(overnight, 'eng')).toBe('Arrives Mon, Nov 30')
    expect(methodArrival(overnight, 'heb')).toBe('יגיע ביום ב׳, 30 בנוב׳')
  })

  it('gives pickup its day, or the hours when it is ready today', () => {
    const later = { days: 4, hours: 96, date: '2026-12-01', message: { kind: 'days' as const, days: 4 } }
    expect(pickupReady(later, 'eng')).toBe('Ready Tue, Dec 1')
    expect(pickupReady(later, 'heb')).toBe('מוכן לאיסוף ביום ג׳, 1 בדצמ׳')
    const today = { days: 0, hours: 2, date: '2026-11-27', message: { kind: 'within' as const, hours: 2 } }
    expect(pickupReady(today, 'eng')).toBe('Ready within 2 hours')
  })
})
