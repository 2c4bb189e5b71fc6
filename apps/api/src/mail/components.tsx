// @jsxRuntime automatic
// @jsxImportSource react
// (The dev server's tsx reads no tsconfig of this package: the pragmas choose React's automatic JSX for every compiler.)
/**
 * The e-mails' shared components: one layout (the agency's logo on its brand colour, a white card,
 * a footer with the branch, the company details, why the person gets the e-mail and, where it
 * applies, the unsubscribe link) and the few blocks the templates are made of. React escapes every
 * text and attribute it writes, so whatever a visitor typed shows as text, never as markup.
 */
import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Column } from '@react-email/column'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Img } from '@react-email/img'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Row } from '@react-email/row'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react'
import type { MailBranch, MailBrand } from './brand.ts'
import { isReadableUnderWhite, toTextColourOn } from '@agency/domain'

const INK = '#1c1917'
const MUTED = '#57534e'
const PAGE = '#f5f5f4'
const FONT = 'Arial, Helvetica, sans-serif'

/** White or ink, whichever reads better on `background` (a brand colour may be light or dark). */
export function textColourOn(background: string): string {
  return toTextColourOn(background, INK)
}

/** The colour of links and headings on white: the brand's primary when it reads on white, else ink. */
export function linkColour(primary: string): string {
  return isReadableUnderWhite(primary) ? primary : INK
}

/**
 * An address a link may go to: the site's and pictures' https (http in development), mailto: and tel:.
 * Anything else (javascript:, data:) gives no link at all.
 */
export function toSafeHref(href: string): string | null {
  return /^(https?:\/\/|mailto:|tel:)/i.test(href) ? href : null
}

const BrandContext = createContext<MailBrand | null>(null)

function useBrand(): MailBrand {
  const brand = useContext(BrandContext)
  if (!brand) throw new Error('A mail component is used outside MailLayout')
  return brand
}

/** What the layout puts around an e-mail's content. */
export interface MailLayoutProps {
  brand: MailBrand
  /** The e-mail's subject, its document title. */
  title: string
  /** The line a mail client shows after the subject in its list. */
  preview: string
  /** The branch the e-mail speaks for, named in the footer with its address and phone. */
  branch?: MailBranch | null
  /** Why the person gets this e-mail ('You're receiving this because …'). */
  reason: string
  /** The address that switches these e-mails off, where there is one. */
  unsubscribe?: { href: string; label: string } | null
  children: ReactNode
}

/** The frame of every e-mail: logo on the brand colour, the content in a white card, the footer. */
export function MailLayout({ brand, title, preview, branch, reason, unsubscribe, children }: MailLayoutProps) {
  const { primary, accent } = brand.colours
  const onPrimary = textColourOn(primary)
  const links = linkColour(primary)
  const small: CSSProperties = { margin: '0 0 8px', fontSize: '13px', lineHeight: '20px', color: MUTED }
  return (
    <Html lang="en-GB">
      <Head>
        <title>{title}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: '24px 8px', backgroundColor: PAGE, fontFamily: FONT, color: INK }}>
        {/* One landmark holds the whole message: a browser's reader finds it; mail clients ignore the element. */}
        <main>
          <Container style={{ maxWidth: '600px', width: '100%', backgroundColor: '#ffffff', borderRadius: '8px', overflow: 'hidden' }}>
            <Section style={{ backgroundColor: primary, padding: '20px 24px', borderBottom: `4px solid ${accent}` }}>
              <Link href={brand.origin} style={{ color: onPrimary, textDecoration: 'none' }}>
                {brand.logoUrl ? (
                  <Img src={brand.logoUrl} alt={brand.agencyName} width="220" height="48" style={{ display: 'block', color: onPrimary, fontSize: '20px', fontWeight: 'bold' }} />
                ) : (
                  <span style={{ fontSize: '22px', fontWeight: 'bold', color: onPrimary }}>{brand.agencyName}</span>
                )}
              </Link>
            </Section>
            <Section style={{ padding: '28px 24px 8px' }}>
              <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>
            </Section>
            <Section style={{ padding: '0 24px 24px' }}>
              <Hr style={{ borderColor: '#e7e5e4', margin: '8px 0 16px' }} />
              <Text style={{ ...small, color: INK, fontWeight: 'bold' }}>{brand.agencyName}</Text>
              {branch && (
                <Text style={small}>
                  {`${branch.name} branch · ${branch.address} · `}
                  <Link href={`tel:${branch.phone.replace(/[^+\d]/g, '')}`} style={{ color: links, whiteSpace: 'nowrap', textDecoration: 'underline' }}>
                    {branch.phone}
                  </Link>
                </Text>
              )}
              <Text style={small}>{reason}</Text>
              {unsubscribe && (
                <Text style={small}>
                  <Link href={unsubscribe.href} style={{ color: links, textDecoration: 'underline' }}>
                    {unsubscribe.label}
                  </Link>
                </Text>
              )}
              {brand.companyLines.map((line) => (
                <Text key={line} style={{ ...small, fontSize: '12px', lineHeight: '18px' }}>
                  {line}
                </Text>
              ))}
            </Section>
          </Container>
        </main>
      </Body>
    </Html>
  )
}

