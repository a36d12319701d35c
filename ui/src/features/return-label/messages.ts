import { defineMessages } from '@/lib/i18n'

/** The return label's interface text; the items' titles come from the API. */
export const messages = defineMessages({
  eng: {
    pageName: 'Return Label',
    labelTitle: 'Prepaid return label',
    dropOffTitle: 'Drop-off slip',
    returnNumber: 'Return number',
    barcode: 'Barcode of return {number}',
    from: 'From',
    handwrittenFrom: 'Your name and address',
    to: 'To',
    items: 'Items coming back',
    quantity: '× {n}',
    labelSteps:
      'Pack the items securely, stick this label on the parcel and hand it to any post office. Postage is prepaid.',
    dropOffSteps: 'Bring the items and this slip (or the return number) to our store.',
    alreadyReceived: 'We have already received this return, so there is nothing more to send.',
    rejected: 'This return was turned down, so there is nothing to send.',
    print: 'Print',
    backToReturn: 'Back to the return',
    notFound:
      'We couldn’t find this return. Check the link in the e-mail we sent you, or start from your order to see its returns.',
    goToReturns: 'Go to returns',
    failed: 'We couldn’t load this return. Please try again.',
    tryAgain: 'Try again',
  },
  heb: {
    pageName: 'תווית החזרה',
    labelTitle: 'תווית החזרה ששולמה מראש',
    dropOffTitle: 'טופס מסירה בחנות',
    returnNumber: 'מספר החזרה',
    barcode: 'ברקוד של החזרה {number}',
    from: 'מאת',
    handwrittenFrom: 'השם והכתובת שלך',
    to: 'אל',
    items: 'הפריטים שחוזרים',
    quantity: '× {n}',
    labelSteps: 'ארזו את הפריטים היטב, הדביקו את התווית הזאת על החבילה ומסרו אותה בכל סניף דואר. דמי המשלוח כבר שולמו.',
    dropOffSteps: 'הביאו לחנות שלנו את הפריטים ואת הטופס הזה (או את מספר ההחזרה).',
    alreadyReceived: 'ההחזרה הזאת כבר הגיעה אלינו, כך שאין צורך לשלוח דבר.',
    rejected: 'ההחזרה הזאת נדחתה, כך שאין מה לשלוח.',
    print: 'הדפסה',
    backToReturn: 'חזרה לפרטי ההחזרה',
    notFound:
      'לא מצאנו את ההחזרה הזאת. בדקו את הקישור בדואר האלקטרוני ששלחנו לכם, או התחילו מההזמנה כדי לראות את ההחזרות שלה.',
    goToReturns: 'מעבר להחזרות',
    failed: 'לא הצלחנו לטעון את ההחזרה. נסו שוב.',
    tryAgain: 'לנסות שוב',
  },
})
