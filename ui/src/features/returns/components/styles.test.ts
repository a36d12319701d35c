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
]

/** Declarations that only fit one direction, or fix a box's physical size. */
const PHYSICAL =
  /(?:^|[\s;{])(?:(?:margin|padding|border)-(?:left|right|top|bottom)|left|right|top|bottom|width|height|min-width|max-width|min-height|max-height)\s*:|(?:text-align|float|clear)\s*:\s*(?:left|right)/m

describe.each(SHEETS)('%s', (path) => {
  it('uses logical properties only', async () => {
    const text = (await source(path)).replace(/\/\*[\s\S]*?\*\//g, '')
    expect(text).not.toMatch(PHYSICAL)
  })

  it('lets every flexible grid track shrink below its content', async () => {
    const text = await source(path)
    const tracks = [...text.matchAll(/grid-template-columns:\s*([^;]+);/g)].map((match) => match[1] ?? '')
    expect(tracks.length).toBeGreaterThan(0)
    for (const track of tracks.filter((value) => value.includes('fr'))) {
      expect(track).toMatch(/minmax\((?:0|min\()/)
    }
  })
})
