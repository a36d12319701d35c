/**
 * Spec 2.6: the account entries. Login is for a guest only (a customer gets Sign Out
 * instead, which is a button, not a link); favorites go to the guest list or to the
 * account's (2.1). Paths keep the spec's spellings; the labels are spelled correctly.
 */
export function profileLinks(signedIn: boolean) {
  return [
    ...(signedIn ? [] : [{ key: 'login', path: '/login' } as const]),
    { key: 'myAccount', path: '/account' },
    { key: 'myOrders', path: '/account/orders' },
    { key: 'myFavorites', path: signedIn ? '/account/favorites' : '/favorites' },
    { key: 'buyItAgain', path: '/account/buy-it-again' },
    { key: 'digitalLibrary', path: '/account/digital-libary' },
    { key: 'subscriptions', path: '/account/subscriptions' },
  ] as const
}
