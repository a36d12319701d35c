import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    title: 'Home',
    welcome: 'Welcome to Olive Lane',
    intro: 'Home goods, gifts, books and school supplies, chosen with care.',
    departments: 'Departments',
    noDepartments: 'No departments yet.',
    newArrivals: 'New arrivals',
    noNewArrivals: 'No new arrivals yet.',
    bundles: 'Bundles',
    noBundles: 'No bundles yet.',
  },
  heb: {
    title: 'דף הבית',
    welcome: 'ברוכים הבאים לשדרת הזית',
    intro: 'כלי בית, מתנות, ספרים וציוד לבית הספר, שנבחרו באהבה.',
    departments: 'מחלקות',
    noDepartments: 'אין עדיין מחלקות.',
    newArrivals: 'חדש בחנות',
    noNewArrivals: 'אין עדיין מוצרים חדשים.',
    bundles: 'מארזים',
    noBundles: 'אין עדיין מארזים.',
  },
})
