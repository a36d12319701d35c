import { api, type Schema } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

// What more than one screen knows of subscriptions and recurring orders: the account's
// order page starts one ("Repeat this order"), the subscriptions pages show and change
// them (features/subscriptions).

export type Interval = Schema<'IntervalDto'>

/** Every interval the server takes, shortest first: the order of the choices. */
export const INTERVALS: readonly Interval[] = ['1w', '2w', '4w', '1m', '2m', '3m']

/** `POST /api/customer/orders/{number}/repeat`: 201 with the new recurring order. */
export const repeatOrder = (number: string, body: Schema<'RepeatRequest'>) =>
  unwrap(api.POST('/customer/orders/{number}/repeat', { params: { path: { number } }, body }))
