// Stripe.js, the card processor's browser library: the card number, expiry and code are
// typed into its card element (its own frame) and never reach this page's code or the
// store; it answers a PaymentMethod, whose id is the card's token. Only what checkout
// uses is typed here.

export interface StripeCardElement {
  mount(container: HTMLElement): void
  destroy(): void
}

export interface StripePaymentMethod {
  id: string
  card?: { brand: string; last4: string }
}

export interface StripeError {
  message?: string
}

export interface Stripe {
  /** `locale`: the language of the card element's placeholders and messages. */
  elements(options: { locale: string }): { create(type: 'card'): StripeCardElement }
  createPaymentMethod(data: {
    type: 'card'
    card: StripeCardElement
    /** Kept with the method; `holder` binds it to this browser (`POST /api/card/holder`). */
    metadata?: Record<string, string>
  }): Promise<{ paymentMethod?: StripePaymentMethod; error?: StripeError }>
}

export type StripeConstructor = (publishableKey: string) => Stripe

declare global {
  interface Window {
    Stripe?: StripeConstructor
  }
}

/** Scripts being loaded, by address; forgotten once settled (then `window.Stripe` answers, or a retry loads again). */
const pending = new Map<string, Promise<StripeConstructor>>()

/**
 * The library from `url`, loaded once: a `<script>` added on the first call (calls
 * meanwhile wait for the same one), `window.Stripe` itself once it is there. A failed
 * load takes its script away, so the next call tries afresh.
 */
export function loadStripe(url: string): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe)
  let loading = pending.get(url)
  if (!loading) {
    loading = new Promise<StripeConstructor>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = url
      script.async = true
      const fail = (why: string) => {
        script.remove()
        reject(new Error(why))
      }
      script.addEventListener('load', () => {
        if (window.Stripe) resolve(window.Stripe)
        else fail(`${url} did not define Stripe`)
      })
      script.addEventListener('error', () => {
        fail(`Could not load ${url}`)
      })
      document.head.append(script)
    }).finally(() => pending.delete(url))
    pending.set(url, loading)
  }
  return loading
}
