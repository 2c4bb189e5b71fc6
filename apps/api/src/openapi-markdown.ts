/**
 * The API reference (docs/api.md) written from the OpenAPI document the routes' schemas make
 * (`GET /api/openapi.json`): each route's method, path and summary, its parameters, the fields of its
 * body and the shape of its answers. `npm run docs:api` writes it; a test fails while it is stale.
 */

interface Schema {
  type?: string | string[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  enum?: unknown[]
  const?: unknown
  items?: Schema
  properties?: Record<string, Schema>
  required?: string[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  format?: string
  description?: string
  $ref?: string
}

interface Parameter {
  in: string
  name: string
  required?: boolean
  description?: string
  schema?: Schema
}

interface Operation {
  summary?: string
  description?: string
  tags?: string[]
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> }
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>
  security?: Array<Record<string, unknown>>
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string }
  paths: Record<string, Record<string, Operation>>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** The sections, in the order a reader meets them. */
const TAGS: Record<string, string> = {
  catalogue: 'Catalogue',
  places: 'Places',
  media: 'Pictures and documents',
  contacts: 'Contacts, login and saved properties',
  alerts: 'Heads Up Property Alerts',
  leads: 'Lead enquiries',
  feeds: 'Property feed',
  operations: 'Operations',
}

/** JavaScript's safe integer range, which zod gives every integer: no bound worth naming. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER

function bounds(schema: Schema): string {
  const min = Math.abs(schema.minimum ?? 0) >= UNBOUNDED ? undefined : (schema.minimum ?? schema.minLength)
  const max = Math.abs(schema.maximum ?? 0) >= UNBOUNDED ? undefined : (schema.maximum ?? schema.maxLength)
  if (min === undefined && max === undefined) return ''
  const unit = schema.minLength !== undefined || schema.maxLength !== undefined ? ' chars' : ''
  if (min !== undefined && max !== undefined) return ` ${min}–${max}${unit}`
  return min !== undefined ? ` ≥ ${min}${unit}` : ` ≤ ${max}${unit}`
}

/** A schema's type in a few words: `integer 0–100`, `'sales' | 'lettings'`, `array of object`. */
export function typeOf(schema: Schema | undefined, depth = 0): string {
  if (!schema) return 'any'
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object'
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ')
  const union = schema.anyOf ?? schema.oneOf
  if (union) return [...new Set(union.map((member) => typeOf(member, depth)))].join(' \\| ')
  if (schema.allOf) return schema.allOf.map((member) => typeOf(member, depth)).join(' & ')
  const type = Array.isArray(schema.type) ? schema.type.join(' \\| ') : schema.type
  if (type === 'array') return `array of ${depth > 2 ? 'items' : typeOf(schema.items, depth + 1)}`
  if (type === 'object' || schema.properties) return 'object'
  if (type === 'string' && schema.format) return `string (${schema.format})${bounds(schema)}`
  return `${type ?? 'any'}${bounds(schema)}`
}

/** An object's fields as the reference lists them: `name` (required) type. */
function fieldsOf(schema: Schema | undefined): string[] {
  const object = schema?.anyOf?.find((member) => member.properties) ?? schema
  if (!object?.properties) return []
  const required = new Set(object.required ?? [])
  return Object.entries(object.properties).map(([name, field]) => `\`${name}\`${required.has(name) ? ' (required)' : ''}: ${typeOf(field)}`)
}

/** The object shapes a schema may take: itself, or the members of its union that are objects. */
function objectShapes(schema: Schema | undefined): Schema[] {
  if (!schema) return []
  const union = schema.anyOf ?? schema.oneOf
  if (union) return union.flatMap((member) => objectShapes(member))
  return schema.properties ? [schema] : []
}

/** A shape's field names. */
function namesOf(shape: Schema): string {
  return `{ ${Object.keys(shape.properties ?? {}).join(', ')} }`
}

/** An answer's shape in one line: its status, then its top-level fields (and those of `data`). */
function answerOf(status: string, response: NonNullable<Operation['responses']>[string]): string {
  const [contentType, content] = Object.entries(response.content ?? {})[0] ?? []
  const schema = content?.schema
  if (!schema) return `\`${status}\`${contentType ? ` ${contentType}` : ''}`
  const [object] = objectShapes(schema)
  if (!object?.properties) return `\`${status}\` ${contentType === 'application/json' ? typeOf(schema) : contentType}`
  const fields = Object.entries(object.properties).map(([name, field]) => {
    if (name !== 'data') return name
    const list = field.type === 'array'
    const shapes = objectShapes(list ? field.items : field)
    if (shapes.length === 0) return `${name}${list ? '[]' : ''}`
    // A union (a full card or a visitor's locked one): the first shape's fields, and how many others.
    const others = shapes.length > 1 ? ` (or ${shapes.length - 1} other shape${shapes.length > 2 ? 's' : ''})` : ''
    return `${name}${list ? '[]' : ''}: ${namesOf(shapes[0]!)}${others}`
  })
  return `\`${status}\` { ${fields.join(', ')} }`
}

function section(path: string, method: string, operation: Operation): string[] {
  const lines = [`### ${method.toUpperCase()} \`${path}\``, '', operation.summary ?? '']
  if (operation.description) lines.push('', operation.description)
  if (operation.security?.length) lines.push('', `Authorisation: ${operation.security.flatMap((s) => Object.keys(s)).join(', ')} (\`Authorization: Bearer …\`).`)
  const parameters = (operation.parameters ?? []).filter((p) => p.in !== 'header' || p.name.startsWith('x-') || p.name === 'idempotency-key')
  if (parameters.length > 0) {
    lines.push('', '| parameter | in | type | |', '|---|---|---|---|')
    for (const p of parameters) lines.push(`| \`${p.name}\` | ${p.in} | ${typeOf(p.schema)} | ${p.required ? 'required' : ''}${p.description ? ` ${p.description.replace(/\n/g, ' ')}` : ''} |`)
  }
  const body = Object.entries(operation.requestBody?.content ?? {})[0]
  if (body) {
    const [contentType, { schema }] = body
    const fields = fieldsOf(schema)
    lines.push('', `Body (${contentType}${operation.requestBody?.required ? '' : ', optional'})${fields.length > 0 ? ':' : `: ${typeOf(schema)}`}`)
    if (fields.length > 0) lines.push('', ...fields.map((field) => `- ${field}`))
  }
  const answers = Object.entries(operation.responses ?? {}).map(([status, response]) => answerOf(status, response))
  if (answers.length > 0) lines.push('', `Answers: ${answers.join('; ')}.`)
  return [...lines, '']
}

/** docs/api.md from the OpenAPI document. */
export function renderApiReference(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    METHODS.filter((method) => byMethod[method]).map((method) => ({ path, method, operation: byMethod[method]! })),
  )
  const tags = [...Object.keys(TAGS), ...new Set(operations.map((o) => o.operation.tags?.[0] ?? 'other').filter((tag) => !(tag in TAGS)))]
  const out = [
    '# API reference',
    '',
    '<!-- Written by `npm run docs:api` from the OpenAPI document (GET /api/openapi.json); do not edit by hand. -->',
    '',
    `Every route of the API, from the OpenAPI document its route schemas make (\`GET /api/openapi.json\`,`,
    'the full JSON Schemas of each request and answer). Conventions: JSON, snake_case fields; lists answer',
    '`{ data: [...], total?, page?, page_size? }` and single objects `{ data: {...} }`; a refused input',
    'answers 422 (or 400 when malformed) with `{ message, errors: { field: ["first message", ...] } }`;',
    'an unknown id 404 `{ message }`. A request that changes something must carry an `Origin` of the',
    'site. Routes for the logged-in contact answer 401 without the session cookie. A command that',
    'creates something honours `Idempotency-Key`: a retry with the same key gets the first answer.',
    '',
    ...tags.flatMap((tag) => {
      const inTag = operations.filter((o) => (o.operation.tags?.[0] ?? 'other') === tag)
      if (inTag.length === 0) return []
      return [`## ${TAGS[tag] ?? tag}`, '', ...inTag.flatMap((o) => section(o.path, o.method, o.operation))]
    }),
  ]
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`
}
