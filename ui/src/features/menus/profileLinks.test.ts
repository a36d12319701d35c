import { describe, expect, it } from 'vitest'
import { profileLinks } from './profileLinks'

describe('the profile links (spec 2.6)', () => {
  it('offer a guest Login and the guest favorites', () => {
    expect(profileLinks(false)).toEqual([
      { key: 'login', path: '/login' },
      { key: 'myAccount', path: '/account' },
      { key: 'myOrders', path: '/account/orders' },
      { key: 'myFavorites', path: '/favorites' },
      { key: 'buyItAgain', path: '/account/buy-it-again' },
      { key: 'digitalLibrary', path: '/account/digital-libary' },
      { key: 'subscriptions', path: '/account/subscriptions' },
    ])
  })

  it('offer a customer no Login, and the account’s favorites', () => {
    const links = profileLinks(true)
    expect(links.map((link) => link.key)).not.toContain('login')
    expect(links.find((link) => link.key === 'myFavorites')?.path).toBe('/account/favorites')
  })
})
