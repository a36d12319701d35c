// localstripe, a fake of Stripe's API with a stand-in of Stripe.js, started on a free port
// for one test file (`scripts/ensure-localstripe` installs it under target/, as the Rust
// tests' crates/adapters/tests/suite/common/localstripe.rs does).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import net from 'node:net'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './server.mjs'

const STARTUP_TIMEOUT_MS = 20_000

/** The keys the store is given: localstripe takes any secret key that starts with `sk_`. */
export const SECRET_KEY = 'sk_test_e2e'
export const PUBLISHABLE_KEY = 'pk_test_e2e'

function program() {
  const path = process.env.LOCALSTRIPE
    ? resolve(process.env.LOCALSTRIPE)
    : fileURLToPath(new URL('../../target/localstripe-venv/bin/localstripe', import.meta.url))
  if (!existsSync(path)) {
    throw new Error(`No localstripe at ${path}: run scripts/ensure-localstripe (or set LOCALSTRIPE).`)
  }
  return path
}

/**
 * Starts localstripe with an empty store (`--from-scratch`: it would otherwise load what
 * a previous run saved in /tmp) and waits until it listens. Returns its base URL, the
 * configuration that points the store at it, `paymentIntents()` (its list, asked with
 * the secret key, as the store asks), `paymentMethod(id)` and `stop()`.
 */
export async function startLocalstripe() {
  const path = program()
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(path, ['--port', String(port), '--from-scratch'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk) => {
    output = (output + chunk).slice(-10_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit))

  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
  }

  try {
    await waitForPort(port, child)
  } catch (error) {
    await stop()
    throw new Error(`${error.message}\n--- localstripe output ---\n${output || '(none)'}`)
  }

  /** `GET path` at localstripe, with the secret key, as the store asks. */
  async function read(path) {
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${SECRET_KEY}` } })
    if (!response.ok) throw new Error(`localstripe answered ${response.status} to GET ${path}`)
    return response.json()
  }
  const paymentIntents = async () => (await read('/v1/payment_intents?limit=100')).data
  const paymentMethod = (id) => read(`/v1/payment_methods/${id}`)

  const storeEnv = {
    STORE__PAYMENTS__GATEWAY: 'stripe',
    STORE__PAYMENTS__STRIPE_SECRET_KEY: SECRET_KEY,
    STORE__PAYMENTS__STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STORE__PAYMENTS__STRIPE_API_BASE: url,
    STORE__PAYMENTS__STRIPE_JS_URL: `${url}/js.stripe.com/v3/`,
  }
  return { url, storeEnv, paymentIntents, paymentMethod, stop }
}

async function waitForPort(port, child) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`localstripe stopped (code ${child.exitCode}, signal ${child.signalCode}) before it listened on port ${port}`)
    }
    const listening = await new Promise((resolveProbe) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolveProbe(true)
      })
      socket.on('error', () => resolveProbe(false))
    })
    if (listening) return
    await new Promise((resolveWait) => setTimeout(resolveWait, 100))
  }
  throw new Error(`localstripe did not listen on port ${port} within ${STARTUP_TIMEOUT_MS / 1000} s`)
}

// localstripe's stand-in of Stripe.js leaves `createPaymentMethod` empty (it answers
// nothing), and its API takes `POST /v1/payment_methods` with the secret key only, where
// Stripe takes the publishable key from the browser. So for `page` the test completes
// the stand-in with that one call, made as Stripe.js makes it (the card element's
// values, form-encoded, with the publishable key), and adds the secret key to that
// request on its way: the page itself never holds the secret key.
const CREATE_PAYMENT_METHOD = `
;(() => {
  const standIn = window.Stripe
  window.Stripe = (key) => {
    const stripe = standIn(key)
    stripe.createPaymentMethod = async ({ type, card, metadata = {} }) => {
      const fields = { type, key }
      for (const [name, value] of Object.entries(card.value.card)) fields['card[' + name + ']'] = value
      for (const [name, value] of Object.entries(metadata)) fields['metadata[' + name + ']'] = value
      const response = await fetch(LOCALSTRIPE_BASE_API + '/v1/payment_methods', {
        method: 'POST',
        body: new URLSearchParams(fields),
      })
      const answer = await response.json()
      return response.ok ? { paymentMethod: answer } : { error: answer.error }
    }
    return stripe
  }
})()
`

export async function completeStandIn(page, localstripe) {
  await page.route(
    (url) => url.href === `${localstripe.url}/js.stripe.com/v3/`,
    async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, body: `${await response.text()}\n${CREATE_PAYMENT_METHOD}` })
    },
  )
  await page.route(
    (url) => url.href === `${localstripe.url}/v1/payment_methods`,
    (route) => route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${SECRET_KEY}` } }),
  )
}