/** A paragraph; `small` for the fine print, `muted` for what matters less. */
export function P({ children, small, muted }: { children: ReactNode; small?: boolean; muted?: boolean }) {
  return (
    <Text style={{ margin: '0 0 16px', fontSize: small ? '14px' : '16px', lineHeight: small ? '21px' : '24px', color: muted ? MUTED : INK }}>{children}</Text>
  )
}

/** A section heading. */
export function H2({ children }: { children: ReactNode }) {
  const { colours } = useBrand()
  return (
    <Heading as="h2" style={{ margin: '24px 0 8px', fontSize: '17px', lineHeight: '24px', color: linkColour(colours.primary) }}>
      {children}
    </Heading>
  )
}

/** A heading within a section. */
export function H3({ children }: { children: ReactNode }) {
  return (
    <Heading as="h3" style={{ margin: '16px 0 4px', fontSize: '15px', lineHeight: '22px', color: INK }}>
      {children}
    </Heading>
  )
}

/** The e-mail's main heading. */
export function H1({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '30px', color: INK }}>
      {children}
    </Heading>
  )
}

/** A link in running text; no link (its text alone) for an address that is not a web, mail or phone one. */
export function TextLink({ href, children, breakAll }: { href: string; children: ReactNode; breakAll?: boolean }) {
  const { colours } = useBrand()
  const safe = toSafeHref(href)
  if (!safe) return <>{children}</>
  return (
    <Link href={safe} style={{ color: linkColour(colours.primary), textDecoration: 'underline', ...(breakAll ? { wordBreak: 'break-all' } : {}) }}>
      {children}
    </Link>
  )
}

/** A button: a link in the brand colour. `secondary` draws it outlined. Nothing for an unsafe address. */
export function ButtonLink({ href, children, secondary }: { href: string; children: ReactNode; secondary?: boolean }) {
  const { colours } = useBrand()
  const safe = toSafeHref(href)
  if (!safe) return null
  const background = secondary ? '#ffffff' : colours.primary
  return (
    <Button
      href={safe}
      style={{
        display: 'inline-block',
        margin: '0 8px 8px 0',
        padding: '12px 22px',
        backgroundColor: background,
        color: secondary ? linkColour(colours.primary) : textColourOn(colours.primary),
        border: `2px solid ${secondary ? linkColour(colours.primary) : colours.primary}`,
        borderRadius: '6px',
        fontSize: '16px',
        fontWeight: 'bold',
        lineHeight: '20px',
        textDecoration: 'none',
      }}
    >
      {children}
    </Button>
  )
}

/** A row of buttons. */
export function Buttons({ children }: { children: ReactNode }) {
  return <Section style={{ margin: '0 0 12px' }}>{children}</Section>
}

