import { expect, it } from 'vitest'

// The subscription screens' sheet, read as written: one sheet serves both directions
// (logical properties only), and nothing is wider than a 320 px phone (grid tracks may
// shrink).

/** The text of the style sheet beside this test. */
async function source(): Promise<string> {
  // Node's file reading, named at run time: the app's TypeScript knows only the browser.
  const fs = 'node:fs/promises'
  const { readFile } = (await import(/* @vite-ignore */ fs)) as {
    readFile: (url: URL, encoding: 'utf8') => Promise<string>
  }
  const here = import.meta.url
  const text = await readFile(new URL('./Subscriptions.module.css', here), 'utf8')
  return text.replace(/\/\*[\s\S]*?\*\//g, '')
}

/** Declarations that only fit one direction, or fix a box's physical size. */
const PHYSICAL =
  /(?:^|[\s;{])(?:(?:margin|padding|border)-(?:left|right|top|bottom)|left|right|top|bottom|width|height|min-width|max-width|min-height|max-height)\s*:|(?:text-align|float|clear)\s*:\s*(?:left|right)/m

it('uses logical properties only', async () => {
  expect(await source()).not.toMatch(PHYSICAL)
})

it('lets every flexible grid track shrink below its content', async () => {
  const tracks = [...(await source()).matchAll(/grid-template-columns:\s*([^;]+);/g)].map((match) => match[1] ?? '')
  const flexible = tracks.filter((value) => value.includes('fr'))
  expect(flexible.length).toBeGreaterThan(0)
  for (const track of flexible) expect(track).toMatch(/minmax\((?:0|min\()/)
})
