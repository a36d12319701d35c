import type { StripeCardElement, StripeConstructor, StripeError, StripePaymentMethod } from '@/lib/stripe'

// A stand-in for Stripe.js (`window.Stripe`) for the card forms' tests: jsdom loads no
// scripts, so a test stubs the global with `fakeStripe(...).Stripe` and fires the
// script's `load` itself. Its card element is an empty frame.

export type FakeAnswer = { paymentMethod?: StripePaymentMethod; error?: StripeError }

export type FakeCardElement = StripeCardElement & { frame: HTMLIFrameElement; destroyed: boolean }

/** A fake library answering `answers` in turn to createPaymentMethod; it records what it was asked. */
export function fakeStripe(...answers: FakeAnswer[]) {
  const asked = { keys: [] as string[], locales: [] as string[], made: [] as unknown[] }
  const elements: FakeCardElement[] = []
  const Stripe: StripeConstructor = (key) => {
    asked.keys.push(key)
    return {
      elements: ({ locale }) => {
        asked.locales.push(locale)
        return {
          create: () => {
            const frame = document.createElement('iframe')
            frame.title = 'Secure card payment input frame'
            const element: FakeCardElement = {
              frame,
              destroyed: false,
              mount: (container: HTMLElement) => {
                container.append(frame)
              },
              destroy: () => {
                element.destroyed = true
                frame.remove()
              },
            }
            elements.push(element)
            return element
          },
        }
      },
      createPaymentMethod: (data) => {
        asked.made.push(data)
        return Promise.resolve(answers.shift() ?? {})
      },
    }
  }
  return { Stripe, asked, elements }
}
