import { describe, expect, it } from 'vitest'

// The return pages' sheets, read as written: one sheet serves both directions (logical
// properties only), and nothing is wider than a 320 px phone (grid tracks may shrink).

/** The text of the style sheet at `path` (relative to src/). */
async function source(path: string): Promise<string> {
  // Node's file reading, named at run time: the app's TypeScript knows only the browser.
  const fs = 'node:fs/promises'
  const { readFile } = (await import(/* @vite-ignore */ fs)) as {
    readFile: (url: URL, encoding: 'utf8') => Promise<string>
  }
  const here = import.meta.url
  return readFile(new URL(`../../../${path}`, here), 'utf8')
}

const SHEETS = [
  'features/returns/components/Returns.module.css',
  'components/order/Order.module.css',
  'components/order/ReturnLine.module.css',
  'components/order/ReturnChoice.module.css',
]

/** Declarations that only fit one direction, or fix a box's physical size. */
const PHYSICAL =
  /(?:^|[\s;{])(?:(?:margin|padding|border)-(?:left|right|top|bottom)|left|right|top|bottom|width|height|min-width|max-width|min-height|max-height)\s*:|(?:text-align|float|clear)\s*:\s*(?:left|right)/m

describe.each(SHEETS)('%s', (path) => {
  it('uses logical properties only', async () => {
    const text = (await source(path)).replace(/\/\*[\s\S]*?\*\//g, '')
    expect(text).not.toMatch(PHYSICAL)
  })
})

// Across the sheets (one may hold no grid at all): every flexible track may shrink.
it('lets every flexible grid track of the return sheets shrink below its content', async () => {
  const texts = await Promise.all(SHEETS.map(source))
  const tracks = texts.flatMap((text) =>
    [...text.matchAll(/grid-template-columns:\s*([^;]+);/g)].map((match) => match[1] ?? ''),
  )
  const flexible = tracks.filter((value) => value.includes('fr'))
  expect(flexible.length).toBeGreaterThan(0)
  for (const track of flexible) {
    expect(track).toMatch(/minmax\((?:0|min\()/)
  }
})
