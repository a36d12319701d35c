// Starts the real store binary on a free port with a fresh database, the way
// an operator would: configuration through STORE__* environment variables.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const STARTUP_TIMEOUT_MS = 30_000

/** The binary under test: $STORE_BIN, or the release build next to this repository's sources. */
export function storeBinary() {
  return process.env.STORE_BIN
    ? resolve(process.env.STORE_BIN)
    : fileURLToPath(new URL('../../target/release/store', import.meta.url))
}

/** A port nothing listens on right now: bind port 0, read what the system chose, close. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = net.createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolvePort(port))
    })
  })
}

/**
 * Starts the store and waits until `GET /api/health` answers; with
 * `generatedProducts`, `store seed --products N` fills the database first (the demo
 * catalogue plus N generated products), so the search index starts with them. `env`
 * adds configuration (STORE__* variables) to the environment it runs in.
 * Returns its base URL, `api(path)` for JSON reads, `command(...args)` for the
 * operator's subcommands, `databasePath` (the SQLite file, for a test that changes data
 * behind the store's back), `log()` (everything it wrote to stdout and stderr), and
 * `stop()`, which ends it and removes its database.
 */
export async function startStore({ generatedProducts = 0, env: configuration = {} } = {}) {
  const binary = storeBinary()
  if (!existsSync(binary)) {
    throw new Error(`No store binary at ${binary}. Build it with \`cargo build --release\` or set STORE_BIN.`)
  }
  const dir = await mkdtemp(join(tmpdir(), 'olive-lane-e2e-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const databasePath = join(dir, 'store.db')
  const env = { ...process.env, ...configuration, STORE__DATABASE__URL: `sqlite://${databasePath}` }
  if (generatedProducts > 0) {
    await promisify(execFile)(binary, ['seed', '--products', String(generatedProducts)], { cwd: dir, env })
  }

  const child = spawn(binary, [], {
    cwd: dir,
    env: { ...env, STORE__SERVER__PORT: String(port), STORE__SERVER__HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Kept for error messages; the server's own log is the best clue when it fails.
  let output = ''
  // All of it, for a test that checks what the server wrote (no card number, say).
  let log = ''
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000)
    log += chunk
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })))

  /** Sends SIGTERM (SIGKILL after 10 s) and resolves to how the store exited. */
  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    await rm(dir, { recursive: true, force: true })
    return exited
  }

  try {
    await waitForHealth(url, exited)
  } catch (error) {
    await stop()
    throw new Error(`${error.message}\n--- store output ---\n${output || '(none)'}`)
  }
  /** GETs `path` from the store's API; anything but a 200 fails the test. */
  async function api(path) {
    const response = await fetch(`${url}${path}`)
    assert.equal(response.status, 200, `GET ${path} answered ${response.status}`)
    return response.json()
  }
  /** Runs a `store` subcommand on the same database, as an operator would; resolves to its output. */
  async function command(...args) {
    const { stdout } = await promisify(execFile)(binary, args, { cwd: dir, env })
    return stdout
  }
  return { url, stop, api, command, databasePath, output: () => output, log: () => log }
}

async function waitForHealth(url, exited) {
  let gone = null
  exited.then((how) => {
    gone = how
  })
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (gone) throw new Error(`The store exited before it was ready (code ${gone.code}, signal ${gone.signal}).`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100))
  }
  throw new Error(`The store did not answer ${url}/api/health within ${STARTUP_TIMEOUT_MS / 1000} s.`)
}

/** Stops `store` with SIGTERM and fails unless it shut down gracefully (exit code 0). */
export async function stopCleanly(store) {
  const exit = await store.stop()
  assert.deepEqual(exit, { code: 0, signal: null }, `the store did not stop cleanly:\n${store.output()}`)
}
