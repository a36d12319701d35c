import { formatCalendarDate } from '@/lib/dates'
import { format } from '@/lib/i18n'
import type { ShippingMessage } from '@/lib/location'
import type { Language } from '@/lib/preferences'
import { shippingWords } from './messages'

/**
 * Spec 9's arrival sentence for a shipping method, from the server's `message`: "Get it
 * Today", "Get it Tomorrow", "{n}-day shipping", or "Get it" and the date ("Get it
 * Friday, January 9"), in `language`.
 */
export function arrivalText(message: ShippingMessage, language: Language): string {
  const say = shippingWords[language]
  switch (message.kind) {
    case 'today':
      return say.shipToday
    case 'tomorrow':
      return say.shipTomorrow
    case 'days':
      return format(say.shipDays, { n: message.days ?? 0 })
    case 'on':
      return format(say.shipOn, { date: formatCalendarDate(message.date ?? '', 'weekday', language) })
    case 'within':
      return readyWithin(message.hours ?? 0, language)
  }
}

/**
 * Spec 9's pickup sentence: the day it is ready ("Ready Friday, January 9"), or within
 * how many hours ("Ready within 2 hours") when it is today.
 */
export function pickupText(message: ShippingMessage, language: Language): string {
  const say = shippingWords[language]
  switch (message.kind) {
    case 'on':
      return format(say.readyOn, { date: formatCalendarDate(message.date ?? '', 'weekday', language) })
    case 'within':
      return readyWithin(message.hours ?? 0, language)
    case 'today':
      return say.readyToday
    case 'tomorrow':
      return say.readyTomorrow
    case 'days':
      return format(say.readyInDays, { n: message.days ?? 0 })
  }
}

function readyWithin(hours: number, language: Language): string {
  const say = shippingWords[language]
  if (hours === 1) return say.readyWithinOne
  if (hours === 2) return say.readyWithinTwo
  return format(say.readyWithin, { n: hours })
}
