/**
 * The boot script of a rendered page (page-scripts.tsx), and where it is served: a file of the client
 * build (vite.config.ts writes it, named by its content like every asset, kept a year) and of the
 * development server. Imports only constants, so that the build's configuration can read it.
 */
import { HYDRATING_FLAG, HYDRATION_DATA_HEADER, HYDRATION_DATA_TYPE } from './hydration-flag.ts'

/** The attribute of the data block (a `<script type="application/json">`, never run) the boot script reads. */
export const PAGE_SCRIPTS_ATTRIBUTE = 'data-page-scripts'

/** Where React Router keeps a tab's scroll positions (its ScrollRestoration's default key). */
export const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions'

/**
 * What a page hands its boot script, as JSON in the data block just before the boot script's own
 * element (PageScripts writes both): all of it data, none of it code.
 */
export interface PageScriptsData {
  /** React Router's `window.__reactRouterContext` (its server handoff: basename, future flags, route discovery). */
  context: Record<string, unknown>
  /** React Router's manifest of the page's routes (`window.__reactRouterManifest`), or null when it is a file of its own. */
  manifest: Record<string, unknown> | null
  /** Modules imported, in order, before the routes' (the manifest's file, the development server's HMR runtime). */
  first: string[]
  /** Each route of the page, root first: its id and its modules (their exports merged, the last one's winning). */
  routes: [string, string[]][]
  /** React Router's client entry, imported once the routes' modules are in `window.__reactRouterRouteModules`. */
  entry: string
  /** The page's scripts, asked for at once once it has painted. */
  preloads: string[]
  /** React Router's hydration data (turbo-stream text) when the page holds them; null when they come apart. */
  data: string | null
}

/**
 * A classic script, a file of its own (BOOT_SCRIPT_PATH) that a rendered page names at its end with
 * `defer` (page-scripts.tsx): run once the page has been read, from the browser's cache after the
 * first page. It is the only script a page names: a page holds no inline script at all, so the
 * Content-Security-Policy allows scripts by 'self' alone, with no nonce and no hash
 * (apps/server/src/security-headers.ts), and a kept page is the same bytes for everyone.
 *
 * It reads the page's data (PageScriptsData) from the element just before its own, as data
 * (JSON.parse), never as code: whatever text a page holds, the boot script runs none of it; the
 * scripts it starts are files of the site, which the policy's 'self' checks again. It sets up what
 * React Router's inline scripts did: `window.__reactRouterContext` with its stream of hydration data,
 * the scroll position kept for a reload (its ScrollRestoration's script), then, once the browser has
 * painted the page (the frame that requestAnimationFrame precedes; a page opened in a hidden tab,
 * which paints nothing and runs no animation frame, at once), it asks for the page's scripts
 * (`preloads`), hands the hydration data to React Router's stream, imports the routes' modules in
 * order into `window.__reactRouterRouteModules` and then React Router's client entry, as its module
 * script did. It never waits for a visitor to do something: the first tap on a phone is the one a
 * site is judged by, and it must meet the page's script, or a fallback that is a page of its own,
 * not a script that has only started to download.
 * A page without its data (`data` null: a visitor's home, list and property pages, entry.server.tsx)
 * asks for them at its own address with HYDRATION_DATA_HEADER, beside the scripts, and starts React
 * Router once they have come. Should they not come (offline, an error), the page stays as it is
 * without JavaScript.
 * A button with no action of its own without JavaScript (`type="button"`, the map toggle, a gallery's
 * arrows) pressed before React runs is pressed again, once, when React has taken the page over
 * (`data-hydrated` on the root element); clicks after React has started are React's own to replay.
 * Written for any browser that has dynamic import().
 */
export const BOOT_SCRIPT =
  '(function(){var d=document,w=window,r=d.documentElement,h=w.history,q=[],' +
  'p=JSON.parse(d.currentScript.previousElementSibling.textContent),x=w.__reactRouterContext=p.context;' +
  "if(!h.state||!h.state.key)h.replaceState({key:Math.random().toString(32).slice(2)},'');" +
  `try{var y=JSON.parse(w.sessionStorage.getItem('${SCROLL_POSITIONS_KEY}')||'{}')[h.state.key];if(typeof y==='number')w.scrollTo(0,y)}catch(e){}` +
  'x.stream=new ReadableStream({start:function(k){x.streamController=k}}).pipeThrough(new TextEncoderStream());' +
  'function go(){' +
  "p.preloads.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.appendChild(l)});" +
  'if(p.data!==null)return feed(p.data);if(!w.fetch)return;' +
  `w.fetch(w.location.href,{headers:{'${HYDRATION_DATA_HEADER}':'1'},credentials:'same-origin'}).then(function(a){if((a.headers.get('content-type')||'').indexOf('${HYDRATION_DATA_TYPE}')!==0)throw 0;return a.text()})` +
  '.then(feed,function(){})}' +
  'function feed(t){x.streamController.enqueue(t);x.streamController.close();run()}' +
  'function one(u){return function(){return import(u)}}' +
  'function run(){var m={},c=Promise.resolve();if(p.manifest)w.__reactRouterManifest=p.manifest;' +
  'p.first.forEach(function(u){c=c.then(one(u))});' +
  'p.routes.forEach(function(e){var s=[];e[1].forEach(function(u){c=c.then(one(u)).then(function(n){s.push(n)})});' +
  'c=c.then(function(){m[e[0]]=s.length===1?s[0]:Object.assign.apply(Object,[{}].concat(s))})});' +
  'c.then(function(){w.__reactRouterRouteModules=m;return import(p.entry)})}' +
  `d.addEventListener('click',function(e){var t=e.target;if(w.${HYDRATING_FLAG}||!t||!t.closest)return;var b=t.closest('button[type=button]');if(b&&q.indexOf(b)<0)q.push(b)},true);` +
  "if(w.MutationObserver)new MutationObserver(function(z,o){if(r.getAttribute('data-hydrated')!=='true')return;o.disconnect();q.splice(0).forEach(function(b){if(b.isConnected)b.click()})}).observe(r,{attributes:true,attributeFilter:['data-hydrated']});" +
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
