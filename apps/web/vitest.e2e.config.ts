import { defineConfig } from 'vitest/config'

// End-to-end tests: one Chromium, files in sequence, against servers started by scripts/e2e.mjs (which
// runs several of these, each on its share of the files and its own servers).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/e2e/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
