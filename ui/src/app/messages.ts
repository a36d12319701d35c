import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    skip: 'Skip to main content',
    home: 'Olive Lane, home',
    notices: 'Store notices',
  },
  heb: {
    skip: 'דילוג לתוכן הראשי',
    home: 'שדרת הזית, דף הבית',
    notices: 'הודעות החנות',
  },
})
