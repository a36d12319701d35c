import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

// The catalogue has no call listing products by type: the e-gift cards are the
// `giftCard` products of the department whose path names e-gift cards.

const GIFT_CARD_DEPARTMENT = /\/e-gift-cards?\//

/** The gift card products on sale: the designs to choose from. */
export async function getGiftCardDesigns(signal?: AbortSignal) {
  const departments = await unwrap(api.GET('/categories', { signal }))
  const department = departments.find((category) => GIFT_CARD_DEPARTMENT.test(category.value))
  if (!department) return []
  const list = await unwrap(
    api.GET('/lists/{index}/{id}', { params: { path: { index: 'category', id: department.id } }, signal }),
  )
  return list.items.filter((item) => item.type === 'giftCard' && item.in_stock)
}

/** One design, with its amounts (its variations). */
export const getGiftCard = (id: number, signal?: AbortSignal) =>
  unwrap(api.GET('/products/{id}', { params: { path: { id } }, signal }))
