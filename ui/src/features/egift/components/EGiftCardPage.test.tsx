import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bagAtom } from '@/lib/bag'
import { languageAtom, type Language } from '@/lib/preferences'
import { answer, stubApiWithBodies } from '@/testing/api'
import { pricedLine, product, productList, quoteAnswer, summary } from '@/testing/fixtures'
import { EGiftCardPage, localDate, sendOnBounds } from './EGiftCardPage'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const variation = (id: number, price: number) => ({
  id,
  price,
  sku: `GC-${id}`,
  item_type: 'digital',
  max: 9999,
  max_quantity: 10,
  options: [{ name: 'Amount', value: `$${price / 100}` }],
})
const balloons = product({
  id: 1059,
  type: 'giftCard',
  item_type: 'digital',
  title: 'Birthday Balloons E-Gift Card',
  heb_title: 'כרטיס מתנה דיגיטלי – בלונים ליום הולדת',
  variation_infos: [variation(105901, 2500), variation(105902, 5000), variation(105903, 10000)],
})
const cake = product({
  id: 1060,
  type: 'giftCard',
  title: 'Happy Birthday Cake E-Gift Card',
  variation_infos: [variation(106001, 2500)],
})

function catalogue(routes: Parameters<typeof stubApiWithBodies>[0] = {}) {
  return stubApiWithBodies({
    '/api/categories': [
      { id: 1, name: 'Home Goods', value: '/category/home-goods/1', children: [] },
      {
        id: 5,
        name: 'E-Gift Cards',
        heb_name: 'כרטיסי מתנה דיגיטליים',
        value: '/category/e-gift-cards/5',
        children: [],
      },
    ],
    '/api/lists/category/5': productList({
      items: [
        summary({ id: 1059, type: 'giftCard', title: balloons.title, heb_title: balloons.heb_title }),
        summary({ id: 1060, type: 'giftCard', title: cake.title }),
        summary({ id: 1001, type: 'product' }),
      ],
    }),
    '/api/products/1059': balloons,
    '/api/products/1060': cake,
    ...routes,
  })
}

function renderPage(language: Language = 'eng') {
  const store = createStore()
  store.set(languageAtom, language)
  store.set(bagAtom, { products: [], later: [], unavailableCart: [], unavailableLater: [] })
  const router = createMemoryRouter(
    [
      { path: '/e-gift-card', Component: EGiftCardPage },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: ['/e-gift-card'] },
  )
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { router, store, user: userEvent.setup() }
}

