/**
 * Heads Up e-mails (SPEC §1): property events are matched against the confirmed, ON alerts in SQL, and
 * each alert's matches go out as one e-mail per batch through the outbox.
 *
 * Two steps, each one transaction, so a crash anywhere loses nothing and sends nothing twice:
 * 1. matchPendingEvents claims pending events (FOR UPDATE SKIP LOCKED), finds the alerts that want each
 *    property by the property search's own conditions, writes a waiting match per alert
 *    and property, and marks the events processed.
 * 2. mailDueAlerts claims the alerts that are due (instant: the oldest waiting match has waited the batch
 *    window, a few minutes at most; daily and weekly: a match has been waiting since the last digest time,
 *    a fixed local hour and for weekly alerts a fixed day, DigestSchedule), again FOR UPDATE SKIP LOCKED, writes their e-mails to the outbox,
 *    marks the matches mailed and notes what was sent (price included) so that a property reaches an
 *    alert again only when its price falls below the price it was sent at.
 */
import {
  APPLICANT_PROFILE,
  APPLICANT_STATUS,
  AlertCriteriaSchema,
  COMMUNICATION_METHOD,
  scoreMatch,
  toAlertSearchFilters,
  toAlertUpdatePath,
  DEFAULT_DIGEST_SCHEDULE,
  lastDigestAt,
  toInstantWindowMs,
  toDetailPageUrl,
  toLockedSlug,
  toMatchCriteria,
  toMatchSummary,
  toPriceLabel,
  toSearchType,
  type AlertCriteria,
  type DigestSchedule,
  type PropertyEventKind,
} from '@agency/domain'
import { randomBytes } from 'node:crypto'
import { queryRows, type Database, type Db } from '@agency/db'
import { sql } from 'drizzle-orm'
import { createAlertLinks, type AlertLinks } from '#app/alerts/alert-links.ts'
import { MEDIA_ACCESS_PARAM, createMediaLinks, type MediaLinks } from '#app/media/media-links.ts'
import { EMAIL_PICTURE_VARIANT, toMediaUrl } from '#app/media/media-ref.ts'
import { enqueueMail } from '#app/mail/outbox.ts'
import { loadMailBrand, loadMailBranch, type MailBranch } from '#app/mail/brand.ts'
import { renderHeadsUpMail, type HeadsUpItem } from '#app/mail/templates/heads-up.tsx'
import type { MailLogger } from '#app/mail/transport.ts'
import { notifyFeedRefusals } from '#app/feeds/refusal-notices.ts'
import { startPeriodicJob, type PeriodicJob } from '#app/periodic.ts'
import { matchCriteria } from '#app/queries/criteria-matches.ts'

/** The path of the unsubscribe link and of the List-Unsubscribe header (API.md). */
export const ALERT_UNSUBSCRIBE_PATH = '/api/alerts/unsubscribe'

/** The link key of a delivery given none: this process's own, so its links open nothing elsewhere. */
const PROCESS_LINK_KEY = randomBytes(32).toString('hex')

/** How long an instant alert's first match waits for others to join it in one e-mail, by default. */
export const DEFAULT_INSTANT_BATCH_MS = 60_000

/** What one run of the delivery needs. */
export interface AlertDeliveryOptions {
  /** The site's public URL, for the e-mails' links. */
  publicUrl: string
  /**
   * The site's key that signs the e-mails' update and switch-off links (alert-links.ts): the API's
   * `alertLinkKey`. A key of this process only when left out (tests that follow no link).
   */
  linkKey?: string
  now?: Date
  /** The instant alerts' batch window (capped at MAX_INSTANT_BATCH_MS). */
  instantBatchMs?: number
  /** When daily and weekly alerts are mailed (08:00 Europe/London, weekly on Mondays, by default). */
  digest?: DigestSchedule
  /** Events claimed per transaction. */
  eventBatchSize?: number
  /** Alerts mailed per transaction. */
  alertBatchSize?: number
  /**
   * Runs inside each transaction just before it commits: a failure there rolls the whole step back,
   * as a crash would (the tests use it).
   */
  beforeCommit?: (step: 'match' | 'mail') => Promise<void> | void
}

