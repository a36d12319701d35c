import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { summary } from '@/testing/fixtures'
import { renderInLanguage } from '@/testing/render'
import { ProductCard } from './ProductCard'

function renderCard(language: 'eng' | 'heb', item = summary()) {
  renderInLanguage(<ProductCard item={item} />, language)
}

describe('ProductCard (spec 4.9)', () => {
  it('shows the English title in English', () => {
    renderCard('eng')
    expect(screen.getByRole('heading', { name: 'Stoneware Mug' })).not.toHaveAttribute('dir')
  })

  it('shows the Hebrew title, right to left, in Hebrew', () => {
    renderCard('heb')
    const heading = screen.getByRole('heading', { name: 'ספל אבן' })
    expect(heading).toHaveAttribute('dir', 'rtl')
    expect(heading).toHaveAttribute('lang', 'he')
  })

  it('keeps the English title, marked as English, when there is no Hebrew one', () => {
    renderCard('heb', summary({ heb_title: undefined, in_stock: false }))
    expect(screen.getByRole('heading', { name: 'Stoneware Mug' })).toHaveAttribute('lang', 'en')
    expect(screen.getByText('אזל מהמלאי')).toBeInTheDocument()
  })
})
