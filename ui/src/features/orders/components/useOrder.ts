import { useSearchParams } from 'react-router'
import { getOrder, readableOrderNumber, rememberedOrderToken, type Order } from '@/lib/orders'
import { useLoad } from '@/lib/useLoad'

/**
 * Order `number` as `GET /api/orders/{number}` answers it: with the `?token=` of the
 * link, else the token this tab kept when the order was placed, else the customer's session.
 */
export function useOrder(number: string) {
  const [params] = useSearchParams()
  const readable = readableOrderNumber(number)
  const token = params.get('token') ?? rememberedOrderToken(readable)
  const loaded = useLoad<Order>(`${readable}:${token ?? ''}`, (signal) => getOrder(readable, token, signal))
  return { ...loaded, token }
}

/** A link's query carrying the order's token, when one opened it. */
export const withToken = (path: string, token: string | undefined) =>
  token ? `${path}?token=${encodeURIComponent(token)}` : path
