import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { deferred, preloadOn, useIdle } from './deferred'

/** A part whose code arrives when the test says: `arrive()` loads it, `fail()` does not. */
function controlledPart() {
  const loads: { arrive: () => void; fail: () => void }[] = []
  const Greeting = ({ name }: { name: string }) => <p>Hello, {name}</p>
  const importCode = vi.fn(
    () =>
      new Promise<typeof Greeting>((resolve, reject) => {
        loads.push({
          arrive: () => {
            resolve(Greeting)
          },
          fail: () => {
            reject(new Error('offline'))
          },
        })
      }),
  )
  const last = () => loads.at(-1) ?? { arrive: () => undefined, fail: () => undefined }
  return { Part: deferred(importCode), importCode, last }
}

describe('a deferred part of the page', () => {
  it('loads its code when first shown, renders nothing meanwhile, then itself with its props', async () => {
    const { Part, importCode, last } = controlledPart()
    render(<Part name="Dana" />)
    expect(importCode).toHaveBeenCalledTimes(1)
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument()
    await act(async () => {
      last().arrive()
      await Promise.resolve()
    })
    expect(screen.getByText('Hello, Dana')).toBeInTheDocument()
    expect(Part.isLoaded()).toBe(true)
  })

  it('loads its code once, ahead when preloaded, and then shows at once', async () => {
    const { Part, importCode, last } = controlledPart()
    const user = userEvent.setup()
    function Opener() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button
            type="button"
            {...preloadOn(Part)}
            onClick={() => {
              setOpen(true)
            }}
          >
            Open
          </button>
          {open && <Part name="Dana" />}
        </>
      )
    }
    render(<Opener />)
    await user.hover(screen.getByRole('button', { name: 'Open' }))
    expect(importCode).toHaveBeenCalledTimes(1)
    await act(async () => {
      last().arrive()
      await Promise.resolve()
    })
    await user.click(screen.getByRole('button', { name: 'Open' }))
    expect(screen.getByText('Hello, Dana')).toBeInTheDocument()
    expect(importCode).toHaveBeenCalledTimes(1)
  })

  it('leaves nothing in its place when its code cannot load, and tries again when next shown', async () => {
    const { Part, importCode, last } = controlledPart()
    const { unmount } = render(<Part name="Dana" />)
    await act(async () => {
      last().fail()
      await Promise.resolve()
    })
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument()
    unmount()

    render(<Part name="Dana" />)
    expect(importCode).toHaveBeenCalledTimes(2)
    await act(async () => {
      last().arrive()
      await Promise.resolve()
    })
    expect(screen.getByText('Hello, Dana')).toBeInTheDocument()
  })

  it('holds up no other update while its code is on its way', () => {
    const { Part } = controlledPart()
    function Page() {
      const [count, setCount] = useState(0)
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setCount(count + 1)
            }}
          >
            {`Pressed ${count} times`}
          </button>
          <Part name="Dana" />
        </>
      )
    }
    render(<Page />)
    act(() => {
      screen.getByRole('button').click()
    })
    expect(screen.getByRole('button')).toHaveTextContent('Pressed 1 times')
  })
})

describe('useIdle', () => {
  it('turns true once the browser is idle after the first render (a short wait without idle callbacks)', async () => {
    vi.useFakeTimers()
    try {
      function Footer() {
        return <p>{useIdle() ? 'idle' : 'busy'}</p>
      }
      render(<Footer />)
      expect(screen.getByText('busy')).toBeInTheDocument()
      await act(() => vi.advanceTimersByTimeAsync(300))
      expect(screen.getByText('idle')).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })
})