/** What a run did. */
export interface AlertDeliveryResult {
  events: number
  matches: number
  alerts: number
  mails: number
}

/** Who an alert is: an applicant, who sees pre-market (locked) properties in full (SPEC §6). */
const ALERT_AUDIENCE = { canSeeLocked: true } as const

/**
 * The confirmed, ON alerts with a location whose area's box holds one of the properties, with the
 * properties it holds (alert_locations, kept by a trigger: a box on a GiST index, a prefilter only).
 */
async function alertsAround(db: Db, propertyIds: readonly number[]) {
  return queryRows<{ contact_applicant_id: number; profile_id: number; criteria: unknown; property_ids: number[] }>(
    db,
    sql`select a.contact_applicant_id, a.profile_id, a.criteria, json_agg(distinct p.property_profile_id) as property_ids
        from properties p
        join alert_locations al on al.box @> cube(array[p.lat, p.lng])
        join contact_applicants a on a.contact_applicant_id = al.contact_applicant_id
        where p.property_profile_id = any(${`{${propertyIds.join(',')}}`}::int[])
          and a.contact_applicant_status_id = ${APPLICANT_STATUS.ON} and a.is_confirmed
        group by a.contact_applicant_id`,
  )
}

/**
 * Which of the properties each alert around them wants: the property search's own conditions for the
 * alert's criteria (domain `toAlertSearchFilters`: its search type by its profile, its locations and
 * filters, available properties only), run against the properties (queries/criteria-matches.ts).
 */
async function alertMatchesOf(db: Db, propertyIds: readonly number[]) {
  const around = await alertsAround(db, propertyIds)
  return matchCriteria(
    db,
    around.flatMap((alert) => {
      const criteria = AlertCriteriaSchema.safeParse(alert.criteria)
      // Criteria the form could not have written match nothing rather than stop every alert's e-mails.
      if (!criteria.success) return []
      return [{ id: alert.contact_applicant_id, filters: toAlertSearchFilters(criteria.data, alert.profile_id), property_ids: alert.property_ids }]
    }),
    ALERT_AUDIENCE,
  )
}

/**
 * Step 1: claims up to `limit` pending events, pre-market ones first (the Heads Up goes before the
 * open market), matches them against the alerts and marks them processed, in one transaction. Several
 * processes may run it at once: SKIP LOCKED gives each its own events. A property already sent to an
 * alert is matched again only when its price falls below the price it was sent at.
 */
