import { defineMessages } from '@/lib/i18n'

/** Words of the shared components that a shopper (or a screen reader) meets on product cards and pages. */
export const messages = defineMessages({
  eng: {
    now: 'Now',
    was: 'Was',
    convertedIn: 'About, in {currency}:',
    outOfStock: 'Out of stock',
    breadcrumb: 'Breadcrumb',
    home: 'Home',
    addToBag: 'Add to Bag',
    chooseOptions: 'Choose options',
    saveToFavorites: 'Save to Favorites',
    saved: 'Saved',
    personalization: 'Personalization',
    personalizationField: '{label} (+{price})',
    personalizationLimit: 'Up to {n} characters',
  },
  heb: {
    now: 'עכשיו',
    was: 'במקום',
    convertedIn: 'בערך, ב{currency}:',
    outOfStock: 'אזל מהמלאי',
    breadcrumb: 'פירורי לחם',
    home: 'דף הבית',
    addToBag: 'הוספה לסל',
    chooseOptions: 'בחירת אפשרויות',
    saveToFavorites: 'שמירה במועדפים',
    saved: 'נשמר',
    personalization: 'התאמה אישית',
    personalizationField: '{label} (+{price})',
    personalizationLimit: 'עד {n} תווים',
  },
})
