// Types of start.mjs for the TypeScript tests that check the deployment files against it.
export declare const ROOT: string
export declare const SERVER_ENTRY: string
/** Node's options for the server, as `npm start` runs it (the Dockerfile's CMD repeats them). */
export declare const SERVER_NODE_OPTIONS: readonly string[]
export declare function ensureBuilt(): void
