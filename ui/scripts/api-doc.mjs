// The generated parts of docs/api.md, from the server's own OpenAPI document.
//
//   node scripts/api-doc.mjs write   rewrite them (npm run gen:docs)
//   node scripts/api-doc.mjs check   fail if docs/api.md is not up to date (npm run check:docs)
//
// docs/api.md is hand-written around blocks that this script owns:
//   <!-- generated: operations TAG -->  ...  <!-- end generated -->   one tag's operation table
//   <!-- generated: schemas -->         ...  <!-- end generated -->   every schema, one line each
// Every tag of the document must have its block, so a new area cannot go undocumented.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { firstDifference, repo, serverDocument } from './openapi-document.mjs'

const file = join(repo, 'docs/api.md')
const mode = process.argv[2]
if (mode !== 'write' && mode !== 'check') {
  console.error('usage: node scripts/api-doc.mjs write|check')
  process.exit(2)
}

const BLOCK = /(<!-- generated: ([a-z]+)(?: (\w+))? -->\n)[\s\S]*?(<!-- end generated -->)/g

try {
  const doc = JSON.parse(serverDocument())
  const committed = readFileSync(file, 'utf8')
  const fresh = render(committed, doc)
  if (mode === 'write') {
    writeFileSync(file, fresh)
    console.log(`wrote ${file}`)
  } else if (fresh !== committed) {
    console.error(
      `check:docs: docs/api.md does not match the server's OpenAPI document.\n` +
        `First difference: ${firstDifference(committed, fresh)}\n` +
        'Run `npm run gen:docs` in ui/ and commit the result.',
    )
    process.exitCode = 1
  } else {
    console.log('check:docs: docs/api.md matches the server.')
  }
} catch (error) {
  console.error(`api-doc: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}

function render(text, doc) {
  const seen = new Set()
  const out = text.replace(BLOCK, (_all, open, kind, tag, close) => {
    if (kind === 'schemas') return `${open}${schemas(doc)}${close}`
    if (kind !== 'operations' || !tag) throw new Error(`unknown generated block: ${open.trim()}`)
    seen.add(tag)
    return `${open}${operations(doc, tag)}${close}`
  })
  const missing = (doc.tags ?? []).map((t) => t.name).filter((name) => !seen.has(name))
  if (missing.length > 0) {
    throw new Error(`docs/api.md has no <!-- generated: operations TAG --> block for: ${missing.join(', ')}`)
  }
  return out
}

function operations(doc, tag) {
  const known = (doc.tags ?? []).some((t) => t.name === tag)
  if (!known) throw new Error(`docs/api.md names a tag the document does not have: ${tag}`)
  const rows = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!(op.tags ?? []).includes(tag)) continue
      rows.push(
        [
          `\`${method.toUpperCase()} /api${path}\``,
          oneLine(op.summary ?? ''),
          parameters(op),
          op.requestBody ? typeOf(bodySchema(op.requestBody)) : '',
          answers(op),
        ].join(' | '),
      )
    }
  }
  return ['| Call | What | Parameters | Body | Answers |', '|---|---|---|---|---|', ...rows.map((r) => `| ${r} |`)]
    .join('\n')
    .concat('\n')
}

function parameters(op) {
  return (op.parameters ?? [])
    .map((p) => {
      const bounds = limits(p.schema ?? {})
      return `\`${p.name}${p.required ? '' : '?'}\`${bounds ? ` (${bounds})` : ''}`
    })
    .join(', ')
}

/** Answers as "200 `Product`, 400, 404": the schema of each success, the status of the rest. */
function answers(op) {
  return Object.entries(op.responses)
    .map(([status, response]) => {
      const schema = status.startsWith('2') ? bodySchema(response) : undefined
      return schema ? `${status} ${typeOf(schema)}` : status
    })
    .join(', ')
}

function bodySchema(part) {
  const content = Object.values(part.content ?? {})[0]
  return content?.schema
}

function schemas(doc) {
  const lines = Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => {
    if (schema.enum) return `${name} = ${schema.enum.map((v) => JSON.stringify(v)).join(' | ')}`
    const required = new Set(schema.required ?? [])
    const fields = Object.entries(schema.properties ?? {}).map(([field, s]) => {
      const bounds = limits(s)
      return `${field}${required.has(field) ? '' : '?'}: ${typeOf(s, false)}${bounds ? ` (${bounds})` : ''}`
    })
    return wrap(`${name} { ${fields.join(', ')} }`)
  })
  return ['```', ...lines, '```'].join('\n').concat('\n')
}

/** A schema as a short type: a name, `T[]`, a union of literals, or a JSON type. */
function typeOf(schema, code = true) {
  if (!schema) return ''
  const quote = (t) => (code ? `\`${t}\`` : t)
  if (schema.$ref) return quote(schema.$ref.split('/').pop())
  if (schema.allOf?.length === 1) return typeOf(schema.allOf[0], code)
  if (schema.type === 'array') return quote(`${typeOf(schema.items, false)}[]`)
  if (schema.enum) return quote(schema.enum.map((v) => JSON.stringify(v)).join('|'))
  return quote(schema.type ?? 'any')
}

/** The bounds a schema puts on a value, as "1..200 chars" or ">= 0". */
function limits(schema) {
  const parts = []
  const range = (min, max, unit) => {
    if (min === undefined && max === undefined) return
    if (max === undefined) parts.push(`>= ${min}${unit}`)
    else if (min === undefined) parts.push(`<= ${max}${unit}`)
    else parts.push(`${min}..${max}${unit}`)
  }
  range(schema.minLength, schema.maxLength, ' chars')
  range(schema.minimum, schema.maximum, '')
  range(schema.minItems, schema.maxItems, ' items')
  const items = schema.type === 'array' && schema.items ? limits(schema.items) : ''
  if (items) parts.push(`each ${items}`)
  return parts.join(', ')
}

function oneLine(text) {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim()
}

/** Breaks a long schema line after commas, continuing indented. */
function wrap(line, width = 100) {
  if (line.length <= width) return line
  const out = []
  let current = ''
  for (const piece of line.split(/(?<=, )/)) {
    if (current.length + piece.length > width && current) {
      out.push(current.trimEnd())
      current = '    '
    }
    current += piece
  }
  out.push(current.trimEnd())
  return out.join('\n')
}
