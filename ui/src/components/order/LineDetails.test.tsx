import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderInLanguage } from '@/testing/render'
import { LineDetails, type LineChoices } from './LineDetails'

const candle: LineChoices = {
  options: [{ name: 'Scent', value: 'Lavender Field', heb_name: 'ניחוח', heb_value: 'שדה לבנדר' }],
  gift_options: true,
  personalization: { initials: 'NOA' },
}
const labels = [{ key: 'initials', label: 'Initials', heb_label: 'ראשי תיבות' }]
const eGift: LineChoices = {
  options: [],
  gift_options: false,
  personalization: {
    recipient_name: 'Avi',
    recipient_email: 'avi@example.com',
    message: 'Happy birthday!',
    send_on: '2026-11-27',
  },
}

const parts = () => screen.queryAllByRole('listitem').map((item) => item.textContent)

describe('a line’s details', () => {
  it('shows the variation, the gift wrap and each personalization with its label', () => {
    renderInLanguage(<LineDetails line={candle} labels={labels} />, 'eng')
    expect(parts()).toEqual(['Scent: Lavender Field', 'Gift wrapped', 'Initials: NOA'])
  })

  it('speaks Hebrew where the catalogue does, and keeps a Latin value whole', () => {
    renderInLanguage(<LineDetails line={candle} labels={labels} />, 'heb')
    expect(parts()).toEqual(['ניחוח: שדה לבנדר', 'ארוז כמתנה', 'ראשי תיבות: NOA'])
    expect(screen.getByText('NOA').tagName).toBe('BDI')
  })

  it('words an e-gift card’s recipient, message and day itself, the day as a date', () => {
    renderInLanguage(<LineDetails line={eGift} labels={[]} />, 'eng')
    expect(parts()).toEqual(['To: Avi <avi@example.com>', 'Message: Happy birthday!', 'Sends on Fri, Nov 27'])
  })

  it('has no part, and so no separator, for what is not there; nothing at all for a plain line', () => {
    const { unmount } = renderInLanguage(
      <LineDetails line={{ ...candle, options: [], personalization: { initials: ' ' } }} labels={labels} />,
      'eng',
    )
    expect(parts()).toEqual(['Gift wrapped'])
    expect(screen.getByRole('list')).not.toHaveTextContent('·')
    unmount()
    renderInLanguage(
      <LineDetails line={{ options: [], gift_options: false, personalization: {} }} labels={[]} />,
      'eng',
    )
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })
})
