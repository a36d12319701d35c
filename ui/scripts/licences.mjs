// The licences of what the UI ships: every production dependency (npm ls --omit=dev),
// each read from its own package.json. Fails on a licence outside the permissive list,
// so nothing copyleft (GPL, AGPL, LGPL) reaches the shopper's browser unnoticed.
// `npm audit` cannot run here (the registry mirror refuses its endpoint); this is the
// part of a dependency check that needs no outside service.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ui = fileURLToPath(new URL('..', import.meta.url))
// OFL-1.1 is the Heebo font's; CC-BY-4.0 is caniuse-lite's data (attribution, no copyleft).
const PERMISSIVE = new Set([
  'MIT',
  'ISC',
  'Apache-2.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  '0BSD',
  'CC0-1.0',
  'OFL-1.1',
  'CC-BY-4.0',
])

const tree = JSON.parse(
  execFileSync('npm', ['ls', '--omit=dev', '--all', '--long', '--json'], {
    cwd: ui,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }),
)

const found = new Map()
const walk = (node) => {
  for (const [name, dep] of Object.entries(node.dependencies ?? {})) {
    if (!dep.path || found.has(dep.path)) continue
    const manifest = JSON.parse(readFileSync(join(dep.path, 'package.json'), 'utf8'))
    found.set(dep.path, { name: `${name}@${manifest.version}`, licence: licenceOf(manifest) })
    walk(dep)
  }
}
walk(tree)

/** An SPDX expression is fine when one side of every OR is permissive, and all of an AND. */
function permissive(expression) {
  const text = expression.replace(/[()]/g, ' ')
  return text.split(/\s+OR\s+/).some((alternative) =>
    alternative
      .split(/\s+AND\s+/)
      .map((id) => id.trim())
      .every((id) => PERMISSIVE.has(id)),
  )
}

function licenceOf(manifest) {
  if (typeof manifest.license === 'string') return manifest.license
  if (manifest.license?.type) return manifest.license.type
  return (manifest.licenses ?? []).map((l) => l.type).join(' OR ') || 'UNKNOWN'
}

const refused = [...found.values()].filter((dep) => !permissive(dep.licence))
const counts = new Map()
for (const dep of found.values()) counts.set(dep.licence, (counts.get(dep.licence) ?? 0) + 1)
console.log(
  `licences of ${found.size} production packages: ` + [...counts].map(([licence, n]) => `${licence} ${n}`).join(', '),
)
if (refused.length > 0) {
  console.error(`not on the permissive list: ${refused.map((d) => `${d.name} (${d.licence})`).join(', ')}`)
  process.exitCode = 1
}
