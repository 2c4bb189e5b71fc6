// The web app's production server build (apps/web/build/server/index.js), which the server's own
// build bundles. It is JavaScript without declarations: this gives it React Router's type.
declare module '@agency/web/build/server' {
  import type { ServerBuild } from 'react-router'
  export const assets: ServerBuild['assets']
  export const assetsBuildDirectory: ServerBuild['assetsBuildDirectory']
  export const basename: ServerBuild['basename']
  export const entry: ServerBuild['entry']
  export const future: ServerBuild['future']
  export const isSpaMode: ServerBuild['isSpaMode']
  export const prerender: ServerBuild['prerender']
  export const publicPath: ServerBuild['publicPath']
  export const routeDiscovery: ServerBuild['routeDiscovery']
  export const routes: ServerBuild['routes']
  export const ssr: ServerBuild['ssr']
  export const allowedActionOrigins: ServerBuild['allowedActionOrigins']
}
