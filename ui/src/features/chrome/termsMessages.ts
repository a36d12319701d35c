import { defineMessages } from '@/lib/i18n'

/** The free-shipping terms popup's words (spec 2.9), loaded with it. */
export const messages = defineMessages({
  eng: {
    termsTitle: 'Free Shipping over {amount} to {place}',
    termsTitleAll: 'Free Shipping on all orders to {place}',
    yourAddress: 'your address',
    termsThreshold: 'Your merchandise total, before savings and estimated tax, must reach {amount}.',
    termsCombine: 'Orders cannot be combined.',
    termsReturns: 'Returns are free within 30 days of delivery on almost everything.',
    termsExcluded: 'Some items are excluded from free shipping and free returns.',
    shippingPolicy: 'Shipping Policy',
    returnPolicy: 'Return Policy',
    close: 'Close',
  },
  heb: {
    termsTitle: 'משלוח חינם מעל {amount} אל {place}',
    termsTitleAll: 'משלוח חינם בכל ההזמנות אל {place}',
    yourAddress: 'הכתובת שלך',
    termsThreshold: 'סכום הסחורה, לפני הנחות ומס משוער, צריך להגיע ל־{amount}.',
    termsCombine: 'לא ניתן לאחד הזמנות.',
    termsReturns: 'החזרות חינם בתוך 30 יום מהמסירה כמעט על כל המוצרים.',
    termsExcluded: 'חלק מהפריטים אינם כלולים במשלוח חינם ובהחזרה חינם.',
    shippingPolicy: 'מדיניות משלוחים',
    returnPolicy: 'מדיניות החזרות',
    close: 'סגירה',
  },
})
