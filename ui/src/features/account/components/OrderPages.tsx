import { useAtomValue } from 'jotai'
import type { ComponentType, ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { Loading } from '@/components/Loading'
import {
  formatInstant,
  OrderDelivery,
  OrderHistory,
  OrderLines,
  OrderTotals,
  StatusBadge,
  useLineTitle,
} from '@/components/order/OrderParts'
import { OrderReturns } from '@/components/order/OrderReturns'
import { ApiError } from '@/lib/api/errors'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import {
  getCustomerOrders,
  getOrder,
  isDigitalLine,
  readableOrderNumber,
  type Order,
  type OrderLine,
} from '@/lib/orders'
import { languageAtom } from '@/lib/preferences'
import { useAction } from '@/lib/useAction'
import { useBag } from '@/lib/useBag'
import { useLoad } from '@/lib/useLoad'
import { messages, type AccountKey } from '../messages'
import styles from './Account.module.css'
import { AccountScreen } from './AccountScreen'

// The account's order screens (spec 2.1's account children): the orders, one order,
// what to buy again and the digital library, all from `GET /api/customer/orders`
// (newest first) or `GET /api/orders/{number}` with the session.

/** The customer's orders; `children` draws them once they are in. */
function WithOrders({ children }: { children: (orders: Order[]) => ReactNode }) {
  const t = useT(messages)
  const orders = useLoad('customer-orders', (signal) => getCustomerOrders(signal))
  if (orders.state === 'loading') return <Loading />
  if (orders.state === 'failed') {
    return (
      <div role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className={formStyles.secondary} onClick={orders.reload}>
          {t('tryAgain')}
        </button>
      </div>
    )
  }
  return children(orders.data.orders)
}

function Empty({ text }: { text: AccountKey }) {
  const t = useT(messages)
  return (
    <div className={styles.empty}>
      <p>{t(text)}</p>
      <Link to="/">{t('startShopping')}</Link>
    </div>
  )
}

/** `/account/orders`: every order, newest first, with its status, date and total. */
export function OrdersPage() {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  return (
    <AccountScreen title={t('orders')}>
      <WithOrders>
        {(orders) =>
          orders.length === 0 ? (
            <Empty text="noOrders" />
          ) : (
            <ul className={styles.items} aria-label={t('orderList')}>
              {orders.map((order) => {
                const number = readableOrderNumber(order.number)
                return (
                  <li key={order.number} className={styles.item}>
                    <div className={styles.details}>
                      <p>
                        <strong>{t('orderNumber', { number })}</strong>
                      </p>
                      <p>{t('orderPlaced', { date: formatInstant(order.placed_at, language) })}</p>
                      <p>{t('orderTotal', { total: formatPrice(order.totals.total) })}</p>
                      <StatusBadge status={order.status} />
                    </div>
                    <div className={styles.actions}>
                      <Link to={`/account/orders/${order.number}`} aria-label={t('viewOrder', { number })}>
                        {t('orderDetails')}
                      </Link>
                    </div>
                  </li>
                )
              })}
            </ul>
          )
        }
      </WithOrders>
    </AccountScreen>
  )
}

/**
 * `/account/orders/:id`: one order, with its history and a link to the invoice; a
 * delivered order also its returns and a way to start one; a shipped one, a way to
 * have it delivered again on a schedule: `Repeat`, "Repeat this order", which the
 * route hands in (it is the subscriptions feature's, and a feature does not import another).
 */
export function OrderPage({ Repeat }: { Repeat?: ComponentType<{ order: Order; className?: string }> }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const number = readableOrderNumber(useParams().id ?? '')
  const order = useLoad(number, (signal) => getOrder(number, undefined, signal))
  return (
    <AccountScreen title={t('orderDetails')}>
      {order.state === 'loading' && <Loading />}
      {order.state === 'failed' && (
        <div role="alert">
          <p>{order.error instanceof ApiError && order.error.status === 404 ? t('orderNotFound') : t('loadFailed')}</p>
          <Link to="/account/orders">{t('backToOrders')}</Link>
        </div>
      )}
      {order.state === 'done' && (
        <div className={styles.items}>
          <div className={styles.details}>
            <p>
              <strong dir="ltr">{t('orderNumber', { number: readableOrderNumber(order.data.number) })}</strong>
            </p>
            <p>{t('orderPlaced', { date: formatInstant(order.data.placed_at, language) })}</p>
          </div>
          <section aria-labelledby="order-status" className={styles.panel}>
            <h2 id="order-status">{t('status')}</h2>
            <p>
              <StatusBadge status={order.data.status} />
            </p>
            <OrderHistory order={order.data} />
          </section>
          <section aria-labelledby="order-items" className={styles.panel}>
            <h2 id="order-items">{t('items')}</h2>
            <OrderLines order={order.data} />
          </section>
          <section aria-labelledby="order-totals" className={styles.panel}>
            <h2 id="order-totals">{t('totals')}</h2>
            <OrderTotals order={order.data} />
          </section>
          <section aria-labelledby="order-delivery" className={styles.panel}>
            <h2 id="order-delivery">{t('delivery')}</h2>
            <OrderDelivery order={order.data} />
          </section>
          <OrderReturns order={order.data} className={styles.panel} />
          {Repeat && <Repeat order={order.data} className={styles.panel} />}
          <div className={styles.actions}>
            <Link to={`/view-invoice/${order.data.number}`}>{t('viewInvoice')}</Link>
            <Link to="/account/orders">{t('backToOrders')}</Link>
          </div>
        </div>
      )}
    </AccountScreen>
  )
}

interface Bought {
  line: OrderLine
  placedAt: string
}

/**
 * The distinct items of past orders, the most recently ordered first. Gift cards are
 * left out: each is for someone, bought afresh on the e-gift card page.
 */
export function boughtBefore(orders: readonly Order[]): Bought[] {
  const seen = new Set<string>()
  const bought: Bought[] = []
  const newestFirst = [...orders].sort((a, b) => b.placed_at.localeCompare(a.placed_at))
  for (const order of newestFirst) {
    for (const line of order.lines) {
      const key = `${line.type}:${line.id}`
      if (line.gift_card || seen.has(key)) continue
      seen.add(key)
      bought.push({ line, placedAt: order.placed_at })
    }
  }
  return bought
}

/** `/account/buy-it-again`: what the customer ordered before, each with Add to Bag. */
export function BuyItAgainPage() {
  const t = useT(messages)
  return (
    <AccountScreen title={t('buyItAgain')}>
      <WithOrders>
        {(orders) => {
          const bought = boughtBefore(orders)
          if (bought.length === 0) return <Empty text="noBuyItAgain" />
          return (
            <ul className={styles.items} aria-label={t('buyItAgain')}>
              {bought.map((item) => (
                <BoughtItem key={`${item.line.type}:${item.line.id}`} item={item} />
              ))}
            </ul>
          )
        }}
      </WithOrders>
    </AccountScreen>
  )
}

function BoughtItem({ item }: { item: Bought }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const title = useLineTitle()(item.line)
  const bag = useBag()
  const { busy, run } = useAction()
  return (
    <li className={styles.item}>
      <div className={styles.details}>
        <p>
          <Link to={item.line.path} {...title.attributes}>
            {title.text}
          </Link>
        </p>
        <p>{t('lastOrdered', { date: formatInstant(item.placedAt, language) })}</p>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={formStyles.primary}
          aria-disabled={busy || undefined}
          aria-label={t('addToBagNamed', { title: title.text })}
          onClick={() => {
            void run(async () => {
              await bag.add({
                id: item.line.id,
                type: item.line.type,
                quantity: 1,
                item_key: '',
                gift_options: false,
                personalization: {},
              })
            })
          }}
        >
          {t('addToBag')}
        </button>
      </div>
    </li>
  )
}

/** Orders paid for (not only placed, nor cancelled) deliver their digital items. */
const PAID: readonly Order['status'][] = ['paid', 'packed', 'shipped', 'delivered']

/** `/account/digital-libary`: the digital items, services and gift cards of paid orders. */
export function DigitalLibraryPage() {
  const t = useT(messages)
  const title = useLineTitle()
  return (
    <AccountScreen title={t('digitalLibrary')}>
      <WithOrders>
        {(orders) => {
          const items = orders
            .filter((order) => PAID.includes(order.status))
            .flatMap((order) => order.lines.filter(isDigitalLine).map((line, index) => ({ order, line, index })))
          if (items.length === 0) return <Empty text="noDigitalLibrary" />
          return (
            <ul className={styles.items} aria-label={t('digitalItems')}>
              {items.map(({ order, line, index }) => {
                const name = title(line)
                const recipient = (line.personalization as Record<string, unknown>).recipient_name
                const number = readableOrderNumber(order.number)
                return (
                  <li key={`${order.number}:${line.type}:${line.id}:${index}`} className={styles.item}>
                    <div className={styles.details}>
                      <p>
                        <Link to={line.path} {...name.attributes}>
                          {name.text}
                        </Link>
                      </p>
                      {typeof recipient === 'string' && recipient && <p>{t('giftCardFor', { name: recipient })}</p>}
                      <p>
                        <Link to={`/account/orders/${order.number}`}>{t('fromOrder', { number })}</Link>
                      </p>
                    </div>
                  </li>
                )
              })}
            </ul>
          )
        }}
      </WithOrders>
    </AccountScreen>
  )
}
