/**
 * The boot script of a rendered page (paint-first.server.ts), and where it is served: a file of the
 * client build (vite.config.ts writes it, named by its content like every asset, kept a year) and of
 * the development server. Imports only constants, so that the build's configuration can read it.
 */
import { BROWSER_SAVES_KEY, HYDRATE_ON_VIEW_ATTRIBUTE, HYDRATING_FLAG, HYDRATION_DATA_HEADER, HYDRATION_DATA_TYPE } from './hydration-flag.ts'

/** The id of the element that keeps React Router's module script until the page has painted. */
export const HYDRATION_SCRIPT_ID = 'rr-hydrate'

/** The events that tell a visitor means to use the page: the pointer over it, a touch, a key, a focus, a wheel. */
export const INTENT_EVENTS = ['pointerover', 'pointermove', 'pointerdown', 'mouseover', 'touchstart', 'keydown', 'focusin', 'wheel'] as const

/**
 * A classic script, a file of its own (BOOT_SCRIPT_PATH) that a rendered page names at its end with
 * `defer` (paint-first.server.ts): run once the page has been read, from the browser's cache after
 * the first page (inline, its 2 KB were in the HTML of every page). It asks
 * for the scripts its `data-preloads` names and runs React Router's module script with its own nonce:
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
export const BOOT_SCRIPT =
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

/** A 32-bit FNV-1a hash of a text, in hexadecimal: the boot script's file is named by its content. */
function toContentHash(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/** The boot script's address: a new name whenever it changes, so that a browser may keep it a year. */
export const BOOT_SCRIPT_PATH = `/assets/boot-${toContentHash(BOOT_SCRIPT)}.js`
