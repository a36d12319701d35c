import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Lazy routes and loaders resolve through several promises; on a loaded two-core CI
// machine that can exceed Testing Library's default 1 s wait without anything being wrong.
configure({ asyncUtilTimeout: 3000 })

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
// (Node-environment tests have no window at all.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined

afterEach(() => {
  cleanup()
  // Each test sees the title its own screen sets, not the previous test's.
  if (typeof document !== 'undefined') document.title = ''
})
