import { createStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answer, stubApiWithBodies } from '@/testing/api'
import { shippingOptions, zipAnswer } from '@/testing/fixtures'
import { api, noticeHeaders, onShippingUpdatedAt } from './api/client'
import {
  clearZip,
  freeShippingOfferAtom,
  isStale,
  loadShipping,
  noticeShippingUpdatedAt,
  NO_RATES,
  requestZip,
  setZip,
  shippingOptionsAtom,
  shippingRatesAtom,
  zipLookUpAtom,
} from './location'

afterEach(() => {
  localStorage.clear()
})

const calls = (sent: { url: URL; method: string }[]) => sent.map(({ url, method }) => `${method} ${url.pathname}`)

const defaultZip = zipAnswer({ zip: '10001' })
const brooklyn = zipAnswer({ zip: '11201', city: 'Brooklyn', tax_rate: 8.875 })

describe('the zip location (spec 4.6)', () => {
  it('asks the server when none is set, and not again once it is', async () => {
    const sent = stubApiWithBodies({ '/api/zip_code': defaultZip })
    const store = createStore()

    await requestZip(store)
    expect(store.get(zipLookUpAtom)).toEqual(defaultZip)
    await requestZip(store)
    expect(calls(sent)).toEqual(['GET /api/zip_code'])
  })

  it('asks once for two pages asking at the same time', async () => {
    const sent = stubApiWithBodies({ '/api/zip_code': defaultZip })
    const store = createStore()
    await Promise.all([requestZip(store), requestZip(store)])
    expect(calls(sent)).toEqual(['GET /api/zip_code'])
  })

  it('fails silently, and asks again the next time', async () => {
    const error = vi.spyOn(console, 'error')
    const sent = stubApiWithBodies({ '/api/zip_code': answer(503, { message: 'busy' }) })
    const store = createStore()
    await requestZip(store)
    expect(store.get(zipLookUpAtom)).toBeNull()
    await requestZip(store)
    expect(calls(sent)).toEqual(['GET /api/zip_code', 'GET /api/zip_code'])
    expect(error).not.toHaveBeenCalled()
  })

  it('locates the shopper’s ZIP and country, then loads the options for it', async () => {
    const sent = stubApiWithBodies({ '/api/zip_code': brooklyn, '/api/shipping/index': shippingOptions() })
    const store = createStore()
    store.set(zipLookUpAtom, defaultZip)

    const result = await setZip(store, ' 11201 ', 'US')
    expect(result).toEqual({ ok: true, location: brooklyn })
    expect(store.get(zipLookUpAtom)).toEqual(brooklyn)
    await vi.waitFor(() => {
      expect(store.get(shippingOptionsAtom)).not.toBeNull()
    })
    expect(sent.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['POST', '/api/zip_code', { zipCode: '11201', country: 'US' }],
      ['POST', '/api/shipping/index', { zip_code: '11201', country: 'US' }],
    ])
  })

  it('keeps the zip held when the server refuses the one typed, and says why', async () => {
    stubApiWithBodies({ '/api/zip_code': answer(400, { message: 'zipCode: there is no such ZIP code' }) })
    const store = createStore()
    store.set(zipLookUpAtom, defaultZip)
    const result = await setZip(store, '00000')
    expect(result.ok).toBe(false)
    expect(store.get(zipLookUpAtom)).toEqual(defaultZip)
  })

  it('resets on a blank zip: the server is asked afresh', async () => {
    const sent = stubApiWithBodies({ '/api/zip_code': defaultZip, '/api/shipping/index': shippingOptions() })
    const store = createStore()
    store.set(zipLookUpAtom, brooklyn)
    const result = await setZip(store, '  ')
    expect(result).toEqual({ ok: true, location: defaultZip })
    expect(calls(sent)[0]).toBe('GET /api/zip_code')
  })

  it('drops an answer that comes after the zip was cleared (a sign-in meanwhile)', async () => {
    let release: (response: Response) => void = () => undefined
    const fetch = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve
        }),
    )
    vi.stubGlobal('fetch', fetch)
    const store = createStore()
    const asked = requestZip(store)
    clearZip(store)
    // The request leaves once the client's middleware has run.
    await vi.waitFor(() => {
      expect(fetch).toHaveBeenCalled()
    })
    release(answer(200, defaultZip))
    await asked
    expect(store.get(zipLookUpAtom)).toBeNull()
  })
})

