/**
 * zod compiles a fast parser with `new Function` unless told not to, and first tries whether it may:
 * under the pages' Content-Security-Policy (no 'unsafe-eval') that try is refused and reported as a
 * violation, though zod carries on without. Set before zod loads in the browser (root.tsx imports this
 * first), its `jitless` setting skips both; the server keeps the compiled parsers. zod reads the
 * setting from this global, so this module does not pull zod into a page's first load.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } }
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true }

export {}
