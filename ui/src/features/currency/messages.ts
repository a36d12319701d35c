import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    currency: 'Currency',
    usDollar: 'US Dollar',
  },
  heb: {
    currency: 'מטבע',
    usDollar: 'דולר אמריקאי',
  },
})