describe('the shipping options (spec 4.7, 8)', () => {
  it('load for the zip held, and are not asked for again while fresh', async () => {
    const options = shippingOptions()
    const sent = stubApiWithBodies({ '/api/shipping/index': options })
    const store = createStore()
    store.set(zipLookUpAtom, defaultZip)

    await loadShipping(store)
    await loadShipping(store)
    expect(store.get(shippingOptionsAtom)).toEqual(options)
    expect(calls(sent)).toEqual(['POST /api/shipping/index'])
  })

  it('are not asked for without a zip', async () => {
    const sent = stubApiWithBodies({})
    await loadShipping(createStore())
    expect(sent).toEqual([])
  })

  it('are asked for again once the earlier cut-off has passed, or when it is invalid', async () => {
    const sent = stubApiWithBodies({ '/api/shipping/index': shippingOptions() })
    const store = createStore()
    store.set(zipLookUpAtom, defaultZip)
    const past = new Date(Date.now() - 1000).toISOString()
    const future = new Date(Date.now() + 3_600_000).toISOString()

    store.set(shippingRatesAtom, {
      ...NO_RATES,
      zip: '10001',
      country: 'US',
      options: shippingOptions({ fulfillment_expires: future, store_expires: past }),
    })
    await loadShipping(store)
    store.set(shippingRatesAtom, {
      ...NO_RATES,
      zip: '10001',
      country: 'US',
      options: shippingOptions({ fulfillment_expires: 'not a time', store_expires: future }),
    })
    await loadShipping(store)
    expect(calls(sent)).toEqual(['POST /api/shipping/index', 'POST /api/shipping/index'])
  })

  it('says when options are stale', () => {
    const now = Date.parse('2026-11-25T12:00:00Z')
    const options = (fulfillment: string, pickup: string) =>
      shippingOptions({ fulfillment_expires: fulfillment, store_expires: pickup })
    expect(isStale(options('2026-11-25T19:00:00Z', '2026-11-25T13:00:00Z'), now)).toBe(false)
    expect(isStale(options('2026-11-25T19:00:00Z', '2026-11-25T11:00:00Z'), now)).toBe(true)
    expect(isStale(options('', '2026-11-25T13:00:00Z'), now)).toBe(true)
  })

  it('are asked for again for another zip', async () => {
    const sent = stubApiWithBodies({ '/api/shipping/index': shippingOptions() })
    const store = createStore()
    store.set(zipLookUpAtom, defaultZip)
    await loadShipping(store)
    store.set(zipLookUpAtom, brooklyn)
    expect(store.get(shippingOptionsAtom)).toBeNull()
    await loadShipping(store)
    expect(sent.map((r) => r.body)).toEqual([
      { zip_code: '10001', country: 'US' },
      { zip_code: '11201', country: 'US' },
    ])
  })

  it.each([400, 404])('are emptied silently on a %i', async (status) => {
    const error = vi.spyOn(console, 'error')
    stubApiWithBodies({ '/api/shipping/index': answer(status, { message: 'we do not ship to XK' }) })
    const store = createStore()
    store.set(zipLookUpAtom, zipAnswer({ zip: '10000', country: 'XK' }))
    store.set(shippingRatesAtom, { ...NO_RATES, zip: '10000', country: 'XK', options: shippingOptions({}, '') })
    await loadShipping(store)
    expect(store.get(shippingRatesAtom).options).toBeNull()
    expect(error).not.toHaveBeenCalled()
  })

  it('keep what they were on other failures, which go to the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    stubApiWithBodies({ '/api/shipping/index': answer(500, { message: 'see log 42' }) })
    const store = createStore()
    store.set(zipLookUpAtom, defaultZip)
    const held = shippingOptions({}, '')
    store.set(shippingRatesAtom, { ...NO_RATES, zip: '10001', country: 'US', options: held })
    await loadShipping(store)
    expect(store.get(shippingRatesAtom).options).toEqual(held)
    expect(error).toHaveBeenCalledOnce()
  })
})

describe('the shipping_updated_at header (spec 4.7)', () => {
  it('replaces an older or invalid value and asks for the options again; an older header changes nothing', async () => {
    const sent = stubApiWithBodies({ '/api/shipping/index': shippingOptions() })
    const store = createStore()
    store.set(zipLookUpAtom, defaultZip)

    noticeShippingUpdatedAt(store, '2026-11-25T00:00:00Z')
    expect(store.get(shippingRatesAtom).server_expires).toBe('2026-11-25T00:00:00Z')
    await vi.waitFor(() => {
      expect(calls(sent)).toEqual(['POST /api/shipping/index'])
    })

    noticeShippingUpdatedAt(store, '2026-11-24T00:00:00Z')
    noticeShippingUpdatedAt(store, '2026-11-25T00:00:00Z')
    noticeShippingUpdatedAt(store, 'yesterday')
    expect(store.get(shippingRatesAtom).server_expires).toBe('2026-11-25T00:00:00Z')

    noticeShippingUpdatedAt(store, '2026-12-01T00:00:00Z')
    expect(store.get(shippingRatesAtom).server_expires).toBe('2026-12-01T00:00:00Z')
    await vi.waitFor(() => {
      expect(calls(sent)).toHaveLength(2)
    })
  })

  it('is read from every answer of the API client, without changing the answer', async () => {
    const seen: string[] = []
    const stop = onShippingUpdatedAt((value) => seen.push(value))
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ name: 'Olive Lane', heb_name: 'x', help_email: 'help@example.com' }), {
            headers: { 'Content-Type': 'application/json', shipping_updated_at: '2026-11-25T00:00:00Z' },
          }),
        ),
      ),
    )
    const { data } = await api.GET('/store')
    expect(data?.name).toBe('Olive Lane')
    stop()
    noticeHeaders(new Response(null, { headers: { shipping_updated_at: '2027-01-01T00:00:00Z' } }))
    expect(seen).toEqual(['2026-11-25T00:00:00Z'])
  })
})

describe('the free-shipping offer', () => {
  it('is the options’ threshold once they are loaded', () => {
    const store = createStore()
    store.set(shippingRatesAtom, { ...NO_RATES, options: shippingOptions({ over_price: 7500 }) })
    expect(store.get(freeShippingOfferAtom)).toEqual({ over: 7500 })
    store.set(shippingRatesAtom, { ...NO_RATES, options: shippingOptions({ over_price: undefined }) })
    expect(store.get(freeShippingOfferAtom)).toEqual({ over: undefined })
  })
})
