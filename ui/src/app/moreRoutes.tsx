import { Navigate, type RouteObject } from 'react-router'
import { handle } from './routeHandle'

// The rest of spec 2.1's route table (routes.tsx has the screens a visit usually starts
// on): found when the shopper first heads for one of them (`discoverRoutes`), so the
// first screen's code neither holds their routes nor the list of their files. Every
// screen is its own lazily loaded chunk. The entry rules (guards) of 2.1 are layout
// routes around the screens they protect.

type RuleName = 'requireSignIn' | 'guestOnly' | 'checkoutSignIn' | 'checkoutEntry' | 'reviewEntry' | 'guestFavorites'

/** The layout route of spec 2.1's entry rule `rule`, whose code loads with the screens it guards. */
function guard(rule: RuleName) {
  return async () => {
    const guards = await import('@/features/accounts/guards')
    return { element: <guards.Guard rule={guards[rule]} /> }
  }
}

/** Routes let in only by `rule` (spec 2.1's entry rules). */
function guarded(rule: RuleName, children: RouteObject[]): RouteObject {
  return { lazy: guard(rule), children }
}

const contactPage = () => import('@/features/content/components/ContactPage')
const storeInformationPage = () => import('@/features/content/components/StoreInformationPage')
const storeHoursPage = () => import('@/features/content/components/StoreHoursPage')
const storeAddressPage = () => import('@/features/content/components/StoreAddressPage')
const virtualTourPage = () => import('@/features/content/components/VirtualTourPage')
const bagPage = () => import('@/features/bag/components/BagPage')
const guestFavoritesPage = () => import('@/features/bag/components/FavoritesPage')
const loginPage = () => import('@/features/accounts/components/LoginPage')
const registerPage = () => import('@/features/accounts/components/RegisterPage')
const forgotPasswordPage = () => import('@/features/accounts/components/ForgotPasswordPage')
const resetPasswordPage = () => import('@/features/accounts/components/ResetPasswordPage')
const dashboardPage = () => import('@/features/accounts/components/DashboardPage')
const accountFavoritesPage = () => import('@/features/account/components/AccountFavoritesPage')
const addressesPage = () => import('@/features/account/components/AddressesPage')
const paymentsPage = () => import('@/features/account/components/PaymentsPage')
const checkoutPage = () => import('@/features/checkout/components/CheckoutPage')
const reviewPage = () => import('@/features/checkout/components/ReviewPage')
const signInPage = () => import('@/features/checkout/components/SignInPage')
const guestStatusPage = () => import('@/features/orders/components/GuestStatusPage')
const eGiftPage = () => import('@/features/egift/components/EGiftCardPage')
const startReturnPage = () => import('@/features/returns/components/StartReturnPage')
const selectItemsPage = () => import('@/features/returns/components/SelectItemsPage')
const refundMethodPage = () => import('@/features/returns/components/RefundMethodPage')
const returnMethodPage = () => import('@/features/returns/components/ReturnMethodPage')
const returnConfirmationPage = () => import('@/features/returns/components/ConfirmationPage')
// The account's order screens share one chunk.
const accountOrders = (page: 'OrdersPage' | 'BuyItAgainPage' | 'DigitalLibraryPage') => async () => ({
  Component: (await import('@/features/account/components/OrderPages'))[page],
})
const schoolStartPage = () => import('@/features/school/components/SchoolStartPage')
const selectSchoolPage = () => import('@/features/school/components/SelectSchoolPage')
const selectGradePage = () => import('@/features/school/components/SelectGradePage')
const selectSuppliesPage = () => import('@/features/school/components/SelectItemsPage')
const subscriptionsPage = () => import('@/features/subscriptions/components/SubscriptionsPage')
const subscriptionUpdatePage = () => import('@/features/subscriptions/components/UpdatePage')
const recurringConfirmationPage = () => import('@/features/subscriptions/components/RecurringConfirmationPage')
const subscriptionConfirmationPage = () => import('@/features/subscriptions/components/SubscriptionConfirmationPage')

