/**
 * Changes a property by hand, with the events the Heads Up e-mails are made from:
 *   npm run property -- publish ID          # on the open market (available, not pre-market)
 *   npm run property -- release ID          # released pre-market: registered applicants hear first
 *   npm run property -- reprice ID [PRICE]  # a new price in whole pounds (pcm for lettings); 5 % less by default
 * Reads DATABASE_URL, else the PGlite database under DATA_DIR (default ./data, from where npm ran).
 * The running site's alert worker picks the events up; on the embedded database, stop the site first
 * (one process owns it) and start it again.
 */
import path from 'node:path'
import { toPriceLabel, toSearchType } from '@agency/domain'
import { createDatabase } from '../client.ts'
import { migrate } from '../migrate.ts'
import { runPropertyCommand, type PropertyCommand } from '../property-events.ts'

const USAGE = 'usage: property publish|release ID, or property reprice ID [PRICE]'

function parseCommand(args: readonly string[]): PropertyCommand | null {
  const [action, idText, priceText] = args
  const id = Number(idText)
  if (!Number.isInteger(id) || id <= 0) return null
  if (action === 'publish' || action === 'release') return args.length === 2 ? { action, id } : null
  if (action === 'reprice') {
    if (args.length === 2) return { action, id }
    const price = Number(priceText?.replace(/[£,]/g, ''))
    return Number.isInteger(price) && price > 0 && args.length === 3 ? { action, id, price } : null
  }
  return null
}

const command = parseCommand(process.argv.slice(2))
if (!command) {
  console.error(USAGE)
  process.exit(2)
}
const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data')
const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir })
try {
  await migrate(database)
  const result = await runPropertyCommand(database.db, command)
  if (!result) {
    console.error(`no property ${command.id}`)
    process.exitCode = 1
  } else {
    const pounds = (n: number) => toPriceLabel(n, toSearchType(result.transaction_type_id === 2 ? 2 : 1))
    console.log(
      `property ${command.id}: ${result.before.availability}${result.before.is_locked ? ' (pre-market)' : ''} at ${pounds(result.before.price)} → ` +
        `${result.after.availability}${result.after.is_locked ? ' (pre-market)' : ''} at ${pounds(result.after.price)}`,
    )
    if (result.events.length === 0) console.log('no alert event: nothing an alert hears of changed')
    for (const e of result.events) console.log(`event recorded: ${e.kind}${e.old_price ? ` (was ${pounds(e.old_price)})` : ''}`)
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
} finally {
  await database.close()
}
