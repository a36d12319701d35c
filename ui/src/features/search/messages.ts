import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    search: 'Search',
    searchFor: 'Search: {text}',
    placeholder: 'Search Olive Lane',
    suggestions: 'Search suggestions',
    close: 'Close search',
    hebrewKeyboard: 'Hebrew keyboard',
    keyboard: 'On-screen Hebrew keyboard',
    loadingKeyboard: 'Loading the keyboard…',
    erase: 'Delete',
    space: 'space',
    digits: '123, digits and symbols',
    letters: 'אבג, Hebrew letters',
  },
  heb: {
    search: 'חיפוש',
    searchFor: 'חיפוש: {text}',
    placeholder: 'חיפוש בשדרת הזית',
    suggestions: 'הצעות חיפוש',
    close: 'סגירת החיפוש',
    hebrewKeyboard: 'מקלדת עברית',
    keyboard: 'מקלדת עברית על המסך',
    loadingKeyboard: 'המקלדת נטענת…',
    erase: 'מחיקה',
    space: 'רווח',
    digits: '123, ספרות וסימנים',
    letters: 'אבג, אותיות עבריות',
  },
})
