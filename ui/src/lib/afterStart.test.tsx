import { render, screen, waitFor } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { afterStart } from './afterStart'

const Panel = ({ text }: { text: string }) => <p>{text}</p>

describe('afterStart', () => {
  it('fetches the code once the browser is idle, before the part is rendered', async () => {
    const load = vi.fn(() => Promise.resolve(Panel))
    afterStart(load)
    await waitFor(() => {
      expect(load).toHaveBeenCalledTimes(1)
    })
  })

  it('renders the part once its code is there, fetching it once', async () => {
    const load = vi.fn(() => Promise.resolve(Panel))
    const Part = afterStart(load)
    render(
      <Suspense>
        <Part text="the panel" />
        <Part text="again" />
      </Suspense>,
    )
    expect(await screen.findByText('the panel')).toBeInTheDocument()
    expect(screen.getByText('again')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('leaves the part out when its code cannot be fetched, and the page stays', async () => {
    let fail: (reason: Error) => void = () => undefined
    const Part = afterStart<{ text: string }>(
      () =>
        new Promise((_, reject) => {
          fail = reject
        }),
    )
    render(
      <main>
        <p>the page</p>
        <Suspense fallback={<p>loading</p>}>
          <Part text="the panel" />
        </Suspense>
      </main>,
    )
    expect(screen.getByText('loading')).toBeInTheDocument()
    fail(new Error('offline'))
    await waitFor(() => {
      expect(screen.queryByText('loading')).not.toBeInTheDocument()
    })
    expect(screen.getByText('the page')).toBeInTheDocument()
    expect(screen.queryByText('the panel')).not.toBeInTheDocument()
  })
})
