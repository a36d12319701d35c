import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { summary } from '@/testing/fixtures'
import { ProductGrid } from './ProductGrid'

function renderGrid(count: number, eagerCount?: number) {
  const items = Array.from({ length: count }, (_, i) => summary({ id: 1001 + i, title: `Mug ${i + 1}` }))
  const router = createMemoryRouter([{ path: '*', element: <ProductGrid items={items} eagerCount={eagerCount} /> }])
  const { container } = render(<RouterProvider router={router} />)
  return [...container.querySelectorAll('img')].map((img) => img.getAttribute('loading'))
}

describe('ProductGrid pictures', () => {
  it('loads the first screen of cards at once and the rest lazily', () => {
    expect(renderGrid(6, 4)).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy'])
    expect(screen.getAllByRole('listitem')).toHaveLength(6)
  })

  it('loads every picture lazily by default, as in related items below the fold', () => {
    expect(renderGrid(3)).toEqual(['lazy', 'lazy', 'lazy'])
  })
})
