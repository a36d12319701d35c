import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { rememberOrderToken } from '@/lib/orders'
import { STORAGE_KEY } from '@/lib/persist'
import { stubApiWithBodies } from '@/testing/api'
import { departments } from '@/testing/fixtures'
import { order, orderLine } from '@/testing/orders'
import { renderApp } from '@/testing/render'

// The gift receipt on the invoice page (issue 28): for an order with gift options, a
// block of its own with the order number and the gift receipt's code, the items and how
// many, and how to return the gift; never a price.

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
  localStorage.clear()
})

const NUMBER = '7KQ4-M2XD-9PRT'

/** A gift of two mugs (gift wrapped) and a towel in a colour. */
const giftOrder = (overrides: Parameters<typeof order>[0] = {}) =>
  order({
    gift_receipt_code: 'ABCD-EFGH',
    lines: [
      orderLine({ gift_options: true, gift_options_price: 500 }),
      orderLine({
        id: 2002,
        title: 'Linen Towel',
        heb_title: 'מגבת פשתן',
        sku: 'HG-TWL-002',
        quantity: 1,
        unit_price: 900,
        merchandise: 900,
        options: [{ name: 'Colour', value: 'Sand', heb_name: 'צבע', heb_value: 'חול' }],
      }),
    ],
    ...overrides,
  })

function openInvoice(answer: ReturnType<typeof order>) {
  rememberOrderToken(NUMBER, 'signed-token')
  stubApiWithBodies({
    '/api/categories': departments,
    '/api/store': { name: 'Olive Lane', heb_name: 'שדרת הזית', help_email: 'help@example.com' },
    '/api/countries': [],
    [`/api/orders/${NUMBER}`]: answer,
  })
  renderApp(`/view-invoice/${NUMBER}`)
}

describe('the gift receipt on the invoice', () => {
  it('shows the order number, the code in large type, the items and how to return them, without a price', async () => {
    openInvoice(giftOrder())
    const receipt = await screen.findByRole('region', { name: 'Gift receipt' })
    // After the invoice itself.
    const invoiceTable = screen.getByRole('table', { name: 'Items' })
    expect(invoiceTable.compareDocumentPosition(receipt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(receipt.className).toMatch(/giftReceipt/)
    expect(receipt).toHaveTextContent('Olive Lane')
    expect(receipt).toHaveTextContent(`Order number${NUMBER}`)
    const code = within(receipt).getByText('ABCD-EFGH')
    expect(code.className).toMatch(/giftCode/)
    const rows = within(within(receipt).getByRole('table', { name: 'Items in this gift' })).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual(['ItemQty', 'Stoneware Mug2', 'Linen TowelColour: Sand1'])
    expect(receipt).toHaveTextContent(
      `To return this gift, visit ${window.location.origin}/gift-return with the order number and this code. You will receive store credit; the sender is told only that a gift was returned.`,
    )
    // The invoice has its prices; the gift receipt none.
    expect(invoiceTable).toHaveTextContent('$18.00')
    expect(receipt).not.toHaveTextContent(/\$|\d+\.\d\d|Unit price|Amount|Total|Gift wrapped/)
  })

  it('is not there for an order without gift options', async () => {
    openInvoice(order())
    expect(await screen.findByRole('table', { name: 'Items' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Gift receipt' })).not.toBeInTheDocument()
    expect(screen.queryByText('Gift receipt code')).not.toBeInTheDocument()
    expect(screen.queryByText(/To return this gift/)).not.toBeInTheDocument()
  })

  it('speaks Hebrew, with the Hebrew titles and the address kept left to right', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ language: 'heb' }))
    openInvoice(giftOrder())
    const receipt = await screen.findByRole('region', { name: 'קבלת מתנה' })
    expect(receipt).toHaveTextContent('קוד קבלת המתנה')
    expect(receipt).toHaveTextContent('ABCD-EFGH')
    expect(receipt).toHaveTextContent('ספל אבן')
    expect(receipt).toHaveTextContent('צבע: חול')
    expect(receipt).toHaveTextContent('כדי להחזיר את המתנה, היכנסו אל')
    expect(receipt).toHaveTextContent('ומי ששלח את המתנה יקבל הודעה רק על כך שמתנה הוחזרה.')
    const url = within(receipt).getByText(`${window.location.origin}/gift-return`)
    expect(url.tagName).toBe('BDI')
    expect(url).toHaveAttribute('dir', 'ltr')
    expect(receipt).not.toHaveTextContent(/\$|\d+\.\d\d/)
  })
})
