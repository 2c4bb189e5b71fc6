// Types of serve-for-tests.mjs for the TypeScript tests that start a server of their own.
export declare const ROOT: string
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
}): Promise<TestServer>
