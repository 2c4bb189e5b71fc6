import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown'
import { defineConfig } from 'vite'
import type { Plugin } from 'vite'
import { BOOT_SCRIPT, BOOT_SCRIPT_PATH } from './app/lib/boot-script.ts'

const DOMAIN_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/domain/src')

/**
 * The names whose calls build zod schemas in @agency/domain: `z` and every `…Schema`. Pages take
 * constants and formatters from domain, whose modules also build schemas at load time; building a
 * schema has no side effect, so telling the bundler so lets the browser bundle drop every schema
 * (and zod itself) that no browser code uses.
 */
function domainSchemaBuilders(): string[] {
  const names = new Set(['z'])
  for (const file of readdirSync(DOMAIN_SRC)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    for (const match of readFileSync(path.join(DOMAIN_SRC, file), 'utf8').matchAll(/\b[A-Za-z]\w*Schema\b/g)) {
      names.add(match[0])
    }
  }
  return [...names]
}

/**
 * The browser's chunks. A first visit on a phone fetches every file a page imports, and over HTTP/1.1
 * at most six at a time, so thirty small files cost several round trips more than a few larger ones.
 * React, React DOM and React Router go in one file that every page loads (and caches for the next);
 * the small shared modules of every page's first load (copy, formatters, settings, URLs, domain
 * constants) in a second. A module goes in the second only when nothing it imports, however deep,
 * is another package (zod, the combobox, the map): those stay with the code that loads them lazily,
 * and `$initial` keeps out what only a lazily loaded module imports.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/
const SHARED_SOURCE = /[\\/]packages[\\/]domain[\\/]src[\\/]|[\\/]apps[\\/]web[\\/]app[\\/](lib[\\/]|copy\.ts$|messages\.ts$)/

function isSelfContained(id: string, ctx: ChunkingContext, seen = new Map<string, boolean>()): boolean {
  if (seen.has(id)) return seen.get(id) ?? true
  seen.set(id, true) // a cycle is decided by its other imports
  const info = ctx.getModuleInfo(id)
  const result =
    info !== null &&
    info.importedIds.every((dep) => FRAMEWORK.test(dep) || (!dep.includes('node_modules') && isSelfContained(dep, ctx, seen)))
  seen.set(id, result)
  return result
}

const CHUNK_GROUPS: CodeSplittingGroup[] = [
  { name: 'framework', test: FRAMEWORK, priority: 2 },
  {
    name: (id, ctx) => (SHARED_SOURCE.test(id) && isSelfContained(id, ctx) ? 'common' : null),
    debugName: 'common',
    tags: ['$initial'],
    priority: 1,
  },
]

/** The workspace packages the server process holds once (see `ssr` below). */
const SHARED_PACKAGES = ['@agency/domain', '@agency/api-client']

/**
 * The pages' boot script (app/lib/boot-script.ts) as the file the pages name: written into the client
 * build beside the other assets (precompressed and kept a year as they are), and answered by the
 * development server.
 */
function bootScriptFile(): Plugin {
  return {
    name: 'agency-boot-script',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url !== BOOT_SCRIPT_PATH) return next()
        response.setHeader('Content-Type', 'text/javascript; charset=utf-8')
        response.end(BOOT_SCRIPT)
      })
    },
    generateBundle() {
      if (this.environment.name !== 'client') return
      this.emitFile({ type: 'asset', fileName: BOOT_SCRIPT_PATH.slice(1), source: BOOT_SCRIPT })
    },
  }
}

export default defineConfig({
  plugins: [reactRouter(), bootScriptFile()],
  // The server render imports these from the server's own process (compiled in by the server's build,
  // loaded by it in development) rather than bundling copies: one of each in the process.
  ssr: { external: SHARED_PACKAGES },
  environments: {
    // The server's build is one file: the server's own build bundles it whole anyway, and a module
    // the browser loads lazily (the lead form's address search) is imported statically elsewhere.
    ssr: { build: { rolldownOptions: { external: SHARED_PACKAGES, output: { codeSplitting: false } } } },
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: CHUNK_GROUPS } },
          treeshake: {
            manualPureFunctions: domainSchemaBuilders(),
            // Domain is pure TypeScript (docs/architecture.md): importing a module does nothing by itself.
            moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
          },
        },
      },
    },
  },
})
