import { RecentlyViewed } from '@/components/RecentlyViewed'
import { useRecordRecentlyViewed } from '@/lib/recentlyViewed'

/** Spec 4.8 on a product's page: the view recorded, and the other products the shopper saw. */
export function ViewedProducts({ productId }: { productId: number }) {
  useRecordRecentlyViewed(productId)
  return <RecentlyViewed excludeId={productId} />
}
