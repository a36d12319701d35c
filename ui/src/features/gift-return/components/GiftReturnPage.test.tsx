import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Schema } from '@/lib/api/client'
import { languageAtom, type Language } from '@/lib/preferences'
import { answer, stubApiWithBodies, type SentRequest } from '@/testing/api'
import { departments } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { GiftReturnPage } from './GiftReturnPage'

const NUMBER = '7KQ4-M2XD-9PRT'
const CODE = 'ABCD-EFGH'
const LOOKUP = '/api/gift-returns/lookup'
const RETURNS = '/api/gift-returns'

/** Renders the page and waits for its heading to take focus (a frame after it opens), as a person would. */
async function renderPage(language: Language = 'eng') {
  const store = createStore()
  store.set(languageAtom, language)
  const router = createMemoryRouter(
    [
      { path: '/gift-return', Component: GiftReturnPage },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: ['/gift-return'] },
  )
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  await waitFor(() => {
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus()
  })
  return { router, user: userEvent.setup() }
}

function line(overrides: Partial<Schema<'ReturnableLineDto'>> = {}): Schema<'ReturnableLineDto'> {
  return {
    position: 0,
    title: 'Stoneware Mug',
    heb_title: 'ספל אבן',
    image: '/media/mug/e76f51.svg',
    options: [{ name: 'Colour', value: 'Sage', heb_name: 'צבע', heb_value: 'מרווה' }],
    quantity: 3,
    taken: 1,
    left: 2,
    faults_only: false,
    label_fee: false,
    ...overrides,
  }
}

/** The mug (two of three left), an e-gift card that never comes back, and a personalized candle. */
function giftOptions(overrides: Partial<Schema<'GiftReturnOptionsDto'>> = {}): Schema<'GiftReturnOptionsDto'> {
  return {
    order_number: NUMBER,
    window_closes_at: '2026-12-25T10:00:00Z',
    lines: [
      line(),
      line({
        position: 1,
        title: 'Birthday Balloons E-Gift Card',
        heb_title: undefined,
        image: undefined,
        options: [],
        quantity: 1,
        taken: 0,
        left: 0,
        not_returnable: 'gift_card',
      }),
      line({
        position: 2,
        title: 'Hand-Poured Soy Candle',
        heb_title: undefined,
        options: [],
        quantity: 1,
        taken: 0,
        left: 1,
        faults_only: true,
      }),
    ],
    ...overrides,
  }
}

function giftReturn(overrides: Partial<Schema<'GiftReturnDto'>> = {}): Schema<'GiftReturnDto'> {
  return {
    number: `${NUMBER}-2`,
    order_number: NUMBER,
    status: 'requested',
    lines: [
      {
        position: 0,
        title: 'Stoneware Mug',
        heb_title: 'ספל אבן',
        image: '/media/mug/e76f51.svg',
        quantity: 2,
        reason: 'no_longer_needed',
        note: 'Too small for me',
      },
    ],
    return_method: 'label',
    email: 'dana@example.com',
    history: [{ status: 'requested', at: '2026-12-01T09:00:00Z' }],
    ...overrides,
  }
}

/** Types the receipt as a person might copy it (lower case, spaces) and looks it up. */
async function lookUp(user: ReturnType<typeof userEvent.setup>, language: Language = 'eng') {
  const words =
    language === 'eng'
      ? { number: 'Order number', code: 'Gift receipt code', find: 'Find my gift' }
      : { number: 'מספר הזמנה', code: 'קוד קבלת המתנה', find: 'חיפוש המתנה' }
  await user.type(screen.getByRole('textbox', { name: words.number }), '7kq4 m2xd 9prt')
  await user.type(screen.getByRole('textbox', { name: words.code }), 'abcd efgh')
  await user.click(screen.getByRole('button', { name: words.find }))
}

/** The gift's lines, as the items step lists them. */
const itemsList = () => screen.getByRole('list', { name: 'Items in this gift' })
const lineItems = () => [...itemsList().children] as HTMLElement[]

