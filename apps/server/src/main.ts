/**
 * The production entry, `node apps/server/dist/main.js`. React, React Router and other packages choose
 * their development or production build from NODE_ENV when they are first loaded, which in an ES module
 * is before any line of the modules importing them runs: the server run with plain `node` and no
 * NODE_ENV rendered every page with React's development build (slower, and checking as it goes). So
 * this entry imports nothing: it sets the default the server's configuration has (production) and
 * only then loads the server, dist/serve.js, beside it. A NODE_ENV that is set is left as it is.
 */
process.env.NODE_ENV ??= 'production'

// A specifier the bundler leaves as it is: the server is a file of its own, loaded after the line above.
const server = new URL('./serve.js', import.meta.url).href
await import(server)
