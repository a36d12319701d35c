// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// One stylesheet serves English (left to right) and Hebrew (right to left), so
// rules use logical properties only (margin-inline-start, inset-block-end,
// inline-size ...). This keeps physical ones from creeping back in.

const src = fileURLToPath(new URL('../src', import.meta.url))
const stylesheets = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => [file, readFileSync(`${src}/${file}`, 'utf8')] as const)

const PHYSICAL = [
  /(?:^|[\s;{])(?:margin|padding|border|inset|scroll-margin|scroll-padding)-(?:left|right|top|bottom)\b[\w-]*\s*:/m,
  /(?:^|[\s;{])(?:left|right|top|bottom)\s*:/m,
  /(?:^|[\s;{])(?:min-|max-)?(?:width|height)\s*:/m,
  /(?:^|[\s;{])(?:text-align|float|clear)\s*:\s*(?:left|right)\b/m,
]

describe('stylesheets', () => {
  it('are found', () => {
    expect(stylesheets.length).toBeGreaterThan(5)
  })

  it.each(stylesheets)('%s uses logical properties only', (_file, css) => {
    for (const pattern of PHYSICAL) {
      expect(css).not.toMatch(pattern)
    }
  })

  it('would catch a physical property', () => {
    expect(PHYSICAL.some((pattern) => pattern.test('.a { margin-left: 1rem }'))).toBe(true)
    expect(PHYSICAL.some((pattern) => pattern.test('.a {\n  max-width: 10rem;\n}'))).toBe(true)
    expect(PHYSICAL.some((pattern) => pattern.test('.a { text-align: right }'))).toBe(true)
  })
})
