import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Plugin, Rolldown } from 'vite'
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

/**
 * A Brotli copy of each script, stylesheet and picture of the build, at the strongest
 * level, beside it (`X.js.br`): the server sends it to browsers that take Brotli
 * (crates/app/src/web.rs). The strongest level makes the scripts some 7% smaller than
 * the level the server could afford on a request, and costs the build a second or two;
 * made here, small files get one too, which the server would not compress.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir
    },
    writeBundle: async () => {
      const folder = join(outDir, 'assets')
      for (const name of await readdir(folder)) {
        if (!/\.(js|css|svg)$/.test(name)) continue
        const file = join(folder, name)
        const data = await readFile(file)
        const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length }
        const copy = brotliCompressSync(data, { params })
        // Small files too: their headers say the encoding in some 40 bytes.
        if (copy.length + 40 < data.length) await writeFile(`${file}.br`, copy)
      }
    },
  }
}

const root = fileURLToPath(new URL('.', import.meta.url))
const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))
const entry = source('main.tsx')
const app = source('start.tsx')
// The screens the server paints (crates/app/src/first_screen/routes.rs), where most
// visits start, by the name their chunks go by, with the modules routes.tsx loads with
// each; benches/first-screen-js.mjs measures the same list.
const paintedScreens = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync(new URL('./painted-screens.json', import.meta.url), 'utf8')) as Record<string, string[]>,
  ).map(([name, modules]) => [name, modules.map((module) => fileURLToPath(new URL(`./${module}`, import.meta.url)))]),
)

/** The modules `from` imports, directly or through others (dynamic imports not followed). */
function staticClosure(from: string, ctx: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>()
  const todo = [from]
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    todo.push(...(ctx.getModuleInfo(id)?.importedIds ?? []))
  }
  return seen
}

/**
 * The chunk of each module the first screens need. `shell`: what the app's start
 * (start.tsx) imports, and what two or more painted screens import (the product card,
 * its price and buttons, the breadcrumbs); then `first-home`, `first-listing` and
 * `first-product`, for what one painted screen alone imports. Not start.tsx and the
 * screens themselves, which the server preloads by name, nor what the entry has loaded.
 * Left to itself the bundler cuts that code into a score of small chunks (any set of
 * screens sharing a module gets its own): each is a request, and its imports and
 * exports, compressed on their own, cost more bytes than what it holds.
 */
function firstScreenChunks(ctx: Rolldown.ChunkingContext): Map<string, string> {
  const chunks = new Map<string, string>()
  const loaded = staticClosure(entry, ctx)
  const screenModules = Object.values(paintedScreens).flat()
  const own = (module: string) => module !== app && !loaded.has(module) && !screenModules.includes(module)
  for (const module of staticClosure(app, ctx)) if (own(module)) chunks.set(module, 'shell')
  const screens = Object.entries(paintedScreens).map(
    ([name, modules]) => [name, new Set(modules.flatMap((module) => [...staticClosure(module, ctx)]))] as const,
  )
  for (const [name, closure] of screens) {
    for (const module of closure) {
      if (chunks.has(module) || !own(module)) continue
      const shared = screens.filter(([, other]) => other.has(module)).length > 1
      chunks.set(module, shared ? 'shell' : `first-${name}`)
    }
  }
  return chunks
}

const chunksByPass = new WeakMap<Rolldown.ChunkingContext, Map<string, string>>()

/** `firstScreenChunks`' chunk of module `id` (worked out once per chunking pass), or none. */
function firstScreenChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  let chunks = chunksByPass.get(ctx)
  if (chunks === undefined) {
    chunks = firstScreenChunks(ctx)
    chunksByPass.set(ctx, chunks)
  }
  return chunks.get(id) ?? null
}

/** The entry's chunk and the chunks start.tsx imports: loaded before any other dynamic import runs. */
const startChunks = /^assets\/((rolldown-runtime|react-dom|react-router|shell)-[\w-]+\.(js|css)|index-[\w-]+\.js)$/

/**
 * What a screen's (or a panel's) dynamic import preloads beside its own chunk: its
 * chunks, less those of the start-up, which every import but the entry's own comes
 * after. Each import's list is in the code that makes it; naming chunks already there
 * only adds bytes.
 */
function notYetLoaded(_file: string, deps: string[], { hostId }: { hostId: string }): string[] {
  return hostId.startsWith('assets/index-') ? deps : deps.filter((dep) => !startChunks.test(dep))
}

// The Rust binary serves the API and the pictures; in development Vite serves the UI
// and forwards everything else to a locally running `store`.
const storeServer = 'http://127.0.0.1:8080'

export default defineConfig(({ command }) => ({
  plugins: [react(), codeAfterPaint(), precompress()],
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
  css: {
    // A built class name is its own name and five characters of its file's hash, the same
    // for all of a file's classes, so that they compress (the default adds each one's line).
    modules: {
      generateScopedName:
        command === 'build'
          ? (local: string, file: string) =>
              `${local}_${createHash('sha256').update(relative(root, file)).digest('base64url').slice(0, 5)}`
          : undefined,
    },
  },
  server: {
    proxy: { '/api': storeServer, '/media': storeServer },
  },
  build: {
    // The binary embeds ui/dist at build time (rust-embed).
    outDir: 'dist',
    // Each dynamic import names, in its code, the chunks to preload with it.
    modulePreload: { resolveDependencies: notYetLoaded },
    // .vite/manifest.json: which files each screen needs, so the server can preload
    // the first screen's code (crates/app/src/first_screen.rs).
    manifest: true,
    rolldownOptions: {
      // jotai/utils makes a default storage for atomWithStorage when it loads; the app
      // keeps its own (lib/persist.ts), so the call, and the storage code, can go.
      treeshake: { manualPureFunctions: ['createJSONStorage'] },
      output: {
        // The start-up code in three files rather than one (react-dom, react-router, and
        // the app's shell): a phone fetches them over parallel connections, each out of
        // TCP slow start sooner than one large file.
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
            // Only the modules it names: what they import is named too, in a chunk of its
            // own, or the entry's (Vite's preload helper), which must stay with the entry.
            { name: firstScreenChunk, includeDependenciesRecursively: false },
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
