/**
 * Imports a property feed (Rightmove BLM v3):
 *   npm run import:blm -- FILE_OR_ZIP [--dry-run] [--force]
 * A `.blm`, or a zip holding one `.blm` and its media. Reads DATABASE_URL (PostgreSQL), else the
 * PGlite database under DATA_DIR (default ./data, resolved from where npm was run); media go under
 * DATA_DIR/media. FEED_MAX_WITHDRAW_SHARE (default 0.2) and FEED_PRE_MARKET (default `unpublished`)
 * are read as the server reads them, and IMPORT_ALLOWED_MEDIA_HOSTS (media link hosts fetched even at
 * addresses that are not public). Stop a server using the embedded database first.
 * Exit status: 0 imported (or dry run), 2 refused by the safe-import guard, 1 not a feed or failed.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parsePreMarketRule, type FeedImportReport } from '@agency/domain'
import { z } from 'zod'
import { importBlm } from '../blm/import.ts'
import { parseAllowedMediaHosts } from '../blm/media-fetch.ts'
import { createDatabase } from '../client.ts'
import { mediaStoreSettingsFromEnv, openMediaStore } from '../media-store/settings.ts'
import { migrate } from '../migrate.ts'
import { ensurePlaces } from '../places/index.ts'

const USAGE = 'usage: import:blm FILE_OR_ZIP [--dry-run] [--force]'

const EnvSchema = z.object({
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  FEED_MAX_WITHDRAW_SHARE: z.coerce.number().min(0).max(1).default(0.2),
  IMPORT_ALLOWED_MEDIA_HOSTS: z.string().optional().transform(parseAllowedMediaHosts),
  FEED_PRE_MARKET: z
    .string()
    .default('unpublished')
    .transform((text, ctx) => parsePreMarketRule(text) ?? (ctx.addIssue({ code: 'custom', message: 'a list of `unpublished` and `status:N`, or `none`' }), z.NEVER)),
})

/** The report as lines for a person. */
export function toReportLines(report: FeedImportReport): string[] {
  const lines = [
    `${report.source}: ${report.outcome.replace('_', ' ')}${report.reason ? ` — ${report.reason}` : ''}`,
    `records ${report.records}: added ${report.added}, updated ${report.updated}, unchanged ${report.unchanged}, withdrawn ${report.withdrawn}, ` +
      `restored ${report.restored}, refused ${report.refused}; price changes ${report.price_changes}; ` +
      `media stored ${report.media.stored}, reused ${report.media.reused}, failed ${report.media.failed} (${(report.elapsed_ms / 1000).toFixed(1)} s)`,
  ]
  // Where the written records were placed; each one placed only approximately is named, for the agency to check.
  if (report.published.length > 0) {
    const count = (precision: string) => report.published.filter((item) => item.location_precision === precision).length
    lines.push(`placed at their postcode ${count('postcode')}, at their postcode district's centre ${count('district')}, at their town's centre ${count('town')}`)
  }
  for (const item of report.published) {
    if (item.location_precision === 'postcode') continue
    lines.push(`approximate line ${item.line} (${item.agent_ref}): placed at its ${item.location_precision === 'district' ? "postcode district's" : "town's"} centre`)
  }
  for (const issue of report.errors) lines.push(`error${issue.line === null ? '' : ` line ${issue.line}`}${issue.agent_ref ? ` (${issue.agent_ref})` : ''}: ${issue.message}`)
  for (const issue of report.warnings) lines.push(`warning${issue.line === null ? '' : ` line ${issue.line}`}${issue.agent_ref ? ` (${issue.agent_ref})` : ''}: ${issue.message}`)
  return lines
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { 'dry-run': { type: 'boolean' }, force: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  })
  if (positionals.length !== 1) throw new Error(USAGE)
  const env = EnvSchema.safeParse(process.env)
  if (!env.success) throw new Error(`Invalid environment:\n${env.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`)
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  const cwd = process.env.INIT_CWD ?? process.cwd()
  const dataDir = path.resolve(cwd, env.data.DATA_DIR)
  const file = path.resolve(cwd, positionals[0] as string)
  const settings = mediaStoreSettingsFromEnv(process.env, { dataDir, databaseUrl: env.data.DATABASE_URL || undefined })
  const database = await createDatabase({ databaseUrl: env.data.DATABASE_URL || undefined, dataDir })
  const mediaStore = await openMediaStore(settings, database)
  try {
    await migrate(database)
    await ensurePlaces(database)
    const report = await importBlm(database, {
      file,
      mediaStore,
      dryRun: values['dry-run'] === true,
      force: values.force === true,
      maxWithdrawShare: env.data.FEED_MAX_WITHDRAW_SHARE,
      preMarket: env.data.FEED_PRE_MARKET,
      allowedMediaHosts: env.data.IMPORT_ALLOWED_MEDIA_HOSTS,
    })
    for (const line of toReportLines(report)) console.log(line)
    process.exitCode = report.outcome === 'refused' ? 2 : report.outcome === 'invalid' ? 1 : 0
  } finally {
    await mediaStore.close()
    await database.close()
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
