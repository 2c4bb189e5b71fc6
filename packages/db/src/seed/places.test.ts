import { toUkCountry } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { generateProperty, type GenerateContext } from './generate.ts'
import { createTownPicker, getTowns, toPostcode, type Town } from './places.ts'
import { LONDON_DISTRICTS, TOWN_DISTRICTS } from './postcode-districts.ts'
import { Random } from './random.ts'

const OUTWARD_CODE = /^[A-Z]{1,2}[0-9][0-9A-Z]?$/

function town(name: string, lat: number, lng: number): Town {
  const near = getTowns()
    .filter((t) => t.name === name)
    .sort((a, b) => Math.hypot(a.lat - lat, a.lng - lng) - Math.hypot(b.lat - lat, b.lng - lng))[0]
  if (!near) throw new Error(`no town ${name}`)
  return near
}

const district = (t: Town, lat: number, lng: number) => toPostcode(t, lat, lng, new Random(1)).split(' ')[0]

describe('the postcode districts of the demo towns', () => {
  it('are the real districts where a property stands: M1 and M2 in central Manchester, LS1 in Leeds, YO1 in York, EC1A at Smithfield, WC2E in Covent Garden, SW4 in Clapham', () => {
    const manchester = town('Manchester', 53.48, -2.24)
    expect(district(manchester, 53.477, -2.233)).toBe('M1')
    expect(district(manchester, 53.481, -2.245)).toBe('M2')
    expect(district(town('Leeds', 53.8, -1.55), 53.797, -1.548)).toBe('LS1')
    expect(district(town('York', 53.96, -1.08), 53.959, -1.081)).toBe('YO1')
    const london = town('London', 51.51, -0.13)
    expect(district(london, 51.5185, -0.0994)).toBe('EC1A')
    expect(district(london, 51.5115, -0.123)).toBe('WC2E')
    expect(district(london, 51.462, -0.138)).toBe('SW4')
    expect(district(town('Edinburgh', 55.95, -3.2), 55.951, -3.189)).toBe('EH1')
    expect(district(town('Cardiff', 51.48, -3.18), 51.478, -3.175)).toBe('CF10')
  })

  it('give Prestwich M25, Knaresborough HG5, Grantham NG31 and Weston-super-Mare a Bristol district in England, not Wales', () => {
    expect(town('Prestwich', 53.53, -2.28).districts.map((d) => d.code)).toEqual(['M25'])
    expect(town('Knaresborough', 54.01, -1.47).districts.map((d) => d.code)).toEqual(['HG5'])
    // Not Nottingham's NG4, Cwmbran's NP44 or Hull's HU4: a town beside a listed city has its own.
    expect(town('Grantham', 52.91, -0.64).districts.map((d) => d.code)).toEqual(['NG31'])
    expect(town('Merthyr Tydfil', 51.75, -3.38).districts.map((d) => d.code)).toEqual(['CF47'])
    expect(town('Scunthorpe', 53.58, -0.65).districts.map((d) => d.code)).toEqual(['DN15'])
    expect(town('Sale', 53.42, -2.32).districts.map((d) => d.code)).toEqual(['M33'])
    const weston = town('Weston-super-Mare', 51.35, -2.97)
    expect(weston.districts.every((d) => d.code.startsWith('BS'))).toBe(true)
    expect(weston.region).toBe('south_west')
  })

  it('are well formed, each town drawing from one postcode area (London from its post town), every listed code once', () => {
    for (const t of getTowns()) {
      expect(t.districts.length, t.name).toBeGreaterThan(0)
      for (const d of t.districts) expect(d.code, t.name).toMatch(OUTWARD_CODE)
      if (t.districts !== LONDON_DISTRICTS) expect(new Set(t.districts.map((d) => /^[A-Z]+/.exec(d.code)?.[0])).size, t.name).toBe(1)
    }
    const codes = [...LONDON_DISTRICTS].map((d) => d.code)
    expect(new Set(codes).size).toBe(codes.length)
    expect(codes).toEqual(expect.arrayContaining(['EC1A', 'EC4M', 'WC1A', 'WC2H', 'W1D', 'SW1A', 'E1W', 'N1C', 'SE1', 'NW1']))
    for (const [name, list] of TOWN_DISTRICTS) {
      const listed = list.map((d) => d.code)
      expect(new Set(listed).size, name).toBe(listed.length)
    }
  })

  it("label each district of the demo's stock with its own town: every M1 and M2 home is in Manchester, every YO1 home in York, none in Wales with an English postcode", () => {
    const ctx: GenerateContext = {
      seed: 1,
      now: new Date('2026-03-02T00:00:00Z'),
      agencyName: 'Demo',
      towns: createTownPicker(),
      branches: [{ branch_id: 1, branch_name: 'Leeds', lat: 53.8, lng: -1.55 }],
    }
    const towns = new Map<string, Set<string>>()
    for (let i = 0; i < 2000; i++) {
      const p = generateProperty(ctx, i, i + 1).property
      const code = p.postcode.split(' ')[0] as string
      towns.set(code, (towns.get(code) ?? new Set()).add(p.town))
      const listed = getTowns().filter((t) => t.name === p.town)
      expect(listed.some((t) => t.districts.some((d) => d.code === code)), `${p.town} ${p.postcode}`).toBe(true)
      if (p.town === 'Weston-super-Mare') expect(toUkCountry(p.postcode)).toBe('england')
    }
    for (const code of ['M1', 'M2']) expect([...(towns.get(code) ?? [])]).toEqual(['Manchester'])
    expect([...(towns.get('YO1') ?? [])]).toEqual(['York'])
    expect([...towns.keys()].some((code) => /^(EC|WC)/.test(code))).toBe(true)
  })
})
