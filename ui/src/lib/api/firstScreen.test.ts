import { afterEach, describe, expect, it, vi } from 'vitest'
import { readFirstScreen, withFirstScreen } from './firstScreen'

function inline(json: string) {
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = 'first-screen'
  element.textContent = json
  document.body.append(element)
}

const origin = globalThis.location.origin

describe('first screen answers', () => {
  afterEach(() => {
    document.getElementById('first-screen')?.remove()
  })

  it('answers an inlined call once, whatever the order of its parameters, then asks the network', async () => {
    inline(JSON.stringify({ '/api/lists/category/8?page=1&categories=3&categories=4': { total: 2 } }))
    const network = vi.fn((request: Request) => Promise.resolve(Response.json({ from: request.url })))
    const fetch = withFirstScreen(readFirstScreen(document), network)
    const url = `${origin}/api/lists/category/8?categories=3&categories=4&page=1`

    const first = await fetch(new Request(url))
    expect(first.headers.get('Content-Type')).toBe('application/json')
    expect(await first.json()).toEqual({ total: 2 })
    expect(network).not.toHaveBeenCalled()

    const again = await fetch(new Request(url))
    expect(await again.json()).toEqual({ from: url })
    expect(network).toHaveBeenCalledTimes(1)
  })

  it('leaves other calls, other methods and the values order of one parameter to the network', async () => {
    inline(JSON.stringify({ '/api/home': { departments: [] }, '/api/lists/vendor/2?categories=3&categories=4': {} }))
    const network = vi.fn(() => Promise.resolve(Response.json({ from: 'network' })))
    const fetch = withFirstScreen(readFirstScreen(document), network)

    await fetch(new Request(`${origin}/api/store`))
    await fetch(new Request(`${origin}/api/home`, { method: 'POST', body: '{}' }))
    await fetch(new Request(`${origin}/api/lists/vendor/2?categories=4&categories=3`))
    expect(network).toHaveBeenCalledTimes(3)
    expect(await (await fetch(new Request(`${origin}/api/home`))).json()).toEqual({ departments: [] })
  })

  it('takes the element out of the page, and a broken one answers nothing', () => {
    inline('{"/api/home": ')
    expect(readFirstScreen(document).size).toBe(0)
    expect(document.getElementById('first-screen')).toBeNull()
    expect(readFirstScreen(document).size).toBe(0)
  })
})
