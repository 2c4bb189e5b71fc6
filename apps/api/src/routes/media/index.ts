import { ApiErrorSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { canSeeLocked } from '#app/access.ts'
import { MEDIA_ID_PATTERN, MEDIA_VARIANTS, parseMediaId } from '#app/media/media-ref.ts'
import type { StoredFile } from '#app/media/variant-store.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { getMediaSource } from '#app/queries/media.ts'

/**
 * A media id names one picture for ever (a new picture is a new media row), so browsers and CDNs never
 * need to revalidate a variant URL.
 */
const IMMUTABLE = 'max-age=31536000, immutable'

/** RFC 9110 If-None-Match: a list of tags (weak ones compare equal for GET), or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const value = tag.trim()
    return value === '*' || value === etag || value === `W/${etag}`
  })
}

const ParamsSchema = z.object({
  media_id: z.string().regex(MEDIA_ID_PATTERN, 'Invalid media id.').refine((value) => parseMediaId(value) !== null, 'Invalid media id.'),
  variant: z.enum(MEDIA_VARIANTS),
})

const media: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:media_id/:variant',
    {
      schema: {
        summary: 'A picture variant of a photo, floor plan or EPC, or an EPC document',
        tags: ['media'],
        params: ParamsSchema,
        response: {
          200: { description: 'The file', content: { 'image/webp': { schema: z.any() }, 'image/jpeg': { schema: z.any() }, 'application/pdf': { schema: z.any() } } },
          304: z.undefined().describe('Not modified'),
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { media_id: mediaId, variant } = request.params
      const ref = parseMediaId(mediaId)
      const source = ref ? await getMediaSource(app.db, ref) : null
      if (!source) return reply.code(404).send({ message: API_MESSAGES.MEDIA_NOT_FOUND })

      const hidden = source.isLocked && !canSeeLocked(request)
      // SPEC §2/§6: a visitor sees a pre-market property only through its blurred picture.
      if (hidden && variant !== 'blurred') return reply.code(403).send({ message: API_MESSAGES.MEDIA_LOCKED })

      let file: StoredFile | null
      if (variant === 'pdf') {
        file = source.pdfFile ? await app.media.store.getOriginal(source.pdfFile, 'application/pdf') : null
      } else {
        file = await app.media.store.getImage(source.file, variant)
      }
      if (!file) {
        if (variant !== 'pdf') request.log.warn({ mediaId, file: source.file }, 'media file missing')
        return reply.code(404).send({ message: API_MESSAGES.MEDIA_NOT_FOUND })
      }

      // A locked property's full pictures, once a caller may see them, must not sit in shared caches.
      reply.header('cache-control', `${source.isLocked && variant !== 'blurred' ? 'private' : 'public'}, ${IMMUTABLE}`)
      reply.header('etag', file.etag)
      // Pictures may be shown by other sites and in e-mails; Helmet's same-origin default would block them.
      reply.header('cross-origin-resource-policy', 'cross-origin')
      if (variant === 'pdf') reply.header('content-disposition', `inline; filename="epc-${mediaId.slice(1)}.pdf"`)
      if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send()
      return reply.type(file.contentType).send(file.body)
    },
  )
}

export default media
