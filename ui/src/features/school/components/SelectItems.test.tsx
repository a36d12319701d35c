import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AddedLine } from '@/lib/bag'
import { STORAGE_KEY } from '@/lib/persist'
import { answer, stubApiWithBodies } from '@/testing/api'
import { signedInCustomer } from '@/testing/customer'
import { departments, pricedLine, quoteAnswer } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { classroom, classroomItems, listAnswer, markers } from '../testing'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  sessionStorage.clear()
})

const PATH = '/school/select-your-supplies/12/121'
const LIST = '/api/schools/grades/12/lists/121'
const QUOTE = '/api/bag/quote'

type Routes = Parameters<typeof stubApiWithBodies>[0]

function stub(routes: Routes = {}, stored: Record<string, unknown> = {}) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(stored))
  return stubApiWithBodies({ '/api/categories': departments, [LIST]: listAnswer(), ...routes })
}

/** The bag's answer to the add, saying what each line brought. */
const addedAnswer = (added: AddedLine[]) => quoteAnswer({ products: [pricedLine()], added })

const bodiesTo = (sent: ReturnType<typeof stub>, path: string) =>
  sent.filter((request) => request.url.pathname === path).map((request) => request.body)

describe('Select your supplies', () => {
  it('shows the teacher’s note and every item, required ones ticked and optional ones not', async () => {
    stub()
    renderApp(PATH)
    expect(await screen.findByRole('heading', { level: 1, name: 'Classroom supplies' })).toBeInTheDocument()
    expect(screen.getByText('Chelsea Elementary School')).toBeInTheDocument()
    expect(screen.getByText(classroom.note)).toBeInTheDocument()
    expect(screen.getByText('Teacher’s note')).toBeInTheDocument()

    const items = screen.getByRole('list', { name: 'Items on the list' })
    const box = (name: string) => within(items).getByRole('checkbox', { name })
    expect(box('HB Graphite Pencils, 12-Pack')).toBeChecked()
    expect(box('Spiral Notebook, Ruled')).toBeChecked()
    expect(box('Spiral Notebook, Ruled')).toHaveAccessibleDescription('Size: A5, $4.99')
    expect(box('Wooden Ruler, 30 cm')).toBeChecked()
    expect(box('Colored Pencils, 24 Colors')).not.toBeChecked()
    expect(box('Colored Pencils, 24 Colors')).toHaveAccessibleDescription('Optional, $12.99')
    expect(box('Everyday School Backpack')).not.toBeChecked()
    expect(box('Everyday School Backpack')).toHaveAccessibleDescription('Color: Navy, Optional, Now$59.00 Was$69.00')
    // Out of stock, so the first substitute offered is bought instead.
    expect(box('Washable Markers, 16 Colors')).toBeChecked()
    expect(box('Washable Markers, 16 Colors')).toHaveAccessibleDescription('$9.99, Out of stock')
    const substitutes = within(items).getByRole('radiogroup', { name: 'Substitute for Washable Markers, 16 Colors' })
    expect(within(substitutes).getByRole('radio', { name: /^Fine-Liner Pens, 10 Colors/ })).toBeChecked()
    expect(within(substitutes).getByRole('radio', { name: /^Beeswax Crayons, 16 Colors/ })).not.toBeChecked()
    expect(within(substitutes).getByText('Choose a substitute')).toBeInTheDocument()

    expect(within(items).getByRole('spinbutton', { name: 'Quantity of HB Graphite Pencils, 12-Pack' })).toHaveValue(2)
    expect(within(items).getByRole('spinbutton', { name: 'Quantity of Spiral Notebook, Ruled' })).toHaveValue(3)
    // 2 × $4.50 + 3 × $4.99 + $14.99 + $3.50
    const total = screen.getByText('Total for the ticked items').parentElement
    expect(total).toHaveTextContent('Total for the ticked items $42.46')
    // Read out as it changes.
    expect(total).toHaveAttribute('role', 'status')
    expect(screen.getByRole('button', { name: 'Add 7 items to bag' })).toBeInTheDocument()

    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(
      within(trail)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['School supplies', '/school'],
      ['Select your school', '/school/select-your-school/US/10001'],
      ['Select your grade', '/school/select-your-grade/12'],
    ])
    expect(within(trail).getByText('Select your supplies')).toHaveAttribute('aria-current', 'page')
    await waitFor(() => {
      expect(document.title).toBe('Classroom supplies, Grade 3 | Olive Lane')
    })
  })

  it('puts the ticked items in the bag in one change, as chosen, and says what was not added', async () => {
    const sent = stub({
      [QUOTE]: addedAnswer([
        { id: 1042, type: 'product', asked: 4, added: 4 },
        { id: 1052, type: 'product', asked: 1, added: 0 },
        { id: 1055, type: 'product', asked: 1, added: 1 },
        { id: 105701, type: 'variation', asked: 2, added: 1 },
      ]),
    })
    renderApp(PATH)
    const user = userEvent.setup()
    const items = await screen.findByRole('list', { name: 'Items on the list' })

    await user.click(within(items).getByRole('checkbox', { name: 'Spiral Notebook, Ruled' }))
    const pencils = within(items).getByRole('spinbutton', { name: 'Quantity of HB Graphite Pencils, 12-Pack' })
    await user.clear(pencils)
    await user.type(pencils, '4')
    await user.click(within(items).getByRole('radio', { name: /^Beeswax Crayons, 16 Colors/ }))
    await user.click(within(items).getByRole('checkbox', { name: 'Everyday School Backpack' }))
    const backpack = within(items).getByRole('spinbutton', { name: 'Quantity of Everyday School Backpack' })
    await user.clear(backpack)
    await user.type(backpack, '2')

    // 4 × $4.50 + $10.99 + $3.50 + 2 × $59.00
    expect(screen.getByText('Total for the ticked items').parentElement).toHaveTextContent('$150.49')
    await user.click(screen.getByRole('button', { name: 'Add 8 items to bag' }))

    const toasts = await screen.findByText(/^Added 6 items to your bag\./)
    expect(toasts).toHaveTextContent(
      'Added 6 items to your bag. Not added: Beeswax Crayons, 16 Colors (out of stock); Everyday School Backpack (only 1 left). View bag',
    )
    expect(within(toasts).getByRole('link', { name: 'View bag' })).toHaveAttribute('href', '/bag')
    expect(bodiesTo(sent, QUOTE)).toEqual([
      {
        products: [],
        later: [],
        change: {
          action: 'add_list',
          grade_id: 12,
          list_id: 121,
          picks: [
            { position: 0, quantity: 4 },
            { position: 2, quantity: 1, substitute: { type: 'product', id: 1052 } },
            { position: 3, quantity: 1 },
            { position: 5, quantity: 2 },
          ],
        },
      },
    ])
    // The answer is the bag now.
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { bag?: { products: unknown[] } }
    expect(stored.bag?.products).toHaveLength(1)
  })

  it('says simply how many went in when everything was added', async () => {
    stub({
      [QUOTE]: addedAnswer([
        { id: 1042, type: 'product', asked: 2, added: 2 },
        { id: 104801, type: 'variation', asked: 3, added: 3 },
        { id: 1045, type: 'product', asked: 1, added: 1 },
        { id: 1055, type: 'product', asked: 1, added: 1 },
      ]),
    })
    renderApp(PATH)
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add 7 items to bag' }))
    expect(await screen.findByText(/^Added 7 items to your bag\.$/)).toBeInTheDocument()
  })

  it('sends a signed-in customer’s add to their stored bag', async () => {
    const customer = signedInCustomer()
    const sent = stub(
      {
        '/api/customer': customer,
        '/api/customer/bag': quoteAnswer(),
        '/api/customer/bag/change': addedAnswer([{ id: 1055, type: 'product', asked: 1, added: 1 }]),
      },
      { customer },
    )
    renderApp(PATH)
    const user = userEvent.setup()
    const items = await screen.findByRole('list', { name: 'Items on the list' })
    for (const name of ['HB Graphite Pencils, 12-Pack', 'Spiral Notebook, Ruled', 'Washable Markers, 16 Colors']) {
      await user.click(within(items).getByRole('checkbox', { name }))
    }
    await user.click(screen.getByRole('button', { name: 'Add 1 item to bag' }))
    expect(await screen.findByText(/^Added 1 item to your bag\./)).toBeInTheDocument()
    expect(bodiesTo(sent, '/api/customer/bag/change')).toEqual([
      { change: { action: 'add_list', grade_id: 12, list_id: 121, picks: [{ position: 3, quantity: 1 }] } },
    ])
    expect(bodiesTo(sent, QUOTE)).toEqual([])
  })

  it('keeps the button from sending twice while the bag answers, and says when the add failed', async () => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const sent = stub()
    const failing = vi.fn(async (request: Request) => {
      const url = new URL(request.url)
      const text = await request.clone().text()
      sent.push({ url, method: request.method, body: text ? (JSON.parse(text) as unknown) : undefined })
      if (url.pathname === LIST) return answer(200, listAnswer())
      if (url.pathname === QUOTE) {
        await held
        return answer(500, { message: 'reference 42' })
      }
      return answer(404, { message: 'Not found' })
    })
    vi.stubGlobal('fetch', failing)
    renderApp(PATH)
    const user = userEvent.setup()
    const button = await screen.findByRole('button', { name: 'Add 7 items to bag' })
    await user.click(button)
    const busy = await screen.findByRole('button', { name: 'Adding…' })
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    await user.click(busy)
    release()
    expect(await screen.findByText('We couldn’t update your bag. Please try again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add 7 items to bag' })).not.toHaveAttribute('aria-disabled')
    expect(bodiesTo(sent, QUOTE)).toHaveLength(1)
  })

  it('asks for a tick before sending nothing', async () => {
    const sent = stub()
    renderApp(PATH)
    const user = userEvent.setup()
    const items = await screen.findByRole('list', { name: 'Items on the list' })
    for (const box of within(items).getAllByRole('checkbox', { checked: true })) await user.click(box)
    await user.click(screen.getByRole('button', { name: 'Add to bag' }))
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent('Tick at least one item to add.')
    expect(bodiesTo(sent, QUOTE)).toEqual([])
    expect(screen.getByText('Total for the ticked items').parentElement).toHaveTextContent('$0.00')
  })

  it('leaves an item out of stock with no substitute unticked, and it cannot be ticked', async () => {
    const items = classroomItems().map((item) =>
      item.product.id === markers.id ? { ...item, offered: [], substitutes: [] } : item,
    )
    stub({ [LIST]: listAnswer({ items }) })
    renderApp(PATH)
    const box = await screen.findByRole('checkbox', { name: 'Washable Markers, 16 Colors' })
    expect(box).not.toBeChecked()
    expect(box).toBeDisabled()
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument()
    expect(
      screen.queryByRole('spinbutton', { name: 'Quantity of Washable Markers, 16 Colors' }),
    ).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add 6 items to bag' })).toBeInTheDocument()
  })

  it('keeps a quantity within the stock', async () => {
    const items = classroomItems().map((item) =>
      item.position === 0 ? { ...item, product: { ...item.product, max: 1 } } : item,
    )
    stub({ [LIST]: listAnswer({ items }) })
    renderApp(PATH)
    const user = userEvent.setup()
    const pencils = await screen.findByRole('spinbutton', { name: 'Quantity of HB Graphite Pencils, 12-Pack' })
    // The teacher asks for 2; only 1 can be had.
    expect(pencils).toHaveValue(1)
    expect(pencils).toHaveAttribute('max', '1')
    expect(screen.getByText('Only 1 left')).toBeInTheDocument()
    await user.clear(pencils)
    await user.type(pencils, '9')
    await user.tab()
    expect(pencils).toHaveValue(1)
  })

  it.each([
    ['a list that is not the grade’s', '/school/select-your-supplies/12/999'],
    ['ids that cannot name one', '/school/select-your-supplies/12/art'],
  ])('shows the not-found page for %s', async (_case, path) => {
    stub()
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
  })

  it('speaks Hebrew: the list’s and products’ Hebrew words, right to left', async () => {
    stub(
      {
        [QUOTE]: addedAnswer([
          { id: 1042, type: 'product', asked: 2, added: 2 },
          { id: 104801, type: 'variation', asked: 3, added: 3 },
          { id: 1045, type: 'product', asked: 1, added: 0 },
          { id: 1055, type: 'product', asked: 1, added: 1 },
        ]),
      },
      { language: 'heb' },
    )
    renderApp(PATH)
    const heading = await screen.findByRole('heading', { level: 1, name: 'ציוד לכיתה' })
    expect(heading).toHaveAttribute('lang', 'he')
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(screen.getByText(classroom.heb_note)).toBeInTheDocument()
    expect(screen.getByText('הערת המורה')).toBeInTheDocument()

    const items = screen.getByRole('list', { name: 'הפריטים ברשימה' })
    const notebook = within(items).getByRole('checkbox', { name: 'מחברת ספירלה בשורות' })
    expect(notebook).toBeChecked()
    expect(notebook).toHaveAccessibleDescription('גודל: A5, $4.99')
    expect(within(items).getByRole('checkbox', { name: 'עפרונות צבעוניים, 24 גוונים' })).toHaveAccessibleDescription(
      'לא חובה, $12.99',
    )
    expect(within(items).getByRole('checkbox', { name: 'תיק גב יומיומי לבית הספר' })).toHaveAccessibleDescription(
      'צבע: כחול נייבי, לא חובה, עכשיו$59.00 במקום$69.00',
    )
    expect(within(items).getByRole('checkbox', { name: 'טושים רחיצים, 16 צבעים' })).toHaveAccessibleDescription(
      '$9.99, אזל מהמלאי',
    )
    const substitutes = within(items).getByRole('radiogroup', { name: 'תחליף עבור טושים רחיצים, 16 צבעים' })
    expect(within(substitutes).getByText('בחירת תחליף')).toBeInTheDocument()
    expect(within(substitutes).getByRole('radio', { name: /^עטי פיין-ליינר, 10 צבעים/ })).toBeChecked()
    expect(within(items).getByRole('spinbutton', { name: 'הכמות של עפרונות גרפיט HB, מארז 12' })).toHaveValue(2)
    expect(screen.getByText('סך הכול לפריטים המסומנים').parentElement).toHaveTextContent('$42.46')
    expect(within(screen.getByRole('navigation', { name: 'פירורי לחם' })).getByText('בחירת ציוד')).toHaveAttribute(
      'aria-current',
      'page',
    )

    await userEvent.setup().click(screen.getByRole('button', { name: 'הוספת 7 פריטים לסל' }))
    expect(
      await screen.findByText(/^נוספו 6 פריטים לסל שלך\. לא נוספו: עטי פיין-ליינר, 10 צבעים \(אזל מהמלאי\)\./),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'לצפייה בסל' })).toHaveAttribute('href', '/bag')
    await waitFor(() => {
      expect(document.title).toBe('ציוד לכיתה, כיתה ג׳ | Olive Lane')
    })
  })
})
