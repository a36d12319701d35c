import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from './client'

afterEach(() => {
  document.documentElement.lang = ''
})

describe('the API client', () => {
  it('asks for answers in the interface language (issue 27: Hebrew refusals and mails)', async () => {
    const asked: (string | null)[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        asked.push(request.headers.get('Accept-Language'))
        return Promise.resolve(new Response('[]', { headers: { 'Content-Type': 'application/json' } }))
      }),
    )
    document.documentElement.lang = 'he'
    await api.GET('/categories')
    document.documentElement.lang = 'en'
    await api.GET('/categories')
    expect(asked).toEqual(['he', 'en'])
  })
})