export async function matchPendingEvents(
  db: Db,
  options: { now: Date; limit: number; beforeCommit?: AlertDeliveryOptions['beforeCommit'] },
): Promise<{ events: number; matches: number }> {
  const now = options.now.toISOString()
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    const claimed = await queryRows<{ property_event_id: number; property_profile_id: number }>(
      tx,
      sql`select property_event_id, property_profile_id from property_events
          where processed_at is null
          order by is_pre_market desc, property_event_id
          limit ${options.limit}
          for update skip locked`,
    )
    const matched = claimed.length ? await alertMatchesOf(tx, [...new Set(claimed.map((e) => e.property_profile_id))]) : []
    const [counts] = await queryRows<{ events: number; matches: number }>(
      tx,
      sql`with claimed as (
            select unnest(${`{${claimed.map((e) => e.property_event_id).join(',')}}`}::int[]) as property_event_id
          ),
          matched as (
            select (m->>0)::int as contact_applicant_id, (m->>1)::int as property_profile_id
            from jsonb_array_elements(${JSON.stringify(matched.map((m) => [m.id, m.property_profile_id]))}::jsonb) m
          ),
          found as (
            select distinct on (m.contact_applicant_id, e.property_profile_id)
              m.contact_applicant_id, e.property_profile_id, e.property_event_id, e.kind, e.old_price, e.new_price, e.is_pre_market
            from claimed c
            join property_events e on e.property_event_id = c.property_event_id
            join matched m on m.property_profile_id = e.property_profile_id
            where not exists (
              select 1 from alert_sent_properties s
              where s.contact_applicant_id = m.contact_applicant_id and s.property_profile_id = e.property_profile_id
                and (e.kind <> 'price_reduced' or e.new_price >= s.price))
            order by m.contact_applicant_id, e.property_profile_id, e.property_event_id desc
          ),
          inserted as (
            insert into alert_matches (contact_applicant_id, property_profile_id, property_event_id, kind, old_price, new_price, is_pre_market, created_at)
            select contact_applicant_id, property_profile_id, property_event_id, kind, old_price, new_price, is_pre_market, ${now}::timestamptz from found
            on conflict (contact_applicant_id, property_profile_id) where mailed_at is null do update set
              property_event_id = excluded.property_event_id,
              kind = case when excluded.kind = 'price_reduced' then excluded.kind else alert_matches.kind end,
              old_price = coalesce(alert_matches.old_price, excluded.old_price),
              new_price = excluded.new_price,
              is_pre_market = excluded.is_pre_market
            returning 1
          ),
          done as (
            update property_events set processed_at = ${now}::timestamptz
            where property_event_id in (select property_event_id from claimed)
            returning 1
          )
          select (select count(*) from done)::int as events, (select count(*) from inserted)::int as matches`,
    )
    await options.beforeCommit?.('match')
    return { events: counts?.events ?? 0, matches: counts?.matches ?? 0 }
  })
}

/** Someone an alert's e-mails go to. */
export interface AlertRecipient {
  contact_id: number
  name: string
  email: string
}

/**
 * The people an alert's e-mails go to, by alert: its contact's e-mail address (the preferred one when
 * there are several). A contact with no e-mail address gets nothing. The one place that knows who an
 * alert's contacts are: an alert with several contacts changes this function only.
 */
export async function alertRecipients(db: Db, alertIds: readonly number[]): Promise<Map<number, AlertRecipient[]>> {
  const byAlert = new Map<number, AlertRecipient[]>()
  if (alertIds.length === 0) return byAlert
  const rows = await queryRows<{ contact_applicant_id: number; contact_id: number; name: string; email: string }>(
    db,
    sql`select distinct on (a.contact_applicant_id, c.contact_id) a.contact_applicant_id, c.contact_id, c.name, ci.value as email
        from contact_applicants a
        join contacts c on c.contact_id = a.contact_id
        join communication_infos ci on ci.contact_id = c.contact_id and ci.communication_method_id = ${COMMUNICATION_METHOD.EMAIL}
        where a.contact_applicant_id in (${sql.join(alertIds.map((id) => sql`${id}`), sql`, `)})
        order by a.contact_applicant_id, c.contact_id, ci.preferred desc, ci.communication_info_id`,
  )
  for (const row of rows) {
    const list = byAlert.get(row.contact_applicant_id) ?? []
    list.push({ contact_id: row.contact_id, name: row.name, email: row.email })
    byAlert.set(row.contact_applicant_id, list)
  }
  return byAlert
}

interface DueAlert extends Record<string, unknown> {
  contact_applicant_id: number
  profile_id: number
  criteria: AlertCriteria
  contact_applicant_status_id: number
  is_confirmed: boolean
  branch_id: number | null
}

interface WaitingMatch extends Record<string, unknown> {
  alert_match_id: number
  contact_applicant_id: number
  kind: PropertyEventKind
  old_price: number | null
  is_pre_market: boolean
  property_profile_id: number
  transaction_type_id: number
  slug: string
  advert_heading: string
  display_address: string
  town: string
  price: number
  availability: string
  is_locked: boolean
  lat: number
  lng: number
  bedroom: number
  bathroom: number | null
  reception: number | null
  property_type_id: number
  property_style_id: number | null
  has_garden: boolean
  has_parking: boolean
  media_key: string | null
}

