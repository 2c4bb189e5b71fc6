// Compiles the production server into dist/serve.js, its entry into dist/main.js (and the embedded
// database's thread into dist/pglite-thread-worker.js): the server, the API, the data layer and the web
// app's server build (apps/web/build/server, built first) in one ES module, so each workspace package
// exists once in the process. npm packages stay external and load from node_modules at run time, found
// from apps/server: a package the web app uses on the server is a dependency of the server too, at the
// same version, where another version of it sits at the root (cookie).
//
// With TEST_PAGES=1 it compiles the build with the test pages instead (apps/web/build-e2e, made by the
// web app's build with TEST_PAGES=1) into dist-e2e, which only the end-to-end tests run.
import { build } from 'esbuild'

const testPages = process.env.TEST_PAGES === '1'

await build({
  // The embedded database's thread (packages/db/src/pglite-thread.ts) loads its module from beside main.js.
  // main.js sets NODE_ENV's default before it loads serve.js, the server (src/main.ts says why).
  entryPoints: { main: 'src/main.ts', serve: 'src/serve.ts', 'pglite-thread-worker': '../../packages/db/src/pglite-thread-worker.ts' },
  outdir: testPages ? 'dist-e2e' : 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        if (testPages) b.onResolve({ filter: /^@agency\/web\/build\/server$/ }, () => ({ path: new URL('../web/build-e2e/server/index.js', import.meta.url).pathname }))
        b.onResolve({ filter: /^[^./#]/ }, (args) => (args.path.startsWith('@agency/') ? undefined : { external: true }))
      },
    },
  ],
})