// Screens that show a part of another feature's. A feature never imports another, so
// the shell, which may import them all, hands each screen the part it shows; both
// chunks load together.
const repeatOrder = () => import('@/features/subscriptions/components/RepeatOrder')

/** The order just placed, and for a customer "Repeat this order". */
const thankYouPage = async () => {
  const [{ ThankYouPage }, { RepeatOrder }] = await Promise.all([
    import('@/features/orders/components/ThankYouPage'),
    repeatOrder(),
  ])
  return { element: <ThankYouPage Repeat={RepeatOrder} /> }
}

/** One of the customer's orders, and "Repeat this order". */
const accountOrderPage = async () => {
  const [{ OrderPage }, { RepeatOrder }] = await Promise.all([
    import('@/features/account/components/OrderPages'),
    repeatOrder(),
  ])
  return { element: <OrderPage Repeat={RepeatOrder} /> }
}

/** A group of plans to buy, with the account's forms for a new address and card. */
const subscribePage = async () => {
  const [{ SubscribePage }, { AddressForm }, { CardForm }] = await Promise.all([
    import('@/features/subscriptions/components/SubscribePage'),
    import('@/features/account/components/AddressForm'),
    import('@/features/account/components/CardForm'),
  ])
  return { element: <SubscribePage forms={{ AddressForm, CardForm }} /> }
}

