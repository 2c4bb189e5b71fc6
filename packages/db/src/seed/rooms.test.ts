import { describe, expect, it } from 'vitest'
import { AGENCY_NAME, getDemoBranches } from './branches.ts'
import { generateProperty, type GeneratedProperty } from './generate.ts'
import { createTownPicker } from './places.ts'
import type { PlanSpec } from './rooms.ts'

const COUNT = 2_000
const ctx = { seed: 7, now: new Date('2026-03-02T00:00:00Z'), agencyName: AGENCY_NAME, towns: createTownPicker(), branches: getDemoBranches() }
const generated: GeneratedProperty[] = Array.from({ length: COUNT }, (_, i) => generateProperty(ctx, i, i + 1))

function plansOf(p: GeneratedProperty): PlanSpec[] {
  return p.documents.flatMap((d) => (d.kind === 'floor-plan' ? [d.plan] : []))
}

const NUMBERS: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 }

/** The rooms a reader would look for on the plan, from what the copy and the bullets say. */
function roomsNamed(text: string): string[] {
  const t = text.toLowerCase()
  const out: string[] = []
  const named: Array<[RegExp, string]> = [
    [/downstairs wc|\bwc\b/, 'WC'],
    [/dining room/, 'Dining Room'],
    [/kitchen\/diner/, 'Kitchen / Diner'],
    [/kitchen\/breakfast room/, 'Kitchen / Breakfast Room'],
    [/utility room/, 'Utility Room'],
    [/conservatory/, 'Conservatory'],
    [/\bstudy\b/, 'Study'],
    [/family room/, 'Family Room'],
    [/playroom/, 'Playroom'],
    [/living room/, 'Living Room'],
    [/en suite/, 'En Suite'],
    [/\bporch\b/, 'Porch'],
    [/separate shower room|a shower room/, 'Shower Room'],
    [/bathroom/, 'Bathroom'],
    [/meeting room/, 'Meeting Room'],
    [/kitchenette/, 'Kitchenette'],
    [/sales area/, 'Sales Area'],
    [/store room/, 'Store Room'],
    [/staff room/, 'Staff Room'],
  ]
  for (const [pattern, room] of named) if (pattern.test(t)) out.push(room)
  // 'three bedrooms', 'a double bedroom', '(with two more on the second floor)'
  const bedrooms = [...t.matchAll(/\b(a|one|two|three|four|five|six) (?:double )?bedrooms?\b(?! ensuite)/g)].map((m) => NUMBERS[m[1] ?? ''] ?? 0)
  const more = /with (\w+) more on the second floor/.exec(t)
  // The accommodation paragraph comes first: its count plus any on the second floor.
  const count = Math.max(0, ...bedrooms, more ? (bedrooms[0] ?? 0) + (NUMBERS[more[1] ?? ''] ?? 0) : 0)
  for (let i = 1; i <= count; i++) out.push(`Bedroom ${i}`)
  return out
}

