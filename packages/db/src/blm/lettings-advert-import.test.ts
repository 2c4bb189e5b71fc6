import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { WITHDRAWN_AVAILABILITY } from '@agency/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDiskMediaStore } from '../media-store/disk.ts'
import { ensurePlaces } from '../places/index.ts'
import { properties } from '../schema/index.ts'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts'
import { importBlm } from './import.ts'
import { toBlmText, toSampleBlmRecord } from './write.ts'

const NOW = new Date('2026-11-21T09:00:00Z')

/** A letting in Leeds (England) at £1,250 pcm with a clean advert, but for `overrides`. */
const letting = (ref: string, overrides: Record<string, string | number> = {}) =>
  toSampleBlmRecord(ref, {
    TRANS_TYPE_ID: 2,
    PRICE: 1250,
    PRICE_QUALIFIER: 0,
    LET_RENT_FREQUENCY: 1,
    LET_BOND: 1400,
    SUMMARY: "A bright three-bedroom house beside the children's play area.",
    ...overrides,
  })

describe.each(testDatabaseKinds())("the feed import keeps lettings adverts to the Renters' Rights Act 2025, on %s", (kind) => {
  let database: TestDatabase
  let dir: string
  let counter = 0
  const run = (records: Array<Record<string, string | number>>, force = false) => {
    const file = path.join(dir, `feed-${++counter}.blm`)
    writeFileSync(file, toBlmText(records))
    return importBlm(database, { file, mediaStore: createDiskMediaStore(path.join(dir, 'media')), now: () => NOW, force })
  }
  const byRef = async (ref: string) => (await database.db.select().from(properties).where(eq(properties.agent_ref, ref)))[0]

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await ensurePlaces(database)
    dir = mkdtempSync(path.join(os.tmpdir(), 'agency-rra-'))
  })
  afterAll(async () => {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('refuses each letting that breaks a rule with its own reason, naming listing, rule and words, and publishes the rest', async () => {
    const report = await run([
      letting('LET-CLEAN', { DESCRIPTION: 'No chain. Children welcome; close to schools.' }),
      letting('LET-POA', { PRICE: 'POA' }),
      letting('LET-POA-Q', { PRICE_QUALIFIER: 1 }),
      letting('LET-OVER', { PRICE_QUALIFIER: 10 }),
      letting('LET-RANGE', { PRICE: '1,200-1,400' }),
      letting('LET-DSS', { FEATURE2: 'No D.S.S.!' }),
      letting('LET-KIDS', { DESCRIPTION: '<p>Sorry, no children.</p>' }),
      letting('LET-BID', { SUMMARY: 'Best and final offers by Friday noon.' }),
      // A sale may say 'Offers over' and 'no chain'; a letting in Wales is not under the Act (its own law is not checked).
      toSampleBlmRecord('SALE-1', { PRICE_QUALIFIER: 10, DESCRIPTION: "No chain. Beside the children's play area." }),
      letting('LET-CARDIFF', { POSTCODE1: 'CF10', POSTCODE2: '1PU', TOWN: 'Cardiff', FEATURE2: 'No DSS' }),
    ])
    expect(report.outcome).toBe('imported')
    expect(report.added).toBe(3)
    expect(report.refused).toBe(7)
    // Each names its branch and address, for the branch's e-mail.
    expect(report.advert_refusals.every((refusal) => refusal.branch_code === 1 && refusal.display_address !== '')).toBe(true)
    expect(report.advert_refusals.map(({ line, message: _message, branch_code: _branch, display_address: _address, ...refusal }) => ({ line: line !== null, ...refusal }))).toEqual([
      { line: true, agent_ref: 'LET-POA', rule: 'rent_poa', field: 'PRICE', words: 'POA' },
      { line: true, agent_ref: 'LET-POA-Q', rule: 'rent_poa', field: 'PRICE_QUALIFIER', words: 'POA' },
      { line: true, agent_ref: 'LET-OVER', rule: 'rent_qualifier', field: 'PRICE_QUALIFIER', words: 'Offers Over' },
      { line: true, agent_ref: 'LET-RANGE', rule: 'rent_range', field: 'PRICE', words: '1,200-1,400' },
      { line: true, agent_ref: 'LET-DSS', rule: 'deterring_wording', field: 'FEATURE2', words: 'No D.S.S.' },
      { line: true, agent_ref: 'LET-KIDS', rule: 'deterring_wording', field: 'DESCRIPTION', words: 'no children' },
      { line: true, agent_ref: 'LET-BID', rule: 'bidding_wording', field: 'SUMMARY', words: 'Best and final offers' },
    ])
    expect(report.errors.find((error) => error.agent_ref === 'LET-DSS')?.message).toBe(
      "not published: FEATURE2 deters tenants with children or who receive benefits ('No D.S.S.'); a lettings advert must not (Renters' Rights Act 2025)",
    )
    expect(report.errors.find((error) => error.agent_ref === 'LET-RANGE')?.message).toBe(
      "not published: the rent is a range (PRICE '1,200-1,400'); a lettings advert must state one specific rent (Renters' Rights Act 2025)",
    )
    for (const ref of ['LET-POA', 'LET-POA-Q', 'LET-OVER', 'LET-RANGE', 'LET-DSS', 'LET-KIDS', 'LET-BID']) expect(await byRef(ref)).toBeUndefined()
    expect(await byRef('LET-CLEAN')).toMatchObject({ price: 1250, transaction_type_id: 2 })
    expect(await byRef('SALE-1')).toMatchObject({ price_qualifier: 'Offers Over' })
    expect(await byRef('LET-CARDIFF')).toMatchObject({ town: 'Cardiff' })
  })

  it('withdraws a published letting when a later file gives it deterring wording, and publishes it again once the wording goes', async () => {
    const rest = [toSampleBlmRecord('SALE-1', { PRICE_QUALIFIER: 10 }), letting('LET-CARDIFF', { POSTCODE1: 'CF10', POSTCODE2: '1PU', TOWN: 'Cardiff' })]
    const refused = await run([letting('LET-CLEAN', { FEATURE3: 'Working professionals only' }), ...rest], true)
    expect(refused.advert_refusals.map((r) => [r.agent_ref, r.rule, r.words])).toEqual([['LET-CLEAN', 'deterring_wording', 'Working professionals only']])
    expect(refused.withdrawn).toBe(1)
    expect((await byRef('LET-CLEAN'))?.availability).toBe(WITHDRAWN_AVAILABILITY)
    const clean = await run([letting('LET-CLEAN'), ...rest])
    expect(clean.advert_refusals).toEqual([])
    expect(clean.restored).toBe(1)
    expect((await byRef('LET-CLEAN'))?.availability).not.toBe(WITHDRAWN_AVAILABILITY)
  })

  it('reports each listing missing material information of Part A', async () => {
    const report = await run(
      [
        toSampleBlmRecord('SALE-1', { PRICE_QUALIFIER: 10, COUNCIL_TAX_BAND: '', TENURE_TYPE_ID: '' }),
        letting('LET-CLEAN', { LET_BOND: '' }),
        letting('LET-CARDIFF', { POSTCODE1: 'CF10', POSTCODE2: '1PU', TOWN: 'Cardiff' }),
      ],
      true,
    )
    expect(report.warnings.filter((w) => w.message.startsWith('material information')).map((w) => [w.agent_ref, w.message])).toEqual([
      ['SALE-1', 'material information Part A missing (National Trading Standards): council tax band, tenure'],
      ['LET-CLEAN', 'material information Part A missing (National Trading Standards): deposit'],
    ])
  })

  it('judges an office by the rules for offices: its advert is not a home’s, and it has no council tax band to miss', async () => {
    // PROP_SUB_ID 178 is an office: let in Leeds with words the Act forbids in a home's advert, and sold
    // without a council tax band (it pays business rates).
    const report = await run(
      [
        letting('OFFICE-LET', { PROP_SUB_ID: 178, SUMMARY: 'Open-plan office suite. No DSS.', LET_BOND: 3000 }),
        toSampleBlmRecord('OFFICE-SALE', { PROP_SUB_ID: 178, PRICE_QUALIFIER: 10, COUNCIL_TAX_BAND: '', TENURE_TYPE_ID: '' }),
      ],
      true,
    )
    expect(report.advert_refusals).toEqual([])
    expect(await byRef('OFFICE-LET')).toMatchObject({ transaction_type_id: 2, property_type_id: 5 })
    expect(report.warnings.filter((w) => w.message.startsWith('material information')).map((w) => [w.agent_ref, w.message])).toEqual([
      ['OFFICE-SALE', 'material information Part A missing (National Trading Standards): tenure'],
    ])
  })
})
