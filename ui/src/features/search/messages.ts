import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    search: 'Search',
    searchFor: 'Search: {text}',
    placeholder: 'Search Olive Lane',
    suggestions: 'Search suggestions',
  },
  heb: {
    search: 'חיפוש',
    searchFor: 'חיפוש: {text}',
    placeholder: 'חיפוש בשדרת הזית',
    suggestions: 'הצעות חיפוש',
  },
})
