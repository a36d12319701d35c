import { defineMessages } from '@/lib/i18n'

/** The account and assistance panels' words, loaded with them. */
export const messages = defineMessages({
  eng: {
    helloName: 'Hello, {name}',
    login: 'Login',
    myAccount: 'My Account',
    myOrders: 'My Orders',
    myFavorites: 'My Favorites',
    buyItAgain: 'Buy it Again',
    digitalLibrary: 'Digital Library',
    subscriptions: 'Subscriptions',
    signOut: 'Sign Out',
    hiThere: 'Hi there',
    hiName: 'Hi, {name}',
    chat: 'Chat with us',
    email: 'E-mail us at {email}',
  },
  heb: {
    helloName: 'שלום, {name}',
    login: 'התחברות',
    myAccount: 'החשבון שלי',
    myOrders: 'ההזמנות שלי',
    myFavorites: 'המועדפים שלי',
    buyItAgain: 'לקנות שוב',
    digitalLibrary: 'הספרייה הדיגיטלית',
    subscriptions: 'מינויים',
    signOut: 'התנתקות',
    hiThere: 'היי',
    hiName: 'היי, {name}',
    chat: 'צ׳אט איתנו',
    email: 'כתבו לנו: {email}',
  },
})