/** The screens in the layout, beside those of routes.tsx. */
export const screens: RouteObject[] = [
  { path: '/bag', handle: handle('Bag', 'Bag'), lazy: bagPage },
  guarded('checkoutEntry', [{ path: '/checkout', handle: handle('Checkout', 'Checkout'), lazy: checkoutPage }]),
  guarded('reviewEntry', [{ path: '/review', handle: handle('Review', 'Review'), lazy: reviewPage }]),
  { path: '/thank-you/:id', handle: handle('ThankYou', 'Thank You'), lazy: thankYouPage },
  { path: '/orders/guest/:order_id/status', handle: handle('GuestOrderStatus', 'Order Status'), lazy: guestStatusPage },
  guarded('checkoutSignIn', [{ path: '/sign-in', handle: handle('SignIn', 'Sign In'), lazy: signInPage }]),
  guarded('guestOnly', [
    { path: '/login', handle: handle('Login', 'Login'), lazy: loginPage },
    { path: '/register', handle: handle('Register', 'Create Account'), lazy: registerPage },
    { path: '/forgot-password', handle: handle('ForgotPassword', 'Forgot Password'), lazy: forgotPasswordPage },
    { path: '/password/reset/:token', handle: handle('PasswordReset', 'Reset Password'), lazy: resetPasswordPage },
  ]),
  {
    path: '/account',
    handle: handle('Account', 'My Account'),
    lazy: guard('requireSignIn'),
    children: [
      { index: true, element: <Navigate to="/account/dashboard" replace /> },
      { path: 'dashboard', handle: handle('Dashboard', 'My Account'), lazy: dashboardPage },
      { path: 'orders', handle: handle('Orders', 'My Orders'), lazy: accountOrders('OrdersPage') },
      { path: 'orders/:id', handle: handle('Order', 'Order Details'), lazy: accountOrderPage },
      { path: 'favorites', handle: handle('Favorites', 'My Favorites'), lazy: accountFavoritesPage },
      { path: 'buy-it-again', handle: handle('BueAgain', 'Buy it Again'), lazy: accountOrders('BuyItAgainPage') },
      {
        path: 'digital-libary',
        handle: handle('DigitalLibary', 'Digital Library'),
        lazy: accountOrders('DigitalLibraryPage'),
      },
      { path: 'subscriptions', handle: handle('Subscriptions', 'Subscriptions'), lazy: subscriptionsPage },
      {
        path: 'subscriptions-update/:subscription_id',
        handle: handle('SubscriptionsUpdate', 'Update Subscription'),
        lazy: subscriptionUpdatePage,
      },
      // Beyond the spec's children: the saved addresses and cards (spec 3's customer).
      { path: 'addresses', handle: handle('Addresses', 'My Addresses'), lazy: addressesPage },
      { path: 'payments', handle: handle('Payments', 'Payment Methods'), lazy: paymentsPage },
    ],
  },
  guarded('guestFavorites', [
    { path: '/favorites', handle: handle('GuestFavorites', 'Favorites'), lazy: guestFavoritesPage },
  ]),
  { path: '/school', handle: handle('School', 'School Supplies'), lazy: schoolStartPage },
  {
    path: '/school/select-your-school/:country/:zip',
    handle: handle('SelectSchool', 'Select Your School'),
    lazy: selectSchoolPage,
  },
  {
    path: '/school/select-your-grade/:grade_id',
    handle: handle('SelectGrade', 'Select Your Grade'),
    lazy: selectGradePage,
  },
  {
    path: '/school/select-your-supplies/:grade_id/:list_id',
    handle: handle('SelectItems', 'Select Your Supplies'),
    lazy: selectSuppliesPage,
  },
  // Like /account, a subscription and a recurring order are the customer's own: a guest signs in first.
  guarded('requireSignIn', [
    { path: '/subscription/:type_id/:group_id', handle: handle('Subscription', 'Subscription'), lazy: subscribePage },
    {
      path: '/subscription-confirmation/:subscription_id',
      handle: handle('SubscriptionConfirmation', 'Subscription Confirmation'),
      lazy: subscriptionConfirmationPage,
    },
    {
      path: '/recurring-confirmation/:recurring_id',
      handle: handle('RecurringConfirmation', 'Recurring Order Confirmation'),
      lazy: recurringConfirmationPage,
    },
  ]),
  {
    path: '/store-information',
    handle: handle('StoreInformation', 'Store Information'),
    lazy: storeInformationPage,
    children: [
      { index: true, element: <Navigate to="/store-information/address" replace /> },
      { path: 'hours', handle: handle('StoreHours', 'Store Hours'), lazy: storeHoursPage },
      { path: 'address', handle: handle('StoreAddress', 'Store Address'), lazy: storeAddressPage },
      { path: 'virtual-tour', handle: handle('VirtualTour', 'Virtual Tour'), lazy: virtualTourPage },
    ],
  },
  { path: '/return', handle: handle('Return', 'Start a Return'), lazy: startReturnPage },
  {
    path: '/gift-return',
    handle: handle('GiftReturn', 'Gift Return'),
    lazy: () => import('@/features/gift-return/components/GiftReturnPage'),
  },
  {
    path: '/select-items-to-return',
    handle: handle('SelectItemsToReturn', 'Select Items to Return'),
    lazy: selectItemsPage,
  },
  {
    path: '/choose-a-refund-method',
    handle: handle('ChooseRefundMethod', 'Choose a Refund Method'),
    lazy: refundMethodPage,
  },
  {
    path: '/choose-a-return-method',
    handle: handle('ChooseReturnMethod', 'Choose a Return Method'),
    lazy: returnMethodPage,
  },
  {
    path: '/return-confirmation/:return_id',
    handle: handle('ReturnConfirmation', 'Return Confirmation'),
    lazy: returnConfirmationPage,
  },
  { path: '/e-gift-card', handle: handle('eGift', 'E-Gift Card'), lazy: eGiftPage },
  // Beyond the spec's table: where the newsletter confirmation mail links to.
  {
    path: '/newsletter/confirm',
    handle: handle('NewsletterConfirm', 'Newsletter subscription'),
    lazy: () => import('@/features/newsletter/components/ConfirmPage'),
  },
  { path: '/contact-us', handle: handle('ContactUs', 'Contact Us'), lazy: contactPage },
]

// The pages without header or footer: their routes are in routes.tsx, matched at once (a
// visit straight to one must not show the layout while its route is found); their code
// loads through here.
export const invoicePage = () => import('@/features/orders/components/InvoicePage')
export const returnLabelPage = () => import('@/features/return-label/components/ReturnLabelPage')
