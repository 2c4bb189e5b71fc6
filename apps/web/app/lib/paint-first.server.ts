import { BOOT_SCRIPT_PATH, DATA_APART_ATTRIBUTE, HYDRATION_SCRIPT_ID } from './boot-script.ts'
import type { HydrationStart } from './hydration-start.server.ts'

/** React Router's inline module script: the route modules, the manifest, then the client entry. */
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/
/** The preloads of the site's own scripts in the head (compactDocument has taken their nonces). */
const PRELOAD = /<link rel="modulepreload" href="(\/assets\/[^"]+)"\/>/g

/**
 * A rendered document whose scripts wait for its first paint (issue 13). React Router preloads every
 * script of the page from the head and runs them as soon as they arrive; a browser then paints the
 * server's HTML only after it has run them, so on a slow connection the page stays blank while some
 * 140 KB of JavaScript downloads beside the stylesheet. Here the preloads leave the head, and React
 * Router's module script waits, unrun (a script of a type no browser runs), for a small script that
 * starts it once the page has painted (boot-script.ts): the HTML and the stylesheet alone decide the
 * first paint, and the page, usable without JavaScript, hydrates a frame later; with `start`
 * 'data-apart' (toHydrationStart) its hydration data are asked for then, beside the scripts
 * (entry.server.tsx leaves them out of such a page). A document without that module script
 * (an error page, a page rendered without scripts) comes back as it was.
 */
export function paintBeforeHydration(html: string, start: HydrationStart = 'after-paint'): string {
  const headEnd = html.indexOf('</head>')
  const script = headEnd === -1 ? null : MODULE_SCRIPT.exec(html)
  if (!script || script.index < headEnd) return html
  const hrefs: string[] = []
  const head = html.slice(0, headEnd).replace(PRELOAD, (_whole, href: string) => {
    hrefs.push(href)
    return ''
  })
  const nonce = script[1] ?? ''
  // Both carry the nonce, as every script of the page does, though the first is never run as it stands.
  // The boot script is a file of its own (boot-script.ts), kept by the browser for the next page.
  const waiting =
    `<script${nonce} type="text/x-deferred-module" id="${HYDRATION_SCRIPT_ID}">${script[2] ?? ''}</script>` +
    `<script${nonce} src="${BOOT_SCRIPT_PATH}" data-preloads="${hrefs.join(' ')}"${start === 'data-apart' ? ` ${DATA_APART_ATTRIBUTE}` : ''} defer></script>`
  const end = script.index + script[0].length
  return `${head}${html.slice(headEnd, script.index)}${waiting}${html.slice(end)}`
}
