const MANIFEST_START = 'window.__reactRouterManifest = '
const MANIFEST_END = ';\n  window.__reactRouterRouteModules'
const PRELOAD_NONCE = /(<link rel="modulepreload" href="\/assets\/[^"]+") nonce="[^"]*"/g

/**
 * A rendered document with two things of React Router's written shorter, the page otherwise
 * unchanged (issue 13: a list page's HTML): the inline manifest of the page's routes, which it
 * writes as two-space indented JSON (a fifth of it whitespace), and the CSP nonce on each
 * modulepreload link of the site's own files, which the policy allows by 'self' (security-headers.ts)
 * and needs no nonce for. A document without them comes back as it was.
 */
export function compactDocument(html: string): string {
  // The preloads are in the head: the rest of the document is not searched for them.
  const headEnd = html.indexOf('</head>')
  let out = headEnd === -1 ? html : `${html.slice(0, headEnd).replace(PRELOAD_NONCE, '$1')}${html.slice(headEnd)}`
  const start = out.indexOf(MANIFEST_START)
  const end = start === -1 ? -1 : out.indexOf(MANIFEST_END, start)
  if (end === -1) return out
  const json = out.slice(start + MANIFEST_START.length, end)
  try {
    out = `${out.slice(0, start + MANIFEST_START.length)}${JSON.stringify(JSON.parse(json))}${out.slice(end)}`
  } catch {
    // Not the JSON React Router writes: left as it is.
  }
  return out
}
