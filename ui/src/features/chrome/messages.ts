import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    bag: 'Bag',
    bagWithCount: 'Bag, {count} items',
    language: 'Language',
    announcement: 'Welcome to our new website! New products and features added daily.',
    announcementContact: 'Contact us at {email}',
    beta: 'This is our new beta store. Tell us what you think!',
    closeBeta: 'Close the beta notice',
    testStore: 'Test store: nothing is charged. Pay with the test card',
    freeShippingOver: 'Free Shipping over {amount}',
    freeShippingAll: 'Free Shipping on all orders',
    freeShippingDetails: 'Details',
    proxy:
      'Performance of this website is impacted by a content filter or proxy. Please contact your provider to whitelist this website.',
    dismissTemporarily: 'Dismiss temporarily',
    top: 'Top',
  },
  heb: {
    bag: 'סל',
    bagWithCount: 'סל, {count} פריטים',
    language: 'שפה',
    announcement: 'ברוכים הבאים לאתר החדש שלנו! מוצרים ואפשרויות חדשים מתווספים מדי יום.',
    announcementContact: 'צרו קשר: {email}',
    beta: 'זו חנות הבטא החדשה שלנו. נשמח לשמוע מה דעתכם!',
    closeBeta: 'סגירת הודעת הבטא',
    testStore: 'חנות לניסיון: שום תשלום לא נגבה. שלמו בכרטיס הניסיון',
    freeShippingOver: 'משלוח חינם מעל {amount}',
    freeShippingAll: 'משלוח חינם בכל ההזמנות',
    freeShippingDetails: 'פרטים',
    proxy: 'ביצועי האתר נפגעים בגלל מסנן תוכן או שרת מתווך. נא לפנות לספק כדי להוסיף את האתר לרשימת ההיתרים.',
    dismissTemporarily: 'הסתרה זמנית',
    top: 'למעלה',
  },
})
