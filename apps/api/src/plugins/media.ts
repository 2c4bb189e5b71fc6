import fp from 'fastify-plugin'
import { toMediaUrl, type MediaVariant } from '#app/media/media-ref.ts'
import { createVariantStore, type VariantStore } from '#app/media/variant-store.ts'

/** The API's media: URLs of variants, and the store that derives them. */
export interface MediaService {
  /** The absolute URL of a variant of the media with this `media_key`. */
  url(mediaKey: string, variant: MediaVariant): string
  store: VariantStore
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaService
  }
}

/** Options of the media plugin. */
export interface MediaPluginOptions {
  mediaDir: string
  cacheDir: string
  publicUrl: string
}

export default fp<MediaPluginOptions>(
  async (app, options) => {
    app.decorate('media', {
      url: (mediaKey, variant) => toMediaUrl(options.publicUrl, mediaKey, variant),
      store: createVariantStore(options),
    } satisfies MediaService)
  },
  { name: 'media' },
)
