import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    menu: 'Menu',
    departments: 'Departments',
    loading: 'Loading departments…',
    unavailable: 'Departments are unavailable right now.',
  },
  heb: {
    menu: 'תפריט',
    departments: 'מחלקות',
    loading: 'טוען מחלקות…',
    unavailable: 'המחלקות אינן זמינות כרגע.',
  },
})
