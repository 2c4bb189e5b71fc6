// Writes .br and .gz beside each text asset of the web build, so @fastify/static serves them
// precompressed (brotli at full strength once at build time costs nothing per request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = process.argv[2]
if (!root) throw new Error('usage: node scripts/precompress.mjs <dir>')
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
let count = 0
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) walk(file)
    else if (TEXT.test(name) && statSync(file).size > 512) {
      const data = readFileSync(file)
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
      count++
    }
  }
}
walk(root)
console.log(`precompressed ${count} assets`)
