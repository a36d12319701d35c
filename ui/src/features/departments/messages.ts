import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    menu: 'Menu',
    departments: 'Departments',
    hello: 'Hello',
    helloName: 'Hello, {name}',
    back: 'Back',
    showAll: '{name} - Show All',
    close: 'Close the menu',
    loading: 'Loading departments…',
    unavailable: 'Departments are unavailable right now.',
  },
  heb: {
    menu: 'תפריט',
    departments: 'מחלקות',
    hello: 'שלום',
    helloName: 'שלום, {name}',
    back: 'חזרה',
    showAll: '{name} - הצגת הכול',
    close: 'סגירת התפריט',
    loading: 'טוען מחלקות…',
    unavailable: 'המחלקות אינן זמינות כרגע.',
  },
})
