import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const SKIP = new Set(['node_modules', 'build', 'dist', 'build-e2e', 'dist-e2e', '.react-router', 'coverage', 'data'])

/** The source files of the apps, packages and scripts. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return []
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.(ts|tsx|mjs|css)$/.test(entry.name) ? [file] : []
  })
}

describe("the code's 'SPEC §N' citations", () => {
  it('each lead to a section of docs/rules.md', () => {
    const cited = new Set<string>()
    for (const top of ['apps', 'packages', 'scripts']) {
      for (const file of sources(path.join(ROOT, top))) {
        for (const match of readFileSync(file, 'utf8').matchAll(/SPEC §(\d+(?:\.\d+)*)/g)) cited.add(match[1]!)
      }
    }
    const rules = readFileSync(path.join(ROOT, 'docs/rules.md'), 'utf8')
    const sections = new Set([...rules.matchAll(/^## §(\d+(?:\.\d+)*) /gm)].map((m) => m[1]!))
    expect(cited.size).toBeGreaterThan(5)
    expect([...cited].filter((section) => !sections.has(section)).sort()).toEqual([])
  })
})