/** Labelled facts, one a line ('Buying position: Cash buyer'). */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [label: string, value: ReactNode]> }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', margin: '0 0 12px' }}>
      <tbody>
        {rows.map(([label, value], index) => (
          <tr key={index}>
            <td style={{ padding: '5px 0', borderBottom: '1px solid #e7e5e4', fontSize: '15px', lineHeight: '21px', verticalAlign: 'top' }}>
              {label && (
                <>
                  <span style={{ color: MUTED }}>{label}</span>
                  <br />
                </>
              )}
              <span style={{ color: INK }}>{value}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** What a property card shows. */
export interface MailProperty {
  /** A label above the card ('New to the market'). */
  label?: string | null
  /** A second, warmer label ('Early access'). */
  badge?: string | null
  heading: string
  address: string
  price: string
  /** The price before a reduction ('Reduced from £375,000'). */
  oldPrice?: string | null
  /** A line under the address (the match). */
  note?: string | null
  link: string
  /** Absolute URL of the card picture; null when there is none. */
  imageUrl: string | null
  /** The button's words. */
  action?: string
}

/** A property: its picture (a link to its page), price, heading, address, a note and a button. */
export function PropertyCard({ property }: { property: MailProperty }) {
  const { colours } = useBrand()
  const accentText = linkColour(colours.primary)
  const href = toSafeHref(property.link)
  return (
    <Section style={{ margin: '0 0 24px' }}>
      {property.label && (
        <Text style={{ margin: '0 0 6px', fontSize: '13px', lineHeight: '18px', fontWeight: 'bold', textTransform: 'uppercase', letterSpacing: '0.04em', color: accentText }}>
          {property.label}
        </Text>
      )}
      {property.badge && <Text style={{ margin: '0 0 6px', fontSize: '13px', lineHeight: '18px', fontWeight: 'bold', color: '#7c2d12' }}>{property.badge}</Text>}
      {property.imageUrl && (
        <Row>
          <Column>
            {href ? (
              <Link href={href}>
                <Img src={property.imageUrl} alt={property.heading} width="552" style={{ display: 'block', width: '100%', maxWidth: '552px', height: 'auto', borderRadius: '6px', border: 0 }} />
              </Link>
            ) : (
              <Img src={property.imageUrl} alt={property.heading} width="552" style={{ display: 'block', width: '100%', maxWidth: '552px', height: 'auto', borderRadius: '6px', border: 0 }} />
            )}
          </Column>
        </Row>
      )}
      <Text style={{ margin: '12px 0 4px', fontSize: '20px', lineHeight: '26px', fontWeight: 'bold', color: INK }}>{property.price}</Text>
      {property.oldPrice && <Text style={{ margin: '0 0 4px', fontSize: '14px', lineHeight: '20px', color: MUTED }}>{`Reduced from ${property.oldPrice}`}</Text>}
      <Text style={{ margin: '0 0 4px', fontSize: '16px', lineHeight: '22px', fontWeight: 'bold' }}>
        <TextLink href={property.link}>{property.heading}</TextLink>
      </Text>
      <Text style={{ margin: '0 0 8px', fontSize: '15px', lineHeight: '22px', color: MUTED }}>{property.address}</Text>
      {property.note && <Text style={{ margin: '0 0 8px', fontSize: '14px', lineHeight: '20px', color: INK }}>{property.note}</Text>}
      <ButtonLink href={property.link}>{property.action ?? 'View property'}</ButtonLink>
    </Section>
  )
}

/**
 * The body of an e-mail that is one link with a short life (a login, an alert's confirmation): the
 * button, the link written out to copy, when it expires, and what to do if it was not asked for.
 */
export function OneLinkActions({ href, label, expiry, ignore }: { href: string; label: string; expiry: string; ignore: string }) {
  return (
    <>
      <Buttons>
        <ButtonLink href={href}>{label}</ButtonLink>
      </Buttons>
      <P small>
        Or copy this link into your browser:
        <br />
        <TextLink href={href} breakAll>
          {href}
        </TextLink>
      </P>
      <P small>{expiry}</P>
      <P small muted>
        {ignore}
      </P>
    </>
  )
}

/** The lines of a text a person wrote, as they wrote them (a line break each; a CR LF is one). */
export function toLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/)
}

/**
 * What a person wrote, quoted as they wrote it: set apart by a rule at its left, each of its line
 * breaks kept (as `<br>`: mail clients differ on `white-space`). React escapes the text.
 */
export function Quote({ text }: { text: string }) {
  const { colours } = useBrand()
  return (
    <Text
      style={{
        margin: '0 0 16px',
        padding: '8px 0 8px 14px',
        borderLeft: `4px solid ${colours.accent}`,
        fontSize: '16px',
        lineHeight: '24px',
        color: INK,
        wordBreak: 'break-word',
        overflowWrap: 'anywhere',
      }}
    >
      <Lines text={text} />
    </Text>
  )
}

/** A text of several lines in running HTML: its line breaks kept as `<br>`. */
export function Lines({ text }: { text: string }) {
  return (
    <>
      {toLines(text).map((line, index) => (
        <span key={index}>
          {index > 0 && <br />}
          {line}
        </span>
      ))}
    </>
  )
}
