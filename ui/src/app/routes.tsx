import { matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router'
import { Loading } from '@/components/Loading'
import { NotFoundPage } from '@/features/errors/components/NotFoundPage'
import { RouteError } from '@/features/errors/components/RouteError'
import { ServerErrorPage } from '@/features/errors/components/ServerErrorPage'
import { Layout } from './Layout'
import { RaisedErrors } from './RaisedErrors'
import { currentHandle, handle } from './routeHandle'

// Spec 2.1's route table. This part holds the screens a visit usually starts on (those
// the server paints: home, listings, products, bundles and search), content pages and
// the error pages; the rest (moreRoutes.tsx) is found on the way (`discoverRoutes`), so
// the first screen's code carries neither their routes nor the list of their files.
// Every screen is its own lazily loaded chunk, so the first page downloads only the
// code it shows.

const home = () => import('@/features/home/components/HomePage')
const bundlePage = () => import('@/features/catalog/components/BundlePage')
const productListPage = () => import('@/features/catalog/components/ProductListPage')
const searchResultsPage = () => import('@/features/catalog/components/SearchResultsPage')
const contentPage = () => import('@/features/content/components/ContentPage')
/** A product with the offer of the plans that deliver it. */
const productPage = async () => {
  const [page, { SubscribeOffer }] = await Promise.all([
    import('@/features/catalog/components/ProductPage'),
    import('@/features/subscriptions/components/SubscribeOffer'),
  ])
  return { loader: page.loader, element: <page.ProductPage Offer={SubscribeOffer} /> }
}

const screens: RouteObject[] = [
  { index: true, handle: handle('Home', 'Home'), lazy: home },
  { path: '/products/:slug/:id', handle: handle('ProductsShow', 'Product'), lazy: productPage },
  { path: '/bundles/:slug/:id', handle: handle('ProductsShow', 'Bundle'), lazy: bundlePage },
  { path: '/search', handle: handle('SearchIndex', 'Search'), lazy: searchResultsPage },
  // Two dynamic segments: /about/43, /shipping-policy/41 ... Paths with a static
  // first segment (/thank-you/:id) outrank it.
  { path: '/:page/:id', handle: handle('ContentPage', 'Page'), lazy: contentPage },
  // Three dynamic segments: /category/mugs/12, /vendor/olive-and-oak/1, /creator/dana-levi/3.
  { path: '/:index/:slug/:id', handle: handle('ProductsIndex', 'Products'), lazy: productListPage },
  { path: '/a/:index/:slug/:id', handle: handle('ProductsIndex', 'Products'), lazy: productListPage },
  { path: '/500', handle: handle('ServerError', 'Server error'), Component: ServerErrorPage },
  { path: '*', handle: handle('404', 'Page not found'), Component: NotFoundPage },
]

/** Where `discoverRoutes` adds the rest of the table. */
const SCREENS = 'screens'

export const routes: RouteObject[] = [
  {
    // The last resort, for a failure of the layout itself: shown without the chrome.
    errorElement: <RouteError />,
    children: [
      // Spec 2.4: the invoice has neither header nor footer. (Its route is here, not with the
      // rest of the table: found on the way, the page would show the layout meanwhile.)
      {
        path: '/view-invoice/:order_id',
        handle: handle('InvoiceViewer', 'Invoice'),
        lazy: async () => (await import('./moreRoutes')).invoicePage(),
        hydrateFallbackElement: <Loading />,
      },
      // Like the invoice, a return's label prints on a page of its own, without header or footer.
      {
        path: '/return-label/:return_id',
        handle: handle('ReturnLabel', 'Return Label'),
        lazy: async () => (await import('./moreRoutes')).returnLabelPage(),
        hydrateFallbackElement: <Loading />,
      },
      {
        Component: Layout,
        children: [
          {
            id: SCREENS,
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

/** The lists a listing path may name (as the server's painter knows them, crates/app/src/first_screen/routes.rs). */
const LIST_INDEXES: readonly (string | undefined)[] = ['category', 'vendor', 'creator']

/**
 * The router's `patchRoutesOnNavigation`: before it settles on a path the table above
 * answers only with a catch-all (a content page, a listing, not found: `/account/orders`
 * reads as a content page), it asks here, and the rest of the table (moreRoutes.tsx) is
 * loaded and added, where its routes outrank the catch-alls. A product's, bundle's or
 * listing's path is certain and waits for nothing.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const matches = matchRoutes(routes, path) ?? []
  const name = currentHandle(matches.map((match) => match.route))?.name
  const index = matches.at(-1)?.params.index
  if (name === 'ProductsShow' || (name === 'ProductsIndex' && LIST_INDEXES.includes(index))) return
  patch(SCREENS, (await import('./moreRoutes')).screens)
}
