import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    title: 'Sign up for our newsletter',
    email: 'E-mail address',
    signUp: 'Sign Up',
    sending: 'Signing up…',
    failed: 'The sign-up did not go through. Please try again.',
    confirmTitle: 'Newsletter subscription',
    confirmUnknown: 'This confirmation link is not valid. It may have been used up or mistyped; please sign up again.',
    confirmMissing: 'This confirmation link is incomplete. Please open the link from the e-mail again.',
    confirmFailed: 'The subscription could not be confirmed right now. Please try the link again later.',
    continueShopping: 'Continue shopping',
  },
  heb: {
    title: 'הרשמה לניוזלטר',
    email: 'כתובת דוא״ל',
    signUp: 'הרשמה',
    sending: 'נרשם…',
    failed: 'ההרשמה לא הצליחה. נא לנסות שוב.',
    confirmTitle: 'מינוי לניוזלטר',
    confirmUnknown: 'קישור האישור אינו תקף. ייתכן שכבר נוצל או הועתק בטעות; נא להירשם שוב.',
    confirmMissing: 'קישור האישור חסר. נא לפתוח שוב את הקישור מהדוא״ל.',
    confirmFailed: 'לא ניתן לאשר את המינוי כרגע. נא לנסות את הקישור שוב מאוחר יותר.',
    continueShopping: 'להמשך קנייה',
  },
})
