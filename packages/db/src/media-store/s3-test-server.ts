/**
 * An S3-compatible server for the tests, on this machine and offline: s3rver (a development
 * dependency), which keeps its objects in a temporary folder, on a port of its own.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import type { S3MediaStoreOptions } from './s3.ts'

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>
  close(): Promise<void>
}
type S3rverClass = new (options: { port: number; address: string; silent: boolean; directory: string; configureBuckets: Array<{ name: string; configs: never[] }> }) => S3rverInstance

/** A running server with one empty bucket, the store options that reach it, and how to stop it. */
export interface S3TestServer {
  options: S3MediaStoreOptions
  stop(): Promise<void>
}

export async function startS3TestServer(bucket = 'media'): Promise<S3TestServer> {
  // s3rver ships no types; its constructor is all the tests use.
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass
  const directory = await mkdtemp(path.join(os.tmpdir(), 'agency-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = await server.run()
  return {
    // s3rver takes any key; these are its documented defaults.
    options: { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    stop: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
