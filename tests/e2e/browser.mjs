// Debian's Chromium driven by playwright-core (Playwright cannot download its
// own browsers here), an axe-core check that fails on any violation, and pages that
// fail their test on any Content-Security-Policy violation.
import assert, { AssertionError } from 'node:assert'
import AxeBuilder from '@axe-core/playwright'
import { chromium } from 'playwright-core'

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // The background-networking flags stop Chromium from calling out to the
    // internet, which is closed here.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** Runs axe-core on the page as it is now; any violation fails, listed in full. */
export async function expectAccessible(page, where) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  if (violations.length === 0) return
  const details = violations.map((violation) => {
    const nodes = violation.nodes.map((node) => `      at ${node.target.join(' ')}\n        ${node.failureSummary?.replaceAll('\n', '\n        ')}`)
    return `  - [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`
  })
  throw new AssertionError({
    message: `axe-core found ${violations.length} accessibility violation(s) on ${where} (${page.url()}):\n${details.join('\n')}`,
  })
}

/**
 * A fresh browser context and page for one test; `newPage()` opens another tab of the
 * same context (same storage), watched the same way. `close()` ends the context and
 * fails the test if the page threw an uncaught error meanwhile, or if Chromium
 * reported any Content-Security-Policy violation (the store's policy allows no inline
 * script or style and nothing from another origin).
 */
/**
 * Home, listings and products arrive painted by the server (crates/app/src/first_screen/
 * paint.rs) and the app takes them over a moment later: their heading shows before the
 * app runs. So `goto` and `reload` return once the app has taken the page over, as a
 * shopper's clicks in the tests expect; `gotoPainted` is the plain `goto`, for a test of
 * the painted page itself.
 */
function awaitTakeover(page) {
  const tookOver = () => page.waitForFunction(() => document.querySelector('.painted-main') === null)
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.gotoPainted = goto
  page.goto = async (...args) => {
    const response = await goto(...args)
    await tookOver()
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await tookOver()
    return response
  }
}

export async function openPage(browser, contextOptions = {}) {
  const context = await browser.newContext(contextOptions)
  const cspViolations = []
  // The page reports `securitypolicyviolation` events through a binding; both the
  // binding and the listener come over the DevTools protocol, which CSP does not govern.
  await context.exposeBinding('__reportCspViolation', (_source, violation) => cspViolations.push(violation))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI}`)
    })
  })
  const pageErrors = []
  /** A new page (tab) of the context, watched for errors and CSP violations like the first. */
  async function newPage() {
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    awaitTakeover(page)
    page.on('pageerror', (error) => pageErrors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        cspViolations.push(message.text())
      }
    })
    return page
  }
  const page = await newPage()
  return {
    page,
    newPage,
    async close() {
      await context.close()
      assert.deepEqual(pageErrors, [], 'the page threw uncaught errors')
      assert.deepEqual(cspViolations, [], 'Chromium reported Content-Security-Policy violations')
    },
  }
}
