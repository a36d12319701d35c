import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'
import { getOrder, type Order } from '@/lib/orders'
import { getReturn, type GiftReturn, type Return } from '@/lib/returns'

// The return label's calls (docs/api.md "Returns" and "Orders"). A return and its order
// open to the order's customer's session, or with the order's signed `token` (a
// guest's); a gift's return opens with the gift receipt's `code` alone (its recipient
// may not open the order). To anyone else the return does not exist (404).

/** `GET /api/gift-returns/{number}?code=`: a gift's return, to whoever has its gift receipt's code. */
export const getGiftReturn = (number: string, code: string, signal?: AbortSignal) =>
  unwrap(api.GET('/gift-returns/{number}', { params: { path: { number }, query: { code } }, signal }))

/**
 * What the label shows: a return and the order it comes from (whose address it is sent
 * from), or a gift's return, sent from an address its sender writes by hand.
 */
export type LabelData = { kind: 'return'; ret: Return; order: Order } | { kind: 'gift'; ret: GiftReturn }

/** The return `number`, then its order; either failing fails the whole (an ApiError with the server's status). */
export async function getLabelData(
  number: string,
  token: string | undefined,
  signal?: AbortSignal,
): Promise<LabelData> {
  const ret = await getReturn(number, token, signal)
  const order = await getOrder(ret.order_number, token, signal)
  return { kind: 'return', ret, order }
}

/** The gift return `number`, opened with its gift receipt's `code` (an ApiError with the server's status on failure). */
export async function getGiftLabelData(number: string, code: string, signal?: AbortSignal): Promise<LabelData> {
  return { kind: 'gift', ret: await getGiftReturn(number, code, signal) }
}
