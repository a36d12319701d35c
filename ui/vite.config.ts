import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * The app's code at low priority: the page's stylesheet, the first screen the server
 * painted and its picture come first, and the code that takes the page over after them
 * (the server's own preloads say the same, crates/app/src/first_screen/mod.rs). At high
 * priority, a phone's first paint waited for some 150 KB of scripts sharing its
 * bandwidth.
 */
function codeAfterPaint(): Plugin {
  return {
    name: 'code-after-paint',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
          .replaceAll(
            '<link rel="modulepreload" crossorigin',
            '<link rel="modulepreload" fetchpriority="low" crossorigin',
          ),
    },
  }
}

// The Rust binary serves the API and the pictures; in development Vite serves the UI
// and forwards everything else to a locally running `store`.
const storeServer = 'http://127.0.0.1:8080'

export default defineConfig(({ command }) => ({
  plugins: [react(), codeAfterPaint()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package exports only its development build (dev warnings
      // included; remix-run/react-router#12532); a production bundle takes the
      // production build it also ships.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : []),
    ],
  },
  server: {
    proxy: { '/api': storeServer, '/media': storeServer },
  },
  build: {
    // The binary embeds ui/dist at build time (rust-embed).
    outDir: 'dist',
    // .vite/manifest.json: which files each screen needs, so the server can preload
    // the first screen's code (crates/app/src/first_screen.rs).
    manifest: true,
    rolldownOptions: {
      output: {
        // The start-up code in three files rather than one: a phone fetches them over
        // parallel connections, each out of TCP slow start sooner than one large file.
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // One jsdom window and one module graph per worker, not per test file: building a
    // fresh window and re-importing React, the router and the app for each of the 75
    // files was most of the run (114 s against 30 s on two cores; docs/decisions.md).
    // src/testing/setup.ts resets what a file could leave behind (storage, <html>
    // language, timers); each test already gets its own jotai store and DOM cleanup.
    isolate: false,
    setupFiles: ['./src/testing/setup.ts'],
    // Above Testing Library's 10 s wait (src/testing/setup.ts), so a test that waits in
    // vain fails with what it was waiting for rather than with a bare timeout.
    testTimeout: 30_000,
    unstubGlobals: true,
    restoreMocks: true,
  },
}))
