/** The id of the element that keeps React Router's module script until the page has painted. */
export const HYDRATION_SCRIPT_ID = 'rr-hydrate'

/** React Router's inline module script: the route modules, the manifest, then the client entry. */
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/
/** The preloads of the site's own scripts in the head (compactDocument has taken their nonces). */
const PRELOAD = /<link rel="modulepreload" href="(\/assets\/[^"]+)"\/>/g

/**
 * A classic script, run where it stands while the page is read: after the browser has painted the
 * page (the frame that requestAnimationFrame precedes), it asks for the scripts its `data-preloads`
 * names and runs React Router's module script with its own nonce. A page opened in a hidden tab,
 * which paints nothing and runs no animation frame, starts at once. Written for any browser.
 */
const BOOT_SCRIPT =
  "(function(){var d=document,c=d.currentScript,n=c.nonce||c.getAttribute('nonce'),s=0;" +
  "function go(){if(s)return;s=1;c.getAttribute('data-preloads').split(' ').forEach(function(u){if(!u)return;var l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.appendChild(l)});" +
  `var m=d.createElement('script');m.type='module';if(n)m.nonce=n;m.textContent=d.getElementById('${HYDRATION_SCRIPT_ID}').textContent;d.body.appendChild(m)}` +
  "if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})()"

/**
 * A rendered document whose scripts wait for its first paint (issue 13). React Router preloads every
 * script of the page from the head and runs them as soon as they arrive; a browser then paints the
 * server's HTML only after it has run them, so on a slow connection the page stays blank while some
 * 140 KB of JavaScript downloads beside the stylesheet. Here the preloads leave the head, and React
 * Router's module script waits, unrun (a script of a type no browser runs), for a small script that
 * starts it once the page has painted: the HTML and the stylesheet alone decide the first paint, and
 * the page, usable without JavaScript, hydrates a frame later. A document without that module script
 * (an error page, a page rendered without scripts) comes back as it was.
 */
export function paintBeforeHydration(html: string): string {
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
  const waiting =
    `<script${nonce} type="text/x-deferred-module" id="${HYDRATION_SCRIPT_ID}">${script[2] ?? ''}</script>` +
    `<script${nonce} data-preloads="${hrefs.join(' ')}">${BOOT_SCRIPT}</script>`
  const end = script.index + script[0].length
  return `${head}${html.slice(headEnd, script.index)}${waiting}${html.slice(end)}`
}
