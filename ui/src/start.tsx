import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App, router } from './app/App'
import { forgetStoredSecrets } from './lib/checkout'
import { renderWhenReady } from './lib/firstPaint'

// The app, loaded by main.tsx.
forgetStoredSecrets()
const container = document.getElementById('root')
if (container === null) throw new Error('index.html has no #root element')
// A transition lets React render the first screen in short slices, so a slow phone's
// main thread is never blocked long enough to delay a tap (Lighthouse's blocking time).
// On a page the server painted, not before the first screen is ready (lib/firstPaint.ts).
renderWhenReady(container, router, () => {
  startTransition(() => {
    createRoot(container).render(<App />)
  })
})
