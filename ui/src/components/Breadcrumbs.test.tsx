import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderInLanguage } from '@/testing/render'
import { Breadcrumbs } from './Breadcrumbs'

function renderCrumbs(language: 'eng' | 'heb') {
  const trail = [
    { name: 'Home Goods', heb_name: 'כלי בית', value: '/category/home-goods/1' },
    { name: 'Cups', value: '/category/cups/2' },
  ]
  renderInLanguage(<Breadcrumbs trail={trail} current="Mugs" />, language)
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
    // Categories by their Hebrew names; one without keeps its English name.
    expect(crumbs.getByRole('link', { name: 'כלי בית' })).toHaveAttribute('href', '/category/home-goods/1')
    expect(crumbs.getByRole('link', { name: 'Cups' })).toHaveAttribute('href', '/category/cups/2')
  })
})
