// Heebo for Hebrew text, served from our own origin: only the Hebrew and Latin
// subsets, regular and bold.
import '@fontsource/heebo/hebrew-400.css'
import '@fontsource/heebo/hebrew-700.css'
import '@fontsource/heebo/latin-400.css'
import '@fontsource/heebo/latin-700.css'
import './app/global.css'

// The entry holds the styles and nothing else the page waits for. The app itself
// (start.tsx) is loaded on its own: on a page the server painted (`data-painted`,
// lib/firstPaint.ts), only once the browser has painted it. Evaluating the app's
// modules is the longest task of the start; run before the first paint, it held the
// paint back, and a phone's first contentful paint waited for it. The server preloads
// the app's files at low priority (crates/app/src/first_screen), so they are there by then.
// Called twice on a painted page; a module is evaluated once however often it is imported.
const start = () => void import('./start')
if (document.getElementById('root')?.hasAttribute('data-painted')) {
  // A frame's callback runs just before its paint, and a task it queues after it.
  requestAnimationFrame(() => setTimeout(start, 0))
  // A page the browser does not paint yet (a tab opened in the background, a busy
  // machine's skipped frames) gets no frame: the app starts anyway, a moment later.
  setTimeout(start, 1000)
} else {
  start()
}
