import { defineMessages } from '@/lib/i18n'

/** The slide-in department menu's words, loaded with it. */
export const messages = defineMessages({
  eng: {
    hello: 'Hello',
    helloName: 'Hello, {name}',
    back: 'Back',
    showAll: '{name} - Show All',
    close: 'Close the menu',
  },
  heb: {
    hello: 'שלום',
    helloName: 'שלום, {name}',
    back: 'חזרה',
    showAll: '{name} - הצגת הכול',
    close: 'סגירת התפריט',
  },
})
