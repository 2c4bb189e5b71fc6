// A vitest reporter for `npm test` (scripts/test.mjs). When no test has started or finished for
// TEST_HANG_MINUTES (5 by default), a test worker is taken as stuck, the files still running are
// named and vitest exits with HANG_EXIT_CODE. A worker stuck in one synchronous run (PGlite looping
// inside its WebAssembly, as packages/db/src/pglite-failures.ts tells) never reaches its own test or
// hook timeout, so without this the part would wait for its whole time limit. No test takes that long: tests time out at 60 s
// and hooks at 120 s.

/**
 * The exit code that tells scripts/test.mjs the embedded database failed, not a test: a worker
 * stopped answering, or every failure of the run is an EmbeddedDatabaseFailure (a fault of PGlite's
 * WebAssembly that packages/db/src/pglite-failures.ts brings to light instead of letting it answer).
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
    const failures = [...unhandledErrors]
    for (const testModule of testModules) {
      failures.push(...testModule.errors())
      for (const suite of testModule.children.allSuites()) failures.push(...suite.errors())
      for (const test of testModule.children.allTests('failed')) failures.push(...(test.result().errors ?? []))
    }
    if (failures.length > 0 && failures.every((failure) => JSON.stringify(failure).includes(DATABASE_FAULT))) {
      console.error(`\nEvery failure above is an ${DATABASE_FAULT}: the embedded database failed inside PGlite, not a test.`)
      process.exit(HANG_EXIT_CODE)
    }
  }
}
