/**
 * Development only: serves the production build of the web app on its own, with the api-client
 * pointed at an API that is already running elsewhere (`API_URL`, default http://localhost:3000/api).
 * The real composition root is apps/server; this exists to look at pages without it.
 *
 *   PORT=3200 API_URL=http://localhost:3100/api npx tsx apps/web/scripts/dev-serve.ts
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createApiClient } from '@agency/api-client'
import { createRequestHandler } from 'react-router'
import type { ServerBuild } from 'react-router'

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build')
const port = Number(process.env.PORT ?? 3200)
const apiUrl = (process.env.API_URL ?? 'http://localhost:3000/api').replace(/\/+$/, '')
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild
const handler = createRequestHandler(build, 'production')

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', publicUrl)
  const file = path.join(buildDir, 'client', path.normalize(url.pathname))
  if (file.startsWith(path.join(buildDir, 'client')) && existsSync(file) && statSync(file).isFile()) {
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
    return
  }
  if (url.pathname.startsWith('/api/')) {
    // Pictures and other API answers the browser asks for directly come from the API.
    const upstream = await fetch(`${apiUrl}${url.pathname.slice(4)}${url.search}`)
    // fetch has already decoded the body, so the encoding headers no longer describe it.
    const passed = [...upstream.headers].filter(([key]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(key))
    res.writeHead(upstream.status, Object.fromEntries(passed))
    if (upstream.body) Readable.fromWeb(upstream.body as NodeReadableStream).pipe(res)
    else res.end()
    return
  }
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value)
  const request = new Request(url, { method: req.method, headers })
  const api = createApiClient({ baseUrl: apiUrl, fetch })
  const response = await handler(request, { api, publicUrl })
  res.writeHead(response.status, Object.fromEntries(response.headers))
  if (response.body) Readable.fromWeb(response.body as NodeReadableStream).pipe(res)
  else res.end()
}).listen(port, () => console.log(`web build on ${publicUrl}, API at ${apiUrl}`))