const posts = (sent: SentRequest[], path: string) =>
  sent.filter((request) => request.method === 'POST' && request.url.pathname === path)

describe('the gift receipt', () => {
  it('is the page of /gift-return, inside the store’s layout', async () => {
    stubApiWithBodies({ '/api/categories': departments })
    renderApp('/gift-return')
    expect(await screen.findByRole('heading', { level: 1, name: 'Return a gift' })).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Your gift receipt' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })

  it('asks for both fields, sends them as printed however typed, and shows the server’s message on 404, 409 and 429', async () => {
    let calls = 0
    const sent = stubApiWithBodies({
      [LOOKUP]: () => {
        calls += 1
        if (calls === 1)
          return answer(404, {
            message: 'We found no gift with this order number and gift receipt code. Please check both.',
          })
        if (calls === 2) return answer(409, { message: 'The 30 days to return this order are over.' })
        return new Response(JSON.stringify({ message: 'Too many tries. Please try again later.' }), {
          status: 429,
          headers: { 'Retry-After': '30' },
        })
      },
    })
    const { user } = await renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Return a gift' })).toHaveFocus()
    expect(screen.getByText(/store credit rather than a refund: an e-gift card, sent to you by e-mail/)).toBeVisible()
    expect(screen.getByText(/told only that a gift was returned/)).toBeVisible()
    await waitFor(() => {
      expect(document.title).toBe('Gift Return | Olive Lane')
    })

    await user.click(screen.getByRole('button', { name: 'Find my gift' }))
    const number = screen.getByRole('textbox', { name: 'Order number' })
    expect(number).toHaveFocus()
    expect(number).toHaveAccessibleDescription(/Please fill in this field\.$/)
    expect(sent).toHaveLength(0)

    await lookUp(user)
    const notFound = await screen.findByRole('alert')
    expect(notFound).toHaveTextContent(
      'We found no gift with this order number and gift receipt code. Please check both.',
    )
    expect(notFound).toHaveFocus()
    expect(posts(sent, LOOKUP)[0]?.body).toEqual({ order_number: NUMBER, code: CODE })

    await user.click(screen.getByRole('button', { name: 'Find my gift' }))
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('The 30 days to return this order are over.')
    })
    await user.click(screen.getByRole('button', { name: 'Find my gift' }))
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 30 seconds.')
    })
    expect(screen.getByRole('alert')).toHaveFocus()
    expect(screen.getByRole('heading', { level: 1, name: 'Return a gift' })).toBeInTheDocument()
  })
})

