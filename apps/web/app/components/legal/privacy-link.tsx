import { Link } from 'react-router'
import { LEGAL_PATHS } from '#app/components/legal/legal-paths.ts'

/** The privacy notice's link a form shows beside its submit button (UK GDPR Art. 13: told when the data is collected). */
export function PrivacyNoticeLink({ className }: { className?: string }) {
  return (
    <p className={`form-privacy${className ? ` ${className}` : ''}`}>
      How we use your details: <Link to={LEGAL_PATHS.privacy}>privacy notice</Link>.
    </p>
  )
}
