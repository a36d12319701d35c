/** The campaign parameters docs/api.md's POST /utm accepts. */
export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const

export type Campaign = Partial<Record<(typeof UTM_PARAMETERS)[number], string>>

/**
 * Spec 7: the report carries only the utm_* parameters present in the query
 * string (an empty value counts as absent); none present means nothing to report.
 */
export function campaignOf(search: string): Campaign | undefined {
  const params = new URLSearchParams(search)
  const campaign: Campaign = {}
  for (const name of UTM_PARAMETERS) {
    const value = params.get(name)?.trim()
    if (value) campaign[name] = value
  }
  return Object.keys(campaign).length > 0 ? campaign : undefined
}

/**
 * POST /utm, outside /api as the spec gives it, with the AJAX header every
 * state-changing call needs. Spec 8: a failed report is silently ignored.
 */
export async function reportCampaign(campaign: Campaign): Promise<void> {
  try {
    await globalThis.fetch(
      new Request(`${globalThis.location.origin}/utm`, {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
        body: JSON.stringify(campaign),
        // The report may still be on its way when the shopper leaves.
        keepalive: true,
      }),
    )
  } catch {
    // Spec 8: failed utm reports are ignored.
  }
}
