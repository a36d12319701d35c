import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDocumentTitle } from './useDocumentTitle'

function Page({ name }: { name: string }) {
  useDocumentTitle(name)
  return null
}

describe('useDocumentTitle', () => {
  it('sets the page name followed by the store name', () => {
    render(<Page name="Home" />)
    expect(document.title).toBe('Home | Olive Lane')
  })

  it('follows the page name when it changes', () => {
    const { rerender } = render(<Page name="Stoneware Mug" />)
    rerender(<Page name="Page not found" />)
    expect(document.title).toBe('Page not found | Olive Lane')
  })
})