describe('the demo listing’s documents and words', () => {
  it('puts every room the description and the features name on a plan', () => {
    let checked = 0
    for (const p of generated) {
      const onPlans = new Set(plansOf(p).flatMap((plan) => plan.rooms.map((r) => r.name)))
      const paragraphs = p.property.description.split('\n\n')
      // The accommodation paragraph and the bullets name rooms (the location paragraph names the town's).
      const text = [paragraphs[1] ?? '', p.property.summary, ...p.property.features].join(' ')
      if (p.property.property_type_id === 6) continue
      for (const room of roomsNamed(text)) {
        const found = onPlans.has(room) || (room === 'Living Room' && onPlans.has('Living / Kitchen / Dining Room')) || (room === 'En Suite' && onPlans.has('En Suite'))
        expect(found, `${p.property.property_profile_id}: ${room} in "${text}" but plans have ${[...onPlans].join(', ')}`).toBe(true)
        checked++
      }
      if (p.property.features.includes('Two reception rooms')) {
        expect([...onPlans].filter((r) => /^(Living Room|Dining Room|Family Room|Study|Playroom)$/.test(r)).length).toBeGreaterThanOrEqual(2)
      }
      // Each bedroom the heading counts is drawn.
      for (let i = 1; i <= p.property.bedroom; i++) expect(onPlans.has(`Bedroom ${i}`), `${p.property.property_profile_id} Bedroom ${i}`).toBe(true)
    }
    expect(checked).toBeGreaterThan(COUNT * 3)
  })

  it('draws one plan per floor, titled by its floor, in rows of its own files, with sizes that fill one footprint', () => {
    for (const p of generated) {
      const plans = plansOf(p)
      expect(p.floorPlans.map((f) => f.file)).toEqual(p.documents.filter((d) => d.kind === 'floor-plan').map((d) => d.file))
      if (p.property.property_type_id === 1) {
        expect(plans.map((plan) => plan.title)).toEqual(['Ground floor', 'First floor', 'Second floor'].slice(0, plans.length))
        expect(plans.length).toBeGreaterThanOrEqual(2)
      } else if (p.property.property_type_id !== 6) {
        expect(plans).toHaveLength(1)
        expect(plans[0]?.title).toMatch(/^(Ground|First|Second|Third|Fourth|Fifth) floor$/)
      }
      for (const plan of plans) {
        expect([plan.widthM, plan.depthM]).toEqual([plans[0]?.widthM, plans[0]?.depthM])
        const area = plan.rooms.reduce((sum, r) => sum + r.w * r.d, 0)
        expect(area).toBeCloseTo(plan.widthM * plan.depthM, 6)
        for (const r of plan.rooms) {
          expect(r.x + r.w).toBeLessThanOrEqual(plan.widthM + 1e-9)
          expect(r.y + r.d).toBeLessThanOrEqual(plan.depthM + 1e-9)
        }
      }
    }
  })

  it('gives every property with an EPC a chart drawn from its own current and potential scores', () => {
    for (const p of generated) {
      const charts = p.documents.filter((d) => d.kind === 'epc-chart')
      if (p.property.epc_rating === null) {
        expect(charts).toEqual([])
        continue
      }
      expect(charts.map((d) => d.scores)).toEqual([{ current: p.property.epc_current_score, potential: p.property.epc_potential_score }])
      expect(p.epcs.map((e) => e.file)).toEqual(charts.map((d) => d.file))
    }
  })

  it('never opens two neighbouring cards of a list with the same sentence, nor leans on one frame', () => {
    const firstSentence = (text: string) => /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text
    const newestFirst = (a: GeneratedProperty, b: GeneratedProperty) =>
      b.property.created_at.localeCompare(a.property.created_at) || b.property.property_profile_id - a.property.property_profile_id
    const lists = new Map<string, GeneratedProperty[]>()
    for (const p of generated) {
      for (const key of [`type ${p.property.transaction_type_id}`, `branch ${p.property.branch_id} type ${p.property.transaction_type_id}`, `town ${p.property.town}`]) {
        lists.set(key, [...(lists.get(key) ?? []), p])
      }
    }
    for (const [key, list] of lists) {
      const openings = list.sort(newestFirst).map((p) => firstSentence(p.property.summary))
      for (let i = 1; i < openings.length; i++) expect(openings[i], `${key} #${i}`).not.toBe(openings[i - 1])
    }
    // No opening pair of words starts more than a fifth of the summaries, and the old frames are gone.
    const starts = new Map<string, number>()
    for (const p of generated) {
      const start = p.property.summary.split(' ').slice(0, 2).join(' ')
      starts.set(start, (starts.get(start) ?? 0) + 1)
      expect(`${p.property.summary} ${p.property.description}`).not.toMatch(/superbly positioned|one of the most desirable parts of/)
    }
    expect(Math.max(...starts.values()) / COUNT).toBeLessThan(0.2)
  })
})