/**
 * The latest creation time of a waiting match that makes an alert due now, by frequency: the instant
 * batch window ago, or the last daily or weekly digest time.
 */
function dueCutoffs(now: Date, instantBatchMs: number, digest: DigestSchedule): { instant: string; daily: string; weekly: string; any: string } {
  const instant = now.getTime() - toInstantWindowMs(instantBatchMs)
  const daily = lastDigestAt(now, 'daily', digest).getTime()
  const weekly = lastDigestAt(now, 'weekly', digest).getTime()
  const iso = (ms: number) => new Date(ms).toISOString()
  return { instant: iso(instant), daily: iso(daily), weekly: iso(weekly), any: iso(Math.max(instant, daily, weekly)) }
}

/** A property of an e-mail, as the card shows it, with the alert's match percentage. */
/** A picture's address with its signed access token, when it needs one. */
function withAccess(url: string, token: string | null): string {
  return token === null ? url : `${url}?${MEDIA_ACCESS_PARAM}=${token}`
}

function toHeadsUpItem(match: WaitingMatch, criteria: AlertCriteria, origin: string, pictureAccess: (mediaKey: string) => string): HeadsUpItem {
  const searchType = toSearchType(match.transaction_type_id === 2 ? 2 : 1)
  const { score, reasons } = scoreMatch(toMatchCriteria(criteria), {
    lat: match.lat,
    lng: match.lng,
    price: match.price,
    bedroom: match.bedroom,
    property_type_id: match.property_type_id,
    property_style_id: match.property_style_id,
    has_garden: match.has_garden,
    has_parking: match.has_parking,
    transaction_type_id: match.transaction_type_id === 2 ? 2 : 1,
  })
  // Only a price that is still lower than the one before shows as a reduction.
  const reduced = match.kind === 'price_reduced' && match.old_price !== null && match.old_price > match.price
  const slug = match.is_locked ? toLockedSlug(searchType, match.town) : match.slug
  return {
    kind: match.kind === 'price_reduced' && !reduced ? 'published' : match.kind,
    heading: match.advert_heading,
    address: match.display_address,
    price: toPriceLabel(match.price, searchType),
    oldPrice: reduced ? toPriceLabel(match.old_price as number, searchType) : null,
    matchPercentage: score,
    matchSummary: toMatchSummary(reasons),
    isPreMarket: match.is_locked,
    link: `${origin}${toDetailPageUrl(match.property_profile_id, slug)}`,
    imageUrl: match.media_key ? withAccess(toMediaUrl(`${origin}/`, match.media_key, EMAIL_PICTURE_VARIANT), match.is_locked ? pictureAccess(match.media_key) : null) : null,
  }
}

/**
 * Step 2: claims up to `limit` due alerts (an instant one whose oldest waiting match has waited the batch
 * window; a daily or weekly one with a match waiting since before the last digest time), and in
 * one transaction writes one e-mail per alert and recipient to the outbox (every waiting match of the
 * alert, pre-market first), marks the matches mailed and notes what was sent. Matches of an alert
 * switched off or of a property no longer available are dropped unsent.
 */
