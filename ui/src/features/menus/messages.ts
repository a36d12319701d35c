import { defineMessages } from '@/lib/i18n'

export const messages = defineMessages({
  eng: {
    account: 'Account',
    login: 'Login',
    myAccount: 'My Account',
    myOrders: 'My Orders',
    myFavorites: 'My Favorites',
    buyItAgain: 'Buy it Again',
    digitalLibrary: 'Digital Library',
    subscriptions: 'Subscriptions',
    help: 'Help',
    hiThere: 'Hi there',
    chat: 'Chat with us',
    email: 'E-mail us at {email}',
  },
  heb: {
    account: 'חשבון',
    login: 'התחברות',
    myAccount: 'החשבון שלי',
    myOrders: 'ההזמנות שלי',
    myFavorites: 'המועדפים שלי',
    buyItAgain: 'לקנות שוב',
    digitalLibrary: 'הספרייה הדיגיטלית',
    subscriptions: 'מינויים',
    help: 'עזרה',
    hiThere: 'היי',
    chat: 'צ׳אט איתנו',
    email: 'כתבו לנו: {email}',
  },
})
