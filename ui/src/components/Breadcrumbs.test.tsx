import { render, screen, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { languageAtom } from '@/lib/preferences'
import { Breadcrumbs } from './Breadcrumbs'

function renderCrumbs(language: 'eng' | 'heb') {
  const store = createStore()
  store.set(languageAtom, language)
  const trail = [{ name: 'Home Goods', value: '/category/home-goods/1' }]
  const router = createMemoryRouter([{ path: '*', element: <Breadcrumbs trail={trail} current="Mugs" /> }])
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
}

describe('Breadcrumbs', () => {
  it('starts at Home, links the trail and names the current page unlinked', () => {
    renderCrumbs('eng')
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(crumbs.getByRole('link', { name: 'Home Goods' })).toHaveAttribute('href', '/category/home-goods/1')
    expect(crumbs.getByText('Mugs')).toHaveAttribute('aria-current', 'page')
  })

  it('speaks Hebrew in the Hebrew interface', () => {
    renderCrumbs('heb')
    const crumbs = within(screen.getByRole('navigation', { name: 'פירורי לחם' }))
    expect(crumbs.getByRole('link', { name: 'דף הבית' })).toHaveAttribute('href', '/')
  })
})
