import { createServer } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerBuild } from 'react-router'
import { createServer as createViteServer } from 'vite'
import { loadConfig } from './config.ts'
import { createSite } from './site.ts'

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web')

/**
 * `npm run dev`: the site with the web app served by Vite in middleware mode, as React Router's
 * custom-server template does. Pages and their assets come from the sources with hot reload; every
 * other request (the API, the pages' server render) goes to the same Fastify app as in production.
 * The server's own code reloads through `tsx watch`.
 */
async function dev(): Promise<void> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'development' })
  const vite = await createViteServer({ root: WEB_ROOT, server: { middlewareMode: true }, appType: 'custom' })
  const build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
  const site = await createSite(config, { build, mode: 'development' })
  await site.app.ready()
  for (const warning of config.warnings) site.app.log.warn(warning)

  const server = createServer((req, res) => {
    vite.middlewares(req, res, () => site.app.routing(req, res))
  })
  const stop = async () => {
    server.close()
    await vite.close()
    await site.close()
    process.exit(0)
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop())
  server.listen(config.port, config.host, () => site.app.log.info({ url: config.publicUrl }, 'development site ready'))
}

dev().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
