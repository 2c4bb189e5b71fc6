import { CMP_CERTIFICATE_FILE } from '@agency/db'
import { ApiErrorSchema, CompanyProfileSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { z } from 'zod'
import { API_MESSAGES } from '#app/messages.ts'
import { getCompanyProfile } from '#app/queries/catalogue.ts'
import { dataResponseSchema } from '#app/schemas.ts'

/** The e-mails' logo is drawn at twice its 48 px height, sharp on high-density screens. */
const MAIL_LOGO_HEIGHT = 96

/** The logo as PNG, made once per logo: mail clients (Gmail, Outlook) show no SVG. */
let pngOfLogo: { etag: string; png: Promise<Buffer> } | null = null

/**
 * The agency's company and compliance details (company setting 109, set with `npm run settings`):
 * what the footer, the legal pages and the lettings pages show. The same for every visitor.
 */
const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        summary: 'The company and compliance details: legal name, company number, redress scheme, client money protection, fees, complaints, data controller',
        tags: ['catalogue'],
        response: { 200: dataResponseSchema(CompanyProfileSchema), 404: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      const profile = await getCompanyProfile(app.db)
      if (!profile) return reply.code(404).send({ message: API_MESSAGES.COMPANY_PROFILE_NOT_FOUND })
      return { data: profile }
    },
  )

  app.get(
    '/logo.svg',
    { schema: { summary: "The agency's logo (SVG)", tags: ['catalogue'] } },
    async (request, reply) => {
      const profile = await getCompanyProfile(app.db)
      if (!profile) return reply.code(404).send({ message: API_MESSAGES.COMPANY_PROFILE_NOT_FOUND })
      const etag = `"${createHash('sha256').update(profile.logo_svg).digest('base64url').slice(0, 22)}"`
      reply
        .header('cache-control', 'public, max-age=300')
        .header('etag', etag)
        // The schema already refuses script in a logo; opened on its own, the file may still run none.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      return reply.type('image/svg+xml; charset=utf-8').send(profile.logo_svg)
    },
  )

  app.get(
    '/logo.png',
    { schema: { summary: "The agency's logo as PNG, for e-mails (mail clients show no SVG)", tags: ['catalogue'] } },
    async (request, reply) => {
      const profile = await getCompanyProfile(app.db)
      if (!profile) return reply.code(404).send({ message: API_MESSAGES.COMPANY_PROFILE_NOT_FOUND })
      const etag = `"png-${createHash('sha256').update(profile.logo_svg).digest('base64url').slice(0, 22)}"`
      if (pngOfLogo?.etag !== etag) {
        const png = sharp(Buffer.from(profile.logo_svg), { density: 288 }).resize({ height: MAIL_LOGO_HEIGHT }).png().toBuffer()
        // A logo sharp cannot draw is not kept: the next request tries again.
        png.catch(() => {
          if (pngOfLogo?.png === png) pngOfLogo = null
        })
        pngOfLogo = { etag, png }
      }
      const png = await pngOfLogo.png
      reply.header('cache-control', 'public, max-age=300').header('etag', etag).header('x-content-type-options', 'nosniff')
      // Shown by mail programs, which load it from another origin: Helmet's same-origin default would block it there.
      reply.header('cross-origin-resource-policy', 'cross-origin')
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      return reply.type('image/png').send(png)
    },
  )

  app.get(
    '/cmp-certificate.pdf',
    {
      schema: {
        summary: "The agency's client money protection certificate (a PDF in the media store), as the 2019 regulations ask it to be published",
        tags: ['catalogue'],
        response: { 200: { description: 'The certificate', content: { 'application/pdf': { schema: z.any() } } }, 304: z.undefined().describe('Not modified'), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await app.media.store.getOriginal(CMP_CERTIFICATE_FILE, 'application/pdf')
      if (!file) return reply.code(404).send({ message: API_MESSAGES.CMP_CERTIFICATE_NOT_FOUND })
      reply
        .header('cache-control', 'public, max-age=300')
        .header('etag', file.etag)
        .header('content-disposition', 'inline; filename="client-money-protection-certificate.pdf"')
        .header('x-content-type-options', 'nosniff')
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send()
      return reply.type('application/pdf').send(file.body)
    },
  )
}

export default companyRoutes
