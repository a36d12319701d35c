import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { Schema } from '@/lib/api/client'
import { languageAtom } from '@/lib/preferences'
import { customerAtom, type Customer } from '@/lib/session'
import { stubApi } from '@/testing/api'
import { DepartmentMenu } from './DepartmentMenu'

const mugs: Schema<'Category'> = {
  id: 8,
  name: 'Mugs & Cups',
  heb_name: 'ספלים',
  value: '/category/mugs-and-cups/8',
  children: [],
}
const kitchen: Schema<'Category'> = {
  id: 7,
  name: 'Kitchen',
  heb_name: 'מטבח',
  value: '/category/kitchen/7',
  children: [mugs],
}
const homeGoods: Schema<'Category'> = {
  id: 1,
  name: 'Home Goods',
  value: '/category/home-goods/1',
  children: [kitchen],
}
const books: Schema<'Category'> = { id: 2, name: 'Books', value: '/category/books/2', children: [] }

function renderMenu(language: 'eng' | 'heb' = 'eng', customer: Customer | null = null) {
  stubApi({ '/api/categories': [homeGoods, books] })
  const store = createStore()
  store.set(languageAtom, language)
  store.set(customerAtom, customer)
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <DepartmentMenu>
          <a href="/login">Login</a>
        </DepartmentMenu>
      ),
    },
  ])
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { router, user: userEvent.setup() }
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Menu' }))
  // The drawer's code may still be on its way (lib/afterStart.ts).
  return screen.findByRole('dialog', { name: 'Hello' })
}

afterEach(() => {
  localStorage.clear()
})

describe('DepartmentMenu (spec 2.5)', () => {
  it('opens a dialog headed "Hello" for a guest, with the top-level departments', async () => {
    const { user } = renderMenu()
    const menu = await openMenu(user)
    expect(menu).toHaveAttribute('aria-modal', 'true')
    expect(within(menu).getByRole('heading', { name: 'Hello' })).toBeInTheDocument()
    expect(await within(menu).findByRole('button', { name: 'Home Goods' })).toBeInTheDocument()
    expect(within(menu).getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/category/books/2')
    expect(within(menu).getByRole('link', { name: 'Login' })).toBeInTheDocument()
  })

  it('is headed "Hello" and the first name for a signed-in customer', async () => {
    const { user } = renderMenu('eng', {
      id: 7,
      email: 'dana@example.com',
      name: 'Dana Levi',
      first_name: 'Dana',
      addresses: [],
      payments: [],
      favorites: [],
    })
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    expect(await screen.findByRole('dialog', { name: 'Hello, Dana' })).toBeInTheDocument()
  })

  it('drills down with Back and "{name} - Show All" on each level; a leaf links to its value', async () => {
    const { user } = renderMenu()
    const menu = await openMenu(user)
    await user.click(await within(menu).findByRole('button', { name: 'Home Goods' }))
    expect(within(menu).getByRole('link', { name: 'Home Goods - Show All' })).toHaveAttribute(
      'href',
      '/category/home-goods/1',
    )
    expect(within(menu).getByRole('button', { name: 'Back' })).toHaveFocus()

    await user.click(within(menu).getByRole('button', { name: 'Kitchen' }))
    expect(within(menu).getByRole('link', { name: 'Kitchen - Show All' })).toHaveAttribute(
      'href',
      '/category/kitchen/7',
    )
    expect(within(menu).getByRole('link', { name: 'Mugs & Cups' })).toHaveAttribute('href', '/category/mugs-and-cups/8')

    await user.click(within(menu).getByRole('button', { name: 'Back' }))
    expect(within(menu).getByRole('link', { name: 'Home Goods - Show All' })).toBeInTheDocument()
    await user.click(within(menu).getByRole('button', { name: 'Back' }))
    expect(within(menu).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument()
  })

  it('slides a deeper level in from the end edge and, on Back, the level above from the start edge (spec 2.5)', async () => {
    const { user } = renderMenu()
    const menu = await openMenu(user)
    const level = () => within(menu).getAllByRole('list')[0]
    expect(level()?.className).not.toMatch(/deeper|higher/)
    await user.click(await within(menu).findByRole('button', { name: 'Home Goods' }))
    expect(level()?.className).toMatch(/deeper/)
    await user.click(within(menu).getByRole('button', { name: 'Back' }))
    expect(level()?.className).toMatch(/higher/)
  })

  it('closes on Escape, back at the top level, with focus on the menu button and the page scrollable again', async () => {
    const { user } = renderMenu()
    const menu = await openMenu(user)
    expect(document.body.style.overflow).toBe('hidden')
    await user.click(await within(menu).findByRole('button', { name: 'Home Goods' }))
    await user.keyboard('{Escape}')

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus()
    expect(document.body.style.overflow).toBe('')

    const reopened = await openMenu(user)
    expect(within(reopened).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument()
    expect(within(reopened).getByRole('button', { name: 'Home Goods' })).toBeInTheDocument()
  })

  it('closes on a click on the overlay but not inside the panel', async () => {
    const { user } = renderMenu()
    const menu = await openMenu(user)
    await user.click(within(menu).getByRole('heading', { name: 'Hello' }))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    const overlay = menu.parentElement
    if (!overlay) throw new Error('the menu has no overlay')
    await user.click(overlay)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('keeps Tab inside the panel', async () => {
    const { user } = renderMenu()
    const menu = await openMenu(user)
    await within(menu).findByRole('button', { name: 'Home Goods' })
    for (let i = 0; i < 8; i++) {
      await user.tab()
      expect(menu).toContainElement(document.activeElement as HTMLElement)
    }
  })

  it('closes when a department link is followed', async () => {
    const { user, router } = renderMenu()
    const menu = await openMenu(user)
    await user.click(await within(menu).findByRole('link', { name: 'Books' }))
    expect(router.state.location.pathname).toBe('/category/books/2')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('speaks Hebrew and uses Hebrew names where they exist', async () => {
    const { user } = renderMenu('heb')
    await user.click(screen.getByRole('button', { name: 'תפריט' }))
    const menu = await screen.findByRole('dialog', { name: 'שלום' })
    await user.click(await within(menu).findByRole('button', { name: 'Home Goods' }))
    expect(within(menu).getByRole('button', { name: 'מטבח' })).toBeInTheDocument()
    expect(within(menu).getByRole('button', { name: 'חזרה' })).toBeInTheDocument()
  })
})