describe('the e-gift card page', () => {
  it('offers the gift card designs and their amounts, and adds the card to the bag', async () => {
    const added = pricedLine({ id: 105902, type: 'variation', item_type: 'digital', price: 5000 })
    const sent = catalogue({ '/api/bag/quote': quoteAnswer({ products: [added], digital_only: true }) })
    const { user, router } = renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'E-Gift Card' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('HomeE-Gift Card')
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    const designs = await screen.findByRole('group', { name: 'Choose a design' })
    expect(screen.getAllByRole('radio', { name: /E-Gift Card$/ })).toHaveLength(2)
    expect(screen.getByRole('radio', { name: 'Birthday Balloons E-Gift Card' })).toBeChecked()
    expect(designs).not.toHaveTextContent('Stoneware Mug')
    await user.click(await screen.findByRole('radio', { name: '$50.00' }))

    await user.type(screen.getByRole('textbox', { name: 'Recipient’s name' }), 'Avi')
    await user.type(screen.getByRole('textbox', { name: 'Recipient’s e-mail' }), 'avi@example.com')
    await user.type(screen.getByRole('textbox', { name: 'Message (optional)' }), 'Happy birthday!')
    expect(screen.getByRole('textbox', { name: 'Message (optional)' })).toHaveAccessibleDescription(
      'Up to 300 characters; 285 left.',
    )
    const sendOn = screen.getByLabelText('Send on')
    expect(sendOn).toHaveValue(localDate(new Date()))
    await user.click(screen.getByRole('button', { name: 'Add to Bag' }))

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/bag')
    })
    const quote = sent.find((r) => r.url.pathname === '/api/bag/quote')?.body as {
      change: { line: { item_key: string } }
    }
    expect(quote.change).toMatchObject({
      action: 'add',
      line: {
        id: 105902,
        type: 'variation',
        quantity: 1,
        personalization: {
          recipient_name: 'Avi',
          recipient_email: 'avi@example.com',
          message: 'Happy birthday!',
          send_on: localDate(new Date()),
        },
      },
    })
    expect(quote.change.line.item_key).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
  })

  it('names what is missing or wrong at its field, and sends nothing', async () => {
    const sent = catalogue()
    const { user } = renderPage()
    await screen.findByRole('radio', { name: '$25.00' })
    await user.type(screen.getByRole('textbox', { name: 'Recipient’s e-mail' }), 'not-an-address')
    const sendOn = screen.getByLabelText('Send on')
    await user.clear(sendOn)
    await user.type(
      sendOn,
      sendOnBounds().max.replace(/^(\d{4})/, (year) => String(Number(year) + 1)),
    )
    await user.click(screen.getByRole('button', { name: 'Add to Bag' }))
    const name = screen.getByRole('textbox', { name: 'Recipient’s name' })
    expect(name).toHaveFocus()
    expect(name).toHaveAccessibleDescription('Please fill in this field.')
    expect(screen.getByRole('textbox', { name: 'Recipient’s e-mail' })).toHaveAccessibleDescription(
      'Please enter an e-mail address like name@example.com.',
    )
    expect(sendOn).toHaveAccessibleDescription(/Please choose today or a day within the next year\./)
    expect(sent.some((r) => r.url.pathname === '/api/bag/quote')).toBe(false)
  })

  it('checks a field when it is left, and takes its problem away the moment it is right (issue 27)', async () => {
    catalogue()
    const { user } = renderPage()
    await screen.findByRole('radio', { name: '$25.00' })
    const name = screen.getByRole('textbox', { name: 'Recipient’s name' })
    const email = screen.getByRole('textbox', { name: 'Recipient’s e-mail' })
    // A blank field passed through is not told off before Add to Bag.
    await user.click(name)
    await user.tab()
    expect(name).toHaveAttribute('aria-invalid', 'false')
    await user.type(email, 'avi@example')
    await user.tab()
    expect(email).toHaveAccessibleDescription('Please enter an e-mail address like name@example.com.')
    await user.type(email, '.com')
    expect(email).not.toHaveAccessibleDescription()

    await user.clear(email)
    await user.click(screen.getByRole('button', { name: 'Add to Bag' }))
    expect(name).toHaveAccessibleDescription('Please fill in this field.')
    expect(email).toHaveAccessibleDescription('Please fill in this field.')
    // Never "Please fill in this field" under a filled field.
    await user.type(name, 'Avi')
    expect(name).not.toHaveAccessibleDescription()
    await user.type(email, 'a')
    expect(email).toHaveAccessibleDescription('Please enter an e-mail address like name@example.com.')
    await user.type(email, 'vi@example.com')
    expect(email).not.toHaveAccessibleDescription()
    expect(screen.queryByText('Please fill in this field.')).not.toBeInTheDocument()
  })

  it('says when the bag refuses the card, staying on the page', async () => {
    catalogue({ '/api/bag/quote': answer(409, { message: 'change.line: this item has no field recipient_name' }) })
    const { user, router } = renderPage()
    await screen.findByRole('radio', { name: '$25.00' })
    await user.type(screen.getByRole('textbox', { name: 'Recipient’s name' }), 'Avi')
    await user.type(screen.getByRole('textbox', { name: 'Recipient’s e-mail' }), 'avi@example.com')
    await user.click(screen.getByRole('button', { name: 'Add to Bag' }))
    expect(
      await screen.findByText('We couldn’t add the e-gift card to your bag. Please try again.'),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/e-gift-card')
  })

  it('says when there are no designs, or when they could not be loaded', async () => {
    stubApiWithBodies({ '/api/categories': [] })
    renderPage()
    expect(await screen.findByText('No e-gift cards are on sale right now.')).toBeInTheDocument()
  })

  it('offers to try again after a failure', async () => {
    stubApiWithBodies({ '/api/categories': answer(503, { message: 'busy' }) })
    renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load the e-gift cards.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('speaks Hebrew', async () => {
    catalogue()
    renderPage('heb')
    expect(screen.getByRole('heading', { level: 1, name: 'כרטיס מתנה דיגיטלי' })).toBeInTheDocument()
    expect(await screen.findByRole('radio', { name: 'כרטיס מתנה דיגיטלי – בלונים ליום הולדת' })).toBeChecked()
    expect(screen.getByRole('button', { name: 'הוספה לסל' })).toBeInTheDocument()
  })
})
