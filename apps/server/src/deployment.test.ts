import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { SERVER_NODE_OPTIONS } from '../../../scripts/start.mjs'

// Docker is not on every machine that runs the tests: these check the deployment files as text.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))

describe('Dockerfile', () => {
  it('builds on Node 24 from the lockfile, with every workspace manifest copied before npm ci', () => {
    expect(instructions.filter((i) => i.startsWith('FROM ')).every((i) => i.startsWith('FROM node:24'))).toBe(true)
    const install = instructions.findIndex((i) => i.startsWith('RUN npm ci'))
    expect(install).toBeGreaterThan(0)
    const copiedBefore = instructions.slice(0, install).join('\n')
    expect(copiedBefore).toContain('COPY package.json package-lock.json')
    for (const group of ['apps', 'packages']) {
      for (const name of readdirSync(path.join(ROOT, group))) {
        expect(copiedBefore, `${group}/${name}`).toContain(`COPY ${group}/${name}/package.json ${group}/${name}/`)
      }
    }
  })

  it("applies the dependencies' patches before it builds, as npm install's postinstall does", () => {
    const build = instructions.findIndex((i) => i.startsWith('RUN ') && i.includes('npm run build'))
    expect(build).toBeGreaterThan(instructions.findIndex((i) => i.startsWith('COPY . .')))
    expect(instructions[build]).toMatch(/^RUN npx patch-package && npm run build/)
    expect(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.postinstall).toBe('patch-package')
    expect(readdirSync(path.join(ROOT, 'patches'))).toEqual(expect.arrayContaining(['react-router+7.18.4.patch', '@electric-sql+pglite+0.5.17.patch']))
  })

  it('runs the compiled server with plain node as a non-root user, with a health check', () => {
    const lastFrom = instructions.findLastIndex((i) => i.startsWith('FROM '))
    const runtime = instructions.slice(lastFrom)
    const user = runtime.find((i) => i.startsWith('USER '))
    expect(user).toBeDefined()
    expect(user).not.toMatch(/USER (root|0)\b/)
    expect(runtime.findIndex((i) => i.startsWith('USER '))).toBeLessThan(runtime.findIndex((i) => i.startsWith('CMD ')))
    // The same node options as `npm start` (the young generation's size among them).
    expect(JSON.parse(runtime.find((i) => i.startsWith('CMD '))?.slice('CMD '.length) ?? '[]')).toEqual(['node', ...SERVER_NODE_OPTIONS, 'apps/server/dist/main.js'])
    expect(runtime.find((i) => i.startsWith('HEALTHCHECK '))).toContain('/api/health')
  })
})

describe('compose.yaml', () => {
  const compose = parse(readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8')) as {
    services: Record<string, { image?: string; build?: string; environment?: Record<string, string | null>; depends_on?: Record<string, { condition: string }>; volumes?: string[]; healthcheck?: { test: string[] } }>
    volumes: Record<string, unknown>
  }

  it('runs the site on PostgreSQL 17, started once the database is healthy, with media and data on volumes', () => {
    const { db, site } = compose.services
    expect(db?.image).toBe('postgres:17')
    expect(db?.healthcheck?.test.join(' ')).toContain('pg_isready')
    expect(db?.volumes).toContain('pgdata:/var/lib/postgresql/data')
    expect(site?.build).toBe('.')
    expect(site?.depends_on).toEqual({ db: { condition: 'service_healthy' } })
    expect(site?.volumes).toContain('media:/data')
    expect(site?.environment?.DATABASE_URL).toMatch(/@db:5432\/agency$/)
    expect(Object.keys(compose.volumes).sort()).toEqual(['media', 'pgdata'])
  })

  it('asks for its secrets rather than shipping any', () => {
    expect(compose.services.db?.environment?.POSTGRES_PASSWORD).toBe('${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}')
    expect(compose.services.site?.environment?.ALTCHA_HMAC_KEY).toMatch(/^\$\{ALTCHA_HMAC_KEY:\?/)
  })
})
