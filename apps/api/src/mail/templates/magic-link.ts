/** What the login link e-mail says. */
export interface MagicLinkMailInput {
  agencyName: string
  link: string
  expiresInMinutes: number
  /** The contact's first name, when known. */
  name?: string | null
}

/** A rendered e-mail. */
export interface RenderedMail {
  subject: string
  text: string
  html: string
}

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/**
 * The login link e-mail (SPEC §1: a registered contact requests a login link by e-mail): the agency's
 * name, the link, when it expires, and what to do if it was not asked for. Plain text and HTML.
 */
export function renderMagicLinkMail(input: MagicLinkMailInput): RenderedMail {
  const { agencyName, link, expiresInMinutes } = input
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,'
  const subject = `Your login link for ${agencyName}`
  const expiry = `This link expires in ${expiresInMinutes} minutes and can be used once.`
  const ignore = "If you didn't ask for this, you can ignore this e-mail: nobody can log in without the link."
  const text = [
    greeting,
    '',
    `Use the link below to log in to ${agencyName}:`,
    '',
    link,
    '',
    expiry,
    '',
    ignore,
    '',
    agencyName,
    '',
  ].join('\n')

  const e = escapeHtml
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${e(agencyName)}</p>
<p style="margin:0 0 16px">${e(greeting)}</p>
<p style="margin:0 0 24px">Use the button below to log in to ${e(agencyName)}.</p>
<p style="margin:0 0 24px"><a href="${e(link)}" style="display:inline-block;padding:12px 24px;background:#0b4f6c;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">Log in</a></p>
<p style="margin:0 0 16px;font-size:14px">Or copy this link into your browser:<br><a href="${e(link)}" style="color:#0b4f6c;word-break:break-all">${e(link)}</a></p>
<p style="margin:0 0 16px;font-size:14px">${e(expiry)}</p>
<p style="margin:0;font-size:14px;color:#57534e">${e(ignore)}</p>
</td></tr>
</table>
</body>
</html>
`
  return { subject, text, html }
}
