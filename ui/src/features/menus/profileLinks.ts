/**
 * Spec 2.6: the account entries. A guest sees Login and no Sign Out (there is no
 * sign-in yet, so every shopper is a guest); favorites go to the guest list (2.1).
 * Paths keep the spec's spellings; the labels are spelled correctly.
 */
export const GUEST_PROFILE_LINKS = [
  { key: 'login', path: '/login' },
  { key: 'myAccount', path: '/account' },
  { key: 'myOrders', path: '/account/orders' },
  { key: 'myFavorites', path: '/favorites' },
  { key: 'buyItAgain', path: '/account/buy-it-again' },
  { key: 'digitalLibrary', path: '/account/digital-libary' },
  { key: 'subscriptions', path: '/account/subscriptions' },
] as const
