import { Navigate, type RouteObject } from 'react-router'
import { Loading } from '@/components/Loading'
import {
  checkoutEntry,
  checkoutSignIn,
  Guard,
  guestFavorites,
  guestOnly,
  requireSignIn,
  reviewEntry,
  type Rule,
} from '@/features/accounts/guards'
import { NotFoundPage } from '@/features/errors/components/NotFoundPage'
import { RouteError } from '@/features/errors/components/RouteError'
import { ServerErrorPage } from '@/features/errors/components/ServerErrorPage'
import { Layout } from './Layout'
import { RaisedErrors } from './RaisedErrors'
import type { RouteHandle, RouteName } from './routeHandle'

// The whole route table of spec 2.1, in one place. Every screen is its own lazily
// loaded chunk, so the first page downloads only the code it shows. The entry rules
// (guards) of 2.1 are layout routes around the screens they protect.

function handle(name: RouteName, pageName: string): RouteHandle {
  return { name, pageName }
}

/** Routes let in only by `rule` (spec 2.1's entry rules). */
function guarded(rule: Rule, children: RouteObject[]): RouteObject {
  return { element: <Guard rule={rule} />, children }
}

const home = () => import('@/features/home/components/HomePage')
const bundlePage = () => import('@/features/catalog/components/BundlePage')
const productListPage = () => import('@/features/catalog/components/ProductListPage')
const searchResultsPage = () => import('@/features/catalog/components/SearchResultsPage')
const contentPage = () => import('@/features/content/components/ContentPage')
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
const invoicePage = () => import('@/features/orders/components/InvoicePage')
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

/** A product with the offer of the plans that deliver it. */
const productPage = async () => {
  const [page, { SubscribeOffer }] = await Promise.all([
    import('@/features/catalog/components/ProductPage'),
    import('@/features/subscriptions/components/SubscribeOffer'),
  ])
  return { loader: page.loader, element: <page.ProductPage Offer={SubscribeOffer} /> }
}

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

const screens: RouteObject[] = [
  { index: true, handle: handle('Home', 'Home'), lazy: home },
  { path: '/bag', handle: handle('Bag', 'Bag'), lazy: bagPage },
  guarded(checkoutEntry, [{ path: '/checkout', handle: handle('Checkout', 'Checkout'), lazy: checkoutPage }]),
  guarded(reviewEntry, [{ path: '/review', handle: handle('Review', 'Review'), lazy: reviewPage }]),
  { path: '/thank-you/:id', handle: handle('ThankYou', 'Thank You'), lazy: thankYouPage },
  { path: '/orders/guest/:order_id/status', handle: handle('GuestOrderStatus', 'Order Status'), lazy: guestStatusPage },
  guarded(checkoutSignIn, [{ path: '/sign-in', handle: handle('SignIn', 'Sign In'), lazy: signInPage }]),
  guarded(guestOnly, [
    { path: '/login', handle: handle('Login', 'Login'), lazy: loginPage },
    { path: '/register', handle: handle('Register', 'Create Account'), lazy: registerPage },
    { path: '/forgot-password', handle: handle('ForgotPassword', 'Forgot Password'), lazy: forgotPasswordPage },
    { path: '/password/reset/:token', handle: handle('PasswordReset', 'Reset Password'), lazy: resetPasswordPage },
  ]),
  {
    path: '/account',
    handle: handle('Account', 'My Account'),
    element: <Guard rule={requireSignIn} />,
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
  guarded(guestFavorites, [
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
  guarded(requireSignIn, [
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
  { path: '/products/:slug/:id', handle: handle('ProductsShow', 'Product'), lazy: productPage },
  { path: '/bundles/:slug/:id', handle: handle('ProductsShow', 'Bundle'), lazy: bundlePage },
  { path: '/search', handle: handle('SearchIndex', 'Search'), lazy: searchResultsPage },
  { path: '/e-gift-card', handle: handle('eGift', 'E-Gift Card'), lazy: eGiftPage },
  // Beyond the spec's table: where the newsletter confirmation mail links to.
  {
    path: '/newsletter/confirm',
    handle: handle('NewsletterConfirm', 'Newsletter subscription'),
    lazy: () => import('@/features/newsletter/components/ConfirmPage'),
  },
  // Two dynamic segments: /about/43, /shipping-policy/41 ... Paths with a static
  // first segment (/thank-you/:id) outrank it.
  { path: '/:page/:id', handle: handle('ContentPage', 'Page'), lazy: contentPage },
  // Three dynamic segments: /category/mugs/12, /vendor/olive-and-oak/1, /creator/dana-levi/3.
  { path: '/:index/:slug/:id', handle: handle('ProductsIndex', 'Products'), lazy: productListPage },
  { path: '/a/:index/:slug/:id', handle: handle('ProductsIndex', 'Products'), lazy: productListPage },
  { path: '/contact-us', handle: handle('ContactUs', 'Contact Us'), lazy: contactPage },
  { path: '/500', handle: handle('ServerError', 'Server error'), Component: ServerErrorPage },
  { path: '*', handle: handle('404', 'Page not found'), Component: NotFoundPage },
]

export const routes: RouteObject[] = [
  {
    // The last resort, for a failure of the layout itself: shown without the chrome.
    errorElement: <RouteError />,
    children: [
      // Spec 2.4: the invoice has neither header nor footer.
      {
        path: '/view-invoice/:order_id',
        handle: handle('InvoiceViewer', 'Invoice'),
        lazy: invoicePage,
        hydrateFallbackElement: <Loading />,
      },
      // Like the invoice, a return's label prints on a page of its own, without header or footer.
      {
        path: '/return-label/:return_id',
        handle: handle('ReturnLabel', 'Return Label'),
        lazy: () => import('@/features/return-label/components/ReturnLabelPage'),
        hydrateFallbackElement: <Loading />,
      },
      {
        Component: Layout,
        children: [
          {
            // Errors of a screen, and those the shared handler raises on it, render inside
            // the layout, so the header and footer stay.
            Component: RaisedErrors,
            errorElement: <RouteError />,
            // Shown in the layout while the first screen's code and data arrive.
            hydrateFallbackElement: <Loading />,
            children: screens,
          },
        ],
      },
    ],
  },
]
