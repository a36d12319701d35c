import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    notFoundTitle: 'Page not found',
    notFoundText: 'We could not find the page you were looking for. It may have moved, or the link may be mistyped.',
    home: 'Go to the home page',
    serverErrorTitle: 'Server error',
    serverErrorText: 'Something went wrong on our side. Please try again in a few minutes.',
    unexpectedTitle: 'Something went wrong',
    offline: 'We could not reach the store. Check your connection and try again.',
    unexpected: 'This page could not be shown. Please try again.',
    tryAgain: 'Try again',
  },
  heb: {
    notFoundTitle: 'הדף לא נמצא',
    notFoundText: 'לא מצאנו את הדף שחיפשתם. ייתכן שהוא עבר למקום אחר, או שיש טעות בקישור.',
    home: 'לדף הבית',
    serverErrorTitle: 'שגיאת שרת',
    serverErrorText: 'משהו השתבש אצלנו. נא לנסות שוב בעוד כמה דקות.',
    unexpectedTitle: 'משהו השתבש',
    offline: 'לא הצלחנו להתחבר לחנות. בדקו את החיבור ונסו שוב.',
    unexpected: 'לא הצלחנו להציג את הדף. נא לנסות שוב.',
    tryAgain: 'לנסות שוב',
  },
})
