import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadStripe, type StripeConstructor } from './stripe'

const LIBRARY = 'https://js.example.test/v3/'

const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script')].filter((s) => s.src === LIBRARY)
const fakeStripe: StripeConstructor = () => {
  throw new Error('not called here')
}

afterEach(() => {
  for (const script of scripts()) script.remove()
})

// jsdom loads no scripts: each test fires the script's `load` or `error` itself.
describe('loadStripe', () => {
  it('adds one script for the calls made while it loads, and answers the library once loaded', async () => {
    const first = loadStripe(LIBRARY)
    const second = loadStripe(LIBRARY)
    expect(scripts()).toHaveLength(1)
    const [script] = scripts()
    expect(script?.async).toBe(true)

    vi.stubGlobal('Stripe', fakeStripe)
    script?.dispatchEvent(new Event('load'))
    await expect(first).resolves.toBe(fakeStripe)
    await expect(second).resolves.toBe(fakeStripe)

    // Loaded: later calls add nothing.
    await expect(loadStripe(LIBRARY)).resolves.toBe(fakeStripe)
    expect(scripts()).toHaveLength(1)
  })

  it('answers a library already on the page without adding a script', async () => {
    vi.stubGlobal('Stripe', fakeStripe)
    await expect(loadStripe(LIBRARY)).resolves.toBe(fakeStripe)
    expect(scripts()).toHaveLength(0)
  })

  it('takes a script that failed away, so that the next call loads it afresh', async () => {
    const failed = loadStripe(LIBRARY)
    scripts()[0]?.dispatchEvent(new Event('error'))
    await expect(failed).rejects.toThrow(`Could not load ${LIBRARY}`)
    expect(scripts()).toHaveLength(0)

    const retried = loadStripe(LIBRARY)
    expect(scripts()).toHaveLength(1)
    vi.stubGlobal('Stripe', fakeStripe)
    scripts()[0]?.dispatchEvent(new Event('load'))
    await expect(retried).resolves.toBe(fakeStripe)
  })

  it('fails when the script loads but defines no library', async () => {
    const loading = loadStripe(LIBRARY)
    scripts()[0]?.dispatchEvent(new Event('load'))
    await expect(loading).rejects.toThrow('did not define Stripe')
    expect(scripts()).toHaveLength(0)
  })
})
