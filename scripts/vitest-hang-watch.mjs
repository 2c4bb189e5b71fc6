// A vitest reporter for `npm test` (scripts/test.mjs). When no test has started or finished for
// TEST_HANG_MINUTES (5 by default), a test worker is taken as stuck, the files still running are
// named and vitest exits with HANG_EXIT_CODE. A worker stuck in one synchronous run (PGlite looping
// inside its WebAssembly, as packages/db/src/pglite-failures.ts tells) never reaches its own test or
// hook timeout, so without this the part would wait for its whole time limit. No test takes that long: tests time out at 60 s
// and hooks at 120 s.

/**
 * The exit code that tells scripts/test.mjs the embedded database failed, not a test: a worker
 * stopped answering, or every failure of the run is an EmbeddedDatabaseFailure (a fault of PGlite's
 * WebAssembly that packages/db/src/pglite-failures.ts brings to light instead of letting it answer)
 * or followed one in the same file's tests on the same database.
 */
export const HANG_EXIT_CODE = 75

/** The name of packages/db's error for a failure inside PGlite, as it appears in a failed test's causes. */
const DATABASE_FAULT = 'EmbeddedDatabaseFailure'

const minutes = Number(process.env.TEST_HANG_MINUTES ?? 5)

export default class HangWatch {
  /** @type {Set<string>} */
  running = new Set()
  /** @type {NodeJS.Timeout | undefined} */
  timer

  arm() {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.stuck(), minutes * 60_000)
    this.timer.unref()
  }

  stuck() {
    const files = [...this.running].join(', ') || 'none reported'
    console.error(`\nNo test started or finished for ${minutes} minutes: a test worker is stuck. Files still running: ${files}`)
    process.exit(HANG_EXIT_CODE)
  }

  onTestRunStart() {
    this.arm()
  }

  /** @param {{ relativeModuleId: string }} testModule */
  onTestModuleStart(testModule) {
    this.running.add(testModule.relativeModuleId)
    this.arm()
  }

  /** @param {{ relativeModuleId: string }} testModule */
  onTestModuleEnd(testModule) {
    this.running.delete(testModule.relativeModuleId)
    this.arm()
  }

  onTestCaseReady() {
    this.arm()
  }

  onTestCaseResult() {
    this.arm()
  }

  /**
   * @param {ReadonlyArray<any>} testModules
   * @param {ReadonlyArray<unknown>} unhandledErrors
   */
  onTestRunEnd(testModules, unhandledErrors) {
    clearTimeout(this.timer)
    // Failures in groups: each unhandled error and each file's own error alone, and each top-level
    // suite of a file (its tests on one database: `describe.each(testDatabaseKinds())`) as one. Once a
    // test's embedded database has failed, the tests after it on that database fail too, often as a
    // plain 500 from the API that names no cause; they are that failure's, not tests' of their own.
    const groups = unhandledErrors.map((error) => [error])
    for (const testModule of testModules) {
      groups.push(...testModule.errors().map((error) => [error]))
      for (const child of testModule.children) groups.push(failuresOf(child))
    }
    const failed = groups.filter((group) => group.length > 0)
    if (failed.length > 0 && failed.every((group) => group.some((failure) => JSON.stringify(failure).includes(DATABASE_FAULT)))) {
      console.error(`\nEvery failure above is an ${DATABASE_FAULT}, or came after one on the same database: the embedded database failed inside PGlite, not a test.`)
      process.exit(HANG_EXIT_CODE)
    }
  }
}

/**
 * Every failure of a suite and what it holds (its hooks', its tests'), or of a test.
 * @param {any} entity a TestSuite or TestCase of vitest's reporter API
 * @returns {unknown[]}
 */
function failuresOf(entity) {
  if (entity.type === 'test') return entity.result().state === 'failed' ? [...(entity.result().errors ?? [])] : []
  return [
    ...entity.errors(),
    ...[...entity.children.allSuites()].flatMap((suite) => suite.errors()),
    ...[...entity.children.allTests('failed')].flatMap((test) => test.result().errors ?? []),
  ]
}
