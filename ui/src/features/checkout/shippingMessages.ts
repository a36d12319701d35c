import { formatCalendarDate } from '@/lib/dates'
import { format } from '@/lib/i18n'
import type { MethodOption, PickupOption, ShippingMessage } from '@/lib/location'
import type { Language } from '@/lib/preferences'
import { shippingWords } from './messages'

// Every arrival and pickup day is written the one way: "Mon, Nov 30".
const dayOf = (date: string, language: Language) => formatCalendarDate(date, 'weekday', language)

/**
 * When a shipping method brings the order, as a date ("Arrives Mon, Nov 30"): a count of
 * days reads as a contradiction beside "Overnight" over a weekend, and a shopper asks
 * "will it arrive by …?" (issue 27).
 */
export function methodArrival(method: MethodOption, language: Language): string {
  return format(shippingWords[language].arrivesOn, { date: dayOf(method.estimated_arrival, language) })
}

/** When a pickup order is ready: within hours today ("Ready within 2 hours"), else the day ("Ready Tue, Dec 1"). */
export function pickupReady(pickup: PickupOption, language: Language): string {
  if (pickup.message.kind === 'within') return readyWithin(pickup.message.hours ?? 0, language)
  return format(shippingWords[language].readyOn, { date: dayOf(pickup.date, language) })
}

/**
 * Spec 9's arrival sentence for a shipping method, from the server's `message`: "Get it
 * Today", "Get it Tomorrow", "{n}-day shipping", or "Get it" and the date ("Get it
 * Fri, Jan 9"), in `language`.
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
      return format(say.shipOn, { date: dayOf(message.date ?? '', language) })
    case 'within':
      return readyWithin(message.hours ?? 0, language)
  }
}

/**
 * Spec 9's pickup sentence: the day it is ready ("Ready Fri, Jan 9"), or within
 * how many hours ("Ready within 2 hours") when it is today.
 */
export function pickupText(message: ShippingMessage, language: Language): string {
  const say = shippingWords[language]
  switch (message.kind) {
    case 'on':
      return format(say.readyOn, { date: dayOf(message.date ?? '', language) })
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
