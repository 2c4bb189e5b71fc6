/**
 * The media store in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, …) through the AWS
 * SDK's S3 client: a key is an object key in the bucket. A custom endpoint and path-style addresses
 * (`http://host:9000/bucket/key`) serve stores other than AWS's own. Each object carries the SHA-256
 * of its bytes as metadata, so `media:move` can tell a whole copy.
 */
import { Readable } from 'node:stream'
import { checkMediaKey, checkMediaPrefix, sha256Hex, toBuffer, type MediaObjectInfo, type MediaStore } from './store.ts'

/** How to reach the bucket. The keys are given to the client only, never logged. */
export interface S3MediaStoreOptions {
  bucket: string
  region: string
  /** An S3-compatible server's address (unset: AWS's own, from the region). */
  endpoint?: string | undefined
  /** Path-style addresses (`endpoint/bucket/key`), as MinIO and most servers other than AWS need. */
  forcePathStyle: boolean
  /** Unset: the SDK's own chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined
}

const SHA256_METADATA = 'sha256'

/**
 * The store. The AWS SDK is loaded here, when a bucket is configured, never by a site that keeps its
 * media elsewhere (it takes a third of a second to load).
 */
export async function createS3MediaStore(options: S3MediaStoreOptions): Promise<MediaStore> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } = await import('@aws-sdk/client-s3')
  const isNotFound = (error: unknown): boolean =>
    error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where the operation requires them: S3-compatible servers other than AWS's may not know the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const { bucket } = options
  const where = options.endpoint ? `${new URL(options.endpoint).host}/${bucket}` : `s3://${bucket} (${options.region})`

  const info = (response: { ContentLength?: number | undefined; ContentType?: string | undefined; ETag?: string | undefined; Metadata?: Record<string, string> | undefined }): MediaObjectInfo => {
    const sha256 = response.Metadata?.[SHA256_METADATA]
    return {
      size: response.ContentLength ?? 0,
      contentType: response.ContentType ?? 'application/octet-stream',
      version: sha256 ?? response.ETag ?? '',
      sha256,
    }
  }

  async function head(key: string): Promise<MediaObjectInfo | null> {
    checkMediaKey(key)
    try {
      return info(await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })))
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  return {
    kind: 's3',
    description: `the S3-compatible bucket ${where}`,

    async put(key, body, contentType) {
      checkMediaKey(key)
      // Originals are at most a few megabytes: one request with a known length, never a multipart upload.
      const bytes = await toBuffer(body)
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.length, ContentType: contentType, Metadata: { [SHA256_METADATA]: sha256Hex(bytes) } }),
      )
    },

    async get(key) {
      checkMediaKey(key)
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!(response.Body instanceof Readable)) throw new Error(`media ${key}: the S3 client gave no stream`)
        return { ...info(response), body: response.Body }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },

    head,

    async exists(key) {
      return (await head(key)) !== null
    },

    async delete(key) {
      checkMediaKey(key)
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },

    async *list(prefix = '') {
      checkMediaPrefix(prefix)
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ...(prefix ? { Prefix: prefix } : {}), ...(token ? { ContinuationToken: token } : {}) }))
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },

    async close() {
      client.destroy()
    },
  }
}
