/**
 * The boot script of a rendered page (paint-first.server.ts), and where it is served: a file of the
 * client build (vite.config.ts writes it, named by its content like every asset, kept a year) and of
 * the development server. Imports only constants, so that the build's configuration can read it.
 */
import { HYDRATING_FLAG, HYDRATION_DATA_HEADER, HYDRATION_DATA_TYPE } from './hydration-flag.ts'

/** The id of the element that keeps React Router's module script until the page has painted. */
export const HYDRATION_SCRIPT_ID = 'rr-hydrate'

/** The boot script's attribute that marks a page whose hydration data come apart from its HTML. */
export const DATA_APART_ATTRIBUTE = 'data-apart'

/**
 * A classic script, a file of its own (BOOT_SCRIPT_PATH) that a rendered page names at its end with
 * `defer` (paint-first.server.ts): run once the page has been read, from the browser's cache after
 * the first page (inline, its 2 KB were in the HTML of every page). Once the browser has painted the
 * page (the frame that requestAnimationFrame precedes; a page opened in a hidden tab, which paints
 * nothing and runs no animation frame, at once), it asks for the scripts its `data-preloads` names
 * and runs React Router's module script with its own nonce. It never waits for a visitor to do
 * something: the first tap on a phone is the one a site is judged by, and it must meet the page's
 * script, or a fallback that is a page of its own, not a script that has only started to download.
 * A page marked with DATA_APART_ATTRIBUTE (a visitor's home, list and property pages) comes without
 * React Router's hydration data (entry.server.tsx): it asks for them at its own address with
 * HYDRATION_DATA_HEADER, beside the scripts, and runs the module script once they have come,
 * handing them to React Router as its inline scripts would have. Should they not come (offline, an
 * error), the page stays as it is without JavaScript.
 * A button with no action of its own without JavaScript (`type="button"`, the map toggle, a gallery's
 * arrows) pressed before React runs is pressed again, once, when React has taken the page over
 * (`data-hydrated` on the root element); clicks after React has started are React's own to replay.
 * Written for any browser.
 */
export const BOOT_SCRIPT =
  "(function(){var d=document,w=window,r=d.documentElement,c=d.currentScript,n=c.nonce||c.getAttribute('nonce'),q=[]," +
  `f=c.hasAttribute('${DATA_APART_ATTRIBUTE}');` +
  "function go(){" +
  "c.getAttribute('data-preloads').split(' ').forEach(function(u){if(!u)return;var l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.appendChild(l)});" +
  "if(!f)return run();if(!w.fetch)return;var x=w.__reactRouterContext.streamController;" +
  `w.fetch(w.location.href,{headers:{'${HYDRATION_DATA_HEADER}':'1'},credentials:'same-origin'}).then(function(a){if((a.headers.get('content-type')||'').indexOf('${HYDRATION_DATA_TYPE}')!==0)throw 0;return a.text()})` +
  ".then(function(t){x.enqueue(t);x.close();run()},function(){})}" +
  `function run(){var m=d.createElement('script');m.type='module';if(n)m.nonce=n;m.textContent=d.getElementById('${HYDRATION_SCRIPT_ID}').textContent;d.body.appendChild(m)}` +
  `d.addEventListener('click',function(e){var t=e.target;if(w.${HYDRATING_FLAG}||!t||!t.closest)return;var b=t.closest('button[type=button]');if(b&&q.indexOf(b)<0)q.push(b)},true);` +
  "if(w.MutationObserver)new MutationObserver(function(x,o){if(r.getAttribute('data-hydrated')!=='true')return;o.disconnect();q.splice(0).forEach(function(b){if(b.isConnected)b.click()})}).observe(r,{attributes:true,attributeFilter:['data-hydrated']});" +
  "if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})()"

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