export async function mailDueAlerts(
  db: Db,
  options: {
    now: Date
    limit: number
    publicUrl: string
    links: AlertLinks
    mediaLinks: MediaLinks
    instantBatchMs: number
    digest?: DigestSchedule
    beforeCommit?: AlertDeliveryOptions['beforeCommit']
  },
): Promise<{ alerts: number; mails: number }> {
  const { now } = options
  const cutoff = dueCutoffs(now, options.instantBatchMs, options.digest ?? DEFAULT_DIGEST_SCHEDULE)
  const origin = new URL(options.publicUrl).origin
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    const alerts = await queryRows<DueAlert>(
      tx,
      sql`select a.contact_applicant_id, a.profile_id, a.criteria,
                 a.contact_applicant_status_id, a.is_confirmed, a.branch_id
          from contact_applicants a
          where a.contact_applicant_id in (
              select m.contact_applicant_id from alert_matches m
              where m.mailed_at is null and m.created_at <= ${cutoff.any}::timestamptz)
            and exists (
              select 1 from alert_matches m
              where m.contact_applicant_id = a.contact_applicant_id and m.mailed_at is null
                and m.created_at <= case a.alert_frequency
                  when 'daily' then ${cutoff.daily}::timestamptz
                  when 'weekly' then ${cutoff.weekly}::timestamptz
                  else ${cutoff.instant}::timestamptz end)
          order by a.contact_applicant_id
          limit ${options.limit}
          for update of a skip locked`,
    )
    if (alerts.length === 0) return { alerts: 0, mails: 0 }
    const ids = sql.join(alerts.map((a) => sql`${a.contact_applicant_id}`), sql`, `)
    const matches = await queryRows<WaitingMatch>(
      tx,
      sql`select m.alert_match_id, m.contact_applicant_id, m.kind, m.old_price, m.is_pre_market,
                 p.property_profile_id, p.transaction_type_id, p.slug, p.advert_heading, p.display_address, p.town,
                 p.price, p.availability, p.is_locked, p.lat, p.lng, p.bedroom, p.bathroom, p.reception,
                 p.property_type_id, p.property_style_id, p.has_garden, p.has_parking,
                 (select pm.media_key::text from property_medias pm where pm.property_profile_id = p.property_profile_id
                  order by (pm.kind = 'photo') desc, pm.position limit 1) as media_key
          from alert_matches m
          join properties p on p.property_profile_id = m.property_profile_id
          where m.mailed_at is null and m.contact_applicant_id in (${ids})
          order by m.contact_applicant_id, m.is_pre_market desc, m.created_at, m.alert_match_id`,
    )
    const recipients = await alertRecipients(tx, alerts.map((a) => a.contact_applicant_id))
    const brand = await loadMailBrand(tx, options.publicUrl)
    const branchesById = new Map<number, MailBranch | null>()
    let mails = 0
    const sent: Array<{ alert: number; property: number; price: number }> = []
    for (const alert of alerts) {
      const live = alert.contact_applicant_status_id === APPLICANT_STATUS.ON && alert.is_confirmed
      const items = matches.filter((m) => m.contact_applicant_id === alert.contact_applicant_id && m.availability === 'available')
      const to = recipients.get(alert.contact_applicant_id) ?? []
      if (!live || items.length === 0 || to.length === 0) continue
      // Signed links that name this alert and expire (alert-links.ts): never its applicant key.
      const unsubscribeLink = `${origin}${ALERT_UNSUBSCRIBE_PATH}?token=${options.links.sign(alert.contact_applicant_id, 'off', now)}`
      const updateLink = `${origin}${toAlertUpdatePath(options.links.sign(alert.contact_applicant_id, 'update', now))}`
      // A pre-market picture shows in a mail client, which sends no session, through a signed address.
      const headsUp = items.map((m) => toHeadsUpItem(m, alert.criteria, origin, (mediaKey) => options.mediaLinks.sign(mediaKey, EMAIL_PICTURE_VARIANT, now)))
      if (alert.branch_id !== null && !branchesById.has(alert.branch_id)) branchesById.set(alert.branch_id, await loadMailBranch(tx, alert.branch_id))
      const branch = alert.branch_id === null ? null : (branchesById.get(alert.branch_id) ?? null)
      for (const recipient of to) {
        const mail = await renderHeadsUpMail({
          brand,
          branch,
          name: recipient.name,
          looking: alert.profile_id === APPLICANT_PROFILE.TENANT ? 'renting' : 'buying',
          items: headsUp,
          updateLink,
          unsubscribeLink,
        })
        await enqueueMail(
          tx,
          {
            kind: 'alert_heads_up',
            to: recipient.email,
            ...mail,
            // RFC 8058 one-click unsubscribe: a mail client POSTs 'List-Unsubscribe=One-Click' to the URL.
            headers: { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          },
          now,
        )
        mails++
      }
      for (const m of items) sent.push({ alert: alert.contact_applicant_id, property: m.property_profile_id, price: m.price })
    }
    await tx.execute(sql`update alert_matches set mailed_at = ${now.toISOString()}::timestamptz where mailed_at is null and contact_applicant_id in (${ids})`)
    if (sent.length) {
      await tx.execute(
        sql`insert into alert_sent_properties (contact_applicant_id, property_profile_id, price, sent_at)
            values ${sql.join(sent.map((s) => sql`(${s.alert}, ${s.property}, ${s.price}, ${now.toISOString()}::timestamptz)`), sql`, `)}
            on conflict (contact_applicant_id, property_profile_id) do update set price = excluded.price, sent_at = excluded.sent_at`,
      )
    }
    await options.beforeCommit?.('mail')
    return { alerts: alerts.length, mails }
  })
}

