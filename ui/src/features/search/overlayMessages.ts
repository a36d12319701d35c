import { defineMessages } from '@/lib/i18n'

/** The mobile overlay's and its on-screen keyboard's words, loaded with them. */
export const messages = defineMessages({
  eng: {
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
