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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  build: isSsrBuild
    ? {}
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
