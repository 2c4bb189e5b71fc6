// Types of serve-for-tests.mjs for the TypeScript tests that start a server of their own.
export declare const ROOT: string
/** The compiled server with the test pages (apps/server/dist-e2e/main.js). */
export declare const TEST_PAGES_SERVER_ENTRY: string
export declare function buildWithTestPages(): Promise<number>
export declare function freePort(): Promise<number>
export interface TestServer {
  url: string
  dataDir: string
  /** The server's process id (the primary's, with WORKERS above 1). */
  pid: number
  /** Resolves once the server has logged a line containing `text` (since it started). */
  waitForLog(text: string, timeoutMs?: number): Promise<void>
  stop(): Promise<void>
}
export declare function startServer(options?: {
  properties?: number
  databaseUrl?: string
  dataDir?: string
  env?: Record<string, string>
  quiet?: boolean
  /** The compiled server to run: the production build's (apps/server/dist/main.js) unless said. */
  entry?: string
}): Promise<TestServer>
