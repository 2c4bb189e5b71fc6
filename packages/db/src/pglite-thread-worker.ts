// The embedded database's own thread (pglite-thread.ts starts it): PGlite runs here, so that the
// site's thread renders pages and answers requests while a statement runs. It answers each message
// of the site's thread by its id; results and errors cross as plain values.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts'
import { watchPgliteFailures } from './pglite-failures.ts'
import { namedQueriesOf } from './pglite-named-statements.ts'
import { errorFields, holdDrizzleParsers, takesTurn, TURN, type ThreadReply, type ThreadRequest, type TurnRequest } from './pglite-thread-protocol.ts'

if (!parentPort) throw new Error('pglite-thread-worker runs as a worker thread')
const port: MessagePort = parentPort

const { dataDir, preparedStatements, turns } = workerData as { dataDir: string | undefined; preparedStatements: number | undefined; turns: Int32Array }

/** A rollback the site's thread asked for: not an error of its own. */
class RolledBack extends Error {}

/**
 * Open transactions by id: the transaction, how to end it (commit: true, or roll back), and the id of
 * the 'end' message that waits for PGlite's COMMIT or ROLLBACK.
 */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; ending?: number }>()
let nextTransaction = 1

function reply(message: ThreadReply): void {
  port.postMessage(message)
}

function clientOf(request: { tx?: number | undefined }): Pick<Transaction, 'query' | 'exec'> {
  if (request.tx === undefined) return pg
  const open = transactions.get(request.tx)
  if (!open) throw new Error(`no open transaction ${request.tx}`)
  return open.tx
}

let pg: PGlite
try {
  pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: PGLITE_EXTENSIONS })
} catch (error) {
  reply({ id: 0, ok: false, error: errorFields(error) })
  throw error
}
holdDrizzleParsers(pg)
const watch = watchPgliteFailures(pg)
// A statement outside a transaction is prepared once under a name (pglite-named-statements.ts).
const namedQuery = namedQueriesOf(pg, preparedStatements)
reply({ id: 0, ok: true, value: null })

port.on('message', (request: ThreadRequest) => {
  if (takesTurn(request)) {
    queue.push(request)
    runSoon()
  } else void answer(request)
})

/**
 * The calls waiting for their turn on the connection (takesTurn), in the order they came. They are
 * sent as soon as they are made, so that one runs right after another here, whatever the site's
 * thread is busy with; each waits as long as its caller allows (pglite-thread.ts gives it up past that).
 */
const queue: TurnRequest[] = []
/** Whether a call has the connection: a statement running, or a transaction open. */
let taken = false
let scheduled = false

/**
 * Runs the next call in a later turn of this thread's loop, after the messages that have come: PGlite
 * runs a statement without yielding to the loop, so a statement begun in a message's callback would
 * hold back every message behind it, the watchdog's pings too, until the whole queue had run.
 */
function runSoon(): void {
  if (scheduled || taken) return
  scheduled = true
  setImmediate(runNext)
}

function runNext(): void {
  scheduled = false
  while (!taken) {
    const next = queue.shift()
    if (!next) return
    // Given up by the site's thread while it waited: not run, and its slot handed back.
    if (next.slot !== undefined && Atomics.compareExchange(turns, next.slot, TURN.QUEUED, TURN.STARTED) !== TURN.QUEUED) {
      reply({ id: next.id, ok: false, error: { name: 'Error', message: 'given up before its turn' } })
      continue
    }
    taken = true
    void answer(next).then(() => {
      taken = false
      runSoon()
    })
  }
}

/** Throws the failure PGlite hid (pglite-failures.ts), if one has happened: no answer after it holds. */
function checkFailure(): void {
  const failure = watch.failure()
  if (failure) throw failure
}

/**
 * Ends this thread after such a failure: the error reaches the site's thread as the thread's error,
 * which fails every call and tells the site (pglite-thread.ts).
 */
function endIfFailed(): void {
  const failure = watch.failure()
  if (failure) {
    process.nextTick(() => {
      throw failure
    })
  }
}

/** Answers a request; for a transaction's start, settles once the transaction has ended. */
async function answer(request: ThreadRequest): Promise<void> {
  try {
    if (request.op !== 'ping') checkFailure()
    switch (request.op) {
      case 'query': {
        const options = { rowMode: request.rowMode }
        const result = await (request.tx === undefined ? namedQuery(request.sql, request.params, options) : clientOf(request).query(request.sql, request.params, options))
        checkFailure()
        reply({ id: request.id, ok: true, value: result })
        return
      }
      case 'exec': {
        const results = await clientOf(request).exec(request.sql)
        checkFailure()
        reply({ id: request.id, ok: true, value: results })
        return
      }
      case 'begin': {
        const id = nextTransaction++
        // PGlite's transaction holds its lock until the callback settles; the callback settles when
        // the site's thread ends the transaction.
        let began = false
        await pg.transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              began = true
              transactions.set(id, { tx, end: (commit) => (commit ? resolve() : reject(new RolledBack())) })
              reply({ id: request.id, ok: true, value: id })
            }),
        ).then(
          () => settled(id, null),
          (error: unknown) => {
            if (!began) reply({ id: request.id, ok: false, error: errorFields(error) })
            else settled(id, error instanceof RolledBack ? null : error)
          },
        )
        return
      }
      case 'end': {
        const open = transactions.get(request.tx)
        if (!open || open.ending !== undefined) throw new Error(`no open transaction ${request.tx}`)
        open.ending = request.id
        open.end(request.commit)
        return
      }
      case 'ping': {
        // Answered as soon as this thread is between statements: the site's thread's watchdog.
        reply({ id: request.id, ok: true, value: null })
        return
      }
      case 'close': {
        await pg.close()
        reply({ id: request.id, ok: true, value: null })
        port.close()
        return
      }
    }
  } catch (error) {
    reply({ id: request.id, ok: false, error: errorFields(error) })
    endIfFailed()
  }
}

/** Answers the 'end' of a transaction once PGlite has committed or rolled it back. */
function settled(id: number, error: unknown): void {
  const open = transactions.get(id)
  transactions.delete(id)
  const failed = watch.failure() ?? error
  if (open?.ending !== undefined) reply(failed === null ? { id: open.ending, ok: true, value: null } : { id: open.ending, ok: false, error: errorFields(failed) })
  endIfFailed()
}
