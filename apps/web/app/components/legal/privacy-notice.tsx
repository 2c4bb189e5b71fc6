import {
  LEAD_RETENTION_MS,
  MAGIC_LINK_TTL_MS,
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SHORT_LIVED_RECORD_TTL_MS,
  UNCONFIRMED_REGISTRATION_TTL_MS,
  toDays,
  type CompanyProfile,
} from '@agency/domain'
import { Link } from 'react-router'
import { LEGAL_PATHS } from '#app/components/legal/legal-paths.ts'

/** One use of personal data: a form, what it collects, why, on what lawful basis and for how long. */
interface Purpose {
  form: string
  collects: string
  why: string
  basis: string
  kept: string
}

const years = (ms: number) => Math.round(toDays(ms) / 365)

/**
 * What each form of the site collects, and how long it is kept: the figures are the ones the code
 * deletes by (domain retention.ts; the API worker's hourly purge).
 */
const PURPOSES: readonly Purpose[] = [
  {
    form: 'An enquiry about a property, or a request to view it',
    collects:
      'Your title, name and surname, e-mail address, mobile number and address, your message, the viewing time you ask for, whether you have a property to sell or to let, and the property you asked about.',
    why: 'To answer you, arrange the viewing, and pass your enquiry to the branch that markets the property.',
    basis: 'Steps you ask us to take before a contract (UK GDPR Article 6(1)(b)), and our legitimate interest in answering enquiries (Article 6(1)(f)).',
    kept: `${years(LEAD_RETENTION_MS)} years from when you made it, then deleted automatically.`,
  },
  {
    form: 'A valuation request',
    collects: 'Your name, e-mail address, mobile number and address, the property you would like valued, and your message.',
    why: 'To arrange the valuation with your local branch and to give you our advice.',
    basis: 'Steps you ask us to take before a contract (Article 6(1)(b)).',
    kept: `${years(LEAD_RETENTION_MS)} years from when you made it, then deleted automatically.`,
  },
  {
    form: 'Heads Up Property Alerts',
    collects:
      'The names, e-mail addresses, phone numbers and addresses of the people on the alert; the places, prices and kind of home you are looking for; your answers to the questions about your circumstances; and a record of your consent (when and how it was given, confirmed or withdrawn).',
    why: 'To e-mail you the properties that match, and for the branch nearest the area you chose to contact you about them.',
    basis: 'Your consent (Article 6(1)(a)), confirmed through the link we e-mail you. You can withdraw it at any time with the unsubscribe link in every alert e-mail, or by switching the alert off under My alerts.',
    kept: `A registration with an e-mail address that is not confirmed within ${toDays(UNCONFIRMED_REGISTRATION_TTL_MS)} days is deleted. A confirmed alert is kept while you keep it: switching it off or unsubscribing stops the e-mails and keeps it so that you can switch it on again; ask us and we delete it. A registration with only a phone number is kept for the branch to call you and confirm it.`,
  },
  {
    form: 'Logging in',
    collects: 'Your e-mail address.',
    why: 'To e-mail you a link that logs you in, with no password, so that you can manage your alerts and saved properties.',
    basis: 'Our legitimate interest in giving you access to your own alerts and saved properties (Article 6(1)(f)).',
    kept: `The link works once, for ${MAGIC_LINK_TTL_MS / 60_000} minutes, and its record is deleted a day after it is used or expires. Once logged in, your session ends after ${toDays(SESSION_IDLE_TIMEOUT_MS)} days without a visit, and ${toDays(SESSION_ABSOLUTE_TIMEOUT_MS)} days after you logged in at the latest.`,
  },
  {
    form: 'Saved properties',
    collects: 'The properties you save.',
    why: 'To show you your shortlist again.',
    basis: 'Our legitimate interest in keeping the shortlist you asked us to keep (Article 6(1)(f)).',
    kept: 'Before you log in, only in your browser (see Cookies); once logged in, with your account until you remove them.',
  },
  {
    form: 'Every visit',
    collects: 'Your IP address, with the pages and forms you asked for.',
    why: 'To keep the site working and secure: to limit how many forms one address can send, and to find faults. Our logs never record e-mail addresses or login links.',
    basis: 'Our legitimate interest in a site that works and is not abused (Article 6(1)(f)).',
    kept: `The counters that limit forms are deleted after ${toDays(SHORT_LIVED_RECORD_TTL_MS)} day.`,
  },
]

