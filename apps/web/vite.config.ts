import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

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

/** The workspace packages the server process holds once (see `ssr` below). */
const SHARED_PACKAGES = ['@agency/domain', '@agency/api-client']

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  // The server render imports these from the server's own process (compiled in by the server's build,
  // loaded by it in development) rather than bundling copies: one of each in the process.
  ssr: { external: SHARED_PACKAGES },
  build: isSsrBuild
    ? { rolldownOptions: { external: SHARED_PACKAGES } }
    : {
        rolldownOptions: {
          treeshake: {
            manualPureFunctions: domainSchemaBuilders(),
            // Domain is pure TypeScript (ARCHITECTURE.md): importing a module does nothing by itself.
            moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
          },
        },
      },
}))
