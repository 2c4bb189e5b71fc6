import type { MediaStore } from '@agency/db'
import fp from 'fastify-plugin'
import { toMediaUrl, type MediaVariant } from '#app/media/media-ref.ts'
import { createVariantStore, type VariantStore } from '#app/media/variant-store.ts'

/** The API's media: URLs of variants, the originals, and the store that derives variants from them. */
export interface MediaService {
  /** The absolute URL of a variant of the media with this `media_key`. */
  url(mediaKey: string, variant: MediaVariant): string
  /** Where the originals are (the disk, PostgreSQL or a bucket, which every machine reaches). */
  originals: MediaStore
  store: VariantStore
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaService
  }
}

/** Options of the media plugin. */
export interface MediaPluginOptions {
  mediaStore: MediaStore
  /** This machine's cache of derived variants. */
  cacheDir: string
  publicUrl: string
}

export default fp<MediaPluginOptions>(
  async (app, options) => {
    app.decorate('media', {
      url: (mediaKey, variant) => toMediaUrl(options.publicUrl, mediaKey, variant),
      originals: options.mediaStore,
      store: createVariantStore({ store: options.mediaStore, cacheDir: options.cacheDir }),
    } satisfies MediaService)
  },
  { name: 'media' },
)
