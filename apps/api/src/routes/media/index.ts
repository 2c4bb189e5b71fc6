import { ApiErrorSchema } from '@agency/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { canSeeLocked } from '#app/access.ts'
import { MEDIA_ACCESS_PARAM } from '#app/media/media-links.ts'
import { MEDIA_KEY_PATTERN, MEDIA_VARIANTS } from '#app/media/media-ref.ts'
import type { MediaVariant } from '#app/media/media-ref.ts'
import type { StoredFile } from '#app/media/variant-store.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { getMediaSource } from '#app/queries/media.ts'

/**
 * A media key names one picture for ever (a new picture is a new media row), so browsers and CDNs never
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
  media_id: z.string().regex(MEDIA_KEY_PATTERN, 'Invalid media id.'),
  variant: z.enum(MEDIA_VARIANTS),
})

/** The token of a pre-market picture's signed address in an e-mail (media-links.ts). */
const AccessSchema = z.object({ [MEDIA_ACCESS_PARAM]: z.string().max(128).optional() })

/** What the media routes answer: the file, 304 to a matching tag, 400 and 404 with a message. */
export const MEDIA_RESPONSES = {
  200: { description: 'The file', content: { 'image/avif': { schema: z.any() }, 'image/webp': { schema: z.any() }, 'image/jpeg': { schema: z.any() }, 'application/pdf': { schema: z.any() } } },
  304: z.undefined().describe('Not modified'),
  400: ApiErrorSchema,
  404: ApiErrorSchema,
}

/** Sends one variant of a media, to whoever may see it (the long and the short URL alike). */
export async function sendMedia(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, mediaKey: string, variant: MediaVariant, access?: string) {
  const source = await getMediaSource(app.db, mediaKey)
  if (!source) return reply.code(404).send({ message: API_MESSAGES.MEDIA_NOT_FOUND })

  // SPEC §2/§6: a visitor sees a pre-market property through one picture only, its card picture
  // blurred. Anything else of it (other photos blurred or not, floor plans, EPCs) is not found:
  // even a blurred EPC graph shows its rating, and a 403 would confirm that the media exists.
  // A contact it is open to sees the rest, in the site or, for the card picture of a Heads Up e-mail
  // (read where no session is), through its signed address (media-links.ts).
  const forEveryone = !source.isLocked || (source.isCardPicture && variant === 'blurred')
  const signed = access !== undefined && app.mediaLinks.verify(access, mediaKey, variant, new Date())
  if (!forEveryone && !signed && !canSeeLocked(request)) return reply.code(404).send({ message: API_MESSAGES.MEDIA_NOT_FOUND })

  let file: StoredFile | null
  if (source.isDocument && variant !== 'pdf') {
    // A brochure has no picture.
    file = null
  } else if (variant === 'pdf') {
    file = source.pdfFile ? await app.media.store.getOriginal(source.pdfFile, 'application/pdf') : null
  } else {
    file = await app.media.store.getImage(source.file, variant)
  }
  if (!file) {
    if (variant !== 'pdf' && !source.isDocument) request.log.warn({ mediaKey, file: source.file }, 'media file missing')
    return reply.code(404).send({ message: API_MESSAGES.MEDIA_NOT_FOUND })
  }

  // What only some callers may see (a locked property's media, for a buyer) must not sit in shared caches.
  reply.header('cache-control', `${forEveryone ? 'public' : 'private'}, ${IMMUTABLE}`)
  reply.header('etag', file.etag)
  // Pictures may be shown by other sites and in e-mails; Helmet's same-origin default would block them.
  reply.header('cross-origin-resource-policy', 'cross-origin')
  if (variant === 'pdf') reply.header('content-disposition', `inline; filename="${source.isDocument ? 'brochure' : 'epc'}-${mediaKey}.pdf"`)
  if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send()
  return reply.type(file.contentType).send(file.body)
}

const media: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:media_id/:variant',
    {
      schema: {
        summary: 'A picture variant of a photo, floor plan or EPC, or an EPC document',
        tags: ['media'],
        params: ParamsSchema,
        querystring: AccessSchema,
        response: MEDIA_RESPONSES,
      },
    },
    async (request, reply) => sendMedia(app, request, reply, request.params.media_id, request.params.variant, request.query[MEDIA_ACCESS_PARAM]),
  )
}

export default media
