import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { stubApi } from '@/testing/api'
import { departments } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'

const about = {
  id: 43,
  slug: 'about',
  path: '/about/43',
  title: 'About Olive Lane',
  heb_title: 'על שדרת הזית',
  body: ['A small shop on a long street.'],
  heb_body: ['חנות קטנה ברחוב ארוך.'],
}

afterEach(() => {
  localStorage.clear()
})

describe('a content page (spec 4.9)', () => {
  it('shows English, then Hebrew right to left after the toggle', async () => {
    stubApi({ '/api/categories': departments, '/api/pages/43': about })
    renderApp('/about/43')
    const user = userEvent.setup()

    expect(await screen.findByRole('heading', { level: 1, name: 'About Olive Lane' })).toBeInTheDocument()
    expect(screen.getByText('A small shop on a long street.')).toBeInTheDocument()
    expect(screen.queryByText('חנות קטנה ברחוב ארוך.')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'עברית' }))
    const heading = screen.getByRole('heading', { level: 1, name: 'על שדרת הזית' })
    expect(heading).toHaveAttribute('dir', 'rtl')
    expect(screen.getByText('חנות קטנה ברחוב ארוך.').parentElement).toHaveAttribute('lang', 'he')
    expect(screen.queryByText('A small shop on a long street.')).not.toBeInTheDocument()
  })

  it('has no toggle when the page has no Hebrew', async () => {
    stubApi({
      '/api/categories': departments,
      '/api/pages/43': { ...about, heb_title: undefined, heb_body: undefined },
    })
    renderApp('/about/43')
    await screen.findByRole('heading', { level: 1, name: 'About Olive Lane' })
    expect(screen.queryByRole('button', { name: 'עברית' })).not.toBeInTheDocument()
  })
})
