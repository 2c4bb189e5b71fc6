// @jsxRuntime automatic
// @jsxImportSource react
// (The dev server's tsx reads no tsconfig of this package: the pragmas choose React's automatic JSX for every compiler.)
import { toGreeting } from '@agency/domain'
import type { MailBrand } from '../brand.ts'
import { H1, MailLayout, OneLinkActions, P } from '../components.tsx'
import { renderHtml, toText, toTextFooter, type RenderedMail } from '../render.ts'

/** What the login link e-mail says. */
export interface MagicLinkMailInput {
  brand: MailBrand
  link: string
  expiresInMinutes: number
  /** The contact's first name, when known. */
  name?: string | null
}

/**
 * The login link e-mail (SPEC §1: a registered contact requests a login link by e-mail): the agency's
 * name, the link, when it expires, and what to do if it was not asked for.
 */
export async function renderMagicLinkMail(input: MagicLinkMailInput): Promise<RenderedMail> {
  const { brand, link, expiresInMinutes } = input
  const greeting = toGreeting(input.name)
  const subject = `Your login link for ${brand.agencyName}`
  const intro = `Use the link below to log in to ${brand.agencyName}:`
  const expiry = `This link expires in ${expiresInMinutes} minutes and can be used once.`
  const ignore = "If you didn't ask for this, you can ignore this e-mail: nobody can log in without the link."
  const reason = `You're receiving this because a login link was asked for with this e-mail address on ${new URL(brand.origin).host}.`
  const text = toText([greeting, intro, link, expiry, ignore, toTextFooter({ brand, reason })])
  const html = await renderHtml(
    <MailLayout brand={brand} title={subject} preview={expiry} reason={reason}>
      <H1>{`Log in to ${brand.agencyName}`}</H1>
      <P>{greeting}</P>
      <P>{`Use the button below to log in to ${brand.agencyName}.`}</P>
      <OneLinkActions href={link} label="Log in" expiry={expiry} ignore={ignore} />
    </MailLayout>,
  )
  return { subject, text, html }
}
