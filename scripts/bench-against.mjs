// `npm run bench:against -- --against DIR`: this checkout's server against another checkout's (DIR, say
// a `git worktree` of the commit before a change, built with `npm install` there), by turns. Both
// servers run at once on 2,000 properties of their own; each round sends 400 requests with ten
// connections to one and then to the other (the order flips every round), and counts the server's CPU
// time per page. Figures only; no assertions.
//
// Why by turns and not one run after the other: this machine's speed drifts by tens of percent within
// minutes (other machines share its host), so two runs a minute apart differ more than most changes do.
// Rounds of a few seconds, side by side, see the same drift; the median of the rounds' ratios then
// tells a change of 2 to 3% from none.
//
//   npm run bench:against -- --against ../before [--rounds 20] [--targets list,property]
//     [--database postgres]   each server on a database of its own, made on TEST_DATABASE_URL's server
//                             (or DATABASE_URL's) and dropped at the end; the embedded one by default
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { cpuMsOf, createPgDatabase, logInBuyer, ROOT, startServer } from './serve-for-tests.mjs'

const args = process.argv.slice(2)
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : fallback
}
const against = arg('against')
const entryOf = (dir) => path.join(dir, 'apps/server/dist/main.js')
if (!against || !existsSync(entryOf(path.resolve(against)))) {
  console.error('Give --against DIR: another checkout of the site, built (`npm install` there builds it).')
  process.exit(2)
}
const rounds = Number(arg('rounds', '20'))
const perRound = 400
const database = arg('database', 'pglite')
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
if (database === 'postgres' && !serverUrl) {
  console.error('--database postgres needs TEST_DATABASE_URL (or DATABASE_URL): a server where two databases may be made.')
  process.exit(2)
}

const LIST = '/sales/property-for-sale?min_price=150000&min_bedroom=2'
/** A cookie that is not a session: the page renders as for a visitor, but no shared cache answers it. */
const RENDER = 'bench=1'
const TARGETS = [
  { name: 'list page (rendered)', path: LIST },
  { name: 'property page (rendered)', path: null },
  { name: 'list page (logged-in buyer)', path: LIST, buyer: true },
  { name: 'property page (logged-in buyer)', path: null, buyer: true },
]
const words = arg('targets', '').split(',').filter(Boolean)
const chosen = TARGETS.filter((target) => words.length === 0 || words.some((word) => target.name.includes(word)))

const build = spawnSync('npm', ['run', 'build'], {
  cwd: ROOT,
  stdio: 'inherit',
})
if (build.status !== 0) process.exit(build.status ?? 1)

const databases = database === 'postgres' ? [await createPgDatabase(serverUrl, 'bench_a'), await createPgDatabase(serverUrl, 'bench_b')] : []
const sides = [
  { name: 'this checkout', entry: entryOf(ROOT) },
  { name: path.resolve(against), entry: entryOf(path.resolve(against)) },
]
try {
  console.log(`Starting both servers (${database === 'postgres' ? 'PostgreSQL' : 'embedded database'}, 2,000 properties each)…`)
  const servers = await Promise.all(
    sides.map((side, i) =>
      startServer({
        properties: 2000,
        entry: side.entry,
        databaseUrl: databases[i]?.url,
      }),
    ),
  )
  try {
    // The same property on both: the seed is the same, so the first card of the same search is too.
    for (const server of servers) {
      const html = await (await fetch(`${server.url}${LIST}`, { headers: { cookie: RENDER } })).text()
      server.propertyPath = /href="(\/property\/[^"]+)"/.exec(html)?.[1]
      if (!server.propertyPath) throw new Error(`no property link on ${server.url}${LIST}`)
    }
    console.log(`A: ${sides[0].name}\nB: ${sides[1].name}\n${rounds} rounds of ${perRound} requests each, ten connections, CPU time of the server per page\n`)
    console.log(`${'target'.padEnd(34)}${'A ms'.padStart(8)}${'B ms'.padStart(8)}${'B/A (median, quartiles)'.padStart(32)}${'p99 A/B ms'.padStart(14)}`)
    for (const target of chosen) {
      const runs = await Promise.all(
        servers.map(async (server) => ({
          server,
          url: `${server.url}${target.path ?? server.propertyPath}`,
          cookie: target.buyer ? (server.buyerCookie ??= await logInBuyer(server)) : RENDER,
        })),
      )
      const hit = (run, amount) =>
        autocannon({
          url: run.url,
          connections: 10,
          amount,
          headers: { cookie: run.cookie },
        })
      for (const run of runs) await hit(run, 2 * perRound) // warm-up
      const cpu = [[], []]
      const p99 = [[], []]
      for (let round = 0; round < rounds; round++) {
        for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
          const before = cpuMsOf(runs[i].server.pid)
          const result = await hit(runs[i], perRound)
          const after = cpuMsOf(runs[i].server.pid)
          if (result.non2xx + result.errors > 0) throw new Error(`${target.name}: ${result.non2xx + result.errors} bad answers from ${runs[i].url}`)
          cpu[i].push((after - before) / result.requests.total)
          p99[i].push(result.latency.p99)
        }
      }
      const ratios = cpu[0].map((a, round) => cpu[1][round] / a).sort((x, y) => x - y)
      const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
      const sum = (values) => values.reduce((total, value) => total + value, 0)
      const median = (values) => at([...values].sort((x, y) => x - y), 0.5)
      const ratio = `${at(ratios, 0.5).toFixed(3)} (${at(ratios, 0.25).toFixed(3)}–${at(ratios, 0.75).toFixed(3)})`
      console.log(
        `${target.name.padEnd(34)}${(sum(cpu[0]) / rounds).toFixed(2).padStart(8)}${(sum(cpu[1]) / rounds).toFixed(2).padStart(8)}${ratio.padStart(32)}${`${median(p99[0])}/${median(p99[1])}`.padStart(14)}`,
      )
    }
    console.log("\nB/A above 1: B takes more of the server's CPU per page than A.")
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
} finally {
  for (const db of databases) await db.drop()
}
