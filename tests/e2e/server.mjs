// Starts the real store binary on free ports with a fresh database, the way an operator
// would: configuration through STORE__* environment variables. By default one instance
// on a SQLite file; with E2E_DATABASE=postgres, two instances on one PostgreSQL database
// behind nginx, as docs/deploy.md runs a store that outgrew one machine.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const STARTUP_TIMEOUT_MS = 30_000
const run = promisify(execFile)

/** The PostgreSQL server the two-instance topology makes its databases on (trust auth). */
const POSTGRES = (process.env.STORE_TEST_POSTGRES || 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '')
/** Debian's nginx: /usr/sbin is not on every user's PATH. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'

/**
 * How often each of the two instances looks for a catalogue change made elsewhere (an
 * import through the other, `store seed`), in seconds: its search follows within this
 * bound plus the rebuild.
 */
export const REFRESH_SECONDS = 1

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
 * Starts the store and waits until `GET /api/health` answers: on a SQLite file, or with
 * E2E_DATABASE=postgres as `startInstances()` does. With `generatedProducts`, `store seed
 * --products N` fills the database first (the demo catalogue plus N generated products),
 * so the search index starts with them. `env` adds configuration (STORE__* variables) to
 * the environment it runs in.
 * Returns its base URL, `instances` (each instance's own URL), `api(path)` for JSON
 * reads, `command(...args)` for the operator's subcommands, for a test that changes or
 * reads data behind the store's back `sql(statement)` (a statement both engines take,
 * without parameters; resolves to its rows, each a list of texts) and `databaseText()`
 * (the SQLite file and its write-ahead log, or a `pg_dump --data-only`), `log()`
 * (everything it wrote to stdout and stderr), and `stop()`, which ends it, removes its
 * database and resolves to how each instance exited.
 */
export function startStore(options) {
  const engine = process.env.E2E_DATABASE || 'sqlite'
  if (engine === 'postgres') return startInstances(options)
  if (engine === 'sqlite') return startOnSqlite(options)
  throw new Error(`E2E_DATABASE is "${engine}": say sqlite (the default) or postgres`)
}

async function startOnSqlite({ generatedProducts = 0, env: configuration = {} } = {}) {
  const binary = existingBinary()
  const dir = await mkdtemp(join(tmpdir(), 'olive-lane-e2e-'))
  const databasePath = join(dir, 'store.db')
  const env = { ...process.env, ...configuration, STORE__DATABASE__URL: `sqlite://${databasePath}` }
  if (generatedProducts > 0) await seed(binary, dir, env, generatedProducts)
  const instance = serve(binary, dir, env, await freePort())
  return started({
    url: instance.url,
    binary,
    dir,
    env,
    instances: [instance],
    async stop() {
      const exits = [await instance.stop()]
      await rm(dir, { recursive: true, force: true })
      return exits
    },
    async sql(statement) {
      const script = [
        'import sqlite3, sys',
        'db = sqlite3.connect(sys.argv[1], timeout=10)',
        'rows = db.execute(sys.argv[2]).fetchall()',
        'db.commit()',
        'print("\\n".join("\\t".join(map(str, row)) for row in rows))',
      ]
      return rowsOf(await run('python3', ['-c', script.join('\n'), databasePath, statement]))
    },
    async databaseText() {
      const files = [databasePath, `${databasePath}-wal`].filter((file) => existsSync(file))
      return (await Promise.all(files.map((file) => readFile(file, 'latin1')))).join('\n')
    },
  })
}

/**
 * `startStore()`'s store as docs/deploy.md runs it, whatever E2E_DATABASE says: a fresh
 * PostgreSQL database, seeded, two instances on it (each on its own port, following
 * catalogue changes every REFRESH_SECONDS, and taking the client's address from nginx's
 * X-Forwarded-For) and nginx on `url`, spreading requests over both round robin.
 */
