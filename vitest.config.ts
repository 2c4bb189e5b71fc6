import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Test files run PGlite in their worker's main thread, whose V8 stack is under 1 MB by default: a
 * statement that recursed past it failed inside PGlite's WebAssembly, which PGlite hid and which could
 * leave PostgreSQL looping for ever (packages/db/src/pglite-failures.ts). Four megabytes (the site's
 * database thread has 16), well within the 8 MB the system gives a process's main thread.
 */
const execArgv = ['--stack-size=3900']

/**
 * How each project's files run: the stack above, and the files of a worker one after another in one
 * process (`isolate: false`) instead of each in a process of its own. A fresh process imported the
 * whole API, Drizzle and PGlite again for every one of some 220 files: on two cores the unit and API
 * suite took about 720 s that way and 470 s now (the API's files alone 333 s and 164 s). A test that needs a
 * module's state as a fresh server has it imports that module anew (`vi.resetModules()`).
 */
const inWorker = { execArgv, isolate: false }

export default defineConfig({
  test: {
    /**
     * Vitest leaves a core to itself, which on two cores is one test file at a time. These files spend
     * most of their time waiting on a database (PostgreSQL's processes, PGlite's setup), so two share
     * two cores well: the whole unit and API suite on two cores took 765 s one at a time, 588 s two.
     */
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          ...inWorker,
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api-client',
          ...inWorker,
          root: './packages/api-client',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          ...inWorker,
          root: './apps/web',
          include: ['app/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          ...inWorker,
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          // Whole sites on a database of their own, some restarting its thread: seconds each on two
          // busy cores, like the API's and the database's tests.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'db',
          ...inWorker,
          root: './packages/db',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          ...inWorker,
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
    },
  },
})
