// `node scripts/html-weight.mjs [--url http://127.0.0.1:PORT]`: the bytes of the default sales list page
// and of a property page as the server renders them (a `bench` cookie keeps the page cache from
// answering), raw and gzipped, broken down by part: the head, the search form and its no-JavaScript
// filters, the cards and their pictures, the footer, React Router's scripts and the hydration data (in
// the page, or asked for apart by a page that waits for a visitor's intent).
// Without --url it starts the production build (`npm run build` first) with 2,000 properties.
import { gzipSync } from 'node:zlib'
import { startServer } from './serve-for-tests.mjs'

const args = process.argv.slice(2)
const urlArg = args.indexOf('--url')
const server = urlArg >= 0 ? null : await startServer({ properties: 2000 })
const base = urlArg >= 0 ? args[urlArg + 1] : server.url

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9)
const all = (html, re) => html.match(re) ?? []
const sum = (parts) => parts.reduce((total, part) => total + part.length, 0)

async function get(path, headers = {}) {
  const response = await fetch(`${base}${path}`, { headers: { cookie: 'bench=1', ...headers } })
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return response
}

const getPage = async (path) => (await get(path)).text()

/** The hydration data a page that waits for intent leaves out of its HTML (apps/web/app/entry.server.tsx). */
async function dataApart(path) {
  const response = await get(path, { 'x-hydration-data': '1' })
  return response.headers.get('content-type')?.startsWith('text/x-hydration-data') ? response.text() : ''
}

function report(name, html, apart) {
  // The page's data for its boot script (apps/web/app/lib/page-scripts.tsx), the hydration data among them.
  const pageScripts = /<script type="application\/json" data-page-scripts="">([^<]*)<\/script>/.exec(html)?.[1]
  const data = pageScripts ? JSON.parse(pageScripts).data : null
  const hydration = data === null ? [] : [JSON.stringify(data)]
  const scripts = all(html, /<script[^>]*>[\s\S]*?<\/script>/g)
  const cards = all(html, /<article class="card[\s\S]*?<\/article>/g)
  const pictures = all(html, /<img [^>]*srcSet=[^>]*>/g)
  const rows = [
    ['whole page', html.length],
    ['  gzipped', gzipSync(html).length],
    ['head', html.indexOf('</head>')],
    ['search form', sum(all(html, /<form[^>]*role="search"[\s\S]*?<\/form>/g))],
    ['  no-JS filters', sum(all(html, /<details class="search-form__inline-panel"[\s\S]*?<\/details>/g))],
    [`cards (${cards.length})`, sum(cards)],
    ['  per card', cards.length ? Math.round(sum(cards) / cards.length) : 0],
    [`pictures (${pictures.length})`, sum(pictures)],
    ['  per picture', pictures.length ? Math.round(sum(pictures) / pictures.length) : 0],
    // The hearts and their one form (a form each before).
    ['save buttons', sum(all(html, /<div class="save-button[\s\S]*?<\/div>|<form id="save-form"[\s\S]*?<\/form>|<form class="save-button[\s\S]*?<\/form>/g))],
    ['svg', sum(all(html, /<svg[\s\S]*?<\/svg>/g))],
    ['footer', sum(all(html, /<footer[\s\S]*?<\/footer>/g))],
    ['scripts', sum(scripts)],
    ['  hydration data', sum(hydration)],
    ['hydration data apart', apart.length],
  ]
  console.log(`\n${name}`)
  for (const [label, bytes] of rows) console.log(`  ${label.padEnd(20)}${kb(bytes)}  ${String(bytes).padStart(7)} B`)
}

try {
  const list = await getPage('/sales/property-for-sale')
  report('/sales/property-for-sale', list, await dataApart('/sales/property-for-sale'))
  const first = /href="(\/property\/[^"]+)"/.exec(list)?.[1]
  if (first) {
    const property = await getPage(first)
    report(first, property, await dataApart(first))
  }
} finally {
  await server?.stop()
}