export async function startInstances({ generatedProducts = 0, env: configuration = {} } = {}) {
  const binary = existingBinary()
  const dir = await mkdtemp(join(tmpdir(), 'olive-lane-e2e-'))
  // Started as root, nginx's workers run as nobody: they must reach their temp paths in here.
  await chmod(dir, 0o755)
  const database = `store_e2e_${randomBytes(6).toString('hex')}`
  const databaseUrl = `${POSTGRES}/${database}`
  const env = {
    ...process.env,
    ...configuration,
    STORE__DATABASE__URL: databaseUrl,
    STORE__SEARCH__REFRESH_SECONDS: String(REFRESH_SECONDS),
    STORE__LIMITS__CLIENT_IP_HEADER: 'X-Forwarded-For',
    STORE__LIMITS__TRUSTED_PROXIES: '127.0.0.1',
  }
  const instances = []
  let nginx
  async function stop() {
    // nginx first, so that no request reaches an instance that is stopping.
    await nginx?.stop()
    const exits = await Promise.all(instances.map((instance) => instance.stop()))
    await psql(`${POSTGRES}/postgres`, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await rm(dir, { recursive: true, force: true })
    return exits
  }
  const url = `http://127.0.0.1:${await freePort()}`
  try {
    // The store refuses a database that orders text by a locale: C orders by bytes, as SQLite does.
    await psql(
      `${POSTGRES}/postgres`,
      `CREATE DATABASE ${database} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`,
    )
    // Seeded before the instances start, so that they do not both fill an empty database.
    await seed(binary, dir, env, generatedProducts)
    instances.push(serve(binary, dir, env, await freePort()), serve(binary, dir, env, await freePort()))
    const config = join(dir, 'nginx.conf')
    await writeFile(config, nginxConfig(dir, url, instances))
    // Its error log goes to stderr from the first line on, kept like the instances' output.
    nginx = { ...launch('nginx', NGINX, ['-p', dir, '-e', 'stderr', '-c', config], {}), url }
  } catch (error) {
    await stop()
    throw error
  }
  return started({
    url,
    binary,
    dir,
    env,
    instances,
    nginx,
    stop,
    sql: (statement) => psql(databaseUrl, statement),
    async databaseText() {
      return (await run('pg_dump', ['--data-only', databaseUrl], { maxBuffer: 1 << 28 })).stdout
    },
  })
}

/**
 * nginx in front of `instances` as docs/deploy.md configures it, at `url`, keeping its
 * files in `dir`: round robin over kept-alive HTTP/1.1 connections, the Host the browser
 * sent, the client's address in X-Forwarded-For, and a request tried on the other
 * instance only when the first refused the connection. Answers are buffered in memory.
 */
function nginxConfig(dir, url, instances) {
  return `daemon off;
pid ${dir}/nginx.pid;
error_log stderr warn;
worker_processes 1;
events {
  worker_connections 256;
}
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_body_buffer_size 1m;
  proxy_max_temp_file_size 0;
  upstream store {
${instances.map((instance) => `    server ${new URL(instance.url).host};`).join('\n')}
    keepalive 16;
  }
  server {
    listen ${new URL(url).host};
    location / {
      proxy_pass http://store;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_next_upstream error;
    }
  }
}
`
}

function existingBinary() {
  const binary = storeBinary()
  if (!existsSync(binary)) {
    throw new Error(`No store binary at ${binary}. Build it with \`cargo build --release\` or set STORE_BIN.`)
  }
  return binary
}

/** `store seed`, with `--products N` when asked for generated products. */
async function seed(binary, dir, env, generatedProducts) {
  const products = generatedProducts > 0 ? ['--products', String(generatedProducts)] : []
  await run(binary, ['seed', ...products], { cwd: dir, env })
}

/** Runs `statement` with psql on `url`; resolves to its rows, each a list of texts. */
async function psql(url, statement) {
  return rowsOf(await run('psql', ['-qAtX', '-v', 'ON_ERROR_STOP=1', '-F', '\t', '-c', statement, url]))
}

const rowsOf = ({ stdout }) =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'))

/** One instance of the store serving on `port`. */
function serve(binary, dir, env, port) {
  const url = `http://127.0.0.1:${port}`
  const instance = launch(`store at ${url}`, binary, [], {
    cwd: dir,
    env: { ...env, STORE__SERVER__PORT: String(port), STORE__SERVER__HOST: '127.0.0.1' },
  })
  return { ...instance, url }
}

/**
 * Spawns a server process called `name`, keeping what it writes. `stop()` sends SIGTERM
 * (SIGKILL after 10 s) and resolves to how it exited.
 */
function launch(name, file, args, options) {
  const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
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
  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    return exited
  }
  return { name, exited, stop, output: () => output, log: () => log }
}

/** Waits for each instance, then nginx, to answer, and returns the store's handle. */
async function started({ url, binary, dir, env, instances, nginx, stop, sql, databaseText }) {
  const processes = nginx ? [...instances, nginx] : instances
  const output = () => processes.map((p) => `--- ${p.name} ---\n${p.output() || '(none)'}`).join('\n')
  try {
    for (const p of processes) {
      await waitForHealth(p.url, p.exited, p.name)
    }
  } catch (error) {
    await stop()
    throw new Error(`${error.message}\n${output()}`)
  }
  /** GETs `path` from the store's API; anything but a 200 fails the test. */
  async function api(path) {
    const response = await fetch(`${url}${path}`)
    assert.equal(response.status, 200, `GET ${path} answered ${response.status}`)
    return response.json()
  }
  /** Runs a `store` subcommand on the same database, as an operator would; resolves to its output. */
  async function command(...args) {
    const { stdout } = await run(binary, args, { cwd: dir, env })
    return stdout
  }
  const log = () => processes.map((p) => p.log()).join('')
  const urls = instances.map((instance) => instance.url)
  return { url, instances: urls, stop, api, command, sql, databaseText, output, log }
}

async function waitForHealth(url, exited, name) {
  let gone = null
  exited.then((how) => {
    gone = how
  })
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (gone) throw new Error(`The ${name} exited before it was ready (code ${gone.code}, signal ${gone.signal}).`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100))
  }
  throw new Error(`The ${name} did not answer ${url}/api/health within ${STARTUP_TIMEOUT_MS / 1000} s.`)
}

/** Stops `store` with SIGTERM and fails unless every instance shut down gracefully (exit code 0). */
export async function stopCleanly(store) {
  const exits = await store.stop()
  const clean = exits.map(() => ({ code: 0, signal: null }))
  assert.deepEqual(exits, clean, `the store did not stop cleanly:\n${store.output()}`)
}
