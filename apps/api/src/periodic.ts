/** A job that runs every so often in the background, one run at a time. */
export interface PeriodicJob<T> {
  /** Runs the job now, after any run in progress, and returns its result; for tests and one-off runs. */
  runOnce(): Promise<T>
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>
}

/**
 * Runs `run` every `intervalMs` (counted from the end of the previous run) until stopped; the
 * background workers (outbox, alert e-mails) share it. A failed run goes to `onError` and the next one
 * is scheduled as usual. `run` is told whether the job has been stopped, to end a long run early.
 */
export function startPeriodicJob<T>(
  run: (isStopped: () => boolean) => Promise<T>,
  options: { intervalMs: number; onError: (err: unknown) => void },
): PeriodicJob<T> {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<T> | undefined

  async function runOnce(): Promise<T> {
    while (running) await running.catch(() => undefined)
    running = run(() => stopped)
    try {
      return await running
    } finally {
      running = undefined
    }
  }

  function schedule(): void {
    if (stopped) return
    timer = setTimeout(() => {
      runOnce().catch(options.onError).finally(schedule)
    }, options.intervalMs)
    timer.unref()
  }
  schedule()

  return {
    runOnce,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      while (running) await running.catch(() => undefined)
    },
  }
}
