import type { HydrationStart } from './hydration-start.server.ts'
import { HYDRATE_ON_VIEW_ATTRIBUTE, HYDRATING_FLAG, HYDRATION_DATA_HEADER, HYDRATION_DATA_TYPE } from './hydration-flag.ts'
import { STORAGE_KEY as BROWSER_SAVES_KEY } from './saved-browser.ts'

/** The id of the element that keeps React Router's module script until the page has painted. */
export const HYDRATION_SCRIPT_ID = 'rr-hydrate'

/** React Router's inline module script: the route modules, the manifest, then the client entry. */
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/
/** The preloads of the site's own scripts in the head (compactDocument has taken their nonces). */
const PRELOAD = /<link rel="modulepreload" href="(\/assets\/[^"]+)"\/>/g

/** The events that tell a visitor means to use the page: the pointer over it, a touch, a key, a focus, a wheel. */
export const INTENT_EVENTS = ['pointerover', 'pointermove', 'pointerdown', 'mouseover', 'touchstart', 'keydown', 'focusin', 'wheel'] as const

/**
 * A classic script, run where it stands while the page is read. It asks for the scripts its
 * `data-preloads` names and runs React Router's module script with its own nonce:
 * - by default after the browser has painted the page (the frame that requestAnimationFrame
 *   precedes); a page opened in a hidden tab, which paints nothing and runs no animation frame, starts
 *   at once;
 * - with `data-start="intent"`, at the visitor's first sign of intent (INTENT_EVENTS), or when an element
 *   marked with HYDRATE_ON_VIEW_ATTRIBUTE comes within 300 px of the screen (the home page's branch
 *   map, at once on a screen tall enough to show it, or once scrolled to without a key, a wheel or a
 *   touch: the browser's find, a link to it), or as by default when this browser holds a visitor's
 *   saved properties (their hearts are drawn by the page's script); a browser without
 *   IntersectionObserver starts after painting when the page has such an element.
 * A page that waits for intent comes without React Router's hydration data (entry.server.tsx): when it
 * starts, it asks for them at its own address with HYDRATION_DATA_HEADER, beside the preloads, and
 * runs the module script once they have come, handing them to React Router as its inline scripts
 * would have. Should they not come (offline, an error), the page stays as it is without JavaScript.
 * A button with no action of its own without JavaScript (`type="button"`, the map toggle, a gallery's
 * arrows) pressed before React runs is pressed again, once, when React has taken the page over
 * (`data-hydrated` on the root element); clicks after React has started are React's own to replay.
 * Written for any browser.
 */
const BOOT_SCRIPT =
  "(function(){var d=document,w=window,r=d.documentElement,c=d.currentScript,n=c.nonce||c.getAttribute('nonce'),s=0,q=[]," +
  `E=${JSON.stringify(INTENT_EVENTS).replace(/"/g, "'")};` +
  "function go(){if(s)return;s=1;E.forEach(function(e){w.removeEventListener(e,go,true)});" +
  "c.getAttribute('data-preloads').split(' ').forEach(function(u){if(!u)return;var l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.appendChild(l)});" +
  "if(!f)return run();if(!w.fetch)return;var x=w.__reactRouterContext.streamController;" +
  `w.fetch(w.location.href,{headers:{'${HYDRATION_DATA_HEADER}':'1'},credentials:'same-origin'}).then(function(a){if((a.headers.get('content-type')||'').indexOf('${HYDRATION_DATA_TYPE}')!==0)throw 0;return a.text()})` +
  ".then(function(t){x.enqueue(t);x.close();run()},function(){})}" +
  `function run(){var m=d.createElement('script');m.type='module';if(n)m.nonce=n;m.textContent=d.getElementById('${HYDRATION_SCRIPT_ID}').textContent;d.body.appendChild(m)}` +
  "function painted(){if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})}" +
  `d.addEventListener('click',function(e){var t=e.target;if(w.${HYDRATING_FLAG}||!t||!t.closest)return;var b=t.closest('button[type=button]');if(b&&q.indexOf(b)<0)q.push(b)},true);` +
  "if(w.MutationObserver)new MutationObserver(function(x,o){if(r.getAttribute('data-hydrated')!=='true')return;o.disconnect();q.splice(0).forEach(function(b){if(b.isConnected)b.click()})}).observe(r,{attributes:true,attributeFilter:['data-hydrated']});" +
  "var i=c.getAttribute('data-start')==='intent',f=i;if(i)try{if(w.localStorage.getItem('" + BROWSER_SAVES_KEY + "'))i=false}catch(e){}" +
  "if(!i)return painted();E.forEach(function(e){w.addEventListener(e,go,{capture:true,passive:true})});" +
  `var v=d.querySelectorAll('[${HYDRATE_ON_VIEW_ATTRIBUTE}]');if(!v.length)return;if(!w.IntersectionObserver)return painted();` +
  "var o=new IntersectionObserver(function(x){for(var k=0;k<x.length;k++)if(x[k].isIntersecting){o.disconnect();return go()}},{rootMargin:'300px'});" +
  "for(var k=0;k<v.length;k++)o.observe(v[k])})()"

/**
 * A rendered document whose scripts wait for its first paint (issue 13). React Router preloads every
 * script of the page from the head and runs them as soon as they arrive; a browser then paints the
 * server's HTML only after it has run them, so on a slow connection the page stays blank while some
 * 140 KB of JavaScript downloads beside the stylesheet. Here the preloads leave the head, and React
 * Router's module script waits, unrun (a script of a type no browser runs), for a small script that
 * starts it once the page has painted: the HTML and the stylesheet alone decide the first paint, and
 * the page, usable without JavaScript, hydrates a frame later — or, with `start` 'on-intent'
 * (toHydrationStart), at the visitor's first sign of intent, with its hydration data asked for then
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
  const waiting =
    `<script${nonce} type="text/x-deferred-module" id="${HYDRATION_SCRIPT_ID}">${script[2] ?? ''}</script>` +
    `<script${nonce} data-preloads="${hrefs.join(' ')}"${start === 'on-intent' ? ' data-start="intent"' : ''}>${BOOT_SCRIPT}</script>`
  const end = script.index + script[0].length
  return `${head}${html.slice(headEnd, script.index)}${waiting}${html.slice(end)}`
}
