import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    account: 'Account',
    help: 'Help',
  },
  heb: {
    account: 'חשבון',
    help: 'עזרה',
  },
})
