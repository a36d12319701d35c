// API types from the server's own OpenAPI document.
//
//   node scripts/api-types.mjs write   regenerate src/lib/api/schema.d.ts (npm run gen:api)
//   node scripts/api-types.mjs check   fail if the committed file differs (npm run check:api)
//
// The document comes from `store openapi` (run through cargo from the repository
// root, whatever the current directory), the types from openapi-typescript.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { firstDifference, serverDocument, ui } from './openapi-document.mjs'

const committed = join(ui, 'src/lib/api/schema.d.ts')
const mode = process.argv[2]

if (mode !== 'write' && mode !== 'check') {
  console.error('usage: node scripts/api-types.mjs write|check')
  process.exit(2)
}

const work = mkdtempSync(join(tmpdir(), 'store-api-types-'))
try {
  const openapi = join(work, 'openapi.json')
  const generated = join(work, 'schema.d.ts')
  writeFileSync(openapi, serverDocument())
  execFileSync(join(ui, 'node_modules/.bin/openapi-typescript'), [openapi, '--output', generated], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const fresh = readFileSync(generated, 'utf8')

  if (mode === 'write') {
    writeFileSync(committed, fresh)
    console.log(`wrote ${committed}`)
  } else if (fresh !== readFileSync(committed, 'utf8')) {
    console.error(
      `check:api: src/lib/api/schema.d.ts does not match the server's OpenAPI document.\n` +
        `First difference: ${firstDifference(readFileSync(committed, 'utf8'), fresh)}\n` +
        `Run \`npm run gen:api\` in ui/ and commit the result.`,
    )
    process.exitCode = 1
  } else {
    console.log('check:api: src/lib/api/schema.d.ts matches the server.')
  }
} catch (error) {
  console.error(`api-types: could not generate the API types: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
} finally {
  rmSync(work, { recursive: true, force: true })
}