/** The privacy notice UK GDPR Article 13 asks for wherever personal data is collected. */
export function PrivacyNotice({ company, agencyName, mapTileHost }: { company: CompanyProfile; agencyName: string; mapTileHost: string | null }) {
  const controller = company.data_controller
  return (
    <>
      <h2 id="who-we-are">Who we are</h2>
      <p>
        {controller.name} (trading as {agencyName}) is the controller of the personal data this website collects. Registered office:{' '}
        {company.registered_office}. We are registered with the Information Commissioner’s Office, number {controller.ico_registration_number}.
      </p>
      <p>
        For anything about your personal data, write to {controller.postal_address}, or e-mail <a href={`mailto:${controller.email}`}>{controller.email}</a>.
      </p>

      <h2 id="what-we-collect">What we collect, why, and how long we keep it</h2>
      <div className="legal-table">
        <table>
          <caption>Personal data by form</caption>
          <thead>
            <tr>
              <th scope="col">Where</th>
              <th scope="col">What we collect</th>
              <th scope="col">Why</th>
              <th scope="col">Lawful basis</th>
              <th scope="col">How long we keep it</th>
            </tr>
          </thead>
          <tbody>
            {PURPOSES.map((purpose) => (
              <tr key={purpose.form}>
                <th scope="row">{purpose.form}</th>
                <td data-label="What we collect">{purpose.collects}</td>
                <td data-label="Why">{purpose.why}</td>
                <td data-label="Lawful basis">{purpose.basis}</td>
                <td data-label="How long we keep it">{purpose.kept}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 id="who-sees-it">Who sees it</h2>
      <ul>
        <li>Our staff at the branch concerned, and those who look after our systems.</li>
        <li>The companies that host this site and deliver our e-mails, who act only on our instructions.</li>
        {mapTileHost && <li>When a page shows a map, your browser fetches its tiles from {mapTileHost}, which sees your IP address.</li>}
      </ul>
      <p>We never sell your personal data, and we keep it in the United Kingdom.</p>

      <h2 id="your-rights">Your rights</h2>
      <p>You have the right:</p>
      <ul>
        <li>to be told what we hold about you, and to have a copy of it;</li>
        <li>to have it corrected if it is wrong, or completed;</li>
        <li>to have it deleted, or its use restricted;</li>
        <li>to object to our using it on the basis of our legitimate interests;</li>
        <li>to have the data you gave us in a machine-readable form, to take elsewhere;</li>
        <li>to withdraw your consent at any time, where we rely on it (it does not make unlawful what we did before).</li>
      </ul>
      <p>
        To use any of them, e-mail <a href={`mailto:${controller.email}`}>{controller.email}</a>. We answer within one month, free of charge.
      </p>

      <h2 id="complain">Complaints to the Information Commissioner</h2>
      <p>
        If you are unhappy with how we use your data, please tell us first. You may also complain to the Information Commissioner’s Office, Wycliffe
        House, Water Lane, Wilmslow, Cheshire SK9 5AF, telephone 0303 123 1113,{' '}
        <a href="https://ico.org.uk/make-a-complaint/" rel="noopener">
          ico.org.uk/make-a-complaint
        </a>
        .
      </p>
      <p>
        Cookies and browser storage are described on our <Link to={LEGAL_PATHS.cookies}>Cookies</Link> page.
      </p>
    </>
  )
}
