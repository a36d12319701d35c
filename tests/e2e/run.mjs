// Runs the suite's files (the ones named, or every `*.test.mjs` here), the longest first,
// with node's test runner and its TAP report. `node --test` starts files in name order
// whatever order they are given in, so widths.test.mjs, about twice as long as any other
// file, started last and ran alone at the end while the runner's other slot stood idle.
//   node run.mjs [--test-concurrency=N] [FILE...]
// N files at once (node's default: cores - 1). The exit code is 1 when a test failed.
import { readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { basename, resolve } from 'node:path'
import { run } from 'node:test'
import { tap } from 'node:test/reporters'

/** Files started before the others, longest first; the rest follow in name order. */
const LONGEST = ['widths.test.mjs']

const here = import.meta.dirname
let concurrency = Math.max(availableParallelism() - 1, 1)
const named = []
for (const arg of process.argv.slice(2)) {
  const option = /^--test-concurrency=(\d+)$/.exec(arg)
  if (option) concurrency = Number(option[1])
  else if (arg.startsWith('-')) throw new Error(`run.mjs: unknown option ${arg}`)
  else named.push(resolve(arg))
}
const files = named.length > 0 ? named : readdirSync(here).filter((f) => f.endsWith('.test.mjs')).map((f) => resolve(here, f))
const rank = (file) => {
  const at = LONGEST.indexOf(basename(file))
  return at === -1 ? LONGEST.length : at
}
files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))

run({ files, concurrency })
  .on('test:fail', () => {
    process.exitCode = 1
  })
  .compose(tap)
  .pipe(process.stdout)