/**
 * One run of the delivery: every pending event matched, then every due alert mailed, in batches.
 * What the worker does on each tick; tests and the benchmark call it directly.
 */
export async function runAlertDelivery(db: Db, options: AlertDeliveryOptions): Promise<AlertDeliveryResult> {
  const now = options.now ?? new Date()
  const eventBatchSize = options.eventBatchSize ?? 200
  const alertBatchSize = options.alertBatchSize ?? 200
  const instantBatchMs = options.instantBatchMs ?? DEFAULT_INSTANT_BATCH_MS
  const links = createAlertLinks(options.linkKey ?? PROCESS_LINK_KEY)
  const mediaLinks = createMediaLinks(options.linkKey ?? PROCESS_LINK_KEY)
  const result: AlertDeliveryResult = { events: 0, matches: 0, alerts: 0, mails: 0 }
  for (;;) {
    const step = await matchPendingEvents(db, { now, limit: eventBatchSize, beforeCommit: options.beforeCommit })
    result.events += step.events
    result.matches += step.matches
    if (step.events < eventBatchSize) break
  }
  for (;;) {
    const step = await mailDueAlerts(db, {
      now,
      limit: alertBatchSize,
      publicUrl: options.publicUrl,
      links,
      mediaLinks,
      instantBatchMs,
      digest: options.digest,
      beforeCommit: options.beforeCommit,
    })
    result.alerts += step.alerts
    result.mails += step.mails
    if (step.alerts < alertBatchSize) break
  }
  return result
}

/** Options of the alert worker. */
export interface AlertWorkerOptions {
  database: Pick<Database, 'db'>
  logger: MailLogger
  publicUrl: string
  /** The site's key that signs the e-mails' links: the same as the API's `alertLinkKey`. */
  linkKey: string
  /** Pause between runs. */
  intervalMs?: number
  instantBatchMs?: number
  /** When daily and weekly alerts are mailed. */
  digest?: DigestSchedule
  now?: () => Date
}

/** A running alert worker. */
export type AlertWorker = PeriodicJob<AlertDeliveryResult>

/** Runs runAlertDelivery every `intervalMs` (default 15 s) until stopped. Several processes may run one each. */
export function startAlertWorker(options: AlertWorkerOptions): AlertWorker {
  const now = options.now ?? (() => new Date())
  return startPeriodicJob(
    async () => {
      const result = await runAlertDelivery(options.database.db, {
        publicUrl: options.publicUrl,
        linkKey: options.linkKey,
        instantBatchMs: options.instantBatchMs,
        digest: options.digest,
        now: now(),
      })
      if (result.events || result.mails) options.logger.info(result, 'alert e-mails: events matched, e-mails queued')
      // The same worker tells branches of the lettings a feed import did not publish (from the API or the command line).
      const refusalMails = await notifyFeedRefusals(options.database.db, { publicUrl: options.publicUrl, now: now() })
      if (refusalMails) options.logger.info({ mails: refusalMails }, 'feed refusals: branches e-mailed')
      return result
    },
    { intervalMs: options.intervalMs ?? 15_000, onError: (err: unknown) => options.logger.error({ err }, 'alert worker failed') },
  )
}
