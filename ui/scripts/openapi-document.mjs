// The server's OpenAPI document, as `store openapi` prints it: run through cargo from
// the repository root, whatever the current directory, or from the binary STORE_BIN
// names (scripts/test passes the release binary it has just built, instead of cargo
// building the dev binary again with another feature set than the tests'). Shared by
// the scripts that generate from it: the API types and the operation tables of
// docs/api.md.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ui = fileURLToPath(new URL('..', import.meta.url))
export const repo = join(ui, '..')

/** The document as text. */
export function serverDocument() {
  const [command, args] = process.env.STORE_BIN
    ? [process.env.STORE_BIN, ['openapi']]
    : ['cargo', ['run', '-q', '-p', 'store-app', '--', 'openapi']]
  return execFileSync(command, args, {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  })
}

/** Where `before` and `after` first differ, for a drift check's message. */
export function firstDifference(before, after) {
  const a = before.split('\n')
  const b = after.split('\n')
  const line = a.findIndex((text, i) => text !== b[i])
  const at = line === -1 ? a.length : line
  return `line ${at + 1}\n  committed: ${a[at] ?? '(end of file)'}\n  server:    ${b[at] ?? '(end of file)'}`
}
