import { useEffect } from 'react'
import { useCampaignReport } from '@/features/campaigns/useCampaignReport'
import { useShippingRefresh } from '@/lib/locationCalls'
import { useCustomerSync } from '@/lib/signedInSync'
import { useSessionCheck } from '@/lib/useSession'

// The app's work beside what it shows, run once the first screen is up, and loaded then:
// none of it is needed to show that screen.

/**
 * The layout's work on every new path: spec 7's session check (at start-up, and 2.2's
 * on each new path), 2.2's zip and shipping options (and 4.7's refresh) and 2.2's
 * campaign reports; and the rest of the route table, loaded ahead.
 */
export function PathWork() {
  // The rest of the route table (routes.tsx), ahead of the shopper's first step off the
  // screens it starts with.
  useEffect(() => {
    void import('./moreRoutes')
  }, [])
  useSessionCheck()
  useShippingRefresh()
  useCampaignReport()
  return null
}

/** A signed-in customer's bag, favorites and following, kept in step with the server. */
export function CustomerSync() {
  useCustomerSync()
  return null
}
