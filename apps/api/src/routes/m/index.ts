import { fromShortMediaKey, parseShortMediaVariant } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { toImageVariant } from '#app/media/media-ref.ts'
import { pickPictureFormat } from '#app/media/picture-format.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { MEDIA_RESPONSES, sendMedia } from '#app/routes/media/index.ts'

const ParamsSchema = z.object({
  key: z.string().refine((key) => fromShortMediaKey(key) !== null, 'Invalid media id.'),
  variant: z.string().refine((name) => {
    const parsed = parseShortMediaVariant(name)
    return parsed !== null && toImageVariant(parsed.width, parsed.format ?? 'jpeg') !== null
  }, 'Invalid variant.'),
})

/**
 * The short URL of a picture variant that pages write in their srcsets (@agency/domain media-url.ts):
 * the same file, headers and access rules as /api/media/{media_id}/{variant}, in fewer characters.
 * A URL that names a width only (`/api/m/{key}/640`) is answered in the best format the request's
 * `Accept` names (picture-format.ts), with `Vary: Accept` so that caches keep each format apart: a
 * page then names one srcset per picture instead of a `<picture>` of three.
 */
const shortMedia: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:key/:variant',
    {
      schema: {
        summary:
          'A picture variant by its short URL: the media key in base64url, the width and the format (a, w or j), or the width alone for the best format the Accept header names',
        tags: ['media'],
        params: ParamsSchema,
        response: MEDIA_RESPONSES,
      },
    },
    async (request, reply) => {
      // The schema has checked both.
      const mediaKey = fromShortMediaKey(request.params.key) ?? ''
      const parsed = parseShortMediaVariant(request.params.variant)
      if (parsed && parsed.format === null) reply.header('vary', 'accept')
      const variant = parsed ? toImageVariant(parsed.width, parsed.format ?? pickPictureFormat(request.headers.accept)) : null
      if (!variant) return reply.code(404).send({ message: API_MESSAGES.MEDIA_NOT_FOUND })
      return sendMedia(app, request, reply, mediaKey, variant)
    },
  )
}

export default shortMedia
