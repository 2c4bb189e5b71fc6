import { escapeHtml, type RenderedMail } from './magic-link.ts'

/** The shared frame of the site's e-mails: one white card on a light background. */
export function page(subject: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px">
${body}
</td></tr>
</table>
</body>
</html>
`
}

/** What the alert confirmation e-mail says. */
export interface AlertConfirmationMailInput {
  agencyName: string
  link: string
  expiresInDays: number
  /** 'buying' or 'renting'. */
  looking: string
}

/**
 * The double opt-in e-mail of an alert a visitor registered: the link that confirms it and logs them
 * in, when it expires, and what to do if they did not register. It greets plainly: the address is not
 * confirmed yet, so it repeats nothing the visitor typed (a stranger's address must not receive the
 * agency's e-mail with words of someone else's choosing).
 */
export function renderAlertConfirmationMail(input: AlertConfirmationMailInput): RenderedMail {
  const { agencyName, link, expiresInDays } = input
  const subject = `Please confirm your property alert with ${agencyName}`
  const intro = `Thank you for registering a Heads Up Property Alert for ${input.looking}. Please confirm it to start receiving suggested properties and price reductions.`
  const expiry = `This link expires in ${expiresInDays} days and can be used once.`
  const ignore = "If you didn't register, you can ignore this e-mail: nothing is sent to you unless you confirm."
  const text = ['Hello,', '', intro, '', link, '', expiry, '', ignore, '', agencyName, ''].join('\n')
  const e = escapeHtml
  const html = page(
    subject,
    `<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${e(agencyName)}</p>
<p style="margin:0 0 16px">Hello,</p>
<p style="margin:0 0 24px">${e(intro)}</p>
<p style="margin:0 0 24px"><a href="${e(link)}" style="display:inline-block;padding:12px 24px;background:#0b4f6c;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">Confirm my alert</a></p>
<p style="margin:0 0 16px;font-size:14px">Or copy this link into your browser:<br><a href="${e(link)}" style="color:#0b4f6c;word-break:break-all">${e(link)}</a></p>
<p style="margin:0 0 16px;font-size:14px">${e(expiry)}</p>
<p style="margin:0;font-size:14px;color:#57534e">${e(ignore)}</p>`,
  )
  return { subject, text, html }
}

/** What a branch is told of a new registration. */
export interface BranchRegistrationMailInput {
  branchName: string
  contactName: string
  email: string | null
  phone: string | null
  address: string | null
  /** 'Buyer' or 'Tenant'. */
  profile: string
  locations: string[]
  priceRange: string
  /** False for a registration that has no e-mail to confirm with (phone only). */
  confirmed: boolean
  /** The alert's other people, each as 'Name Surname (e-mail, phone)'. */
  others?: string[]
}

/** The lines that describe one registration to its branch. */
function registrationLines(input: Omit<BranchRegistrationMailInput, 'branchName'>): string[] {
  return [
    `Name: ${input.contactName}`,
    `E-mail: ${input.email ?? 'none given'}`,
    `Mobile phone: ${input.phone ?? 'none given'}`,
    `Address: ${input.address ?? 'none given'}`,
    ...(input.others ?? []).map((other) => `Also on this alert: ${other}`),
    `Looking as: ${input.profile}`,
    `Locations: ${input.locations.join('; ') || 'none'}`,
    `Price: ${input.priceRange}`,
    input.confirmed ? 'Confirmed by e-mail or by a logged-in contact.' : 'No e-mail address: please call to confirm.',
  ]
}

/** A branch's e-mail: its name, an intro, and one list of lines per registration. */
function renderBranchMail(subject: string, branchName: string, intro: string, registrations: string[][]): RenderedMail {
  const text = [`${branchName},`, '', intro, '', ...registrations.flatMap((lines) => [...lines, '']), ''].join('\n').replace(/\n\n$/, '\n')
  const e = escapeHtml
  const html = page(
    subject,
    `<p style="margin:0 0 16px">${e(`${branchName},`)}</p>
<p style="margin:0 0 16px">${e(intro)}</p>
${registrations.map((lines) => `<ul style="margin:0 0 16px;padding-left:20px">${lines.map((l) => `<li>${e(l)}</li>`).join('')}</ul>`).join('\n')}`,
  )
  return { subject, text, html }
}

/** The branch's notice of a registration (SPEC §7 unknown_user_branch: the branch nearest the first location). */
export function renderBranchRegistrationMail(input: BranchRegistrationMailInput): RenderedMail {
  const subject = `New ${input.profile.toLowerCase()} alert registration: ${input.contactName}`
  return renderBranchMail(subject, input.branchName, 'A Heads Up Property Alert has been registered near your branch.', [registrationLines(input)])
}

/**
 * The branch's digest of the registrations it is to call: visitors' registrations with a phone and no
 * e-mail, unconfirmed, gathered over BRANCH_DIGEST_WINDOW_MS into one e-mail (commands.ts), so a
 * script registering a hundred phone numbers costs the branch one e-mail, not a hundred.
 */
export function renderBranchDigestMail(input: { branchName: string; registrations: Array<Omit<BranchRegistrationMailInput, 'branchName'>> }): RenderedMail {
  const count = input.registrations.length
  const subject = count === 1 ? 'New alert registration to call: 1 phone number' : `New alert registrations to call: ${count} phone numbers`
  const intro =
    count === 1
      ? 'A Heads Up Property Alert has been registered near your branch with a phone number and no e-mail address.'
      : `${count} Heads Up Property Alerts have been registered near your branch with a phone number and no e-mail address.`
  return renderBranchMail(subject, input.branchName, intro, input.registrations.map(registrationLines))
}
