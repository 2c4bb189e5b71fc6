// @jsxRuntime automatic
// @jsxImportSource react
// (The dev server's tsx reads no tsconfig of this package: the pragmas choose React's automatic JSX for every compiler.)
import type { FeedImportReport } from '@agency/domain'
import type { MailBrand, MailBranch } from '../brand.ts'
import { Facts, H1, H2, MailLayout, P } from '../components.tsx'
import { renderHtml, toText, toTextFooter, type RenderedMail } from '../render.ts'

/** A refused letting as the branch reads it. */
export type RefusedLetting = FeedImportReport['advert_refusals'][number]

/** What a branch is told of the lettings an import did not publish. */
export interface FeedRefusalsMailInput {
  brand: MailBrand
  branch: MailBranch
  /** The feed file's name as imported. */
  source: string
  refusals: readonly RefusedLetting[]
}

/** A listing's name in the e-mail: its reference and address ('LET-12, Park Row, Leeds'). */
const toListing = (refusal: RefusedLetting) => [refusal.agent_ref ?? `line ${refusal.line ?? '?'}`, refusal.display_address].filter(Boolean).join(', ')

/**
 * The branch's e-mail of the lettings a feed import did not publish because their adverts break the
 * Renters' Rights Act 2025: each listing, the rule and the words, and what to change so the next feed
 * publishes it. Feed text only: nothing a visitor wrote.
 */
export async function renderFeedRefusalsMail(input: FeedRefusalsMailInput): Promise<RenderedMail> {
  const { brand, branch, refusals } = input
  const count = new Set(refusals.map(toListing)).size
  const subject = `${count} ${count === 1 ? 'letting' : 'lettings'} not published from the feed ${input.source}`
  const intro = `The feed ${input.source} had ${count === 1 ? 'a letting' : `${count} lettings`} of the ${branch.name} branch whose advert a letting agent may not publish in England. ${count === 1 ? 'It is' : 'They are'} not on the site until the advert is changed in the feed.`
  const fix = 'State one specific rent with no qualifier, and take out wording that invites bids or turns away tenants with children or on benefits. The next feed that carries the corrected advert publishes it.'
  const reason = `You're receiving this because the listings are marked for the ${branch.name} branch in the feed.`
  const text = toText([
    `${branch.name},`,
    intro,
    ...refusals.map((refusal) => [toListing(refusal), `${refusal.field}: '${refusal.words}'`, refusal.message]),
    fix,
    toTextFooter({ brand, branch, reason }),
  ])
  const html = await renderHtml(
    <MailLayout brand={brand} title={subject} preview={intro} branch={branch} reason={reason}>
      <P>{`${branch.name},`}</P>
      <H1>{subject}</H1>
      <P>{intro}</P>
      {refusals.map((refusal, index) => (
        <div key={index}>
          <H2>{toListing(refusal)}</H2>
          <Facts
            rows={[
              ['Field', refusal.field],
              ['Words', `'${refusal.words}'`],
              ['Why', refusal.message],
            ]}
          />
        </div>
      ))}
      <P>{fix}</P>
    </MailLayout>,
  )
  return { subject, text, html }
}