describe('the items', () => {
  it('greys a line that cannot come back, caps the quantity at what is left, and gives a personalized line the fault reasons only', async () => {
    stubApiWithBodies({ [LOOKUP]: giftOptions() })
    const { user } = await renderPage()
    await lookUp(user)
    const heading = await screen.findByRole('heading', { level: 1, name: 'Choose what to return' })
    await waitFor(() => {
      expect(heading).toHaveFocus()
    })
    expect(screen.getByText('You can return items until Dec 25, 2026.')).toBeInTheDocument()

    const [mug, card, candle] = lineItems() as [HTMLElement, HTMLElement, HTMLElement]
    // The e-gift card: greyed, with why, and nothing to choose.
    expect(card).toHaveTextContent('Birthday Balloons E-Gift Card')
    expect(card).toHaveTextContent('Gift cards cannot be returned.')
    expect(card.firstElementChild?.className).toMatch(/unavailable/)
    expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument()
    expect(mug.firstElementChild?.className).not.toMatch(/unavailable/)

    // The mug: three came, one is back already: two may still come back.
    const mugGroup = within(mug).getByRole('group', { name: 'Stoneware Mug' })
    expect(mugGroup).toHaveTextContent('Colour: Sage')
    expect(within(mugGroup).queryByRole('combobox')).not.toBeInTheDocument()
    await user.click(within(mugGroup).getByRole('checkbox', { name: 'Return this item' }))
    const quantity = within(mugGroup).getByRole('combobox', { name: 'How many to return' })
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2'])
    expect(
      within(within(mugGroup).getByRole('combobox', { name: 'Reason' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a reason',
      'Damaged or defective',
      'Wrong item sent',
      'Not as described',
      'No longer needed',
      'Found a better price',
      'Arrived too late',
      'Other',
    ])

    // The personalized candle: why, and only the store's faults.
    const candleGroup = within(candle).getByRole('group', { name: 'Hand-Poured Soy Candle' })
    expect(candleGroup).toHaveTextContent(
      'This item was personalized, so it can only be returned if it arrived damaged',
    )
    await user.click(within(candleGroup).getByRole('checkbox', { name: 'Return this item' }))
    expect(
      within(within(candleGroup).getByRole('combobox', { name: 'Reason' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a reason', 'Damaged or defective', 'Wrong item sent'])
    expect(
      within(within(candleGroup).getByRole('combobox', { name: 'How many to return' })).getAllByRole('option'),
    ).toHaveLength(1)
    expect(document.body).not.toHaveTextContent('$')
  })

  it('says what is missing before sending anything', async () => {
    const sent = stubApiWithBodies({ [LOOKUP]: giftOptions() })
    const { user } = await renderPage()
    await lookUp(user)
    await screen.findByRole('heading', { level: 1, name: 'Choose what to return' })
    const send = screen.getByRole('button', { name: 'Return gift' })

    await user.click(send)
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one item to return.')
    const mugBox = within(lineItems()[0] as HTMLElement).getByRole('checkbox', { name: 'Return this item' })
    expect(mugBox).toHaveFocus()

    await user.click(mugBox)
    await user.click(send)
    const reason = within(lineItems()[0] as HTMLElement).getByRole('combobox', { name: 'Reason' })
    expect(reason).toHaveFocus()
    expect(reason).toHaveAccessibleDescription('Please choose a reason.')
    expect(screen.getByRole('group', { name: 'How will you send it back?' })).toHaveAccessibleDescription(
      'Please choose how you’ll send the items back.',
    )

    // The e-mail is checked as it is left.
    const email = screen.getByRole('textbox', { name: 'Your e-mail address, for your store credit' })
    await user.type(email, 'dana@example')
    await user.tab()
    expect(email).toHaveAccessibleDescription(/Please enter an e-mail address like name@example\.com\./)
    expect(posts(sent, RETURNS)).toHaveLength(0)
  })
})

describe('sending the gift back', () => {
  it('posts exactly the chosen lines, the method, the e-mail and one key for its retries, and confirms with the label link', async () => {
    let calls = 0
    const sent = stubApiWithBodies({
      [LOOKUP]: giftOptions(),
      [RETURNS]: () => {
        calls += 1
        if (calls === 1) return answer(503, { message: 'The store is busy right now. Please try again in a moment.' })
        return answer(201, giftReturn())
      },
    })
    const { user } = await renderPage()
    await lookUp(user)
    await screen.findByRole('heading', { level: 1, name: 'Choose what to return' })

    const mug = within(lineItems()[0] as HTMLElement)
    await user.click(mug.getByRole('checkbox', { name: 'Return this item' }))
    await user.selectOptions(mug.getByRole('combobox', { name: 'How many to return' }), '2')
    await user.selectOptions(mug.getByRole('combobox', { name: 'Reason' }), 'No longer needed')
    await user.type(mug.getByRole('textbox', { name: 'Note (optional)' }), '  Too small for me ')
    // The candle is chosen, then left after all.
    const candle = within(lineItems()[2] as HTMLElement)
    await user.click(candle.getByRole('checkbox', { name: 'Return this item' }))
    await user.click(candle.getByRole('checkbox', { name: 'Return this item' }))

    const label = screen.getByRole('radio', { name: 'Prepaid label, print at home' })
    expect(label).toHaveAccessibleDescription(/stick it on the parcel and post it/)
    expect(screen.getByRole('radio', { name: 'Drop off at our store' })).toHaveAccessibleDescription(
      /12 HaZayit Boulevard/,
    )
    await user.click(label)
    await user.type(
      screen.getByRole('textbox', { name: 'Your e-mail address, for your store credit' }),
      ' dana@example.com ',
    )

    await user.click(screen.getByRole('button', { name: 'Return gift' }))
    const busy = await screen.findByRole('alert')
    expect(busy).toHaveTextContent('The store is busy right now. Please try again in a moment.')
    expect(busy).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Return gift' }))

    const done = await screen.findByRole('heading', { level: 1, name: 'Gift return requested' })
    await waitFor(() => {
      expect(done).toHaveFocus()
    })
    const [first, second] = posts(sent, RETURNS)
    expect(first?.body).toEqual({
      order_number: NUMBER,
      code: CODE,
      email: 'dana@example.com',
      return_method: 'label',
      idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{16,100}$/) as unknown,
      lines: [{ position: 0, quantity: 2, reason: 'no_longer_needed', note: 'Too small for me' }],
    })
    expect(second?.body).toEqual(first?.body)

    expect(screen.getByText(`${NUMBER}-2`)).toBeInTheDocument()
    const returning = screen.getByRole('region', { name: 'What you’re returning' })
    expect(returning).toHaveTextContent('Stoneware Mug')
    expect(returning).toHaveTextContent('Qty 2')
    expect(returning).toHaveTextContent('Reason: No longer needed')
    expect(returning).toHaveTextContent('Note: Too small for me')
    const next = screen.getByRole('region', { name: 'What to do next' })
    expect(within(next).getByRole('link', { name: 'Print your label' })).toHaveAttribute(
      'href',
      `/return-label/${NUMBER}-2?code=${CODE}`,
    )
    expect(next).not.toHaveTextContent('HaZayit')
    expect(screen.getByRole('region', { name: 'Your store credit' })).toHaveTextContent(
      'Once your parcel reaches us, we’ll e-mail your store credit, as an e-gift card, to dana@example.com.',
    )
    expect(document.body).not.toHaveTextContent('$')
  })

  it('names the line a refusal is about, and takes a new key after it', async () => {
    let calls = 0
    const sent = stubApiWithBodies({
      [LOOKUP]: giftOptions(),
      [RETURNS]: () => {
        calls += 1
        if (calls === 1) return answer(400, { message: 'lines[2]: only 0 of this item can still be returned' })
        return answer(201, giftReturn({ return_method: 'drop_off' }))
      },
    })
    const { user } = await renderPage()
    await lookUp(user)
    await screen.findByRole('heading', { level: 1, name: 'Choose what to return' })
    const candle = within(lineItems()[2] as HTMLElement)
    await user.click(candle.getByRole('checkbox', { name: 'Return this item' }))
    await user.selectOptions(candle.getByRole('combobox', { name: 'Reason' }), 'Damaged or defective')
    await user.click(screen.getByRole('radio', { name: 'Drop off at our store' }))
    await user.type(
      screen.getByRole('textbox', { name: 'Your e-mail address, for your store credit' }),
      'dana@example.com',
    )
    await user.click(screen.getByRole('button', { name: 'Return gift' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hand-Poured Soy Candle: Only 0 of this item can still be returned.',
    )

    await user.click(screen.getByRole('button', { name: 'Return gift' }))
    const next = await screen.findByRole('region', { name: 'What to do next' })
    expect(next).toHaveTextContent('Bring the items, with your return number, to our store:')
    expect(next).toHaveTextContent('12 HaZayit Boulevard')
    expect(within(next).queryByRole('link')).not.toBeInTheDocument()
    const [first, second] = posts(sent, RETURNS) as [SentRequest, SentRequest]
    const keyOf = (request: SentRequest) => (request.body as { idempotency_key: string }).idempotency_key
    expect(keyOf(second)).not.toBe(keyOf(first))
  })
})

describe('a gift that cannot come back now', () => {
  it('says why instead of offering choices', async () => {
    stubApiWithBodies({
      [LOOKUP]: giftOptions({
        closed: 'the 30 days to return this order are over',
        lines: giftOptions().lines.map((entry) => ({ ...entry, left: 0 })),
      }),
    })
    const { user } = await renderPage()
    await lookUp(user)
    expect(await screen.findByText('The 30 days to return this order are over.')).toBeInTheDocument()
    expect(itemsList()).toHaveTextContent('Stoneware Mug')
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Return gift' })).not.toBeInTheDocument()
    expect(screen.queryByText('Already returned.')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Return a different gift' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Return a gift' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Order number' })).toHaveValue('')
  })
})

describe('in Hebrew', () => {
  it('speaks Hebrew throughout, with the Hebrew titles and the store’s Hebrew address', async () => {
    let calls = 0
    stubApiWithBodies({
      [LOOKUP]: () => {
        calls += 1
        // The server words its refusals in the language the page asks for.
        return calls === 1
          ? answer(404, {
              message: 'לא מצאנו מתנה עם מספר ההזמנה וקוד קבלת המתנה האלה. בדקו את שניהם.',
            })
          : giftOptions()
      },
      [RETURNS]: answer(201, giftReturn({ return_method: 'drop_off' })),
    })
    const { user } = await renderPage('heb')
    expect(screen.getByRole('heading', { level: 1, name: 'החזרת מתנה' })).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('החזרת מתנה | Olive Lane')
    })
    await lookUp(user, 'heb')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'לא מצאנו מתנה עם מספר ההזמנה וקוד קבלת המתנה האלה. בדקו את שניהם.',
    )
    await user.click(screen.getByRole('button', { name: 'חיפוש המתנה' }))

    await screen.findByRole('heading', { level: 1, name: 'בחירת הפריטים להחזרה' })
    const list = screen.getByRole('list', { name: 'הפריטים במתנה' })
    const [mug, card] = [...list.children] as [HTMLElement, HTMLElement]
    const mugGroup = within(mug).getByRole('group', { name: 'ספל אבן' })
    expect(mugGroup).toHaveTextContent('צבע: מרווה')
    expect(card).toHaveTextContent('אי אפשר להחזיר כרטיסי מתנה.')
    await user.click(within(mugGroup).getByRole('checkbox', { name: 'להחזיר את הפריט הזה' }))
    await user.selectOptions(within(mugGroup).getByRole('combobox', { name: 'סיבת ההחזרה' }), 'כבר אין בו צורך')
    const dropOff = screen.getByRole('radio', { name: 'מסירה בחנות שלנו' })
    expect(dropOff).toHaveAccessibleDescription(/שדרות הזית 12/)
    await user.click(dropOff)
    await user.type(
      screen.getByRole('textbox', { name: 'כתובת הדואר האלקטרוני שלך, לקבלת הזיכוי' }),
      'dana@example.com',
    )
    await user.click(screen.getByRole('button', { name: 'החזרת המתנה' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'בקשת ההחזרה התקבלה' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'מה מוחזר' })).toHaveTextContent('ספל אבן')
    expect(screen.getByRole('region', { name: 'מה מוחזר' })).toHaveTextContent('סיבה: כבר אין בו צורך')
    expect(screen.getByRole('region', { name: 'מה עושים עכשיו' })).toHaveTextContent('שדרות הזית 12')
    const credit = screen.getByRole('region', { name: 'הזיכוי שלך' })
    expect(credit).toHaveTextContent('כשהחבילה תגיע אלינו, נשלח את הזיכוי ככרטיס מתנה דיגיטלי לכתובת dana@example.com.')
    expect(within(credit).getByText('dana@example.com').tagName).toBe('BDI')
  })
})
