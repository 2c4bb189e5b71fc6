import { describe, expect, it } from 'vitest'
import { partialManifest } from './page-scripts.tsx'

type Built = Parameters<typeof partialManifest>[0]
type Router = Parameters<typeof partialManifest>[1]

const ROUTES = [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'home', index: true },
      { id: 'sales', path: 'sales/property-for-sale' },
      { id: 'properties', path: 'property' },
      { id: 'property', path: 'property/:id/:slug' },
      { id: 'branch', path: 'branches/:id/:slug' },
      { id: 'branches', path: 'branches' },
    ],
  },
]

const MANIFEST = {
  url: '/assets/manifest.js',
  version: '1',
  entry: { module: '/assets/entry.js', imports: [] },
  routes: Object.fromEntries(['root', 'home', 'sales', 'properties', 'property', 'branch', 'branches'].map((id) => [id, { id, module: `/assets/${id}.js` }])),
} as unknown as Built

/** A router of the server's render, on `pathname`, whose own matches are `matched`; its route objects are new each time, as each render's are. */
function routerOn(pathname: string, matched: string[]): Router {
  return {
    routes: structuredClone(ROUTES),
    basename: '/',
    state: { location: { pathname }, matches: matched.map((id) => ({ route: { id } })) },
  } as unknown as Router
}

const routesOf = (manifest: Record<string, unknown>) => Object.keys(manifest.routes as object).sort()

describe("a page's partial manifest", () => {
  it("names the page's routes and those of the paths above it, for each page however many were rendered before", () => {
    // A property page: its own routes, and those of /property and / above it.
    expect(routesOf(partialManifest(MANIFEST, routerOn('/property/7/a-flat', ['root', 'property'])))).toEqual(['home', 'properties', 'property', 'root'])
    // Then a branch page: nothing of the property page's paths is carried over.
    expect(routesOf(partialManifest(MANIFEST, routerOn('/branches/3/leeds', ['root', 'branch'])))).toEqual(['branch', 'branches', 'home', 'root'])
    // And the property page again, its paths' matches now known: the same answer.
    expect(routesOf(partialManifest(MANIFEST, routerOn('/property/9/a-house', ['root', 'property'])))).toEqual(['home', 'properties', 'property', 'root'])
    expect(routesOf(partialManifest(MANIFEST, routerOn('/sales/property-for-sale', ['root', 'sales'])))).toEqual(['home', 'root', 'sales'])
  })
})
