import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { campaignOf, reportCampaign } from './campaign'

/**
 * Spec 2.2: on every route change to a different path, the campaign parameters
 * in the query string are reported. The layout calls this once.
 */
export function useCampaignReport() {
  const { pathname, search } = useLocation()
  // The path last looked at: a new sort or page on the same path is not a new visit,
  // and a remount in development's strict mode does not report twice.
  const seen = useRef<string>(null)
  useEffect(() => {
    if (seen.current === pathname) return
    seen.current = pathname
    const campaign = campaignOf(search)
    if (campaign) void reportCampaign(campaign)
  }, [pathname, search])
}
