import { rewriteStored } from './persist'

// Run on every start (start.tsx), so kept apart from the checkout's state and rules
// (checkoutState.ts), which load with the screens that use them.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Takes out of local storage the card token and gift-card codes an earlier version kept there. */
export function forgetStoredSecrets(): void {
  rewriteStored('local', (entries) => {
    const kept = { ...entries }
    delete kept.giftCard
    if (isRecord(kept.checkout)) {
      const checkout = { ...kept.checkout }
      delete checkout.creditInfo
      kept.checkout = checkout
    }
    return kept
  })
}
