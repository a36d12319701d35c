/** Spec 2.1's route names (its spellings kept: menus and layout checks use them), plus names for the unnamed routes. */
export type RouteName =
  | 'Home'
  | 'Bag'
  | 'Checkout'
  | 'Review'
  | 'ThankYou'
  | 'InvoiceViewer'
  | 'GuestOrderStatus'
  | 'SignIn'
  | 'Login'
  | 'Register'
  | 'ForgotPassword'
  | 'PasswordReset'
  | 'Account'
  | 'Dashboard'
  | 'Orders'
  | 'Order'
  | 'Favorites'
  | 'BueAgain'
  | 'DigitalLibary'
  | 'Subscriptions'
  | 'SubscriptionsUpdate'
  | 'Addresses'
  | 'Payments'
  | 'GuestFavorites'
  | 'School'
  | 'SelectSchool'
  | 'SelectGrade'
  | 'SelectItems'
  | 'Subscription'
  | 'SubscriptionConfirmation'
  | 'RecurringConfirmation'
  | 'StoreInformation'
  | 'StoreHours'
  | 'StoreAddress'
  | 'VirtualTour'
  | 'Return'
  | 'GiftReturn'
  | 'SelectItemsToReturn'
  | 'ChooseRefundMethod'
  | 'ChooseReturnMethod'
  | 'ReturnConfirmation'
  | 'ReturnLabel'
  | 'ProductsShow'
  | 'SearchIndex'
  | 'eGift'
  | 'NewsletterConfirm'
  | 'ContentPage'
  | 'ProductsIndex'
  | 'ContactUs'
  | 'ServerError'
  | '404'

export interface RouteHandle {
  name: RouteName
  /** The page name a shopper reads: the `<h1>` and tab title of screens without data of their own. */
  pageName: string
}

export function handle(name: RouteName, pageName: string): RouteHandle {
  return { name, pageName }
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'name' in handle && 'pageName' in handle
}

/** The handle of the deepest matched route that has one. */
export function currentHandle(matches: readonly { handle?: unknown }[]): RouteHandle | undefined {
  return matches.map((match) => match.handle).findLast(isRouteHandle)
}
