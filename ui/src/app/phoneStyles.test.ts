import { afterEach, describe, expect, it } from 'vitest'

// The phone rules of the style sheets, read as the browser reads them (jsdom's CSS
// parser). jsdom lays nothing out and the test run does not load the CSS modules'
// rules, so sizes are checked in the rules themselves.

/** The phone layout's media query (lib/useMediaQuery's MOBILE_QUERY). */
const PHONE = '(max-width: 768px)'
/** Apple's and WCAG's comfortable tap target: 44 CSS pixels. */
const TAP = '2.75rem'

const added: HTMLStyleElement[] = []
afterEach(() => {
  for (const style of added.splice(0)) style.remove()
})

/** The text of the style sheet at `path` (relative to src/). */
async function source(path: string): Promise<string> {
  // Node's file reading, named at run time: the app's TypeScript knows only the browser.
  const fs = 'node:fs/promises'
  const { readFile } = (await import(/* @vite-ignore */ fs)) as {
    readFile: (url: URL, encoding: 'utf8') => Promise<string>
  }
  // (Through a variable: Vite would take `new URL(…, import.meta.url)` for an asset.)
  const here = import.meta.url
  return readFile(new URL(`../${path}`, here), 'utf8')
}

/** The style sheet at `path`, parsed. */
async function sheet(path: string): Promise<CSSStyleSheet> {
  const style = document.createElement('style')
  style.textContent = await source(path)
  document.head.append(style)
  added.push(style)
  if (!style.sheet) throw new Error(`${path} did not parse`)
  return style.sheet
}

const styleRules = (rules: CSSRuleList) => [...rules].filter((rule) => rule instanceof CSSStyleRule)

/** A rule's selectors: split at its own commas, not those inside `:is(…)`. */
function selectors(rule: CSSStyleRule): string[] {
  const parts: string[] = []
  let depth = 0
  let part = ''
  for (const char of rule.selectorText) {
    if (char === '(') depth++
    if (char === ')') depth--
    if (char === ',' && depth === 0) {
      parts.push(part.trim())
      part = ''
    } else part += char
  }
  return [...parts, part.trim()]
}

/** The declarations for `selector` (inside the phone media query unless `everywhere`), merged in order. */
function ruleFor(parsed: CSSStyleSheet, selector: string, everywhere = false): CSSStyleDeclaration {
  const style = document.createElement('div').style
  const phone = [...parsed.cssRules].filter((rule) => rule instanceof CSSMediaRule && rule.media.mediaText === PHONE)
  const groups = everywhere ? [parsed.cssRules] : phone.map((media) => (media as CSSMediaRule).cssRules)
  for (const rules of groups) {
    for (const rule of styleRules(rules).filter((r) => selectors(r).includes(selector))) {
      style.cssText += rule.style.cssText
    }
  }
  return style
}

describe('tap targets on a phone are at least 44 px tall', () => {
  it.each([
    ['features/chrome/components/Chrome.module.css', '.bannerLink', 'the announcement’s e-mail link'],
    ['features/chrome/components/Chrome.module.css', '.linkButton', 'the free-shipping Details button'],
    ['components/Breadcrumbs.module.css', '.list a', 'a breadcrumb'],
    ['features/checkout/components/Checkout.module.css', '.summary > a', '“Back to Checkout” in the summary'],
    ['app/Header.module.css', '.bar :is(a, button)', 'the header’s menu button, logo and bag'],
  ])('%s %s (%s)', async (path, selector) => {
    expect(ruleFor(await sheet(path), selector).getPropertyValue('min-block-size')).toBe(TAP)
  })

  it('gives the header’s compact EN / עב toggle 44 px each way, at every size', async () => {
    const rule = ruleFor(await sheet('components/LanguageToggle.module.css'), '.compact .choice', true)
    expect(rule.getPropertyValue('min-block-size')).toBe(TAP)
    expect(rule.getPropertyValue('min-inline-size')).toBe(TAP)
  })

  it('grows the box, not the font', async () => {
    for (const [path, selector] of [
      ['features/chrome/components/Chrome.module.css', '.bannerLink'],
      ['components/Breadcrumbs.module.css', '.list a'],
    ] as const) {
      expect(ruleFor(await sheet(path), selector).getPropertyValue('font-size')).toBe('')
    }
  })
})

describe('what stays fixed on the screen', () => {
  it('keeps the sticky Add to Bag bar above the phone’s home indicator, with room for it at the page’s end', async () => {
    // jsdom's parser mangles env(): these two rules are read as written.
    const text = await source('components/BagButtons.module.css')
    const bar = /\.buyBar \{([^}]*)\}/.exec(text)?.[1] ?? ''
    const space = /\.buyBarSpace \{([^}]*)\}/.exec(text)?.[1] ?? ''
    expect(bar).toMatch(/position: fixed;/)
    expect(bar).toMatch(/inset-block-end: 0;/)
    expect(bar).toMatch(/padding-block: [^;]*env\(safe-area-inset-bottom/)
    expect(space).toMatch(/block-size: [^;]*env\(safe-area-inset-bottom/)
  })

  it('lets the checkout’s logo header scroll away, so the sticky order summary never slides under it', async () => {
    const rules = styleRules((await sheet('app/Header.module.css')).cssRules)
    const logoHeader = rules.filter((rule) => selectors(rule).includes('.logoHeader'))
    expect(logoHeader).not.toHaveLength(0)
    for (const rule of logoHeader) expect(rule.style.getPropertyValue('position')).not.toBe('sticky')
  })
})
