import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// Lazy routes and loaders resolve through several promises; on a loaded two-core CI
// machine (the UI's type check, lint and apt installs run beside Vitest) that exceeded
// Testing Library's default 1 s wait, and once 3 s, without anything being wrong. A wait
// ends as soon as what it looks for appears, so a long bound costs a passing test nothing;
// vite.config.ts gives each test room for it.
configure({ asyncUtilTimeout: 10_000 })

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
// (Node-environment tests have no window at all.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined

// Test files share a worker's jsdom window (`isolate: false` in vite.config.ts), and
// this file runs again before each of them: each file starts, as it would in a fresh
// window, with empty storage (the persisted bag, language, currency...), no language on
// <html> (the app shell sets it) and real timers.
if (typeof window !== 'undefined') {
  localStorage.clear()
  sessionStorage.clear()
  document.documentElement.removeAttribute('lang')
  document.documentElement.removeAttribute('dir')
}
vi.useRealTimers()

afterEach(() => {
  cleanup()
  // Each test sees the title its own screen sets, not the previous test's.
  if (typeof document !== 'undefined') document.title = ''
})
