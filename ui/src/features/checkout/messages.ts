import { defineMessages } from '@/lib/i18n'

/** Spec 9's shipping and pickup sentences (`shippingMessages.ts` words them). */
export const shippingWords = defineMessages({
  eng: {
    shipToday: 'Get it Today',
    shipTomorrow: 'Get it Tomorrow',
    shipDays: '{n}-day shipping',
    shipOn: 'Get it {date}',
    readyOn: 'Ready {date}',
    readyToday: 'Ready today',
    readyTomorrow: 'Ready tomorrow',
    readyInDays: 'Ready in {n} days',
    readyWithinOne: 'Ready within 1 hour',
    readyWithinTwo: 'Ready within 2 hours',
    readyWithin: 'Ready within {n} hours',
  },
  heb: {
    shipToday: 'מגיע היום',
    shipTomorrow: 'מגיע מחר',
    shipDays: 'משלוח תוך {n} ימים',
    shipOn: 'מגיע ב{date}',
    readyOn: 'מוכן לאיסוף ב{date}',
    readyToday: 'מוכן לאיסוף היום',
    readyTomorrow: 'מוכן לאיסוף מחר',
    readyInDays: 'מוכן לאיסוף בעוד {n} ימים',
    readyWithinOne: 'מוכן לאיסוף תוך שעה',
    readyWithinTwo: 'מוכן לאיסוף תוך שעתיים',
    readyWithin: 'מוכן לאיסוף תוך {n} שעות',
  },
})
