// The JavaScript the first screen of home, a product listing and a product page needs,
// as a browser fetches it: each file compressed on its own (Brotli 9, as the server
// serves it, and gzip 9), summed, against the 120,000-byte Brotli target. Reads the UI
// build's manifest: a screen needs the closure (static imports) of the entry
// (index.html), the app's start (src/start.tsx) and the screen's modules; a product
// page's are ProductPage.tsx and what routes.tsx loads with it. Prints; asserts nothing.
// Usage: node benches/first-screen-js.mjs [DIST]   (DIST: a `vite build` output, default ui/dist)
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const repo = fileURLToPath(new URL('..', import.meta.url))
const dist = resolve(process.argv[2] ?? resolve(repo, 'ui/dist'))
const manifest = JSON.parse(readFileSync(resolve(dist, '.vite/manifest.json'), 'utf8'))
const TARGET = 120_000

// The product route's loader in routes.tsx (`productPage`): the modules it imports.
const routes = readFileSync(resolve(repo, 'ui/src/app/routes.tsx'), 'utf8')
const productLoader = /const productPage = [\s\S]*?\n}\n/.exec(routes)?.[0] ?? ''
const productModules = [...productLoader.matchAll(/import\('@\/([^']+)'\)/g)].map(([, path]) => `src/${path}.tsx`)

const screens = {
  home: ['src/features/home/components/HomePage.tsx'],
  listing: ['src/features/catalog/components/ProductListPage.tsx'],
  product: productModules.length > 0 ? productModules : ['src/features/catalog/components/ProductPage.tsx'],
}

/** The files of `keys` and of every chunk they import, statically, through others. */
function closure(keys) {
  const seen = new Set()
  const todo = [...keys]
  while (todo.length > 0) {
    const key = todo.pop()
    if (seen.has(key) || !manifest[key]) continue
    seen.add(key)
    todo.push(...(manifest[key].imports ?? []))
  }
  return [...seen].map((key) => manifest[key].file)
}

const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length

console.log(`first-screen JavaScript in ${dist} (target: ${TARGET} bytes, Brotli 9)`)
for (const [name, modules] of Object.entries(screens)) {
  const files = closure(['index.html', 'src/start.tsx', ...modules])
  let br = 0
  let gz = 0
  for (const file of files) {
    const bytes = readFileSync(resolve(dist, file))
    br += brotli(bytes)
    gz += gzip(bytes)
  }
  const verdict = br <= TARGET ? `${TARGET - br} under` : `${br - TARGET} OVER`
  console.log(`${name.padEnd(8)} brotli ${br} (${verdict})  gzip ${gz}  ${files.length} files  [${modules.join(', ')}]`)
}
